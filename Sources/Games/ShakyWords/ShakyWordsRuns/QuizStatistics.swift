import MonteCarlo
import ShakyWords

/// What games of one contest come to: counts and moments that merge exactly enough (the runner
/// merges blocks in a fixed order), for every metric of the game and the report's tables.
public struct QuizStatistics: MergeableStatistics, Codable, Hashable {
    public var games = 0
    /// Games each seat won alone, and games whose lead was shared.
    public var outrightWins: [Int] = []
    public var ties = 0
    /// Each seat's points in a game, as moments and as counts of each score.
    public var scores: [Moments] = []
    public var scoreCounts: [CountTable] = []
    /// Per game: the share of its questions nobody indicated (SW7), nobody answered, the points
    /// a question paid, the shakes a question had.
    public var timeoutShare = Moments()
    public var unansweredShare = Moments()
    public var pointsPerQuestion = Moments()
    public var hintsPerQuestion = Moments()
    /// Questions by difficulty and answer length, and by shakes.
    public var cells: [QuestionCell] = []
    public var byHints: [HintCell] = []

    public init() {}

    /// Questions of one difficulty level and answer length.
    public struct QuestionCell: Sendable, Hashable, Codable {
        public var level: Int
        public var length: Int
        public var questions = 0
        public var timeouts = 0
        public var unanswered = 0
        /// Points the question paid (0 when nobody's answer counted), and shakes.
        public var points = Moments()
        public var hints = Moments()
        /// Points the first seat took from it.
        public var firstTeamPoints = Moments()
    }

    /// Questions that had a number of shakes.
    public struct HintCell: Sendable, Hashable, Codable {
        public var hints: Int
        public var questions = 0
        public var points = Moments()
    }

    public mutating func record(_ game: GameRecord) {
        let seats = game.scores.count
        if outrightWins.count < seats { grow(to: seats) }
        games += 1
        let leaders = game.leaders
        if leaders.count == 1 { outrightWins[leaders[0]] += 1 } else { ties += 1 }
        for (seat, score) in game.scores.enumerated() {
            scores[seat].add(Double(score))
            scoreCounts[seat].add(score)
        }
        let count = Double(max(game.questions.count, 1))
        timeoutShare.add(Double(game.questions.count { $0.outcome.timedOut }) / count)
        unansweredShare.add(Double(game.questions.count { $0.outcome.winner == nil }) / count)
        pointsPerQuestion.add(Double(game.questions.reduce(0) { $0 + $1.outcome.points }) / count)
        hintsPerQuestion.add(Double(game.questions.reduce(0) { $0 + $1.outcome.hints }) / count)
        for asked in game.questions {
            let o = asked.outcome
            var cell = QuestionCell(level: asked.level, length: asked.length)
            cell.questions = 1
            cell.timeouts = o.timedOut ? 1 : 0
            cell.unanswered = o.winner == nil ? 1 : 0
            cell.points.add(Double(o.points))
            cell.hints.add(Double(o.hints))
            cell.firstTeamPoints.add(o.winner == 0 ? Double(o.points) : 0)
            add(cell)
            var hintCell = HintCell(hints: o.hints)
            hintCell.questions = 1
            hintCell.points.add(Double(o.points))
            add(hintCell)
        }
    }

    private mutating func grow(to seats: Int) {
        while outrightWins.count < seats {
            outrightWins.append(0)
            scores.append(Moments())
            scoreCounts.append(CountTable())
        }
    }

    private mutating func add(_ cell: QuestionCell) {
        let key = [cell.level, cell.length]
        let i = cells.firstIndex { [$0.level, $0.length].lexicographicallyPrecedes(key) == false } ?? cells.count
        if i < cells.count, cells[i].level == cell.level, cells[i].length == cell.length {
            cells[i].questions += cell.questions
            cells[i].timeouts += cell.timeouts
            cells[i].unanswered += cell.unanswered
            cells[i].points.merge(cell.points)
            cells[i].hints.merge(cell.hints)
            cells[i].firstTeamPoints.merge(cell.firstTeamPoints)
        } else {
            cells.insert(cell, at: i)
        }
    }

