import Diagnostics
/// Finds the parameter value at which a noisy, monotone metric meets a target, with a confidence
/// interval: retrospective approximation (Chen & Schmeiser), a stochastic root-finding method.
///
/// At each stage every candidate value is played on the same n game seeds (common random
/// numbers), which makes the sample metric a deterministic function of the value; bisection then
/// finds where it crosses the target, and where its interval's upper and lower bounds cross it:
/// the values the target cannot be told apart from (a test inverted), the interval of the root.
/// While that interval is wider than the tolerance, n doubles and the search repeats inside the
/// last interval, widened. Only values are tried, never derivatives, so steps of an integer
/// parameter do not matter.
///
/// ```swift
/// let search = TargetSearch(range: 5...500, integral: true, target: 0.5, tolerance: 10, games: 256...4096)
/// let result = try search.run { value, games in try shareWon(headsPercent: value, games: games) }
/// result.value, result.interval, result.gamesPlayed
/// ```
public struct TargetSearch: Sendable {
    public var range: ClosedRange<Double>
    /// Only whole values are tried (a count, seconds, money: C7).
    public var integral: Bool
    public var target: Double
    /// Stop once the interval is at most this wide.
    public var tolerance: Double
    /// Games per value at the first stage and at most.
    public var games: ClosedRange<Int>

    public init(range: ClosedRange<Double>, integral: Bool, target: Double, tolerance: Double, games: ClosedRange<Int>) {
        self.range = range
        self.integral = integral
        self.target = target
        self.tolerance = tolerance
        self.games = games
    }

    /// One evaluation: the metric's estimate and interval at a value on n games.
    public struct Evaluation: Sendable, Codable, Hashable {
        public var value: Double
        public var games: Int
        public var estimate: Double
        public var lower: Double
        public var upper: Double

        public init(value: Double, games: Int, estimate: Double, lower: Double, upper: Double) {
            self.value = value
            self.games = games
            self.estimate = estimate
            self.lower = lower
            self.upper = upper
        }
    }

    public struct Result: Sendable, Codable {
        /// The value where the sample metric crosses the target at the last stage.
        public var value: Double
        public var lower: Double
        public var upper: Double
        /// Games per value at the last stage.
        public var finalGames: Int
        public var stages: Int
        /// True when the interval met the tolerance before the games ran out.
        public var converged: Bool
        /// The metric grows with the value.
        public var increasing: Bool
        public var evaluations: [Evaluation]
    }

    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The target is not between the metric's values at the ends of the range.
        case notBracketed(low: Evaluation, high: Evaluation, target: Double)

        public var description: String {
            switch self {
            case .notBracketed(let low, let high, let target):
                return "the target \(target) is not reached between \(low.value) (metric \(low.estimate)) and \(high.value) (metric \(high.estimate)) on \(counted(low.games, "game")); widen --range or change the target"
            }
        }
    }

    /// - Parameter evaluate: the metric at a value on the first n games of the fixed seeds; nil
    ///   when interrupted (the search then returns nil).
    public func run<E: Error>(_ evaluate: (_ value: Double, _ games: Int) throws(E) -> Evaluation?) throws -> Result? {
        var evaluations: [Evaluation] = []
        var cache: [Double: Evaluation] = [:]
        var n = games.lowerBound
        var window = range
        var stage = 0
        while true {
            stage += 1
            cache.removeAll()
            func at(_ x: Double) throws(E) -> Evaluation? {
                if let known = cache[x] { return known }
                guard let e = try evaluate(x, n) else { return nil }
                cache[x] = e
                evaluations.append(e)
                return e
            }
            guard let low = try at(window.lowerBound), let high = try at(window.upperBound) else { return nil }
            let increasing = high.estimate >= low.estimate
            // Positive when the value is past the root, in the direction the metric goes.
            func past(_ y: Double) -> Bool { increasing ? y > target : y < target }
            guard past(high.estimate) != past(low.estimate) || low.estimate == target || high.estimate == target else {
                if window == range { throw Failure.notBracketed(low: low, high: high, target: target) }
                // The last window missed at this sample size: search the whole range again.
                window = range
                continue
            }
            // The first value where a function of the evaluation passes the target.
            func crossing(_ y: (Evaluation) -> Double) throws(E) -> Double? {
                var (a, b) = (window.lowerBound, window.upperBound)
                guard let ea = try at(a), let eb = try at(b) else { return nil }
                if past(y(ea)) { return a }
                if !past(y(eb)) { return b }
                while b - a > (integral ? 1 : max(tolerance / 8, (range.upperBound - range.lowerBound) * 1e-9)) {
                    let mid = integral ? ((a + b) / 2).rounded(.down) : (a + b) / 2
                    guard let e = try at(mid) else { return nil }
                    if past(y(e)) { b = mid } else { a = mid }
                }
                return b
            }
            guard let root = try crossing({ $0.estimate }),
                let first = try crossing({ increasing ? $0.upper : $0.lower }),
                let last = try crossing({ increasing ? $0.lower : $0.upper })
            else { return nil }
            let (lower, upper) = (min(first, root), max(last, root))
            let done = upper - lower <= tolerance
            if done || n * 2 > games.upperBound {
                return Result(
                    value: root, lower: lower, upper: upper, finalGames: n, stages: stage, converged: done, increasing: increasing,
                    evaluations: evaluations)
            }
            // The next stage looks where this one found the root, with room to spare.
            let margin = max(upper - lower, integral ? 2 : tolerance)
            window = max(range.lowerBound, lower - margin)...min(range.upperBound, upper + margin)
            if integral { window = window.lowerBound.rounded(.down)...window.upperBound.rounded(.up) }
            n *= 2
        }
    }
}
