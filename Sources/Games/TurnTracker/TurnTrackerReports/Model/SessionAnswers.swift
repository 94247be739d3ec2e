import Diagnostics
import GameSeam
import TurnTracker
import TurnTrackerRuns

/// Issue 19's questions answered from a summary's numbers, one sentence a table or game.
enum SessionAnswers {
    static func answers(_ s: SessionSummary) -> [SessionSummary.Answer] {
        let own = s.tables.filter(\.isDesigns)
        let level = Int((s.confidence * 100).rounded())
        func m(_ x: Double) -> String { SessionFormat.minutes(x) }
        var answers: [SessionSummary.Answer] = []

        answers.append(.init(id: "length", question: "How long will a session take? (p10, p50, p90; TT12, TT13)", sentences: own.map { t in
            guard let p10 = t.metric(.sessionP10), let p50 = t.metric(.sessionP50), let p90 = t.metric(.sessionP90), let mean = t.metric(.sessionMinutes) else {
                return "\(t.name): no session was played."
            }
            return "\(t.name): \(m(p50.value)) at the median (\(level)% interval \(m(p50.lower))–\(m(p50.upper))); one session in ten is shorter than \(m(p10.value)), one in ten longer than \(m(p90.value)); \(m(mean.value)) on average over \(t.rounds.decimalText(1)) rounds."
        }))

        answers.append(.init(id: "waiting", question: "How much of each player's time is waiting? (TT14)", sentences: own.map { t in
            let seats = t.seats.enumerated().map { i, seat in "seat \(i + 1) (\(seat.persona)) \(seat.waiting.map { SessionFormat.percent($0.value) } ?? "–")" }
            let mean = t.metric(.waitingShare).map { SessionFormat.percent($0.value) } ?? "–"
            return "\(t.name): \(seats.joined(separator: ", ")); \(mean) on average."
        }))

        var growth = s.growth.map { g -> String in
            guard let first = g.points.first, let last = g.points.last else { return "" }
            let slope = g.minutesPerPlayer.map { "\($0 <= -0.05 ? "−" : "+")\(SessionFormat.minutes(abs($0))) a player" } ?? ""
            return "\(g.game) (\(g.mode == .coop ? "co-op" : "versus"), every player \(g.persona)): \(m(first.p50)) with \(first.players) to \(m(last.p50)) with \(last.players) at the median, \(slope)."
        }
        if growth.isEmpty { growth = ["No game was played at two player counts of one persona (report plays every count a game allows)."] }
        answers.append(.init(id: "growth", question: "How does length grow with players, in co-op and in versus? (TT12, TT13)", sentences: growth))

        answers.append(.init(id: "timer", question: "What turn timer covers 90% of turns' actions, and how often does the design's run out? (TT9)", sentences: own.map { t in
            guard let covers = t.timer(covering: 0.9) else { return "\(t.name): no turn of a player's own was played." }
            var sentence = "\(t.name): a timer of \(SessionFormat.seconds(covers)) covers 90% of turns' actions"
            if let more = t.timer(covering: 0.95) { sentence += " (95%: \(SessionFormat.seconds(more)))" }
            if let timer = t.timer, let share = t.metric(.expiryShare), let count = t.metric(.expiries) {
                sentence += "; the design's \(SessionFormat.seconds(timer)) timer runs out on \(SessionFormat.percent(share.value)) of turns, \(count.value.decimalText(2)) a session"
            } else {
                sentence += "; the design sets no timer"
            }
            return sentence + "."
        }))

        answers.append(.init(id: "forgotten", question: "How often is ready forgotten? (TT10; seeds/000: 1-3 reminders a game)", sentences: own.map { t in
            guard let f = t.metric(.forgotten) else { return "\(t.name): no session was played." }
            return "\(t.name): \(f.value.decimalText(2)) forgotten readies a session (\(level)% interval \(f.lower.decimalText(2))–\(f.upper.decimalText(2)))."
        }))

        answers.append(.init(
            id: "limits", question: "Which definitions break the app's limits? (TT2–TT6)",
            sentences: s.limits.isEmpty
                ? ["None: every phase fits a section's buttons, every game's players fit one phone, and no sequence of presses skips a phase or a turn."]
                : s.limits))
        return answers
    }
}
