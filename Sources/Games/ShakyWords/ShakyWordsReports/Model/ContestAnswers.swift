import MonteCarlo
import ReportKit
import ShakyWords
import ShakyWordsRuns

/// The game maker's questions about one contest, each answered in a sentence whose every number
/// carries its interval: the points a question pays (1), timeouts (2), whether a hard question
/// pays less (3), whether a fixed cost per shake is fair across lengths (4), who wins (5), and
/// the scores a game ends with (7).
struct ContestAnswers {
    typealias Estimate = QuizSummary.Estimate
    let contest: QuizSummary.Contest
    let design: Design
    let statistics: QuizStatistics
    let confidence: Confidence

    init(_ contest: QuizSummary.Contest, design: Design, statistics: QuizStatistics, confidence: Confidence) {
        self.contest = contest
        self.design = design
        self.statistics = statistics
        self.confidence = confidence
    }

    var level: Int { Int((confidence.level * 100).rounded()) }

    /// How a sentence names seat `i` (from 0): its team, with its seat when another seat has
    /// the same team ("casual (seat 2)").
    func seatName(_ i: Int) -> String {
        let name = contest.teams[i]
        return contest.teams.count { $0 == name } > 1 ? "\(name) (seat \(i + 1))" : name
    }

    var all: [QuizSummary.Answer] {
        guard contest.games > 0 else {
            let none = "No game of \(contest.name) was played (the run was interrupted before it began)."
            return Self.questions.map { QuizSummary.Answer(id: $0.id, question: $0.question, sentence: none) }
        }
        let sentences = [points, timeouts, difficulty, shakes, wins, scores]
        return zip(Self.questions, sentences).map { QuizSummary.Answer(id: $0.id, question: $0.question, sentence: $1) }
    }

    static let questions: [(id: String, question: String)] = [
        ("points", "How many points does a team expect from a question of a given length and difficulty?"),
        ("timeouts", "How often does a question time out?"),
        ("difficulty", "Does a hard question really pay less?"),
        ("shakes", "Is a fixed cost per shake fair across answer lengths?"),
        ("wins", "How often does each team win?"),
        ("scores", "What scores does a game end with?"),
    ]

    /// Question 1: the first team's points per question, a question's, and the cells' range.
    var points: String {
        let perQuestion = contest.metric(.points)!.estimate
        let questions = max(design.rules.questions, 1)
        let first = contest.metric(.firstTeamScore)!.estimate
        let firstPerQuestion = Estimate(
            value: first.value / Double(questions), lower: first.lower.map { $0 / Double(questions) },
            upper: first.upper.map { $0 / Double(questions) }, sample: first.sample)
        var text: String
        if contest.isSolo {
            text = "Playing alone, \(contest.teams[0]) takes \(QuizFormat.mean(perQuestion)) points a question (SW8)"
        } else {
            let others = QuizFormat.list(contest.teams.indices.dropFirst().map(seatName))
            text = "\(contest.teams[0]) (the first team) takes \(QuizFormat.mean(firstPerQuestion)) points a question against \(others), "
            text += "and a question pays \(QuizFormat.mean(perQuestion)) points to whoever answers it (SW8)"
        }
        let played = contest.cells.filter { $0.questions > 0 }
        guard let low = played.min(by: { ($0.points.value, $0.level, $0.length) < ($1.points.value, $1.level, $1.length) }),
            let high = played.max(by: { ($0.points.value, -$0.level, -$0.length) < ($1.points.value, -$1.level, -$1.length) })
        else { return text + "." }
        if played.count == 1 {
            return text + "; every question played was \(low.difficulty) with \(QuizFormat.counted(low.length, "letter"))."
        }
        text += "; by difficulty and length, from \(QuizFormat.mean(low.points)) points (\(low.difficulty), \(QuizFormat.counted(low.length, "letter"))) "
        text += "to \(QuizFormat.mean(high.points)) (\(high.difficulty), \(QuizFormat.counted(high.length, "letter"))); "
        text += "the table gives every difficulty and length."
        return text
    }

    /// Question 2: the share of questions nobody indicated, overall and by difficulty.
    var timeouts: String {
        let overall = contest.metric(.timeouts)!.estimate, unanswered = contest.metric(.unanswered)!.estimate
        var text = "\(QuizFormat.share(overall)) of a game's questions time out, nobody indicating within \(QuizFormat.seconds(design.rules.indicationWindow)) s (SW7)"
        if contest.difficulties.count > 1 {
            text += "; by difficulty: " + contest.difficulties.map { "\($0.difficulty) \(QuizFormat.share($0.timeouts))" }.joined(separator: ", ")
        }
        text += ". \(QuizFormat.share(unanswered)) go unanswered (timed out, out of answer time, or no answer accepted, SW7, SW10)."
        return text
    }

