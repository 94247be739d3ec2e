import Balance
import MonteCarlo
import Randomness
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The multi-target tuner's search on functions whose answers are known, with noise whose size
/// is known: a metric's estimate on n games is its true value plus a normal error of sd c/√n,
/// drawn on fixed seeds, and the interval ±z·sd around it.
@Suite struct SpecSearchTests {
    /// Plays `metrics` at a point on n games: each estimate the truth plus noise of sd
    /// `noise`/√n, common to every point (the same games), as common random numbers make it.
    static func evaluator(_ metrics: [([Double]) -> Double], noise: Double, seed: UInt64) -> ([Double], Int) -> SpecSearch.Evaluation? {
        { point, games in
            let z = Confidence.ninetyFive.z
            var random = RandomSource(seed: seed &+ UInt64(games))
            let sd = noise / Double(games).squareRoot()
            let values = metrics.map { f -> Double in
                let e = (-2 * log(1 - random.unit())).squareRoot() * cos(2 * Double.pi * random.unit())
                return f(point) + sd * e
            }
            return .init(point: point, games: games, estimates: values, lower: values.map { $0 - z * sd }, upper: values.map { $0 + z * sd })
        }
    }

    static let square = [
        SpecSearch.Dimension(name: "x", range: 0...20, integral: true), SpecSearch.Dimension(name: "y", range: 0...20, integral: true),
    ]

    /// x + y in 13.5…14.5 and x − y in 3.5…4.5 on whole numbers of 0…20: the one answer is
    /// (9, 5). Without noise it is found, and in few points of the 441.
    @Test func findsTheOnePointOfAnExactSpec() throws {
        let search = SpecSearch(
            dimensions: Self.square, bands: [Band(atLeast: 13.5, atMost: 14.5), Band(atLeast: 3.5, atMost: 4.5)], games: 256...4096, maxPoints: 40,
            confidence: .ninetyFive)
        let result = try #require(try search.run(Self.evaluator([{ $0[0] + $0[1] }, { $0[0] - $0[1] }], noise: 0, seed: 1)))
        #expect(result.stop == .met)
        #expect(result.answer?.point == [9, 5], "\(result.evaluations.map(\.point))")
        #expect(Set(result.evaluations.map(\.point)).count <= 25, "\(result.evaluations.count) evaluations")
        #expect(result.front.isEmpty && result.conflicts.isEmpty)
    }

