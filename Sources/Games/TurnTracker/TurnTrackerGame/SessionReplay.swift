import Diagnostics
import TurnTracker
import TurnTrackerReports

/// `simulate --replay`: one session step by step, as the app would have shown it, with each
/// turn's time, the forgotten readies and the timer's expiries.
enum SessionReplay {
    static func text(_ design: SessionDesign, table index: Int, seed: UInt64) -> String {
        let table = design.tables[index]
        let game = design.games[table.game]
        let personas = table.players.map { design.personas[$0] }
        let record = SessionPlay.play(design, table: index, seed: seed, recordSteps: true)
        var text = "\(design.name(of: table)): a session of \(counted(record.rounds, "round")) (session seed \(seed))\n"
        if let timer = design.timings[table.game]?.turnTimer { text += "turn timer: \(SessionFormat.seconds(timer))\n" }
        var round = -1
        for step in record.steps {
            if step.step.round != round {
                round = step.step.round
                text += "\nRound \(round + 1)\n"
            }
            let phase = game.phases[step.step.phase]
            let who: String
            switch step.step.turn {
            case .everyone: who = "everyone"
            case .together: who = "together"
            case .player(let seat): who = "seat \(seat + 1) (\(personas[seat].name))"
            }
            text += "  \(clock(step.start))  \(phase.name), \(who): \(SessionFormat.seconds(step.seconds))\n"
            for turn in step.turns where step.turns.count > 1 || turn.forgot || turn.expired {
                var line = "      seat \(turn.player + 1) (\(personas[turn.player].name)): actions \(SessionFormat.seconds(turn.actions))"
                if turn.forgot { line += ", forgot ready, pressed at \(SessionFormat.seconds(turn.ready))" }
                if turn.expired { line += ", the timer ran out" }
                text += line + "\n"
            }
        }
        let waiting = zip(personas, record.waitingShare).enumerated().map { "seat \($0 + 1) (\($1.0.name)) \(SessionFormat.percent($1.1))" }
        text += "\nSession: \(SessionFormat.seconds(record.seconds)); waiting: \(waiting.joined(separator: ", ")); "
        text += "\(counted(record.forgotten, "forgotten ready", "forgotten readies")), \(counted(record.expiries, "timer expiry", "timer expiries"))\n"
        return text
    }

    /// h:mm:ss from the session's start.
    static func clock(_ seconds: Double) -> String {
        guard seconds < 3.6e12 else { return "past 1,000,000:00:00" }
        let whole = Int(seconds.rounded())
        let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60)
        return "\(h):\(m < 10 ? "0" : "")\(m):\(s < 10 ? "0" : "")\(s)"
    }
}
