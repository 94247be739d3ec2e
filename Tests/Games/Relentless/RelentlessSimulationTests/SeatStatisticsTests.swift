import MonteCarlo
import Randomness
import Relentless
import RelentlessGeneration
import RelentlessRuns
import RelentlessSimulation
import Testing

/// Issue 38: per-seat statistics (``SeatStatistics``), the engine's seat symmetry tested on
/// them, and the engine's new counters against the timeline, which names every action.
@Suite("Per-seat statistics")
struct SeatStatisticsTests {
    /// Every figure of every seat, round by round, and the statistics a run folds from them.
    static func play(_ team: [Persona], games: Int, maxRounds: Int = 8, seed: UInt64 = 3) throws -> (values: [[[Double]]], statistics: SimulationStatistics) {
        let design = try SimulationFixtures.shipped()
        var statistics = SimulationStatistics()
        var values: [[[Double]]] = []  // round, seat, figure
        for (_, round) in try SimulationFixtures.rounds(design, team: team, games: games, maxRounds: maxRounds, seed: seed) {
            statistics.record(round)
            values.append(round.outcome.players.map { player in
                SeatStatistics.Figure.allCases.map { $0.value(player, roundLength: round.outcome.endTime) }
            })
        }
        return (values, statistics)
    }

    /// The permutation test's statistic: for each figure, the seats' means' spread around their
    /// mean, in units of the figure's spread over all values (so that figures of every scale
    /// weigh alike), and the largest of them (one test of all figures at once).
    static func spread(_ values: [[[Double]]], seats: Int, scales: [Double], order: (Int) -> [Int]) -> Double {
        let figures = scales.count
        var sums = [Double](repeating: 0, count: seats * figures)
        for (r, round) in values.enumerated() {
            let seatOf = order(r)
            for s in 0..<seats {
                for f in 0..<figures { sums[seatOf[s] * figures + f] += round[s][f] }
            }
        }
        var largest = 0.0
        for f in 0..<figures where scales[f] > 0 {
            let means = (0..<seats).map { sums[$0 * figures + f] / Double(values.count) }
            let grand = means.reduce(0, +) / Double(seats)
            largest = max(largest, means.reduce(0) { $0 + ($1 - grand) * ($1 - grand) } / (scales[f] * scales[f]))
        }
        return largest
    }

    /// p-value of seat symmetry: under it (a fair engine, P4), the seats of a round are
    /// exchangeable, so relabelling them at random within every round leaves the statistic's
    /// distribution unchanged. `permutations` relabellings from a fixed seed; p = (1 + as
    /// large) / (1 + permutations).
    static func symmetryPValue(_ values: [[[Double]]], permutations: Int) -> Double {
        let seats = values[0].count
        let figures = values[0][0].count
        let scales = (0..<figures).map { f -> Double in
            var m = Moments()
            for round in values { for seat in round { m.add(seat[f]) } }
            return m.standardDeviation
        }
        let observed = spread(values, seats: seats, scales: scales) { _ in Array(0..<seats) }
        var random = RandomSource(seed: 38)
        var asLarge = 0
        var order = Array(0..<seats)
        var orders = [[Int]](repeating: order, count: values.count)
        for _ in 0..<permutations {
            for r in orders.indices {
                random.shuffle(&order)
                orders[r] = order
            }
            if spread(values, seats: seats, scales: scales, order: { orders[$0] }) >= observed { asLarge += 1 }
        }
        return Double(1 + asLarge) / Double(1 + permutations)
    }

