import Expressions
import Foundation
import MonteCarlo
import ShakyWords
import ShakyWordsReports
import ShakyWordsRuns
import Testing

/// The report's numbers and sentences follow the statistics: games made by hand, whose means are
/// worked out below, recorded into ``QuizStatistics`` and summarised.
@Suite struct QuizReportTests {
    static let easy = 1, medium = 2, hard = 3

    /// Three difficulties; pack "general" holds 3 easy, 4 medium and 2 hard questions; a game
    /// asks 4 of `difficulty`.
    static func design(difficulty: Int? = nil, contests: [[Int]] = [[0, 1]]) throws -> Design {
        func q(_ level: Int, _ answer: String) -> Question { Question(level: level, text: "?", answer: Array(answer)) }
        let questions = [
            q(easy, "CAT"), q(easy, "DOG"), q(easy, "HORSE"), q(medium, "LLAMA"), q(medium, "TIGER"), q(medium, "EEL"), q(medium, "YAK"),
            q(hard, "EMU"), q(hard, "ZEBRA"),
        ]
        let packs = QuizPacks(difficulties: ["easy", "medium", "hard"], packs: [QuizPack(name: "general", alphabet: Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), questions: questions)])
        let rules = Rules(
            pack: "general", questions: 4, difficulty: difficulty, worth: try Expression(parsing: "4 + length", variables: Rules.scope),
            hintCost: Expression(constant: 1, variables: Rules.scope))
        let personas = [Persona(name: "quick", solveSeconds: [10, 20, 30]), Persona(name: "casual", solveSeconds: [20, 40, 60])]
        return Design(packs: packs, rules: rules, personas: personas, contests: contests)
    }

    /// A question of `level` and `length`: answered by `winner` for `points`, or timed out.
    static func asked(_ level: Int, _ length: Int, winner: Int?, points: Int = 0, hints: Int = 0) -> GameRecord.Asked {
        let outcome = QuestionOutcome(hints: hints, order: winner.map { [$0] } ?? [], firstIndication: winner == nil ? nil : 5, winner: winner, points: winner == nil ? 0 : points)
        return GameRecord.Asked(level: level, length: length, outcome: outcome)
    }

    /// Three games of quick (seat 1) against casual (seat 2), `low` and `high` the levels of the
    /// questions that pay little and much:
    ///
    /// - high 3 letters pays 6, 6, 4 (mean 16/3); high 5 letters 8, 8, 6 — high: 38/6 ≈ 6.33
    /// - low 3 letters pays 2, 2, timeout; low 5 letters timeout, 4, 4 — low: 12/6 = 2
    /// - timeouts 1/4, 0, 1/4 a game: 1/6 ≈ 16.7%
    /// - scores quick 8, 18, 8 (mean 34/3, p10 8, median 8, p90 18), casual 8, 2, 6; quick wins 2 of 3, one tie
    /// - shakes: 3 letters 0, 0, 0, 1, 1, 2 (4/6); 5 letters 0, 0, 0, 3, 2, 2 (7/6); points 3 letters 20/6, 5 letters 30/6
    static func games(low: Int, high: Int) -> [GameRecord] {
        [
            GameRecord(
                questions: [
                    asked(high, 3, winner: 0, points: 6), asked(high, 5, winner: 1, points: 8), asked(low, 3, winner: 0, points: 2, hints: 1),
                    asked(low, 5, winner: nil, hints: 3),
                ], scores: [8, 8]),
            GameRecord(
                questions: [
                    asked(high, 3, winner: 0, points: 6), asked(high, 5, winner: 0, points: 8), asked(low, 3, winner: 1, points: 2, hints: 1),
                    asked(low, 5, winner: 0, points: 4, hints: 2),
                ], scores: [18, 2]),
            GameRecord(
                questions: [
                    asked(high, 3, winner: 0, points: 4), asked(high, 5, winner: 1, points: 6), asked(low, 3, winner: nil, hints: 2),
                    asked(low, 5, winner: 0, points: 4, hints: 2),
                ], scores: [8, 6]),
        ]
    }

    static func statistics(_ games: [GameRecord]) -> QuizStatistics {
        var s = QuizStatistics()
        for game in games { s.record(game) }
        return s
    }

    static func summary(low: Int = hard, high: Int = easy, complete: Bool = true) throws -> QuizSummary {
        let design = try design()
        return QuizSummary(
            design: design, label: "Designs/shaky", seed: 7, gamesRequested: 3, contests: [(design.contestName(0), statistics(games(low: low, high: high)))],
            complete: complete)
    }

    /// The pool's answers are 3 letters (five) and 5 (four): the longest third starts at 5. The
    /// hand-made games leave 1 of their 6 five-letter questions unanswered; games under another
    /// rule that answer all 6 keep long answers more winnable, and the sentence says which.
    @Test func theSpellingComparisonNamesTheRuleWithFewestLongAnswersLost() throws {
        let design = try Self.design()
        let asPlayed = Self.statistics(Self.games(low: Self.hard, high: Self.easy))
        let allAnswered = Self.statistics(
            (0..<3).map { _ in
                GameRecord(questions: [Self.asked(Self.easy, 5, winner: 0, points: 9), Self.asked(Self.hard, 5, winner: 1, points: 9)], scores: [9, 9])
            })
        func summary(_ other: QuizStatistics) -> QuizSummary {
            QuizSummary(
                design: design, label: "d", seed: 1, gamesRequested: 3, contests: [(design.contestName(0), asPlayed)], complete: true,
                spelling: [(rule: .tolerant, statistics: other)])
        }
        let better = try #require(summary(allAnswered).spelling)
        #expect(better.longFrom == 5)
        #expect(better.rules.map(\.rule) == ["exact", "tolerant"])
        #expect(better.rules[0].asPlayed && !better.rules[1].asPlayed)
        #expect(better.rules[0].longQuestions == 6 && abs(better.rules[0].longUnanswered.value - 1.0 / 6) < 1e-12)
        #expect(better.rules[1].longUnanswered.value == 0)
        #expect(better.sentence.contains("Tolerant keeps long answers most winnable"))
        let worse = try #require(summary(Self.statistics(Self.games(low: Self.hard, high: Self.easy).map { game in
            var g = game
            g.questions = g.questions.map { q in q.length == 5 ? Self.asked(q.level, 5, winner: nil) : q }
            return g
        })).spelling)
        #expect(worse.rules[1].longUnanswered.value == 1)
        #expect(worse.sentence.contains("Exact keeps long answers most winnable"))
        #expect(QuizMarkdown.render(summary(allAnswered)).contains("Which spelling rule keeps long answers winnable? (SW10)"))
        let single = QuizSummary(design: design, label: "d", seed: 1, gamesRequested: 3, contests: [(design.contestName(0), asPlayed)], complete: true)
        #expect(single.spelling == nil)
    }

    @Test func theMetricsAreTheStatistics() throws {
        let contest = try #require(try Self.summary().contests.first)
        #expect(contest.name == "quick vs casual" && contest.teams == ["quick", "casual"] && contest.games == 3)
        #expect(contest.metrics.map(\.metric) == QuizMetric.allCases.map(\.rawValue))
        let wins = try #require(contest.metric(.firstTeamWins)).estimate
        #expect(abs(wins.value - 2.0 / 3) < 1e-12)
        #expect(abs(try #require(contest.metric(.ties)).estimate.value - 1.0 / 3) < 1e-12)
        #expect(abs(try #require(contest.metric(.timeouts)).estimate.value - 1.0 / 6) < 1e-12)
        #expect(abs(try #require(contest.metric(.points)).estimate.value - 50.0 / 12) < 1e-12)
        #expect(abs(try #require(contest.metric(.firstTeamScore)).estimate.value - 34.0 / 3) < 1e-12)
        let interval = try #require(wins.lower.flatMap { l in wins.upper.map { l...$0 } })
        #expect(interval == Proportion(2, of: 3).interval(.ninetyFive))
    }

    @Test func theCellsAreByDifficultyAndLength() throws {
        let contest = try #require(try Self.summary().contests.first)
        #expect(contest.cells.map { [$0.level, $0.length, $0.questions] } == [[1, 3, 3], [1, 5, 3], [3, 3, 3], [3, 5, 3]])
        let easy5 = contest.cells[1]
        #expect(easy5.difficulty == "easy")
        #expect(abs(easy5.points.value - 22.0 / 3) < 1e-12)
        #expect(abs(easy5.firstTeamPoints.value - 8.0 / 3) < 1e-12)
        #expect(easy5.worth == 9 && easy5.hintCost == 1)
        let hard3 = contest.cells[2]
        #expect(hard3.difficulty == "hard" && abs(hard3.timeouts.value - 1.0 / 3) < 1e-12 && abs(hard3.shakes.value - 4.0 / 3) < 1e-12)
        let points = try #require(contest.answer("points"))
        #expect(points.hasPrefix("quick (the first team) takes 2.8 ["))  // 34/3 a game of 4 questions
        #expect(points.contains("from 1.3 [") && points.contains("(hard, 3 letters)") && points.contains("to 7.3 [") && points.contains("(easy, 5 letters)"))
    }

    @Test func timeoutsOverallAndByDifficulty() throws {
        let contest = try #require(try Self.summary().contests.first)
        let sentence = try #require(contest.answer("timeouts"))
        #expect(sentence.hasPrefix("16.7% ["))
        #expect(sentence.contains("within 60 s"))
        #expect(sentence.contains("easy 0.0% [") && sentence.contains("hard 33.3% ["))
        #expect(contest.difficulties.map(\.difficulty) == ["easy", "hard"])
        #expect(abs(contest.difficulties[1].timeouts.value - 2.0 / 6) < 1e-12)
    }

    @Test func theHardPaysLessSentenceFollowsTheNumbers() throws {
        let less = try #require(try Self.summary(low: Self.hard, high: Self.easy).contests.first)
        let hard = try #require(less.difficulties.last), easy = try #require(less.difficulties.first)
        #expect(abs(hard.points.value - 2) < 1e-12 && abs(easy.points.value - 38.0 / 6) < 1e-12)
        let sentence = try #require(less.answer("difficulty"))
        #expect(sentence.contains("the hardest pays less than the easiest by −4.3 ["))
        #expect(sentence.contains("the intervals separate"))
        #expect(sentence.hasPrefix("Hard questions (worth 8.0 before shakes) pay 2.0 ["))

        let more = try #require(try Self.summary(low: Self.easy, high: Self.hard).contests.first)
        let swapped = try #require(more.answer("difficulty"))
        #expect(swapped.contains("the hardest pays more than the easiest by +4.3 ["))
        #expect(!swapped.contains("pays less"))
    }

    @Test func oneDifficultyCannotBeCompared() throws {
        let design = try Self.design()
        let game = GameRecord(questions: [Self.asked(2, 5, winner: 0, points: 9), Self.asked(2, 3, winner: 1, points: 7)], scores: [9, 7])
        let summary = QuizSummary(design: design, label: "x", seed: 1, gamesRequested: 1, contests: [("quick vs casual", Self.statistics([game]))], complete: true)
        let contest = try #require(summary.contests.first)
        #expect(try #require(contest.answer("difficulty")).hasPrefix("Only medium questions were played"))
        // One game: values without intervals, said so.
        #expect(try #require(contest.answer("wins")).contains("no interval") == false)
        #expect(try #require(contest.answer("scores")).contains("9.0 (one value, no interval)"))
    }

    @Test func shakesAndPointsFromShortToLong() throws {
        let contest = try #require(try Self.summary().contests.first)
        #expect(contest.lengths.map(\.length) == [3, 5])
        #expect(abs(contest.lengths[0].shakes.value - 4.0 / 6) < 1e-12 && abs(contest.lengths[1].shakes.value - 7.0 / 6) < 1e-12)
        // Worth 4 + length, a shake 1: 1/7 of the worth at 3 letters (both difficulties), 1/9 at 5.
        #expect(abs(try #require(contest.lengths[0].costShare) - 1.0 / 7) < 1e-12)
        #expect(abs(contest.lengths[1].revealedPerShake - 0.2) < 1e-12)
        let sentence = try #require(contest.answer("shakes"))
        #expect(sentence.hasPrefix("From the shortest answers (3 letters) to the longest (5), mean shakes rise from 0.67 ["))
        #expect(sentence.contains("to 1.17 ["))
        #expect(sentence.contains("points a question rise from 3.3 [") && sentence.contains("to 5.0 ["))
        #expect(sentence.contains("33.3% of a 3-letter answer in place for 1.0 points (14.3% of its worth)"))
        #expect(contest.shakes.map(\.shakes) == [0, 1, 2, 3])
        #expect(contest.shakes.map(\.questions) == [6, 2, 3, 1])
    }

    @Test func theFirstTeamsWinShareIsItsWinsOverGames() throws {
        let contest = try #require(try Self.summary().contests.first)
        #expect(contest.seats.map(\.team) == ["quick", "casual"])
        #expect(abs(contest.seats[0].winsAlone.value - 2.0 / 3) < 1e-12 && contest.seats[1].winsAlone.value == 0)
        let sentence = try #require(contest.answer("wins"))
        #expect(sentence.hasPrefix("quick (the first team) wins 66.7% ["))
        #expect(sentence.contains("casual 0.0% [") && sentence.contains("33.3% [") && sentence.contains("are ties"))
        #expect(sentence.contains("quick wins most often"))
    }

    @Test func scoresHaveQuantiles() throws {
        let seats = try #require(try Self.summary().contests.first).seats
        #expect(seats[0].p10 == 8 && seats[0].median == 8 && seats[0].p90 == 18)
        #expect(seats[1].p10 == 2 && seats[1].median == 6 && seats[1].p90 == 8)
        #expect(abs(seats[0].score.value - 34.0 / 3) < 1e-12)
        #expect(seats[0].scores == [8, 18] && seats[0].games == [2, 1])
        let sentence = try #require(try Self.summary().contests.first?.answer("scores"))
        #expect(sentence.contains("quick scores 11.3 [") && sentence.contains("(p10 8, median 8, p90 18)"))
    }

    @Test func aShortPackIsReported() throws {
        let summary = try Self.summary()
        let pack = summary.pack
        #expect(pack.levels.map(\.inPack) == [3, 4, 2])
        #expect(pack.levels.map(\.short) == [true, false, true])
        #expect(pack.levels.map(\.played) == [6, 0, 6] && pack.questionsPlayed == 12)
        #expect(pack.sentences.contains("The pack holds only 2 hard questions, fewer than the 4 a game asks: a game of hard questions alone cannot be drawn from it (SW6)."))
        #expect(pack.sentences.contains("The pack holds only 3 easy questions, fewer than the 4 a game asks: a game of easy questions alone cannot be drawn from it (SW6)."))
        #expect(!pack.sentences.contains { $0.contains("only 4 medium") })
        #expect(pack.sentences.contains { $0.hasPrefix("The pack is not balanced: it holds 2.0 times as many medium questions (4) as hard (2)") })
        #expect(pack.sentences.contains { $0.contains("easy 50.0%, medium 0.0%, hard 50.0%") })

        let hardOnly = try Self.design(difficulty: Self.hard)
        let short = QuizSummary(design: hardOnly, label: "x", seed: 1, gamesRequested: 0, contests: [], complete: true)
        #expect(short.pack.poolSize == 2 && short.pack.difficulty == "hard")
        #expect(short.pack.sentences.contains { $0.hasPrefix("The pool holds 2, fewer than the 4 questions a game asks") })
    }

    @Test func aSoloContestAnswersForItsTeam() throws {
        let design = try Self.design(contests: [[1]])
        let games = [
            GameRecord(questions: [Self.asked(1, 3, winner: 0, points: 6), Self.asked(3, 5, winner: nil)], scores: [6]),
            GameRecord(questions: [Self.asked(1, 3, winner: 0, points: 4), Self.asked(3, 5, winner: 0, points: 2)], scores: [6]),
        ]
        let summary = QuizSummary(design: design, label: "x", seed: 1, gamesRequested: 2, contests: [("casual", Self.statistics(games))], complete: true)
        let contest = try #require(summary.contests.first)
        #expect(contest.isSolo && contest.teams == ["casual"])
        #expect(try #require(contest.answer("points")).hasPrefix("Playing alone, casual takes 3.0 ["))
        #expect(try #require(contest.answer("wins")).hasPrefix("casual plays alone"))
        #expect(summary.teams.map(\.name) == ["casual"])
    }

    @Test func twoSeatsOfOneTeamAreToldApart() throws {
        let design = try Self.design(contests: [[1, 1]])
        let summary = QuizSummary(
            design: design, label: "x", seed: 1, gamesRequested: 3, contests: [(design.contestName(0), Self.statistics(Self.games(low: Self.hard, high: Self.easy)))],
            complete: true)
        let contest = try #require(summary.contests.first)
        #expect(contest.name == "casual vs casual")
        let wins = try #require(contest.answer("wins"))
        #expect(wins.hasPrefix("casual (the first team) wins 66.7% [") && wins.contains(", casual (seat 2) 0.0% ["))
        #expect(wins.contains("casual (seat 1) wins most often"))
        #expect(try #require(contest.answer("points")).contains("against casual (seat 2)"))
    }

    @Test func theRenderingsSayItAll() throws {
        let summary = try Self.summary(complete: false)
        let text = QuizText.render(summary, how: "0.01 s on 1 thread")
        #expect(text.hasSuffix("\n(0.01 s on 1 thread)\n"))
        #expect(text.contains("Partial: the run was interrupted"))
        #expect(text.contains("worth `4 + length`, a shake costs `1`, at least 1 (SW8)"))
        #expect(text.contains("60 s to indicate, then at most 20 s; 60 s to answer (SW7)"))
        #expect(text.contains("seed 7") && text.contains("not a measurement"))
        for contest in summary.contests { for answer in contest.answers { #expect(text.contains(answer.sentence)) } }

        let md = QuizMarkdown.render(summary)
        #expect(md.hasPrefix("# Shaky Words"))
        #expect(md.contains("**Partial: the run was interrupted.**"))
        #expect(md.contains(try #require(summary.contests.first?.answer("difficulty"))))
        #expect(md.contains("| firstTeamWins | 66.7% ["))

        let html = QuizHTML.render(summary)
        #expect(html.hasPrefix("<!doctype html>") && html.hasSuffix("</html>\n"))
        #expect(html.contains("<svg") && html.contains("data-section=\"wins\"") && html.contains("Partial: the run was interrupted."))
        #expect(!html.contains("<script") && !html.contains("https://"))
    }

    @Test func aContestWithoutGamesSaysSo() throws {
        let design = try Self.design()
        let summary = QuizSummary(design: design, label: "x", seed: 1, gamesRequested: 5, contests: [(design.contestName(0), QuizStatistics())], complete: false)
        let contest = try #require(summary.contests.first)
        #expect(contest.games == 0 && contest.answers.count == 6)
        #expect(contest.answers.allSatisfy { $0.sentence.hasPrefix("No game of quick vs casual was played") })
        #expect(QuizText.render(summary, how: "interrupted").contains("Partial: the run was interrupted"))
        _ = QuizHTML.render(summary) + QuizMarkdown.render(summary)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try !encoder.encode(summary).isEmpty)
    }

    @Test func theJSONIsPlainAndDeterministic() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let first = try encoder.encode(try Self.summary()), second = try encoder.encode(try Self.summary())
        #expect(first == second)
        let object = try #require(try JSONSerialization.jsonObject(with: first) as? [String: Any])
        #expect(object["seed"] as? Int == 7 && object["complete"] as? Bool == true)
        let contests = try #require(object["contests"] as? [[String: Any]])
        #expect(contests.first?["name"] as? String == "quick vs casual")
        #expect(contests.first?["personaIndices"] == nil)
        let rules = try #require(object["rules"] as? [String: Any])
        #expect(rules["worth"] as? String == "4 + length" && rules["hintOrder"] as? String == "fromStart")
    }
}