    /// Question 3: the easiest against the hardest difficulty played, lengths pooled.
    var difficulty: String {
        let rows = contest.difficulties.filter { $0.questions > 0 }
        guard let easy = rows.first, let hard = rows.last, rows.count > 1 else {
            let only = rows.first.map { "Only \($0.difficulty) questions were played" } ?? "No question was played"
            return "\(only) (a game asks \(design.rules.difficulty.map { design.packs.difficultyName($0) } ?? "any difficulty")), so this design cannot compare difficulties."
        }
        let gap = Estimate.difference(hard.pointMoments, easy.pointMoments, confidence)
        var text = "\(hard.difficulty.capitalizedFirst) questions (worth \(QuizFormat.number(hard.worth)) before shakes) pay \(QuizFormat.mean(hard.points)) points, "
        text += "\(easy.difficulty) ones (worth \(QuizFormat.number(easy.worth))) \(QuizFormat.mean(easy.points)): "
        let pays = hard.points.value < easy.points.value ? "pays less than" : hard.points.value > easy.points.value ? "pays more than" : "pays as much as"
        text += "the hardest \(pays) the easiest by \(QuizFormat.difference(gap)) points a question"
        switch hard.points.separates(from: easy.points) {
        case true?: text += ", and the intervals separate: settled at \(level)%."
        case false?: text += ", but the intervals overlap: not settled at \(level)%."
        case nil: text += ", with too few questions for an interval."
        }
        if rows.count > 2 {
            text += " In order of difficulty: " + rows.map { "\($0.difficulty) \(QuizFormat.mean($0.points))" }.joined(separator: ", ") + "."
        }
        return text
    }

    /// Question 4: shakes and points from the shortest answers to the longest, and what a shake
    /// costs against what it shows.
    var shakes: String {
        let rows = contest.lengths.filter { $0.questions > 0 }
        let hints = contest.metric(.hints)!.estimate
        guard let short = rows.first, let long = rows.last, rows.count > 1 else {
            let only = rows.first.map { "Every answer played has \(QuizFormat.counted($0.length, "letter"))" } ?? "No question was played"
            return "\(only), so this design cannot compare lengths; a question has \(QuizFormat.mean(hints, 2)) shakes (SW9)."
        }
        func change(_ what: String, _ a: Estimate, _ b: Estimate, _ digits: Int) -> String {
            let verb = b.value > a.value ? "rise" : b.value < a.value ? "fall" : "stay"
            var text = verb == "stay" ? "\(what) stay at \(QuizFormat.mean(a, digits)) and \(QuizFormat.mean(b, digits))"
                : "\(what) \(verb) from \(QuizFormat.mean(a, digits)) to \(QuizFormat.mean(b, digits))"
            switch a.separates(from: b) {
            case true?: text += " (the intervals separate)"
            case false?: text += " (the intervals overlap)"
            case nil: break
            }
            return text
        }
        var text = "From the shortest answers (\(QuizFormat.counted(short.length, "letter"))) to the longest (\(long.length)), "
        text += change("mean shakes", short.shakes, long.shakes, 2) + " and " + change("points a question", short.points, long.points, 1) + "; "
        func cost(_ row: QuizSummary.LengthRow) -> String {
            let share = row.costShare.map { " (\(QuizFormat.percent($0)) of its worth)" } ?? ""
            return "\(QuizFormat.percent(row.revealedPerShake)) of \(QuizFormat.article(row.length)) \(row.length)-letter answer in place for \(QuizFormat.number(row.hintCost)) points\(share)"
        }
        text += "a shake puts \(cost(short)), and \(cost(long)) (SW8, SW9)."
        let shaken = contest.shakes.filter { $0.questions > 0 }
        if let none = shaken.first, let most = shaken.last, shaken.count > 1 {
            text += " Questions with \(QuizFormat.counted(none.shakes, "shake")) pay \(QuizFormat.mean(none.points)) points, "
            text += "those with \(most.shakes) \(QuizFormat.mean(most.points))."
        }
        return text
    }

    /// Question 5: each seat's outright wins and the ties.
    var wins: String {
        if contest.isSolo {
            return "\(contest.teams[0]) plays alone and leads every game, so there is no winner to count; its points answer the other questions."
        }
        let seats = contest.seats
        var text = seats.enumerated().map { i, seat in
            let who = i == 0 ? "\(seat.team) (the first team)" : seatName(i)
            return "\(who) \(i == 0 ? "wins " : "")\(QuizFormat.share(seat.winsAlone))"
        }.joined(separator: ", ")
        text += " of games outright; \(QuizFormat.share(contest.ties)) are ties"
        let ranked = seats.sorted { ($0.winsAlone.value, -$0.seat) > ($1.winsAlone.value, -$1.seat) }
        let top = ranked[0], next = ranked[1]
        let topName = seatName(top.seat - 1), nextName = seatName(next.seat - 1)
        if top.winsAlone.value == next.winsAlone.value {
            text += ". \(topName) and \(nextName) win equally often."
        } else {
            text += ". \(topName) wins most often"
            switch top.winsAlone.separates(from: next.winsAlone) {
            case true?: text += ", ahead of \(nextName) with the intervals apart: settled at \(level)%."
            case false?: text += ", but its interval overlaps \(nextName)'s: not settled at \(level)%."
            case nil: text += "."
            }
        }
        return text
    }

    /// Question 7: each seat's scores.
    var scores: String {
        let parts = contest.seats.map { seat in
            var text = "\(seatName(seat.seat - 1)) scores \(QuizFormat.mean(seat.score)) points a game on average"
            if let p10 = seat.p10, let median = seat.median, let p90 = seat.p90 { text += " (p10 \(p10), median \(median), p90 \(p90))" }
            return text
        }
        return parts.joined(separator: "; ") + "."
    }
}
