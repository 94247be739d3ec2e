import Diagnostics
import Relentless

/// The difficulty a game starts at (M3): the host's slider, anywhere in
/// minDifficultyLevel...maxDifficultyLevel, by default the minimum. Every command that plays
/// games takes it; these are the rules they share.
///
/// A start equal to the design's minimum is the default start (nil): the games are the same, so
/// the outputs are too, byte for byte, and say nothing about the start.
public enum StartDifficulty {
    /// Whether games of `parameters` can start at `start`: finite and in the design's range.
    public static func allows(_ start: Double, in parameters: Parameters) -> Bool {
        guard let (low, high) = parameters.difficultyRange else { return false }
        return start.isFinite && start >= low && start <= high
    }

    /// minDifficultyLevel...maxDifficultyLevel, when both are finite and in order (a broken
    /// design's range is not made into a range that would trap).
    public static func range(_ parameters: Parameters) -> ClosedRange<Double>? {
        guard let (low, high) = parameters.difficultyRange, low <= high else { return nil }
        return low...high
    }

    /// "the difficulty range 1...10 (minDifficultyLevel...maxDifficultyLevel, M3)", for messages.
    public static func range(of parameters: Parameters) -> String {
        guard let (low, high) = parameters.difficultyRange else { return "the difficulty range (which cannot be read)" }
        return "the difficulty range \(low.designerText)...\(high.designerText) (minDifficultyLevel...maxDifficultyLevel, M3)"
    }

    /// Why `start` is no start of `parameters`' games, after the option's name: "11 is outside
    /// the difficulty range 1...10 (…)", "nan is not a difficulty: it takes a number in …".
    public static func refusal(_ start: Double, in parameters: Parameters) -> String {
        start.isFinite ? "\(start.designerText) is outside \(range(of: parameters))" : "\(start) is not a difficulty: it takes a number in \(range(of: parameters))"
    }

    /// nil for no start or the design's minimum (the default), else `start`.
    public static func normalised(_ start: Double?, for parameters: Parameters) -> Double? {
        guard let start, start != parameters.difficultyRange?.low else { return nil }
        return start
    }

    /// Why a variant of a design (a swept point, a tuned value, a parameter moved alone) cannot be
    /// played from `start`: outside its range, or an error on the ramp from there, which the
    /// design's own checks (from its minimum) never saw. Nil when it can; with no start, the
    /// checks from the minimum.
    public static func unplayable(_ start: Double?, _ parameters: Parameters, alsoUsed: Set<ParameterKey>) -> String? {
        if let start, !allows(start, in: parameters) { return "puts the start \(start.designerText) outside \(range(of: parameters))" }
        let errors = ParameterChecks.check(parameters, alsoUsed: alsoUsed, start: start).filter { $0.severity == .error }
        // Named as check names it (key path and rule): a swept value has no line of its own.
        return errors.first.map { error in
            "breaks the parameters: " + (error.keyPath.isEmpty ? "" : "\(error.keyPath): ") + error.message + (error.rule.map { " [\($0)]" } ?? "")
        }
    }

    /// ", from difficulty 4" for a start other than the minimum; "" for the default, so that a
    /// default run's header reads as it always did.
    public static func phrase(_ start: Double?) -> String {
        start.map { ", from difficulty \($0.designerText)" } ?? ""
    }
}
