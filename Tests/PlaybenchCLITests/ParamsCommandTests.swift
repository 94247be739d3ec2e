import Foundation
import TestSupport
import Testing

/// `playbench params`: every parameter at every difficulty of the ramp (M3), after C7's ceiling.
/// The expected values are worked out by hand in the comments (the ramp's steps are powers of two
/// apart, so every value is exact in binary), not by Playbench's evaluator.
@Suite("params prints every parameter at every reachable difficulty")
struct ParamsCommandTests {
    static let parameters = DesignFixtures.plist("""
        <dict>
            <key>minNumOfPlayers</key><integer>3</integer>
            <key>maxNumOfPlayers</key><integer>4</integer>
            <key>minDifficultyLevel</key><integer>2</integer>
            <key>maxDifficultyLevel</key><integer>5</integer>
            <key>difficultyChange</key><string>diffLevel / 4</string>
            <key>satisfactionToMoneyTranslation</key><real>2.2</real>
            <key>dailyExpense</key><string>10 * diffLevel</string>
            <key>numOfCategories</key><string>diffLevel * 0.5 + 1</string>
            <key>probOfHavingPackageLimit</key><string>diffLevel / 50</string>
        </dict>
        """)

    /// M3 by hand: 2, + 2/4 = 2.5, + 2.5/4 = 3.125, + 0.78125 = 3.90625, + 0.9765625 = 4.8828125,
    /// + 1.220703125 = 6.10… capped at 5.
    static let ramp = ["2", "2.5", "3.125", "3.90625", "4.8828125", "5"]

    func file() throws -> URL {
        let directory = try Fixtures.temporaryDirectory("params")
        let url = directory.appendingPathComponent("DefaultGameParameters.plist")
        try Data(Self.parameters.utf8).write(to: url)
        return url
    }

    /// RFC 4180 fields of one line (quoted fields may hold commas).
    static func fields(_ line: Substring) -> [String] {
        var fields: [String] = [], field = "", quoted = false
        var characters = Array(line)[...]
        while let c = characters.popFirst() {
            if quoted {
                if c == "\"" {
                    if characters.first == "\"" { field.append("\""); characters.removeFirst() } else { quoted = false }
                } else { field.append(c) }
            } else if c == "\"" { quoted = true } else if c == "," { fields.append(field); field = "" } else { field.append(c) }
        }
        return fields + [field]
    }

    /// key → its CSV row's fields.
    static func table(_ csv: String) -> (header: [String], rows: [String: [String]]) {
        let lines = csv.split(separator: "\n").map(fields)
        return (lines[0], Dictionary(uniqueKeysWithValues: lines.dropFirst().map { ($0[0], $0) }))
    }

    @Test("CSV: the ramp of M3 from minDifficultyLevel, each value as the game uses it, with the text it came from")
    func csvValues() throws {
        let result = try CommandRunner.playbench(["params", "--parameters", try file().path, "--format", "csv", "--players", "4"])
        #expect(result.status == 0, "\(result.standardError)")
        let (header, rows) = Self.table(result.standardOutput)
        #expect(header == ["key", "type", "from"] + Self.ramp)
        // 10 × d: 20, 25, 31.25, 39.0625, 48.828125, 50; money is integer-valued: ceiled (C7).
        #expect(rows["dailyExpense"] == ["dailyExpense", "integer, ceiled (C7)", "10 * diffLevel", "20", "25", "32", "40", "49", "50"])
        // d / 2 + 1: 2, 2.25, 2.5625, 2.953125, 3.44140625, 3.5 → ceiled.
        #expect(rows["numOfCategories"] == ["numOfCategories", "integer, ceiled (C7)", "diffLevel * 0.5 + 1", "2", "3", "3", "3", "4", "4"])
        // C7: 2.2 is not a whole amount of money, so the game pays 3 a point.
        #expect(rows["satisfactionToMoneyTranslation"] == ["satisfactionToMoneyTranslation", "integer, ceiled (C7)", "2.2", "3", "3", "3", "3", "3", "3"])
        // A real: not ceiled. d / 50.
        #expect(rows["probOfHavingPackageLimit"] == ["probOfHavingPackageLimit", "real", "diffLevel / 50", "0.04", "0.05", "0.0625", "0.078125", "0.09765625", "0.1"])
        // Missing: C6's fallbacks. 240 s; 1 / numberOfPlayers for --players 4.
        #expect(rows["roundTime"] == ["roundTime", "integer", "fallback: 240", "240", "240", "240", "240", "240", "240"])
        #expect(rows["probOfSelectingAssembledItem"]?.dropFirst(3).allSatisfy { $0 == "0.25" } == true)
        // The ramp's own step, evaluated at each difficulty: d / 4.
        #expect(rows["difficultyChange"]?.dropFirst(3).map { $0 } == ["0.5", "0.625", "0.78125", "0.9765625", "1.220703125", "1.25"])
        // Satisfaction changes are per delivery: shown, not evaluated.
        #expect(rows["correctPackageSatisfactionChange"]?.dropFirst(3).allSatisfy(\.isEmpty) == true)
        #expect(rows.count == 25)
    }

