import Diagnostics
import Foundation
import GameSeam
import Relentless
import ReportKit

/// `playbench params`'s table: one row per key, one column per difficulty of the ramp, then the
/// text each value came from. Text and Markdown show reals (difficulties too) to 4 decimals; CSV in full.
enum ParameterScheduleText {
    static func render(_ schedule: ParameterSchedule, label: String, start: Double?, as format: TableFormat) -> String {
        switch format {
        case .csv: csv(schedule)
        case .text: text(schedule, label: label, start: start)
        case .markdown: markdown(schedule, label: label, start: start)
        }
    }

    /// "integer", "integer, ceiled (C7)", "real", "per order (P5)".
    static func type(of row: ParameterSchedule.Row) -> String {
        if row.values == nil { return "per order (P5)" }
        guard row.key.isIntegral else { return "real" }
        return row.isCeiled ? "integer, ceiled (C7)" : "integer"
    }

    /// A value for people: whole numbers as such, others to at most 4 decimals.
    static func short(_ x: Double) -> String {
        guard x.isFinite, x != x.rounded() else { return x.designerText }
        let rounded = (x * 10_000).rounded() / 10_000
        return rounded == rounded.rounded() ? rounded.designerText : "\(rounded)"
    }

    static func heading(_ schedule: ParameterSchedule, label: String, start: Double?) -> String {
        let count = schedule.difficulties.count
        let ramp = schedule.difficulties.first.map { first in
            "from \(first.designerText)\(start == nil ? " (minDifficultyLevel)" : " (--start-difficulty)"), + difficultyChange a round, up to \(schedule.difficulties.last!.designerText)"
        } ?? "none: the difficulty range cannot be read"
        return "\(label): every parameter at the \(count) \(count == 1 ? "difficulty" : "difficulties") a game reaches (M3: \(ramp)), for \(schedule.players) players\n"
    }

    /// One line per key whose value C7 ceils, with an example.
    static func ceilingNotes(_ schedule: ParameterSchedule) -> [String] {
        schedule.rows.compactMap { row in
            let ceiled = row.beforeCeiling.indices.filter { row.beforeCeiling[$0] != nil }
            guard let values = row.values, let i = ceiled.first, let before = row.beforeCeiling[i] else { return nil }
            let at = ceiled.count == schedule.difficulties.count ? "at every difficulty" : "at \(ceiled.count) of \(schedule.difficulties.count) difficulties"
            return "\(row.key.rawValue): C7 takes the ceiling \(at), e.g. \(before.designerText) → \(values[i].designerText) at difficulty \(schedule.difficulties[i].designerText)"
        }
    }

    static func text(_ schedule: ParameterSchedule, label: String, start: Double?) -> String {
        let keyWidth = schedule.rows.map(\.key.rawValue.count).max() ?? 0
        let types = schedule.rows.map(type(of:))
        let typeWidth = max(4, types.map(\.count).max() ?? 0)
        func left(_ s: String, _ width: Int) -> String { s + String(repeating: " ", count: max(0, width - s.count)) }
        let header = [left("key", keyWidth), left("type", typeWidth)] + schedule.difficulties.map(short) + ["from"]
        let rows = zip(schedule.rows, types).map { row, type in
            [left(row.key.rawValue, keyWidth), left(type, typeWidth)]
                + (row.values?.map(short) ?? Array(repeating: "—", count: schedule.difficulties.count)) + [row.source]
        }
        var out = heading(schedule, label: label, start: start)
        // The key and its type name a row: a ramp too long for 100 columns prints in blocks that
        // repeat them.
        out += TextTable.render(header, rows, keys: 2)
        let notes = ceilingNotes(schedule)
        if !notes.isEmpty { out += "\n" + notes.map { $0 + "\n" }.joined() }
        out += "Columns are difficulties; reals and difficulties to 4 decimals (--format csv gives them in full); satisfaction changes are evaluated per delivery (P5, P6).\n"
        return out
    }

    static func markdown(_ schedule: ParameterSchedule, label: String, start: Double?) -> String {
        func cells(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |\n" }
        func code(_ s: String) -> String { "`" + s.replacingOccurrences(of: "|", with: "\\|") + "`" }
        var out = heading(schedule, label: label, start: start) + "\n"
        out += cells(["key", "type"] + schedule.difficulties.map(short) + ["from"])
        out += cells(["---", "---"] + schedule.difficulties.map { _ in "---:" } + ["---"])
        for row in schedule.rows {
            out += cells(
                [code(row.key.rawValue), type(of: row)] + (row.values?.map(short) ?? Array(repeating: "—", count: schedule.difficulties.count))
                    + [row.written.map(code) ?? "fallback: \(row.key.fallbackDescription)"])
        }
        let notes = ceilingNotes(schedule)
        if !notes.isEmpty { out += "\n" + notes.map { "- " + $0 + "\n" }.joined() }
        return out
    }

    /// key, type, from, then one column per difficulty (full precision; empty for the
    /// satisfaction changes).
    static func csv(_ schedule: ParameterSchedule) -> String {
        func line(_ cells: [String]) -> String { cells.map(CSV.field).joined(separator: ",") + "\n" }
        var out = line(["key", "type", "from"] + schedule.difficulties.map(\.designerText))
        for row in schedule.rows {
            out += line([row.key.rawValue, type(of: row), row.source] + (row.values?.map(\.designerText) ?? Array(repeating: "", count: schedule.difficulties.count)))
        }
        return out
    }
}
