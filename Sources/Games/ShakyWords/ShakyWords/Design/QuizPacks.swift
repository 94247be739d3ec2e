import Diagnostics

/// The questions a game draws from (seeds/003, Table 3 "Create Custom Quiz Pack"): packs with a
/// name, each question with a difficulty, a text and an answer (SW1).
public struct QuizPacks: Sendable, Hashable {
    /// The difficulties a question can have, easiest first (SW2): a question's `difficulty` in
    /// points and hint costs is its position here, counted from 1.
    public var difficulties: [String]
    public var packs: [QuizPack]

    public init(difficulties: [String], packs: [QuizPack]) {
        self.difficulties = difficulties
        self.packs = packs
    }

    /// The pack called `name`.
    public func pack(named name: String) -> QuizPack? { packs.first { $0.name == name } }

    /// The level of the difficulty called `name` (1 for the easiest), or nil.
    public func level(of name: String) -> Int? { difficulties.firstIndex(of: name).map { $0 + 1 } }

    /// The name of difficulty `level`.
    public func difficultyName(_ level: Int) -> String { difficulties[level - 1] }
}

/// A named set of questions with the characters its answers may use (SW4).
public struct QuizPack: Sendable, Hashable {
    public var name: String
    public var alphabet: Set<Character>
    public var questions: [Question]

    public init(name: String, alphabet: Set<Character>, questions: [Question]) {
        self.name = name
        self.alphabet = alphabet
        self.questions = questions
    }

    /// The questions of difficulty `level`, or all for nil.
    public func questions(ofLevel level: Int?) -> [Question] {
        guard let level else { return questions }
        return questions.filter { $0.level == level }
    }
}

/// One question: its text, the answer whose letters the device scrambles, and its difficulty.
public struct Question: Sendable, Hashable {
    /// The difficulty's position among ``QuizPacks/difficulties``, from 1 (SW2).
    public var level: Int
    public var text: String
    public var answer: [Character]
    /// Where the pack file defines it, for messages.
    public var location: SourceLocation?

    public init(level: Int, text: String, answer: [Character], location: SourceLocation? = nil) {
        self.level = level
        self.text = text
        self.answer = answer
        self.location = location
    }

    public var answerText: String { String(answer) }
}
