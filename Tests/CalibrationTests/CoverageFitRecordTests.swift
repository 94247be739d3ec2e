import Calibration
import Testing

/// What a coverage study's fit read from a shard's part must satisfy before merge counts it.
@Suite struct CoverageFitRecordTests {
    static let fit = CoverageFitRecord(truth: [2, 0.5], lower: [1, 0.2], upper: [3, 0.9], pValue: 0.4, flagged: false)

    @Test func fitsAsAStudyMakesThemAreAccepted() {
        #expect(Self.fit.invariantViolation == nil)
        // A fit that could not play: its truth, no interval, no check.
        #expect(CoverageFitRecord(truth: [2, 0.5], lower: [], upper: [], pValue: nil, flagged: false).invariantViolation == nil)
    }

    @Test(arguments: [
        (CoverageFitRecord(truth: [2, .nan], lower: [1, 0.2], upper: [3, 0.9], pValue: 0.4, flagged: false), "not a finite number"),
        (CoverageFitRecord(truth: [2, 0.5], lower: [1], upper: [3, 0.9], pValue: 0.4, flagged: false), "2 truths but 1 lower and 2 upper ends"),
        (CoverageFitRecord(truth: [2, 0.5], lower: [1, 0.9], upper: [3, 0.2], pValue: 0.4, flagged: false), "an interval 0.9...0.2"),
        (CoverageFitRecord(truth: [2, 0.5], lower: [1, 0.2], upper: [3, 0.9], pValue: 1.5, flagged: false), "p-value 1.5 outside"),
        (CoverageFitRecord(truth: [2, 0.5], lower: [1, 0.2], upper: [3, 0.9], pValue: nil, flagged: false), "missing"),
        (CoverageFitRecord(truth: [2, 0.5], lower: [], upper: [], pValue: 0.3, flagged: false), "could not play), yet a predictive check"),
        (CoverageFitRecord(truth: [2, 0.5], lower: [], upper: [], pValue: nil, flagged: true), "could not play), yet a predictive check"),
    ])
    func fitsNoStudyMakesAreRefused(fit: CoverageFitRecord, reason: String) throws {
        let why = try #require(fit.invariantViolation)
        #expect(why.contains(reason), "\(why)")
    }
}