    /// With noise (sd 8/√n: ±1 on 256 games, ±0.25 on 4,096), the answer's true values lie in
    /// their bands (the answer's intervals do, and they hold the truth at 95% each), and games
    /// were added where an interval straddled an edge. Each of five seeds.
    @Test(arguments: 1...5)
    func findsAnAnswerThroughNoise(seed: UInt64) throws {
        let metrics: [([Double]) -> Double] = [{ $0[0] + $0[1] }, { $0[0] - $0[1] }]
        let bands = [Band(atLeast: 12, atMost: 16), Band(atLeast: 2, atMost: 6)]
        let search = SpecSearch(dimensions: Self.square, bands: bands, games: 256...4096, maxPoints: 40, confidence: .ninetyFive)
        let result = try #require(try search.run(Self.evaluator(metrics, noise: 8, seed: seed)))
        let answer = try #require(result.answer, "\(result.stop), \(result.evaluations.count) evaluations")
        // True values in band: 12 ≤ x + y ≤ 16 and 2 ≤ x − y ≤ 6, up to the noise the
        // intervals allow at 95% (each interval within its band; the truth misses one with
        // chance at most 10% over the two, and the seeds here are fixed).
        for (f, band) in zip(metrics, bands) { #expect(band.contains(f(answer.point)), "\(answer.point)") }
        #expect(result.gamesPlayed == Set(result.evaluations.map(\.point)).map { p in result.evaluations.filter { $0.point == p }.map(\.games).max()! }.reduce(0, +))
    }

    /// A spec with no answer: x + y ≥ 30 and x − y ≥ 15 ask for x ≥ 22.5, beyond 0…20, though
    /// each alone is met somewhere. No answer, the two named as conflicting, and the trade-off:
    /// the points played that no other played point beats on both shortfalls, among them the
    /// best played point for each target alone, and every other played point beaten by one of
    /// them (or level with one).
    @Test func namesTheTargetsThatConflict() throws {
        let search = SpecSearch(
            dimensions: Self.square, bands: [Band(atLeast: 30), Band(atLeast: 15)], games: 256...1024, maxPoints: 30, confidence: .ninetyFive)
        let result = try #require(try search.run(Self.evaluator([{ $0[0] + $0[1] }, { $0[0] - $0[1] }], noise: 0.5, seed: 3)))
        #expect(result.answer == nil)
        #expect(result.conflicts == [[0, 1]], "\(result.conflicts), unreachable \(result.unreachable)")
        #expect(result.region == nil)
        #expect(!result.front.isEmpty)
        func shortfalls(_ e: SpecSearch.Evaluation) -> [Double] { [max(0, 30 - e.estimates[0]), max(0, 15 - e.estimates[1])] }
        func beats(_ a: SpecSearch.Evaluation, _ b: SpecSearch.Evaluation) -> Bool {
            zip(shortfalls(a), shortfalls(b)).allSatisfy { $0 <= $1 } && zip(shortfalls(a), shortfalls(b)).contains { $0 < $1 }
        }
        // Each point's last evaluation, as the front takes them.
        let played = result.evaluations.enumerated().filter { k, e in !result.evaluations[(k + 1)...].contains { $0.point == e.point } }.map(\.element)
        for e in result.front { #expect(!played.contains { beats($0, e) }, "\(e.point)") }
        for e in played where !result.front.contains(e) {
            #expect(result.front.contains { beats($0, e) || shortfalls($0) == shortfalls(e) }, "\(e.point)")
        }
        for t in 0..<2 {
            let best = played.map { shortfalls($0)[t] }.min()!
            #expect(result.front.contains { shortfalls($0)[t] == best })
        }
    }

    /// A target no point reaches is named unreachable, and the search stops once the
    /// surrogates give no point a chance, long before its budget: after its first exploration
    /// (4d + 4 = 8 points) and the two probes of the target alone.
    @Test func stopsWhenNothingCanMeetTheSpec() throws {
        let search = SpecSearch(
            dimensions: [.init(name: "x", range: 0...1, integral: false)], bands: [Band(atLeast: 5)], games: 256...4096, maxPoints: 50,
            confidence: .ninetyFive)
        let result = try #require(try search.run(Self.evaluator([{ $0[0] }], noise: 0.5, seed: 4)))
        #expect(result.answer == nil && result.stop == .hopeless && result.unreachable == [0])
        #expect(Set(result.evaluations.map(\.point)).count <= 10)
    }

    /// A wide band met over a region: after the answer, ten points mapping its edge, and its
    /// extent along each parameter as the surrogate sees it is the true region's (x + y ≤ 10 on
    /// 0…20: x and y each from 0 to 10) within a step.
    @Test func givesTheRegionOfAWideSpec() throws {
        let search = SpecSearch(
            dimensions: Self.square, bands: [Band(atMost: 10)], games: 256...4096, maxPoints: 30, regionPoints: 10, confidence: .ninetyFive)
        let result = try #require(try search.run(Self.evaluator([{ $0[0] + $0[1] }], noise: 0, seed: 5)))
        #expect(result.answer != nil)
        let region = try #require(result.region)
        #expect(region[0].lowerBound == 0 && region[1].lowerBound == 0)
        #expect((9...11).contains(region[0].upperBound) && (9...11).contains(region[1].upperBound), "\(region) from \(result.evaluations.map(\.point))")
    }

    /// A metric with no value (no game reached its round, the least it can be) misses every band,
    /// an upper bound too, as the gate has it.
    @Test func noValueMissesEveryBand() {
        let e = SpecSearch.Evaluation(point: [1], games: 256, estimates: [-.infinity, 3], lower: [-.infinity, 2], upper: [-.infinity, 4])
        #expect(e.verdicts([Band(atMost: 2000), Band(atLeast: 1)]) == [.missed, .met])
    }

    /// An interrupted evaluation ends the search with nothing.
    @Test func anInterruptionReturnsNothing() throws {
        let search = SpecSearch(dimensions: Self.square, bands: [Band(atMost: 10)], games: 256...4096, maxPoints: 30, confidence: .ninetyFive)
        #expect(try search.run { _, _ in nil } == nil)
    }
}