    @Test("text: an aligned table, and a note that shows C7's ceiling (2.2 → 3)")
    func textTable() throws {
        let result = try CommandRunner.playbench(["params", "--parameters", try file().path])
        #expect(result.status == 0, "\(result.standardError)")
        let out = result.standardOutput
        #expect(out.contains("satisfactionToMoneyTranslation: C7 takes the ceiling at every difficulty, e.g. 2.2 → 3 at difficulty 2"))
        #expect(out.contains("dailyExpense: C7 takes the ceiling at 3 of 6 difficulties, e.g. 31.25 → 32 at difficulty 3.125"))
        #expect(out.contains("at the 6 difficulties a game reaches"))
        #expect(out.contains("numOfCategories: C7 takes the ceiling at 5 of 6 difficulties, e.g. 2.25 → 3 at difficulty 2.5"))
        // Aligned: right-aligned value columns end at the same offset on every row of the table.
        // A ramp wider than 100 columns prints in blocks, each repeating key and type: the block
        // whose header holds the last difficulty.
        let all = out.split(separator: "\n", omittingEmptySubsequences: false)
        for line in all { #expect(line.count <= 100 || !line.hasPrefix("key "), "\(line)") }
        let start = try #require(all.firstIndex { $0.hasPrefix("key ") && $0.contains("4.8828") })
        let lines = all[start...]
        let header = try #require(lines.first)
        let money = try #require(lines.first { $0.hasPrefix("satisfactionToMoneyTranslation ") })
        let limit = try #require(lines.first { $0.hasPrefix("probOfHavingPackageLimit ") })
        // 4.8828125 to 4 decimals; the offset just after it.
        let found = try #require(header.range(of: "4.8828"))
        let offset = header.distance(from: header.startIndex, to: found.lowerBound) + "4.8828".count
        #expect(Array(money)[offset - 1] == "3" && (money.count == offset || Array(money)[offset] == " "))
        #expect(String(Array(limit)[(offset - 6)..<offset]) == "0.0977")  // 0.09765625 to 4 decimals
    }

    @Test("--start-difficulty starts the ramp there (M3); outside the range it is a usage error")
    func startDifficulty() throws {
        let path = try file().path
        let result = try CommandRunner.playbench(["params", "--parameters", path, "--format", "csv", "--start-difficulty", "3"])
        #expect(result.status == 0, "\(result.standardError)")
        // 3, + 0.75 = 3.75, + 0.9375 = 4.6875, + 1.171875 = 5.86 capped at 5.
        #expect(Self.table(result.standardOutput).header == ["key", "type", "from", "3", "3.75", "4.6875", "5"])
        let outside = try CommandRunner.playbench(["params", "--parameters", path, "--start-difficulty", "7"])
        #expect(outside.status == 64)
        #expect(outside.standardError.contains("--start-difficulty 7 is outside the difficulty range 2...5"))
        let tooMany = try CommandRunner.playbench(["params", "--parameters", path, "--players", "6"])
        #expect(tooMany.status == 64)
        #expect(tooMany.standardError.contains("team sizes 3...4"))
    }

    @Test("markdown: a table with a column per difficulty (to 4 decimals) and the expression in code")
    func markdown() throws {
        let result = try CommandRunner.playbench(["params", "--parameters", try file().path, "--format", "markdown"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("| key | type | 2 | 2.5 | 3.125 | 3.9063 | 4.8828 | 5 | from |"))
        #expect(result.standardOutput.contains("| `numOfCategories` | integer, ceiled (C7) | 2 | 3 | 3 | 3 | 4 | 4 | `diffLevel * 0.5 + 1` |"))
    }

    @Test("the shipped design: 19 difficulties 1...10 in steps of 0.5, numOfCategories ceil(5 × d / 10)")
    func shipped() throws {
        let result = try CommandRunner.playbench(["params", "--format", "csv"])
        #expect(result.status == 0, "\(result.standardError)")
        let (header, rows) = Self.table(result.standardOutput)
        let levels = (0..<19).map { 1 + Double($0) / 2 }
        func text(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(x) }
        #expect(header.dropFirst(3).map { $0 } == levels.map(text))
        #expect(rows["numOfCategories"]?.dropFirst(3).map { $0 } == levels.map { text((5 * $0 / 10).rounded(.up)) })
        // The same values from a design directory: the file it names is read.
        let directory = try CommandRunner.playbench(["params", Fixtures.shippedDesign.path, "--format", "csv"])
        #expect(directory.standardOutput == result.standardOutput)
    }

    @Test("a parameters file with an error prints it, located, and exits 1; conflicting options exit 64")
    func errors() throws {
        let directory = try Fixtures.temporaryDirectory("params-bad")
        let url = directory.appendingPathComponent("DefaultGameParameters.plist")
        try Data(Self.parameters.replacingOccurrences(of: "diffLevel * 0.5 + 1", with: "diffLevel * (0.5 + 1").utf8).write(to: url)
        let bad = try CommandRunner.playbench(["params", directory.path])
        #expect(bad.status == 1)
        #expect(bad.standardOutput.contains("DefaultGameParameters.plist:12:"), "\(bad.standardOutput)")
        #expect(bad.standardOutput.contains("numOfCategories"))
        let both = try CommandRunner.playbench(["params", directory.path, "--parameters", url.path])
        #expect(both.status == 64)
        let missing = try CommandRunner.playbench(["params", directory.appendingPathComponent("nowhere").path])
        #expect(missing.status == 66)
    }
}
