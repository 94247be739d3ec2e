import Calibration
import Testing

/// What a simulation-based calibration's fit read from a shard's part must satisfy before merge counts it.
@Suite struct SBCFitRecordTests {
    static let fit = SBCFitRecord(truth: [2, 0.5], lower: [1, 0.2], upper: [3, 0.9], pValue: 0.4, flagged: false, ranks: [120, 7], effectiveSampleSize: 85)

    @Test func fitsAsAStudyMakesThemAreAccepted() {
        #expect(Self.fit.invariantViolation == nil)
        // A fit that could not play: its truth, no interval, no check.
        #expect(SBCFitRecord(truth: [2, 0.5], lower: [], upper: [], pValue: nil, flagged: false, ranks: [], effectiveSampleSize: nil).invariantViolation == nil)
    }

    @Test(arguments: [
        (SBCFitRecord(truth: [2, .nan], lower: [1, 0.2], upper: [3, 0.9], pValue: 0.4, flagged: false, ranks: [120, 7], effectiveSampleSize: 85), "not a finite number"),
        (SBCFitRecord(truth: [2, 0.5], lower: [1], upper: [3, 0.9], pValue: 0.4, flagged: false, ranks: [120, 7], effectiveSampleSize: 85), "2 truths but 1 lower and 2 upper ends"),
        (SBCFitRecord(truth: [2, 0.5], lower: [1, 0.9], upper: [3, 0.2], pValue: 0.4, flagged: false, ranks: [120, 7], effectiveSampleSize: 85), "an interval 0.9...0.2"),
        (SBCFitRecord(truth: [2, 0.5], lower: [1, 0.2], upper: [3, 0.9], pValue: 1.5, flagged: false, ranks: [120, 7], effectiveSampleSize: 85), "p-value 1.5 outside"),
        (SBCFitRecord(truth: [2, 0.5], lower: [1, 0.2], upper: [3, 0.9], pValue: nil, flagged: false, ranks: [120, 7], effectiveSampleSize: 85), "missing"),
        (SBCFitRecord(truth: [2, 0.5], lower: [], upper: [], pValue: 0.3, flagged: false, ranks: [], effectiveSampleSize: nil), "could not play), yet a predictive check"),
        (SBCFitRecord(truth: [2, 0.5], lower: [], upper: [], pValue: nil, flagged: true, ranks: [], effectiveSampleSize: nil), "could not play), yet a predictive check"),
        (SBCFitRecord(truth: [2, 0.5], lower: [], upper: [], pValue: nil, flagged: false, ranks: [3, 4], effectiveSampleSize: nil), "yet a posterior's ranks"),
        (SBCFitRecord(truth: [2, 0.5], lower: [1, 0.2], upper: [3, 0.9], pValue: 0.4, flagged: false, ranks: [120], effectiveSampleSize: 85), "ranks [120] where 2"),
        (SBCFitRecord(truth: [2, 0.5], lower: [1, 0.2], upper: [3, 0.9], pValue: 0.4, flagged: false, ranks: [120, 200], effectiveSampleSize: 85), "in 0...199"),
        (SBCFitRecord(truth: [2, 0.5], lower: [1, 0.2], upper: [3, 0.9], pValue: 0.4, flagged: false, ranks: [120, -1], effectiveSampleSize: 85), "in 0...199"),
        (SBCFitRecord(truth: [2, 0.5], lower: [1, 0.2], upper: [3, 0.9], pValue: 0.4, flagged: false, ranks: [120, 7], effectiveSampleSize: 0.5), "effective sample size 0.5 below 1"),
        (SBCFitRecord(truth: [2, 0.5], lower: [1, 0.2], upper: [3, 0.9], pValue: 0.4, flagged: false, ranks: [120, 7], effectiveSampleSize: nil), "effective sample size missing"),
    ])
    func fitsNoStudyMakesAreRefused(fit: SBCFitRecord, reason: String) throws {
        let why = try #require(fit.invariantViolation)
        #expect(why.contains(reason), "\(why)")
    }
}
