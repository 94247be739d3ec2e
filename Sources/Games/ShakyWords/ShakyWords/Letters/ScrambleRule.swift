import BigInt
import Randomness

/// How a question's letters are scrambled (issue 18, generators).
///
/// Why a choice: seeds/003 says only that a question shows "the letters of the answer in a random
/// order". Read literally that order may be the answer itself, a free hint no designer wants, and
/// a scramble that leaves half the letters in place gives much of the answer away too. Each rule
/// is one reading, exactly uniform over what it allows, so that a run measures the rule and not a
/// bias of its generator.
public enum ScrambleRule: String, Sendable, Hashable, CaseIterable, Codable {
    /// Uniform over the distinct arrangements (a Fisher–Yates shuffle of the letters is exactly
    /// that), the answer itself included.
    case uniform
    /// Uniform over the distinct arrangements other than the answer (rejection: reshuffle until
    /// different; needs ``Arrangements/hasSecondArrangement(_:)``).
    case notAnswer
    /// Uniform over the distinct arrangements with no letter in its answer position (exact
    /// sequential sampling with counts of completions, position by position).
    case noLetterInPlace

    /// Whether some arrangement obeys the rule (uniform: always; notAnswer: a second arrangement;
    /// noLetterInPlace: ``Arrangements/noneInPlace(_:)`` > 0, i.e. no letter fills more than half
    /// the answer).
    public func isPossible(for answer: [Character]) -> Bool {
        switch self {
        case .uniform:
            return true
        case .notAnswer:
            return Arrangements.hasSecondArrangement(answer)
        case .noLetterInPlace:
            // A letter with m copies needs n − m other positions to go to: m ≤ n − m. That
            // suffices too (Hall's condition holds for every set of letters), so no count is needed.
            return 2 * LetterCounts(answer).largestCount <= answer.count
        }
    }

    /// The shown letters for `answer` drawn by this rule from `random`; nil (and no draw) when
    /// ``isPossible(for:)`` is false.
    ///
    /// Draws go only through `RandomSource.uniform(below:)` and `shuffle`, and how many are made
    /// is a fixed function of the answer and the draws themselves, so a seed gives the same
    /// letters on every platform.
    public func scramble(_ answer: [Character], _ random: inout RandomSource) -> [Character]? {
        switch self {
        case .uniform:
            var shown = answer
            random.shuffle(&shown)
            return shown
        case .notAnswer:
            guard isPossible(for: answer) else { return nil }
            // Each shuffle is uniform over the distinct arrangements; keeping the first that is not
            // the answer is uniform over the others. At least two arrangements, so at most half the
            // shuffles are rejected.
            while true {
                var shown = answer
                random.shuffle(&shown)
                if shown != answer { return shown }
            }
        case .noLetterInPlace:
            guard isPossible(for: answer) else { return nil }
            return NoLetterInPlaceSampler.draw(answer, &random)
        }
    }

    /// The share of uniform arrangements this rule can show: 1 for uniform, (D − 1)/D for
    /// notAnswer, noneInPlace/D for noLetterInPlace (D the distinct arrangements), for reports
    /// (how much of the uniform scrambles a rule rules out).
    public func share(for answer: [Character]) -> Double {
        let all = Arrangements.distinct(answer)
        switch self {
        case .uniform:
            return 1
        case .notAnswer:
            return Self.ratio(all - 1, all)
        case .noLetterInPlace:
            return Self.ratio(Arrangements.noneInPlace(answer), all)
        }
    }

    /// a / b as a Double, both shifted down first when b is too large for one (an answer of
    /// some 170 letters), so the quotient keeps its precision.
    static func ratio(_ a: BigUInt, _ b: BigUInt) -> Double {
        let shift = max(0, b.bitWidth - 64)
        return Double(a >> shift) / Double(b >> shift)
    }
}
