import Diagnostics
import PropertyList
import Relentless
import RelentlessCalibration
import RelentlessSimulation
import TestSupport
import Testing

/// The playtest log as a property list: what it holds, and every mistake located with its key
/// path and, where a game rule says why, the rule id.
@Suite struct PlaytestLogReaderTests {
    static let version = "relentless-design-1:00000000000000aa"

    static func read(_ body: String, version: String = version) throws -> (PlaytestLog?, [Diagnostic]) {
        let parameters = try CalibrationFixtures.shipped().parameters
        return PlaytestLogReader.read(try PlistReader.read(bytes: Array(DesignFixtures.plist(body).utf8)), file: "Log.plist", version: version, parameters: parameters)
    }

    static func log(design: String = version, playtests: String) -> String {
        "<dict><key>design</key><string>\(design)</string><key>playtests</key><array>\(playtests)</array></dict>"
    }

    static let round = "<dict><key>correct</key><integer>3</integer><key>wrong</key><integer>1</integer></dict>"

    @Test func readsEveryField() throws {
        let (log, diagnostics) = try Self.read(Self.log(playtests: """
            <dict>
              <key>name</key><string>Thursday</string>
              <key>teamSize</key><integer>3</integer>
              <key>startDifficulty</key><real>2</real>
              <key>rounds</key>
              <array>
                <dict>
                  <key>correct</key><integer>4</integer> <key>wrong</key><integer>1</integer> <key>timedOut</key><integer>2</integer>
                  <key>end</key><string>allOrdersDone</string> <key>endSeconds</key><real>71.5</real> <key>money</key><integer>-20</integer>
                  <key>players</key>
                  <array>
                    <dict><key>correct</key><integer>1</integer><key>wrong</key><integer>0</integer></dict>
                    <dict><key>correct</key><integer>2</integer></dict>
                    <dict><key>correct</key><integer>1</integer><key>wrong</key><integer>1</integer><key>timedOut</key><integer>2</integer></dict>
                  </array>
                </dict>
              </array>
            </dict>
            <dict><key>teamSize</key><integer>4</integer><key>rounds</key><array><dict/></array></dict>
            """))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let playtests = try #require(log?.playtests)
        #expect(log?.design == Self.version)
        #expect(playtests.count == 2)
        #expect(playtests[0] == Playtest(name: "Thursday", teamSize: 3, startDifficulty: 2, rounds: [
            PlaytestRound(
                correct: 4, wrong: 1, timedOut: 2, end: .allOrdersDone, endSeconds: 71.5, money: -20,
                players: [PlayerTally(correct: 1, wrong: 0), PlayerTally(correct: 2), PlayerTally(correct: 1, wrong: 1, timedOut: 2)]),
        ]))
        // Nothing noted is nil, not 0; a playtest without a name is named by its place.
        #expect(playtests[1] == Playtest(name: "playtest 2", teamSize: 4, startDifficulty: nil, rounds: [PlaytestRound()]))
    }

    static func errors(_ diagnostics: [Diagnostic]) -> [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    @Test func refusesALogOfAnotherDesignVersion() throws {
        let (log, diagnostics) = try Self.read(Self.log(design: "relentless-design-1:00000000000000bb", playtests: """
            <dict><key>teamSize</key><integer>4</integer><key>rounds</key><array>\(Self.round)</array></dict>
            """))
        #expect(log == nil)
        let error = try #require(Self.errors(diagnostics).first)
        #expect(error.keyPath == "design" && error.location != nil)
        #expect(error.message.contains("another version of the design") && error.message.contains(Self.version))
    }

    @Test(arguments: [
        // (the playtest, the key path of the error, its rule, a word of its message)
        ("<dict><key>teamSize</key><integer>9</integer><key>rounds</key><array>\(round)</array></dict>", "playtests[0].teamSize", "C6", "cannot play"),
        ("<dict><key>teamSize</key><integer>4</integer><key>startDifficulty</key><real>99</real><key>rounds</key><array>\(round)</array></dict>",
         "playtests[0].startDifficulty", "M3", "cannot start"),
        ("<dict><key>teamSize</key><integer>4</integer><key>rounds</key><array/></dict>", "playtests[0].rounds", nil, "at least one round"),
        ("<dict><key>teamSize</key><integer>4</integer><key>rounds</key><array><dict><key>money</key><integer>-5</integer></dict>\(round)</array></dict>",
         "playtests[0].rounds[0].money", "M2", "lost"),
        ("<dict><key>teamSize</key><integer>3</integer><key>rounds</key><array><dict><key>players</key><array><dict/></array></dict></array></dict>",
         "playtests[0].rounds[0].players", nil, "1 player noted for a team of 3"),
        ("""
         <dict><key>teamSize</key><integer>3</integer><key>rounds</key><array><dict><key>wrong</key><integer>3</integer><key>players</key>
         <array><dict><key>wrong</key><integer>1</integer></dict><dict><key>wrong</key><integer>1</integer></dict><dict><key>wrong</key><integer>0</integer></dict></array></dict></array></dict>
         """, "playtests[0].rounds[0].wrong", nil, "add up to"),
        ("<dict><key>teamSize</key><integer>4</integer><key>rounds</key><array><dict><key>end</key><string>tme</string></dict></array></dict>",
         "playtests[0].rounds[0].end", "P7", "not one of"),
        ("<dict><key>teamSize</key><integer>4</integer><key>rounds</key><array><dict><key>timedOut</key><integer>-1</integer></dict></array></dict>",
         "playtests[0].rounds[0].timedOut", "P6", "must be in 0"),
        ("<dict><key>teamSize</key><integer>4</integer><key>rounds</key><array><dict><key>corect</key><integer>1</integer></dict></array></dict>",
         "playtests[0].rounds[0].corect", nil, "corect"),
        ("<dict><key>rounds</key><array>\(round)</array></dict>", "playtests[0]", nil, "teamSize"),
        ("<dict><key>teamSize</key><integer>4</integer><key>maxRounds</key><integer>3</integer><key>rounds</key><array>\(round)<dict><key>money</key><integer>5</integer></dict></array></dict>",
         "playtests[0].maxRounds", "M2", "ends early only when lost"),
        ("<dict><key>teamSize</key><integer>4</integer><key>maxRounds</key><integer>1</integer><key>rounds</key><array>\(round)\(round)</array></dict>",
         "playtests[0].maxRounds", "M2", "more than maxRounds"),
    ] as [(String, String, String?, String)])
    func locatesEachMistake(playtest: String, keyPath: String, rule: String?, word: String) throws {
        let (log, diagnostics) = try Self.read(Self.log(playtests: playtest))
        #expect(log == nil)
        let errors = Self.errors(diagnostics)
        #expect(errors.count == 1, "\(errors)")
        let error = try #require(errors.first)
        #expect(error.keyPath == keyPath)
        #expect(error.rule == rule)
        #expect(error.message.contains(word), "\(error.message)")
        #expect(error.file == "Log.plist" && (error.location?.line ?? 0) >= 3)
    }

    @Test func suggestsTheNearestKey() throws {
        let (_, diagnostics) = try Self.read(Self.log(playtests: "<dict><key>teamSise</key><integer>4</integer><key>rounds</key><array>\(Self.round)</array></dict>"))
        #expect(diagnostics.contains { $0.suggestion?.contains("teamSize") == true })
    }
}

@Suite struct PlaytestLogWriterTests {
    /// What the writer writes, the reader reads back as the same log (every field, gaps, a name
    /// that needs escaping, a start).
    @Test func roundTrips() throws {
        let log = PlaytestLog(design: PlaytestLogReaderTests.version, playtests: [
            Playtest(name: "R&D <late>", teamSize: 3, startDifficulty: 2.5, rounds: [
                PlaytestRound(correct: 4, wrong: 0, timedOut: 1, end: .satisfactionRanOut, endSeconds: 91.25, money: -3,
                              players: [PlayerTally(correct: 1), PlayerTally(correct: 2, wrong: 0), PlayerTally(correct: 1, timedOut: 1)]),
            ], maxRounds: 4),
            Playtest(name: "plain", teamSize: 4, rounds: [PlaytestRound(), PlaytestRound(correct: 2)]),
        ])
        let text = PlaytestLogWriter.plist(log)
        let parameters = try CalibrationFixtures.shipped().parameters
        let (read, diagnostics) = PlaytestLogReader.read(try PlistReader.read(bytes: Array(text.utf8)), file: "w.plist", version: log.design, parameters: parameters)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(read == log)
    }
}
