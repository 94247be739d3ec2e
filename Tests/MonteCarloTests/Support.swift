import MonteCarlo

/// SplitMix64, written out here so that test data come from fixed seeds and do not depend on the
/// module under test.
struct TestRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `range` (modulo bias is irrelevant for test data).
    mutating func int(in range: ClosedRange<Int64>) -> Int64 {
        let width = UInt64(bitPattern: range.upperBound &- range.lowerBound) &+ 1
        return range.lowerBound &+ Int64(bitPattern: width == 0 ? next() : next() % width)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

/// The lower quantile by sorting: the value of rank ⌈q·n⌉ (at least 1), as documented for
/// `SignedHistogram.quantile`.
func sortedQuantile(_ sorted: [Int64], _ q: Double) -> Int64 {
    let rank = min(sorted.count, max(1, Int((q * Double(sorted.count)).rounded(.up))))
    return sorted[rank - 1]
}

/// Quantile levels the histogram tests sweep, edges included.
let quantileLevels: [Double] = [0, 1e-4, 0.001, 0.01, 0.05, 0.1, 0.25, 1.0 / 3, 0.5, 2.0 / 3, 0.75, 0.9, 0.95, 0.99, 0.999, 0.9999, 1]

/// Order-sensitive record of the games a piece of a run covers: which games, in which order, and
/// the seed each was played from. Merging appends, so any misordered or repeated merge shows.
struct GameLog: MergeableStatistics, Equatable {
    var games: [UInt64] = []
    var seeds: [UInt64] = []

    mutating func record(game: UInt64, seed: UInt64) {
        games.append(game)
        seeds.append(seed)
    }

    mutating func merge(_ other: GameLog) {
        games += other.games
        seeds += other.seeds
    }
}

/// What the toy game of the runner tests reports: a floating-point summary whose bits depend on
/// the order of merging, an order-sensitive log, and per-bucket exemplars.
struct ToyStatistics: MergeableStatistics {
    var moments = Moments()
    var log = GameLog()
    var exemplars = QuantileExemplars()

    mutating func merge(_ other: ToyStatistics) {
        moments.merge(other.moments)
        log.merge(other.log)
        exemplars.merge(other.exemplars)
    }
}

/// A value derived from a game's seed alone, with a wide spread and some heavy tail.
func toyValue(seed: UInt64) -> Double {
    let u = Double(seed >> 11) / Double(1 << 53)
    return (u - 0.3) * 1000 + (seed % 97 == 0 ? 1e6 : 0)
}

/// The toy game: records the game into all three statistics. Spends a seed-dependent amount of
/// work so that chunks finish out of order when several threads play.
func playToy(game: UInt64, seed: UInt64, statistics: inout ToyStatistics) {
    var spin = seed
    for _ in 0..<(seed % 64) { spin = spin &* 6_364_136_223_846_793_005 &+ 1 }
    let value = toyValue(seed: seed) + (spin == 0 ? 1 : 0)  // keeps the loop from being optimized away
    statistics.moments.add(value)
    statistics.log.record(game: game, seed: seed)
    statistics.exemplars.record(Int64(value.rounded(.down)), game: game)
}
