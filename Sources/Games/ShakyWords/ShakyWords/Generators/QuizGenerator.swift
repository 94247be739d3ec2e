import Randomness

/// A generator of a game's content (issue 18): a command object that makes its output from a
/// random source alone, so that the same seed replays it. The game composes them (``GameContent``);
/// a new way to draw, scramble or reveal is a new conformer, not a branch in the game.
public protocol QuizGenerator: Sendable {
    associatedtype Output
    /// What the generator makes, in a phrase for `generate --explain` ("3 questions of any difficulty").
    var summary: String { get }
    func generate(_ random: inout RandomSource) -> Output
}

/// Draws a game's questions (SW6): `count` of the pool, uniformly without replacement, in the
/// order they are asked.
public struct QuestionDraw: QuizGenerator {
    public var pool: [Question]
    public var count: Int

    public init(pool: [Question], count: Int) {
        self.pool = pool
        self.count = count
    }

    public var summary: String { "\(count) of the pool's \(pool.count) questions, uniformly without replacement" }

    /// The questions drawn; all of the pool, shuffled, when it holds fewer than `count` (the
    /// check refuses such a design, SW6).
    public func generate(_ random: inout RandomSource) -> [Question] {
        var indices = Array(pool.indices)
        random.choosePrefix(count, of: &indices)
        return indices.prefix(count).map { pool[$0] }
    }
}

/// Scrambles one answer by a rule (SW5).
public struct Scramble: QuizGenerator {
    public var answer: [Character]
    public var rule: ScrambleRule

    public init(answer: [Character], rule: ScrambleRule) {
        self.answer = answer
        self.rule = rule
    }

    public var summary: String { "the letters of \(String(answer)) by rule \(rule.rawValue)" }

    /// The letters as shown; the answer itself when the rule admits no arrangement (the check
    /// refuses such a design, SW5).
    public func generate(_ random: inout RandomSource) -> [Character] { rule.scramble(answer, &random) ?? answer }
}

/// The order in which shakes put an answer's positions in place (SW9).
public struct HintSequence: QuizGenerator {
    public var length: Int
    public var order: HintOrder

    public init(length: Int, order: HintOrder) {
        self.length = length
        self.order = order
    }

    public var summary: String { "the order of \(length) positions, \(order.rawValue)" }

    public func generate(_ random: inout RandomSource) -> [Int] { order.positions(length: length, &random) }
}
