import Randomness

/// What a game of one contest came to.
public struct GameRecord: Sendable, Hashable {
    public struct Asked: Sendable, Hashable {
        public var level: Int
        public var length: Int
        public var outcome: QuestionOutcome

        public init(level: Int, length: Int, outcome: QuestionOutcome) {
            self.level = level
            self.length = length
            self.outcome = outcome
        }
    }

    public var questions: [Asked]
    /// Each team's points, in seat order.
    public var scores: [Int]

    public init(questions: [Asked], scores: [Int]) {
        self.questions = questions
        self.scores = scores
    }

    /// The teams with the most points (several: a tie).
    public var leaders: [Int] {
        let best = scores.max() ?? 0
        return scores.indices.filter { scores[$0] == best }
    }
}

/// A game of one contest from its seed: the content (``GameContent``), then every question raced.
public enum GamePlay {
    public static func play(_ design: Design, contest: Int, seed: UInt64, log: ((Int, QuestionContent, Double, String) -> Void)? = nil) -> GameRecord {
        let teams = design.contests[contest].map { design.personas[$0] }
        var scores = [Int](repeating: 0, count: teams.count)
        var asked: [GameRecord.Asked] = []
        for (index, content) in GameContent.make(design, seed: seed).enumerated() {
            var random = RandomSource(seed: GameContent.playSeed(seed, question: index))
            let outcome = QuestionRace.play(content, rules: design.rules, teams: teams, &random, log: log.map { log in { log(index, content, $0, $1) } })
            if let winner = outcome.winner { scores[winner] = scores[winner].addingClamped(outcome.points) }
            asked.append(.init(level: content.question.level, length: content.question.answer.count, outcome: outcome))
        }
        return GameRecord(questions: asked, scores: scores)
    }
}

extension Int {
    func addingClamped(_ other: Int) -> Int {
        let (value, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : value
    }
}
