import Randomness

/// One question as a game shows it: the question, its letters as scrambled, and the order in
/// which shakes put them in place.
public struct QuestionContent: Sendable, Hashable {
    public var question: Question
    public var shown: [Character]
    public var hintOrder: [Int]

    public init(question: Question, shown: [Character], hintOrder: [Int]) {
        self.question = question
        self.shown = shown
        self.hintOrder = hintOrder
    }
}

/// Everything a game's seed decides before any team plays: which questions, how each is
/// scrambled, in which order shakes reveal it. `generate` prints it; a game plays it. Each
/// question draws from a stream of its own, so that a rule that draws more for one question
/// (a rejected scramble) changes nothing of the next.
public enum GameContent {
    /// The game's questions with their scrambles and hint orders.
    public static func make(_ design: Design, seed: UInt64) -> [QuestionContent] {
        var random = RandomSource(seed: seed)
        let questions = QuestionDraw(pool: design.pool, count: design.rules.questions).generate(&random)
        return questions.enumerated().map { index, question in
            var stream = RandomSource(seed: contentSeed(seed, question: index))
            let shown = Scramble(answer: question.answer, rule: design.rules.scramble).generate(&stream)
            let order = HintSequence(length: question.answer.count, order: design.rules.hintOrder).generate(&stream)
            return QuestionContent(question: question, shown: shown, hintOrder: order)
        }
    }

    /// The seed of question `index`'s scramble and hint order.
    public static func contentSeed(_ seed: UInt64, question index: Int) -> UInt64 {
        RandomSource.mix64(seed &+ (UInt64(index) &+ 1) &* 0x9E37_79B9_7F4A_7C15)
    }

    /// The seed of the teams' draws on question `index` (their solving, bluffs, typos).
    public static func playSeed(_ seed: UInt64, question index: Int) -> UInt64 {
        RandomSource.mix64(contentSeed(seed, question: index) ^ 0xD1B5_4A32_D192_ED03)
    }
}
