import MonteCarlo
import ShakyWords
import ShakyWordsRuns

extension QuizSummary {
    /// One contest (a lineup of teams, in seat order) over its games: every metric, the tables the
    /// answers rest on, and the answers.
    public struct Contest: Sendable, Encodable {
        /// "A vs B": the personas in seat order; the first is the first team.
        public var name: String
        public var teams: [String]
        public var games: Int
        public var metrics: [MetricRow]
        /// Questions by difficulty and answer length (question 1).
        public var cells: [Cell]
        /// Questions by difficulty, lengths pooled (questions 2 and 3).
        public var difficulties: [DifficultyRow]
        /// Questions by answer length, difficulties pooled (question 4).
        public var lengths: [LengthRow]
        /// Questions by the shakes they had (question 4).
        public var shakes: [ShakeRow]
        /// Each seat's wins and scores (questions 5 and 7).
        public var seats: [Seat]
        public var ties: Estimate
        /// The answers, in the order of the questions.
        public var answers: [Answer]
        /// The design's personas of the seats, by index.
        var personaIndices: [Int]

        private enum CodingKeys: String, CodingKey {
            case name, teams, games, metrics, cells, difficulties, lengths, shakes, seats, ties, answers
        }

        /// The sentence answering question `id` ("points", "timeouts", "difficulty", "shakes",
        /// "wins", "scores").
        public func answer(_ id: String) -> String? { answers.first { $0.id == id }?.sentence }

        public var isSolo: Bool { teams.count == 1 }

        init(name: String, personas: [Int], statistics s: QuizStatistics, design: Design, gamesRequested: Int, _ confidence: Confidence) {
            self.name = name
            personaIndices = personas
            let seatCount = max(personas.count, s.outrightWins.count)
            teams = (0..<seatCount).map { $0 < personas.count ? design.personas[personas[$0]].name : "team \($0 + 1)" }
            games = s.games
            metrics = QuizMetric.allCases.map { MetricRow($0, s, confidence) }
            let rules = design.rules
            cells = s.cells.map { Cell($0, design: design, confidence) }
            difficulties = DifficultyRow.rows(s.cells, design: design, confidence)
            lengths = LengthRow.rows(s.cells, rules: rules, confidence)
            shakes = s.byHints.map { ShakeRow(shakes: $0.hints, questions: $0.questions, points: Estimate($0.points, confidence)) }
            seats = (0..<seatCount).map { seat in
                let table = seat < s.scoreCounts.count ? s.scoreCounts[seat] : CountTable()
                return Seat(
                    seat: seat + 1, team: seat < personas.count ? design.personas[personas[seat]].name : "team \(seat + 1)",
                    winsAlone: Estimate(Proportion(seat < s.outrightWins.count ? s.outrightWins[seat] : 0, of: s.games), confidence),
                    score: Estimate(seat < s.scores.count ? s.scores[seat] : Moments(), confidence),
                    p10: table.quantile(0.1), median: table.quantile(0.5), p90: table.quantile(0.9), scores: table.values, games: table.counts)
            }
            ties = Estimate(Proportion(s.ties, of: s.games), confidence)
            answers = []
            answers = ContestAnswers(self, design: design, statistics: s, confidence: confidence).all
        }

        /// The metric's row.
        public func metric(_ metric: QuizMetric) -> MetricRow? { metrics.first { $0.metric == metric.rawValue } }
    }

    /// A metric of the contest's games with its interval (as `simulate`'s table shows it).
    public struct MetricRow: Sendable, Codable, Hashable {
        public var metric: String
        public var summary: String
        /// A share (shown as a percentage) rather than a mean.
        public var isShare: Bool
        public var decimals: Int
        public var estimate: Estimate

        init(_ metric: QuizMetric, _ s: QuizStatistics, _ confidence: Confidence) {
            self.metric = metric.rawValue
            summary = metric.summary
            isShare = metric.isShare
            decimals = metric.decimals
            if let estimate = metric.estimate(s, confidence: confidence) {
                self.estimate = Estimate(estimate)
            } else {
                // One game or none: the value without an interval.
                let moments: Moments
                switch metric {
                case .firstTeamWins:
                    estimate = Estimate(Proportion(s.outrightWins.first ?? 0, of: s.games), confidence)
                    return
                case .ties:
                    estimate = Estimate(Proportion(s.ties, of: s.games), confidence)
                    return
                case .firstTeamScore: moments = s.scores.first ?? Moments()
                case .timeouts: moments = s.timeoutShare
                case .unanswered: moments = s.unansweredShare
                case .points: moments = s.pointsPerQuestion
                case .hints: moments = s.hintsPerQuestion
                }
                estimate = Estimate(moments, confidence)
            }
        }
    }

    /// Questions of one difficulty and answer length. Their intervals treat the questions as
    /// independent draws (each question is raced on a stream of its own).
    public struct Cell: Sendable, Codable, Hashable {
        public var level: Int
        public var difficulty: String
        public var length: Int
        public var questions: Int
        /// Points the question paid (0 when nobody's answer counted).
        public var points: Estimate
        /// Points the first team took from it.
        public var firstTeamPoints: Estimate
        public var timeouts: Estimate
        public var unanswered: Estimate
        public var shakes: Estimate
        /// Its worth before shakes and the cost of a shake (SW8).
        public var worth: Int
        public var hintCost: Int

