import Foundation
import Diagnostics
import RelentlessCalibration
import RelentlessSimulation

/// The fitted persona as a `Players.plist` ready to use: every key written out (a design's own
/// personas may differ from the shipped ones a `base` would name), the fitted keys with their
/// intervals in comments, and a default team of the playtests' most common size.
public enum FittedPlayersFile {
    /// - Parameters:
    ///   - personas: the design's personas, written out in full after the fitted one, so that
    ///     its teams (a Balance.plist's, `--team`) still play with this file in its place.
    /// The fitted personas' names: `name`, or `name-seat1`, `name-seat2`, … for a per-seat fit.
    public static func names(_ result: CalibrationResult, name: String) -> [String] {
        result.personas.count == 1 ? [name] : result.personas.indices.map { "\(name)-seat\($0 + 1)" }
    }

    public static func text(_ result: CalibrationResult, name: String, team: Int, personas: [Persona]) -> String {
        let names = names(result, name: name)
        func comment(seat: Int?) -> (String) -> String {
            { key in
            guard let f = result.fitted.first(where: { $0.parameter.rawValue == key && $0.seat == seat }) else { return "" }
            let level = Int((result.settings.level * 100).rounded())
            let interval = "\(CalibrationNumbers.significant(f.interval.lowerBound, 3))…\(CalibrationNumbers.significant(f.interval.upperBound, 3))"
            let what = f.parameter.isTableFactor ? "fitted factor \(CalibrationNumbers.significant(f.median, 3)) on \(xmlComment(result.settings.base.name))'s" : "fitted"
            return " <!-- \(what), \(level)% interval \(interval)\(f.pinnedDown ? "" : "; not pinned down by the logs") -->"
            }
        }
        let team = names.count == 1 ? Array(repeating: names[0], count: max(1, team)) : names
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <!-- Written by playbench calibrate: \(names.map(xmlComment).joined(separator: ", ")) \(names.count == 1 ? "is" : "are") \(xmlComment(result.settings.base.name)) fitted to \(counted(result.playtests, "playtest")) (\(counted(result.rounds, "round"))). -->
            <!-- Use it as the design's Players.plist (its default team plays the fitted persona; the design's own personas follow it, written out in full), or copy the persona from it. -->
            <plist version="1.0">
            <dict>
              <key>defaultTeam</key>
              <array>\(team.map { "<string>\(xmlEscaped($0))</string>" }.joined())</array>
              <key>personas</key>
              <dict>

            """
        for (seat, var persona) in result.personas.enumerated() {
            persona.name = names[seat]
            text += entry(persona, comment: comment(seat: result.personas.count == 1 ? nil : seat))
        }
        for persona in personas where !names.contains(persona.name) { text += entry(persona, comment: { _ in "" }) }
        text += """
              </dict>
            </dict>
            </plist>

            """
        return text
    }

    /// One persona, every key written out.
    static func entry(_ p: Persona, comment: (String) -> String) -> String {
        func number(_ x: Double) -> String { "<real>\(CalibrationNumbers.significant(x, 6))</real>" }
        func table(_ t: KindTable) -> String {
            "<dict><key>stateful</key>\(number(t.stateful)) <key>titled</key>\(number(t.titled)) <key>rhythmic</key>\(number(t.rhythmic)) <key>assembled</key>\(number(t.assembled))</dict>"
        }
        let entries: [(String, String)] = [
            ("describeSeconds", table(p.describeSeconds)), ("identifySeconds", table(p.identifySeconds)), ("findSeconds", number(p.findSeconds)),
            ("packSeconds", number(p.packSeconds)), ("assembleSeconds", number(p.assembleSeconds)), ("passSeconds", number(p.passSeconds)),
            ("misunderstandChance", table(p.misunderstandChance)), ("confusionPerGroupItem", number(p.confusionPerGroupItem)),
            ("wrongTeammateChance", number(p.wrongTeammateChance)), ("ordersAtOnce", "<integer>\(p.ordersAtOnce)</integer>"),
            ("strategy", "<string>\(p.strategy.rawValue)</string>"), ("hopelessOrders", "<string>\(p.hopelessOrders.rawValue)</string>"),
            ("timeSpread", number(p.timeSpread)),
        ]
        var text = "    <key>\(xmlEscaped(p.name))</key>\n    <dict>\n"
        for (key, value) in entries { text += "      <key>\(key)</key> \(value)\(comment(key))\n" }
        return text + "    </dict>\n"
    }

    static func xmlEscaped(_ s: String) -> String { PlaytestLogWriter.escaped(s) }

    /// A comment may not hold "--".
    static func xmlComment(_ s: String) -> String { xmlEscaped(s).replacingOccurrences(of: "--", with: "- -") }
}

/// Numbers as a fit's results print them.
public enum CalibrationNumbers {
    /// `x` to `digits` significant digits, shortest form: 3.14, 0.0021, 1200.
    public static func significant(_ x: Double, _ digits: Int) -> String {
        guard x.isFinite, x != 0 else { return x.designerText }
        let magnitude = Int((log10(abs(x))).rounded(.down))
        let decimals = max(0, digits - 1 - magnitude)
        var text = x.decimalText(decimals)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
