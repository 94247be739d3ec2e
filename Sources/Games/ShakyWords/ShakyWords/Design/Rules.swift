import Expressions

/// How a game of Shaky Words is played: what seeds/003 fixes (the timers of its Table 4) and
/// what it leaves open, each with a default that is this project's choice (SW6–SW11).
public struct Rules: Sendable {
    /// SW6 (Table 1 "Create Game"): the pack the questions come from, how many, of which difficulty
    /// (nil: any).
    public var pack: String
    public var questions: Int
    public var difficulty: Int?

    /// SW7 (Table 4): seconds to indicate an answer; once a team has, what remains drops to at
    /// most ``windowAfterIndication``; each answering team has ``answerTime``.
    public var indicationWindow: Double = 60
    public var windowAfterIndication: Double = 20
    public var answerTime: Double = 60

    /// SW8: what a question is worth and what each shake takes from it, in `length` (letters of
    /// the answer) and `difficulty` (its level); never below ``minimumPoints``. Whole points: each
    /// value is rounded to the nearest whole number.
    public var worth: Expression
    public var hintCost: Expression
    public var minimumPoints: Int = 1

    /// SW9: letters a shake puts in place, in which order, and the seconds before the device
    /// takes another shake (the activation interval of the seed's Code Snippet 1).
    public var lettersPerHint: Int = 1
    public var hintOrder: HintOrder = .fromStart
    public var shakeCooldown: Double = 1

    /// SW5: how the letters are scrambled.
    public var scramble: ScrambleRule = .notAnswer

    /// SW10: how a typed answer is judged.
    public var spelling: SpellingRule = .exact
    /// Wrong letters a `tolerant` answer may have and still count.
    public var spellingTolerance: Int = 1
    /// Points a `penalty` answer loses for each wrong letter.
    public var penaltyPerLetter: Int = 1

    /// The answer length the personas' solving times are stated for.
    public var referenceLength: Int = 6

    /// The variables of ``worth`` and ``hintCost``.
    public static let scope = VariableScope(["length", "difficulty"])

    public init(pack: String, questions: Int, difficulty: Int?, worth: Expression, hintCost: Expression) {
        self.pack = pack
        self.questions = questions
        self.difficulty = difficulty
        self.worth = worth
        self.hintCost = hintCost
    }

    /// The points of an answer of `length` letters at difficulty `level` after `hints` shakes
    /// and with `wrongLetters` typos under the penalty rule (SW8, SW10).
    public func points(length: Int, level: Int, hints: Int, wrongLetters: Int = 0) -> Int {
        let values = VariableValues(Double(length), Double(level))
        let full = Self.whole(worth.evaluate(values)), cost = Self.whole(hintCost.evaluate(values))
        var points = full.subtractingClamped(cost.multipliedClamped(hints))
        if spelling == .penalty { points = points.subtractingClamped(penaltyPerLetter.multipliedClamped(wrongLetters)) }
        return max(points, minimumPoints)
    }

    /// The worth and the cost of a hint of a question, rounded (SW8).
    public func worthAndCost(length: Int, level: Int) -> (worth: Int, cost: Int) {
        let values = VariableValues(Double(length), Double(level))
        return (Self.whole(worth.evaluate(values)), Self.whole(hintCost.evaluate(values)))
    }

    /// A value rounded to a whole number of points; a value too large or not a number saturates
    /// (the checks refuse a design whose values are not finite, SW8).
    static func whole(_ x: Double) -> Int {
        guard x.isFinite else { return x == -.infinity ? -1_000_000_000 : 1_000_000_000 }
        return Int(max(-1e9, min(1e9, x.rounded())))
    }

    /// Whether a typed answer with `wrongLetters` typos counts (SW10).
    public func accepts(wrongLetters: Int, length: Int) -> Bool {
        switch spelling {
        case .exact: wrongLetters == 0
        case .tolerant: wrongLetters <= spellingTolerance
        case .penalty: wrongLetters < length
        }
    }
}

/// How a typed answer is judged (SW10): the seed's navigational-prototype feedback names the
/// three ("allow a certain amount of wrong letters in the answer, or subtract a point for each
/// wrong letter").
public enum SpellingRule: String, Sendable, Hashable, CaseIterable, Codable {
    /// Every letter right.
    case exact
    /// At most ``Rules/spellingTolerance`` wrong letters.
    case tolerant
    /// Counts while a letter is right; each wrong letter costs ``Rules/penaltyPerLetter`` points.
    case penalty
}

extension Int {
    /// `self − other` without trapping: saturates at the bounds of Int.
    func subtractingClamped(_ other: Int) -> Int {
        let (value, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other > 0 ? .min : .max) : value
    }

    /// `self × other` without trapping.
    func multipliedClamped(_ other: Int) -> Int {
        let (value, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? ((self < 0) != (other < 0) ? .min : .max) : value
    }
}
