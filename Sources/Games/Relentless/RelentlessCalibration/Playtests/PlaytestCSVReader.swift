import CSV
import Diagnostics
import PropertyList
import Relentless
import RelentlessSimulation

/// Reads a playtest log written as CSV, a row per round, as a spreadsheet exports it:
///
/// ```text
/// design,playtest,teamSize,startDifficulty,round,correct,wrong,timedOut,end,endSeconds,money
/// relentless-design-1:9f3c0c2e5b1a7d44,Thursday,4,,1,9,2,1,time,180,140
/// relentless-design-1:9f3c0c2e5b1a7d44,Thursday,4,,2,7,3,2,allOrdersDone,151.5,95
/// ```
///
/// The header names the columns, in any order; `design`, `playtest`, `teamSize` and `round` are
/// required, the others optional, and an empty cell is a value not noted. A playtest's rows
/// give its rounds 1, 2, 3, … in order, with one team size and one start. Per-player counts
/// need the property-list form.
public enum PlaytestCSVReader {
    public static let columns = ["design", "playtest", "teamSize", "startDifficulty", "maxRounds", "round", "correct", "wrong", "timedOut", "end", "endSeconds", "money"]
    public static let requiredColumns = ["design", "playtest", "teamSize", "round"]

    public static func read(bytes: [UInt8], file: String, version: String, parameters: Parameters) -> (PlaytestLog?, [Diagnostic]) {
        var log = DiagnosticLog(file: file)
        let table: CSVTable
        // A design's own limits on a string and on a list.
        let limits = CSVTable.Limits(longestCell: PlistLimits.designStringBytes, mostRows: PlistLimits.designContainerEntries, holder: "a log")
        switch CSVTable.parse(bytes, limits: limits) {
        case .success(let t): table = t
        case .failure(let error):
            log.error(error.message, at: error.location, PlistPath(), rule: nil)
            return (nil, log.diagnostics)
        }
        guard let header = table.rows.first else {
            log.error("the file is empty: it needs a header row naming its columns", at: SourceLocation.start, PlistPath(), rule: nil)
            return (nil, log.diagnostics)
        }
        var column: [String: Int] = [:]
        for (c, cell) in header.enumerated() {
            let name = cell.text.trimmingSpaces
            if !columns.contains(name) {
                log.error(
                    "unknown column \"\(name)\"", at: cell.location, PlistPath(), rule: nil,
                    suggestion: Suggestion.nearest(to: name, in: columns).map { "did you mean \"\($0)\"?" } ?? "the columns are \(columns.joined(separator: ", "))")
            } else if column[name] != nil {
                log.error("column \"\(name)\" appears twice", at: cell.location, PlistPath(), rule: nil)
            } else {
                column[name] = c
            }
        }
        for name in requiredColumns where column[name] == nil {
            log.error("missing column \"\(name)\"", at: header.first?.location, PlistPath(), rule: nil)
        }
        if table.rows.count == 1 { log.error("holds no round: a row per round follows the header", at: header.first?.location, PlistPath(), rule: nil) }
        guard !log.hasErrors else { return (nil, log.diagnostics) }

        var design: String?
        var playtests: [Playtest] = []
        var places: [PlaytestPlaces] = []
        var indexOfName: [String: Int] = [:]
        for row in table.rows.dropFirst() {
            let rowStart = row.first?.location
            func cell(_ name: String) -> CSVTable.Cell? {
                guard let c = column[name], c < row.count else { return nil }
                let text = row[c].text.trimmingSpaces
                return text.isEmpty ? nil : CSVTable.Cell(text: text, location: row[c].location)
            }
            guard row.count <= header.count else {
                log.error("\(row.count) cells, more than the header's \(header.count)", at: row[header.count].location, PlistPath(), rule: nil)
                continue
            }
            guard let name = cell("playtest")?.text else {
                log.error("a row needs the playtest it belongs to", at: rowStart, PlistPath().appending("playtest"), rule: nil)
                continue
            }
            let index = indexOfName[name] ?? playtests.count
            let path = PlistPath().appending("playtests").appending(index)
            if let versionCell = cell("design") {
                if let design, versionCell.text != design {
                    log.error("another design version than the rows before (\(design))", at: versionCell.location, path.appending("design"), rule: nil)
                } else if design == nil {
                    design = versionCell.text
                    PlaytestChecks.checkVersion(versionCell.text, expected: version, at: versionCell.location, PlistPath().appending("design"), &log)
                }
            }
            let teamSize = integer(cell("teamSize"), "teamSize", in: 1...64, path, &log)
            let start = cell("startDifficulty").flatMap { number($0, "startDifficulty", path, &log) }
            let roundNumber = integer(cell("round"), "round", in: 1...PlaytestChecks.maxRounds, path, &log)
            let maxRounds = integer(cell("maxRounds"), "maxRounds", in: 1...PlaytestChecks.maxRounds, path, rule: "M2", &log)
            for required in ["teamSize", "round"] where cell(required) == nil {
                log.error("a row needs its \(required)", at: rowStart, path.appending(required), rule: nil)
            }
            if indexOfName[name] == nil {
                guard let teamSize else { continue }
                indexOfName[name] = index
                playtests.append(Playtest(name: name, teamSize: teamSize, startDifficulty: start, rounds: [], maxRounds: maxRounds))
                places.append(PlaytestPlaces(
                    playtest: rowStart,
                    fields: ["teamSize": cell("teamSize")?.location, "startDifficulty": cell("startDifficulty")?.location, "maxRounds": cell("maxRounds")?.location]
                        .compactMapValues { $0 }))
            } else {
                if let teamSize, teamSize != playtests[index].teamSize {
                    log.error("teamSize \(teamSize) differs from the playtest's first row (\(playtests[index].teamSize))", at: cell("teamSize")?.location, path.appending("teamSize"), rule: nil)
                }
                if maxRounds != playtests[index].maxRounds {
                    log.error("maxRounds differs from the playtest's first row", at: cell("maxRounds")?.location ?? rowStart, path.appending("maxRounds"), rule: "M2")
                }
                if start != playtests[index].startDifficulty {
                    log.error("startDifficulty differs from the playtest's first row", at: cell("startDifficulty")?.location ?? rowStart, path.appending("startDifficulty"), rule: "M3")
                }
            }
            guard let roundNumber else { continue }
            let roundPath = path.appending("rounds").appending(playtests[index].rounds.count)
            guard roundNumber == playtests[index].rounds.count + 1 else {
                log.error(
                    "round \(roundNumber) comes where round \(playtests[index].rounds.count + 1) of playtest \"\(name)\" should: its rows give rounds 1, 2, 3, … in order",
                    at: cell("round")?.location, roundPath, rule: nil)
                continue
            }
            var round = PlaytestRound()
            round.correct = integer(cell("correct"), "correct", in: 0...PlaytestLogReader.countLimit, roundPath, rule: "P5", &log)
            round.wrong = integer(cell("wrong"), "wrong", in: 0...PlaytestLogReader.countLimit, roundPath, rule: "P5", &log)
            round.timedOut = integer(cell("timedOut"), "timedOut", in: 0...PlaytestLogReader.countLimit, roundPath, rule: "P6", &log)
            round.money = integer(cell("money"), "money", in: Int.min...Int.max, roundPath, rule: "M1", &log)
            if let seconds = cell("endSeconds") {
                round.endSeconds = number(seconds, "endSeconds", roundPath, &log)
                if let s = round.endSeconds, s < 0 {
                    log.error("endSeconds must be 0 or more, not \(s.designerText)", at: seconds.location, roundPath.appending("endSeconds"), rule: "P7")
                }
            }
            if let end = cell("end") {
                round.end = RoundOutcome.End(rawValue: end.text)
                if round.end == nil {
                    let names = RoundOutcome.End.allCases.map(\.rawValue)
                    log.error(
                        "\"\(end.text)\" is not one of \(names.joined(separator: ", "))", at: end.location, roundPath.appending("end"), rule: "P7",
                        suggestion: Suggestion.nearest(to: end.text, in: names).map { "did you mean \"\($0)\"?" })
                }
            }
            playtests[index].rounds.append(round)
            var roundPlaces = RoundPlaces(round: rowStart)
            for key in ["correct", "wrong", "timedOut", "end", "endSeconds", "money"] { roundPlaces.fields[key] = cell(key)?.location }
            places[index].rounds.append(roundPlaces)
        }
        if design == nil, !log.hasErrors {
            log.error("no row gives the design version", at: header[column["design"] ?? 0].location, PlistPath().appending("design"), rule: nil)
        }
        var times = PlaytestChecks.RoundTimes(parameters)
        for (i, playtest) in playtests.enumerated() {
            PlaytestChecks.check(playtest, index: i, places: places[i], parameters: parameters, times: &times, &log)
        }
        guard !log.hasErrors, let design else { return (nil, log.diagnostics) }
        return (PlaytestLog(design: design, playtests: playtests), log.diagnostics)
    }

    private static func integer(
        _ cell: CSVTable.Cell?, _ name: String, in range: ClosedRange<Int>, _ path: PlistPath, rule: String? = nil, _ log: inout DiagnosticLog
    ) -> Int? {
        guard let cell else { return nil }
        guard let n = Int(cell.text) else {
            log.error("\(name) must be a whole number, not \"\(cell.text)\"", at: cell.location, path.appending(name), rule: rule)
            return nil
        }
        guard range.contains(n) else {
            log.error("\(name) must be in \(range.lowerBound)...\(range.upperBound), not \(n)", at: cell.location, path.appending(name), rule: rule)
            return nil
        }
        return n
    }

    private static func number(_ cell: CSVTable.Cell, _ name: String, _ path: PlistPath, _ log: inout DiagnosticLog) -> Double? {
        guard let x = Double(cell.text), x.isFinite else {
            log.error("\(name) must be a number, not \"\(cell.text)\"", at: cell.location, path.appending(name), rule: "M3")
            return nil
        }
        return x
    }
}

extension String {
    /// Without the spaces and tabs a spreadsheet leaves around a cell.
    var trimmingSpaces: String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
        return String(s)
    }
}
