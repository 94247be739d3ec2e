import Diagnostics
import RelentlessCalibration
import RelentlessSimulation
import Testing

/// The playtest log as CSV: the same log as the property list would give, and each mistake at
/// its line and column.
@Suite struct PlaytestCSVReaderTests {
    static let version = PlaytestLogReaderTests.version

    static func read(_ text: String, version: String = version) throws -> (PlaytestLog?, [Diagnostic]) {
        PlaytestCSVReader.read(bytes: Array(text.utf8), file: "log.csv", version: version, parameters: try CalibrationFixtures.shipped().parameters)
    }

    /// Issue 43: a cell past 64 KiB and a log past 100,000 rows (header included) are refused where
    /// they start, as a design file's strings and lists are.
    @Test func aHugeCellOrTooManyRowsAreRefusedWhereTheyStart() throws {
        let header = "playtest,design,teamSize,round\n"
        let (_, cell) = try Self.read(header + "A,\(Self.version),4,\"\(String(repeating: "1", count: 65_537))\"\n")
        #expect(cell.count == 1 && cell.first?.location == SourceLocation(line: 2, column: 42), "\(cell)")
        #expect(cell.first?.message.contains("a cell longer than 65,536 bytes") == true, "\(cell)")
        let rows = (1...100_000).map { "A,\(Self.version),4,\($0)\n" }.joined()
        let (_, many) = try Self.read(header + rows)
        #expect(many.count == 1 && many.first?.location == SourceLocation(line: 100_001, column: 1), "\(many.prefix(2))")
        #expect(many.first?.message.contains("more than 100,000 rows") == true, "\(many.prefix(2))")
    }

    @Test func readsRowsIntoPlaytests() throws {
        let (log, diagnostics) = try Self.read("""
            playtest,design,teamSize,round,correct,wrong,timedOut,end,endSeconds,money,startDifficulty
            "Thursday, late",\(Self.version),3,1,4,1,2,allOrdersDone,71.5,120,2
            "Thursday, late",,3,2,3,,1,time,240,-5,2
            Friday,\(Self.version),4,1,,,,,,,\r
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(log == PlaytestLog(design: Self.version, playtests: [
            Playtest(name: "Thursday, late", teamSize: 3, startDifficulty: 2, rounds: [
                PlaytestRound(correct: 4, wrong: 1, timedOut: 2, end: .allOrdersDone, endSeconds: 71.5, money: 120),
                PlaytestRound(correct: 3, timedOut: 1, end: .time, endSeconds: 240, money: -5),
            ]),
            Playtest(name: "Friday", teamSize: 4, rounds: [PlaytestRound()]),
        ]))
    }

    @Test(arguments: [
        // (the file, the line and column of the error, a word of its message)
        ("playtest,design,teamSize,round,corect\nA,\(version),4,1,2", 1, 32, "unknown column"),
        ("playtest,design,round\nA,\(version),1", 1, 1, "missing column \"teamSize\""),
        ("playtest,design,teamSize,round\nA,\(version),4,2", 2, 42, "round 2 comes where round 1"),
        ("playtest,design,teamSize,round\nA,\(version),4,1\nA,,3,2", 3, 4, "differs from the playtest's first row"),
        ("playtest,design,teamSize,round\n\"A,\(version),4,1", 2, 1, "never closed"),
        ("playtest,design,teamSize,round,wrong\nA,\(version),4,1,two", 2, 44, "whole number"),
        ("playtest,design,teamSize,round\nA,relentless-design-1:0000000000000001,4,1", 2, 3, "another version"),
        ("playtest,design,teamSize,round,money\nA,\(version),4,1,-3\nA,,4,2,10", 2, 44, "lost"),
        ("playtest,design,teamSize,round,end\nA,\(version),4,1,tim", 2, 44, "not one of"),
        ("playtest,design,teamSize,round\n", 1, 1, "holds no round"),
    ] as [(String, Int, Int, String)])
    func locatesEachMistake(text: String, line: Int, column: Int, word: String) throws {
        let (log, diagnostics) = try Self.read(text)
        #expect(log == nil)
        let error = try #require(diagnostics.first { $0.severity == .error })
        #expect(error.message.contains(word), "\(error.message)")
        #expect(error.location == SourceLocation(line: line, column: column), "\(error)")
        #expect(error.file == "log.csv")
    }
}