        init(_ cell: QuizStatistics.QuestionCell, design: Design, _ confidence: Confidence) {
            level = cell.level
            difficulty = QuizSummary.difficultyName(cell.level, design.packs)
            length = cell.length
            questions = cell.questions
            points = Estimate(cell.points, confidence)
            firstTeamPoints = Estimate(cell.firstTeamPoints, confidence)
            timeouts = Estimate(Proportion(cell.timeouts, of: cell.questions), confidence)
            unanswered = Estimate(Proportion(cell.unanswered, of: cell.questions), confidence)
            shakes = Estimate(cell.hints, confidence)
            (worth, hintCost) = design.rules.worthAndCost(length: cell.length, level: cell.level)
        }
    }

    /// Questions of one difficulty, every length pooled.
    public struct DifficultyRow: Sendable, Codable, Hashable {
        public var level: Int
        public var difficulty: String
        public var questions: Int
        public var points: Estimate
        public var firstTeamPoints: Estimate
        public var timeouts: Estimate
        public var unanswered: Estimate
        public var shakes: Estimate
        /// The mean worth before shakes of the questions played (SW8).
        public var worth: Double
        /// Its points moments, for comparisons; not encoded.
        var pointMoments = Moments()

        private enum CodingKeys: String, CodingKey {
            case level, difficulty, questions, points, firstTeamPoints, timeouts, unanswered, shakes, worth
        }

        static func rows(_ cells: [QuizStatistics.QuestionCell], design: Design, _ confidence: Confidence) -> [DifficultyRow] {
            let levels = Array(Set(cells.map(\.level))).sorted()
            return levels.map { level in
                let of = cells.filter { $0.level == level }
                var points = Moments(), first = Moments(), hints = Moments()
                var questions = 0, timeouts = 0, unanswered = 0, worth = 0.0
                for cell in of {
                    points.merge(cell.points)
                    first.merge(cell.firstTeamPoints)
                    hints.merge(cell.hints)
                    questions += cell.questions
                    timeouts += cell.timeouts
                    unanswered += cell.unanswered
                    worth += Double(design.rules.worthAndCost(length: cell.length, level: level).worth) * Double(cell.questions)
                }
                return DifficultyRow(
                    level: level, difficulty: QuizSummary.difficultyName(level, design.packs), questions: questions,
                    points: Estimate(points, confidence), firstTeamPoints: Estimate(first, confidence),
                    timeouts: Estimate(Proportion(timeouts, of: questions), confidence),
                    unanswered: Estimate(Proportion(unanswered, of: questions), confidence), shakes: Estimate(hints, confidence),
                    worth: questions > 0 ? worth / Double(questions) : 0, pointMoments: points)
            }
        }
    }

    /// Questions whose answer has one length, every difficulty pooled.
    public struct LengthRow: Sendable, Codable, Hashable {
        public var length: Int
        public var questions: Int
        public var points: Estimate
        public var shakes: Estimate
        public var timeouts: Estimate
        /// The mean worth before shakes and cost of a shake of the questions played (SW8).
        public var worth: Double
        public var hintCost: Double
        /// The share of the worth a shake costs (mean over the questions); nil when nothing is
        /// worth more than 0.
        public var costShare: Double?
        /// The share of the answer's letters one shake puts in place (SW9).
        public var revealedPerShake: Double

        static func rows(_ cells: [QuizStatistics.QuestionCell], rules: Rules, _ confidence: Confidence) -> [LengthRow] {
            let lengths = Array(Set(cells.map(\.length))).sorted()
            return lengths.map { length in
                var points = Moments(), hints = Moments()
                var questions = 0, timeouts = 0, worth = 0.0, cost = 0.0, share = 0.0, shared = 0
                for cell in cells where cell.length == length {
                    points.merge(cell.points)
                    hints.merge(cell.hints)
                    questions += cell.questions
                    timeouts += cell.timeouts
                    let w = rules.worthAndCost(length: length, level: cell.level)
                    worth += Double(w.worth) * Double(cell.questions)
                    cost += Double(w.cost) * Double(cell.questions)
                    if w.worth > 0 {
                        share += Double(w.cost) / Double(w.worth) * Double(cell.questions)
                        shared += cell.questions
                    }
                }
                let n = Double(max(questions, 1))
                return LengthRow(
                    length: length, questions: questions, points: Estimate(points, confidence), shakes: Estimate(hints, confidence),
                    timeouts: Estimate(Proportion(timeouts, of: questions), confidence), worth: worth / n, hintCost: cost / n,
                    costShare: shared > 0 ? share / Double(shared) : nil,
                    revealedPerShake: length > 0 ? min(1, Double(rules.lettersPerHint) / Double(length)) : 1)
            }
        }
    }

    /// Questions that had a number of shakes.
    public struct ShakeRow: Sendable, Codable, Hashable {
        public var shakes: Int
        public var questions: Int
        public var points: Estimate
    }

    /// One seat of a contest.
    public struct Seat: Sendable, Codable, Hashable {
        /// From 1, in seat order.
        public var seat: Int
        public var team: String
        /// Share of games it won alone (most points).
        public var winsAlone: Estimate
        /// Its points in a game.
        public var score: Estimate
        public var p10: Int?
        public var median: Int?
        public var p90: Int?
        /// Its scores in a game, and the games that ended with each.
        public var scores: [Int]
        public var games: [Int]
    }

    static func difficultyName(_ level: Int, _ packs: QuizPacks) -> String {
        (1...max(1, packs.difficulties.count)).contains(level) && !packs.difficulties.isEmpty ? packs.difficultyName(level) : "level \(level)"
    }
}
