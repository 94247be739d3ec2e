/// Which games a check covers, by the difficulty they start at (M3). The host's settings slider
/// sets the first round's difficulty anywhere in minDifficultyLevel...maxDifficultyLevel (the
/// original app's slider is continuous), so every difficulty of that range is some game's
/// start, and the ramp from it passes difficulties the ramp from the minimum never does.
///
/// ```swift
/// parameters.reachableDifficulties()            // the default start's ramp: 1, 1.5, …, 10
/// parameters.startGrid()                        // every start, on a grid: 1, 1.01, …, 10
/// let checked = ParameterChecks.check(parameters, coverage: .everyStart)
/// ```
public enum StartCoverage: Sendable, Hashable {
    /// Games started at this difficulty; nil for minDifficultyLevel, the default start.
    case from(Double?)
    /// Games started anywhere the slider allows.
    case everyStart

    /// Games started at minDifficultyLevel, as every command plays them by default.
    public static let minimum = StartCoverage.from(nil)

    /// The start of the one ramp covered; nil for the minimum or for every start.
    public var start: Double? {
        if case .from(let start) = self { return start }
        return nil
    }
}

extension ParameterKey {
    /// The most steps of ``Parameters/startGrid()``: with the ramp's own limit
    /// (``maxReachableDifficulties``), what bounds the difficulties a check of every start
    /// evaluates.
    public static let startGridSteps = 1_000
}

extension Parameters {
    /// Difficulties standing for every start: minDifficultyLevel, maxDifficultyLevel and the
    /// multiples of one step between them, the step the smallest power of ten that takes at most
    /// ``ParameterKey/startGridSteps`` steps (0.01 for 1...10, 1 for 1...1000). Decimal steps
    /// keep the difficulties a message names as a designer would type them. Empty when the range
    /// cannot be read or is reversed.
    public func startGrid() -> [Double] {
        guard let (low, high) = difficultyRange, low <= high else { return [] }
        let width = high - low
        guard width > 0, width.isFinite else { return [low] }
        var exponent = Int((width / Double(ParameterKey.startGridSteps)).log10Ceiling)
        // Rounding can leave one step too many: widen it until the count is within the limit.
        while width / Self.power(of: exponent) > Double(ParameterKey.startGridSteps) { exponent += 1 }
        let scale = Self.power(of: exponent)
        let first = (low / scale).rounded(.down) + 1
        // Past 2^52 a step no longer moves a double: nothing between the ends can be told apart.
        guard abs(first) < 0x1p52, abs(high / scale) < 0x1p52 else { return [low, high] }
        var grid = [low]
        var k = first
        while true {
            // k / 100 rather than k × 0.01: the nearest double to the decimal a designer writes.
            let d = exponent < 0 ? k / Self.power(of: -exponent) : k * scale
            guard d < high else { break }
            if d > low { grid.append(d) }
            k += 1
        }
        grid.append(high)
        return grid
    }

    /// 10^exponent.
    private static func power(of exponent: Int) -> Double {
        var x = 1.0
        for _ in 0..<abs(exponent) { x *= 10 }
        return exponent < 0 ? 1 / x : x
    }

    /// The difficulties solvability samples for `coverage`, in order: the ramp from the start,
    /// then (every start) one difficulty of each other round shape (``roundShape(at:keys:)``)
    /// on ``startGrid()``, the first where it appears; at most `limit` in all.
    /// - Returns: the difficulties, how many of them are the ramp, and how many round shapes the
    ///   limit left out.
    public func sampledDifficulties(
        _ coverage: StartCoverage, shapedBy keys: Set<ParameterKey>, limit: Int = ParameterKey.maxReachableDifficulties
    ) -> (difficulties: [Double], ramp: Int, shapesLeftOut: Int) {
        let ramp = Array(reachableDifficulties(from: coverage.start).prefix(limit))
        guard coverage == .everyStart else { return (ramp, ramp.count, 0) }
        let shaping = ParameterKey.allCases.filter { keys.contains($0) }
        var seen = Set(ramp.map { roundShape(at: $0, keys: shaping) })
        var difficulties = ramp
        var leftOut = 0
        for d in startGrid() {
            let shape = roundShape(at: d, keys: shaping)
            guard seen.insert(shape).inserted else { continue }
            if difficulties.count < limit { difficulties.append(d) } else { leftOut += 1 }
        }
        return (difficulties, ramp.count, leftOut)
    }

    /// What making a round reads of `keys` at `difficulty`, as far as which rounds can be made
    /// is concerned: each whole-number key's value (C7: after its ceiling), and of a chance only
    /// whether it is never, sometimes or always (a package limit, G8, can happen or not). Two
    /// difficulties of one shape make rounds of the same sizes.
    public func roundShape(at difficulty: Double, keys: [ParameterKey]) -> [Double] {
        keys.compactMap { key in
            guard let x = value(key, difficulty: difficulty, players: 3) else { return nil }
            // NaN is no value of a shape (it equals nothing, itself included): one stands for it.
            if x.isNaN { return -.infinity }
            if key.isIntegral { return x }
            if key.domain == .probability { return x <= 0 ? 0 : x >= 1 ? 2 : 1 }
            return nil
        }
    }
}

extension Double {
    /// ⌈log₁₀ self⌉ for a positive finite number.
    fileprivate var log10Ceiling: Double {
        var exponent = 0.0
        var x = self
        while x > 1 {
            x /= 10
            exponent += 1
        }
        while x <= 0.1 {
            x *= 10
            exponent -= 1
        }
        return exponent
    }
}
