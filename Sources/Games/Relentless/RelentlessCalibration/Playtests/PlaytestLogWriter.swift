import Diagnostics
import RelentlessSimulation

/// A playtest log as the property list ``PlaytestLogReader`` reads: what `calibrate
/// --synthetic-log` prints, and what a tool that logs games can write.
public enum PlaytestLogWriter {
    public static func plist(_ log: PlaytestLog) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
              <key>design</key> <string>\(escaped(log.design))</string>
              <key>playtests</key>
              <array>

            """
        for playtest in log.playtests {
            text += "    <dict>\n      <key>name</key> <string>\(escaped(playtest.name))</string>\n"
            text += "      <key>teamSize</key> <integer>\(playtest.teamSize)</integer>\n"
            if let start = playtest.startDifficulty { text += "      <key>startDifficulty</key> <real>\(start.designerText)</real>\n" }
            if let limit = playtest.maxRounds { text += "      <key>maxRounds</key> <integer>\(limit)</integer>\n" }
            text += "      <key>rounds</key>\n      <array>\n"
            for round in playtest.rounds { text += "        " + self.round(round) + "\n" }
            text += "      </array>\n    </dict>\n"
        }
        return text + "  </array>\n</dict>\n</plist>\n"
    }

    static func round(_ round: PlaytestRound) -> String {
        var fields: [String] = []
        func count(_ key: String, _ value: Int?) { if let value { fields.append("<key>\(key)</key><integer>\(value)</integer>") } }
        count("correct", round.correct)
        count("wrong", round.wrong)
        count("timedOut", round.timedOut)
        if let end = round.end { fields.append("<key>end</key><string>\(end.rawValue)</string>") }
        if let seconds = round.endSeconds { fields.append("<key>endSeconds</key><real>\(seconds.designerText)</real>") }
        count("money", round.money)
        if let players = round.players {
            let each = players.map { p in
                var keys: [String] = []
                if let c = p.correct { keys.append("<key>correct</key><integer>\(c)</integer>") }
                if let w = p.wrong { keys.append("<key>wrong</key><integer>\(w)</integer>") }
                if let t = p.timedOut { keys.append("<key>timedOut</key><integer>\(t)</integer>") }
                return "<dict>\(keys.joined())</dict>"
            }
            fields.append("<key>players</key><array>\(each.joined())</array>")
        }
        return "<dict>\(fields.joined(separator: " "))</dict>"
    }

    /// Text for an XML element or comment body: &, < and > escaped.
    public static func escaped(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(c)
            }
        }
        return out
    }
}