    @Test("identical personas: a permutation test of seat symmetry over every figure of one run passes (α = 0.001); a different seat fails it")
    func seatSymmetry() throws {
        let casual = try SimulationFixtures.team("casual")[0]
        let (values, statistics) = try Self.play([Persona](repeating: casual, count: 4), games: 60)
        // The run's statistics are the rounds' figures, seat by seat.
        for (s, seat) in statistics.seats.enumerated() {
            for (f, figure) in SeatStatistics.Figure.allCases.enumerated() {
                let mean = values.reduce(0.0) { $0 + $1[s][f] } / Double(values.count)
                #expect(abs(seat.figure(figure).mean - mean) <= 1e-9 * max(1, abs(mean)), "seat \(s + 1) \(figure)")
                #expect(seat.figure(figure).count == values.count)
            }
        }
        // 1,999 relabellings: the smallest p is 0.0005, so the test can reject at 0.001.
        let p = Self.symmetryPValue(values, permutations: 1_999)
        #expect(p > 0.001, "seats of identical personas differ: p = \(p)")
        // Power: the same rounds with one seat's persona changed must be told apart.
        let novice = try SimulationFixtures.team("novice")[0]
        let mixed = try Self.play([novice, casual, casual, casual], games: 60).values
        let q = Self.symmetryPValue(mixed, permutations: 1_999)
        #expect(q <= 0.001, "a novice among casual players went unnoticed: p = \(q)")
    }

    @Test("the engine's counters agree with the timeline: requests served and asked, seconds helping (P4)")
    func countersMatchTheTimeline() throws {
        let design = try SimulationFixtures.shipped()
        let team = try SimulationFixtures.team("casual", "novice", "expert", "casual")
        let simulator = GameSimulator(design: design, team: team, maxRounds: 6)
        var checked = 0
        for g in 0..<4 {
            for r in 0..<5 {
                _ = try simulator.play(seed: 900 + UInt64(g), timeline: r) { round in
                    guard round.index == r, let timeline = round.outcome.timeline else { return }
                    let end = round.outcome.endTime
                    for (p, player) in round.outcome.players.enumerated() {
                        let mine = timeline.filter { $0.player == p }
                        let helps = mine.filter { $0.what.hasPrefix("help player") || $0.what.hasPrefix("hear player") }
                        #expect(player.requestsServed == helps.count, "game \(g) round \(r) seat \(p)")
                        // A pass counts when the package reaches the teammate: by the end (one
                        // ending at the very instant the round ends may or may not).
                        let passes = mine.filter { $0.what.hasPrefix("pass the package to player") }
                        #expect(passes.count { $0.end < end }...passes.count { $0.end <= end } ~= player.requestsAsked, "game \(g) round \(r) seat \(p)")
                        let seconds = helps.reduce(0.0) { $0 + max(0, min($1.end, end) - $1.start) }
                        #expect(abs(player.helping - seconds) <= 1e-6 * max(1, seconds), "game \(g) round \(r) seat \(p): \(player.helping) vs \(seconds)")
                        // The parts of the round add up to its length.
                        let parts = player.working + player.helping + player.time.describing + player.time.waiting + player.time.idle
                        #expect(abs(parts - end) <= 1e-6 * max(1, end))
                        checked += 1
                    }
                    // Every request served was asked (some are still on their way at the end).
                    let served = round.outcome.players.reduce(0) { $0 + $1.requestsServed }
                    #expect(served <= round.outcome.players.reduce(0) { $0 + $1.requestsAsked })
                }
            }
        }
        #expect(checked > 50)
    }

    @Test("merged statistics keep the seats: merging blocks equals recording their rounds in order")
    func mergeKeepsSeats() throws {
        let team = try SimulationFixtures.team("casual", "expert", "novice")
        let (_, whole) = try Self.play(team, games: 20, maxRounds: 4)
        let design = try SimulationFixtures.shipped()
        var merged = SimulationStatistics()
        let rounds = try SimulationFixtures.rounds(design, team: team, games: 20, maxRounds: 4, seed: 3)
        // Two pieces (as a run folds blocks): the seats merge exactly.
        var first = SimulationStatistics(), second = SimulationStatistics()
        for (k, (_, round)) in rounds.enumerated() { if k < rounds.count / 2 { first.record(round) } else { second.record(round) } }
        merged.merge(first)
        merged.merge(second)
        #expect(merged.seats.count == 3)
        for s in 0..<3 {
            for figure in SeatStatistics.Figure.allCases {
                let a = merged.seats[s].figure(figure), b = whole.seats[s].figure(figure)
                #expect(a.count == b.count && abs(a.mean - b.mean) <= 1e-9 * max(1, abs(b.mean)), "seat \(s + 1) \(figure)")
            }
        }
    }
}