    private mutating func add(_ cell: HintCell) {
        let i = byHints.firstIndex { $0.hints >= cell.hints } ?? byHints.count
        if i < byHints.count, byHints[i].hints == cell.hints {
            byHints[i].questions += cell.questions
            byHints[i].points.merge(cell.points)
        } else {
            byHints.insert(cell, at: i)
        }
    }

    public mutating func merge(_ other: QuizStatistics) {
        if outrightWins.count < other.outrightWins.count { grow(to: other.outrightWins.count) }
        games += other.games
        ties += other.ties
        for seat in other.outrightWins.indices {
            outrightWins[seat] += other.outrightWins[seat]
            scores[seat].merge(other.scores[seat])
            scoreCounts[seat].merge(other.scoreCounts[seat])
        }
        timeoutShare.merge(other.timeoutShare)
        unansweredShare.merge(other.unansweredShare)
        pointsPerQuestion.merge(other.pointsPerQuestion)
        hintsPerQuestion.merge(other.hintsPerQuestion)
        for cell in other.cells { add(cell) }
        for cell in other.byHints { add(cell) }
    }

    /// Why statistics read from a file cannot be those of `games` games, or nil.
    public func invariantViolation(games expected: Int) -> String? {
        guard games == expected, games >= 0 else { return "\(games) games where \(expected) were played" }
        guard outrightWins.count == scores.count, scores.count == scoreCounts.count, scores.count <= 10_000 else { return "the seats' tables differ in length" }
        // Every count bounded before any sum, so that a forged part cannot overflow one.
        let counts = 0...games
        guard counts.contains(ties), outrightWins.allSatisfy(counts.contains), outrightWins.reduce(ties, +) == games else {
            return "wins and ties do not add up to the games"
        }
        for (seat, (moments, table)) in zip(scores, scoreCounts).enumerated() {
            if let problem = table.invariantViolation { return "seat \(seat + 1): \(problem)" }
            guard moments.count == games, table.counts.allSatisfy(counts.contains), table.total == games else { return "seat \(seat + 1)'s scores are not one a game" }
            if let problem = moments.invariantViolation { return "seat \(seat + 1): \(problem)" }
        }
        for moments in [timeoutShare, unansweredShare, pointsPerQuestion, hintsPerQuestion] {
            guard moments.count == games else { return "a per-game share is not one a game" }
            if let problem = moments.invariantViolation { return problem }
        }
        // A game asks at most 10,000 questions (SW6), so no count of questions can pass this.
        let questions = 1...(games.multipliedReportingOverflow(by: 10_000).overflow ? Int.max : max(games * 10_000, 1))
        for cell in cells {
            guard questions.contains(cell.questions), (0...cell.questions).contains(cell.timeouts), (cell.timeouts...cell.questions).contains(cell.unanswered),
                cell.points.count == cell.questions, cell.hints.count == cell.questions, cell.firstTeamPoints.count == cell.questions
            else { return "the questions of difficulty \(cell.level), \(cell.length) letters do not add up" }
        }
        guard zip(cells, cells.dropFirst()).allSatisfy({ [$0.level, $0.length].lexicographicallyPrecedes([$1.level, $1.length]) }) else {
            return "questions by difficulty and length out of order"
        }
        for cell in byHints {
            guard cell.hints >= 0, questions.contains(cell.questions), cell.points.count == cell.questions, cell.points.invariantViolation == nil else {
                return "the questions with \(cell.hints) shakes do not add up"
            }
        }
        guard zip(byHints, byHints.dropFirst()).allSatisfy({ $0.hints < $1.hints }) else { return "questions by shakes out of order" }
        guard cells.count <= 1_000_000, byHints.count <= 1_000_000,
            cells.reduce(0, { $0.addingReportingOverflow($1.questions).overflow ? Int.max : $0 + $1.questions })
                == byHints.reduce(0, { $0.addingReportingOverflow($1.questions).overflow ? Int.max : $0 + $1.questions })
        else { return "questions by shakes and by length differ" }
        return nil
    }
}
