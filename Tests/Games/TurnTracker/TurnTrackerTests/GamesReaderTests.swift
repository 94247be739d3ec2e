import Diagnostics
import PropertyList
import Testing

@testable import TurnTracker

/// `Games.plist` read and checked: each rule (TT1–TT6) made to fire by one change of a sound file.
@Suite struct GamesReaderTests {
    static func file(mode: String = "coop", players: String = "<key>min</key><integer>1</integer><key>max</key><integer>4</integer>", phases: String? = nil) -> String {
        let phases = phases ?? """
            <dict><key>name</key><string>Spirit</string><key>actions</key><array><string>Grow</string><string>Play</string></array></dict>
            <dict><key>name</key><string>Invaders</string><key>symmetric</key><true/><key>actions</key><array><string>Ravage</string></array></dict>
            """
        return """
            <plist version="1.0"><dict><key>games</key><array><dict>
            <key>name</key><string>Island</string><key>mode</key><string>\(mode)</string>
            <key>players</key><dict>\(players)</dict>
            <key>phases</key><array>\(phases)</array>
            </dict></array></dict></plist>
            """
    }

    static func read(_ text: String) throws -> ([TrackedGame]?, [Diagnostic]) {
        GamesReader.read(try PlistReader.read(bytes: Array(text.utf8)), file: "Games.plist")
    }

    static func rules(_ d: [Diagnostic], _ severity: Diagnostic.Severity = .error) -> [String] { d.filter { $0.severity == severity }.compactMap(\.rule) }

    @Test func aSoundGameReadsClean() throws {
        let (games, d) = try Self.read(Self.file())
        #expect(d.isEmpty, "\(d)")
        #expect(games == [TrackedGame(name: "Island", mode: .coop, players: 1...4, phases: [
            Phase(name: "Spirit", actions: ["Grow", "Play"]), Phase(name: "Invaders", symmetric: true, actions: ["Ravage"]),
        ])])
    }

    @Test func anUnknownModeIsTT1WithTheNearest() throws {
        let (_, d) = try Self.read(Self.file(mode: "co-op"))
        #expect(Self.rules(d) == ["TT1"])
        #expect(d.first?.suggestion == "did you mean \"coop\"?")
    }

    /// 17 players need a fifth phone; the app connects at most three more than its own.
    @Test func moreThanFourPhonesHoldIsTT2() throws {
        let (_, d) = try Self.read(Self.file(players: "<key>min</key><integer>2</integer><key>max</key><integer>17</integer>"))
        #expect(Self.rules(d) == ["TT2"])
        #expect(d.first?.message.contains("at most 4 phones, 16 in all") == true)
        let (_, reversed) = try Self.read(Self.file(players: "<key>min</key><integer>5</integer><key>max</key><integer>3</integer>"))
        #expect(Self.rules(reversed) == ["TT2"])
    }

    @Test func sixActionsOrNoneAreTT3() throws {
        let six = "<dict><key>name</key><string>A</string><key>actions</key><array>" + String(repeating: "<string>x</string>", count: 6) + "</array></dict>"
        let (_, d) = try Self.read(Self.file(phases: six))
        #expect(Self.rules(d) == ["TT3"])
        #expect(d.first?.message.contains("a section has 5 action buttons") == true)
        let five = "<dict><key>name</key><string>A</string><key>actions</key><array>" + String(repeating: "<string>x</string>", count: 5) + "</array></dict>"
        #expect(try Self.read(Self.file(phases: five)).0 != nil)
        let none = "<dict><key>name</key><string>A</string><key>actions</key><array></array></dict>"
        #expect(Self.rules(try Self.read(Self.file(phases: none)).1) == ["TT3"])
    }

    /// TT4: a versus game with two phases, one of them symmetric, earns both warnings: the
    /// phases, and the symmetric flag the app ignores in versus (located at the flag).
    @Test func aVersusGameWithPhasesWarnsTT4() throws {
        let (games, d) = try Self.read(Self.file(mode: "versus"))
        #expect(games != nil)
        #expect(Self.rules(d, .warning) == ["TT4", "TT4"])
        #expect(d.contains { $0.keyPath == "games[0].phases[1].symmetric" && $0.message.contains("symmetric has no effect in a versus game") })
        let one = "<dict><key>name</key><string>Turn</string><key>actions</key><array><string>Play</string></array></dict>"
        #expect(try Self.read(Self.file(mode: "versus", phases: one)).1.isEmpty)
    }

    /// TT2: more than four players need more phones than one, the app's optional connection.
    @Test func moreThanFourPlayersWarnTT2() throws {
        let five = "<key>min</key><integer>2</integer><key>max</key><integer>5</integer>"
        let (games, d) = try Self.read(Self.file(players: five))
        #expect(games != nil)
        #expect(Self.rules(d, .warning) == ["TT2"])
        #expect(d.first?.message.contains("up to 5 players need 2 phones") == true, "\(d)")
        let four = "<key>min</key><integer>2</integer><key>max</key><integer>4</integer>"
        #expect(try Self.read(Self.file(players: four)).1.isEmpty)
    }

    /// TT3: at most 50 phases a round; 50 are read, 51 are an error.
    @Test func aRoundOfFiftyOnePhasesIsTT3() throws {
        func phases(_ n: Int) -> String {
            (0..<n).map { "<dict><key>name</key><string>P\($0)</string><key>actions</key><array><string>x</string></array></dict>" }.joined()
        }
        #expect(try Self.read(Self.file(phases: phases(50))).0 != nil)
        let (games, d) = try Self.read(Self.file(phases: phases(51)))
        #expect(games == nil && Self.rules(d) == ["TT3"])
        #expect(d.first?.message.hasPrefix("51 phases in a round: at most 50") == true, "\(d)")
    }

    @Test func aCoopGameOfSymmetricPhasesWarnsTT5() throws {
        let phases = "<dict><key>name</key><string>All</string><key>symmetric</key><true/><key>actions</key><array><string>x</string></array></dict>"
        let (games, d) = try Self.read(Self.file(phases: phases))
        #expect(games != nil)
        #expect(Self.rules(d, .warning) == ["TT5"])
    }

    /// The app's own rules skip nothing, so a sound file gets no TT6; the exploration behind it is
    /// tested with broken transitions in TurnExplorationTests.
    @Test func theExplorationPassesEveryShapeOfGame() throws {
        for mode in ["coop", "versus"] {
            for players in ["<key>min</key><integer>1</integer><key>max</key><integer>1</integer>", "<key>min</key><integer>2</integer><key>max</key><integer>16</integer>"] {
                let (_, d) = try Self.read(Self.file(mode: mode, players: players))
                #expect(!d.contains { $0.rule == "TT6" }, "\(mode) \(players): \(d)")
            }
        }
    }

    @Test func aGameNamedTwiceIsTT1() throws {
        let one = "<dict><key>name</key><string>G</string><key>mode</key><string>versus</string><key>players</key><dict><key>min</key><integer>2</integer><key>max</key><integer>2</integer></dict><key>phases</key><array><dict><key>name</key><string>T</string><key>actions</key><array><string>x</string></array></dict></array></dict>"
        let (_, d) = try Self.read("<plist version=\"1.0\"><dict><key>games</key><array>\(one)\(one)</array></dict></plist>")
        #expect(Self.rules(d) == ["TT1"])
        #expect(d.first?.message.contains("a second game named \"G\"") == true)
    }
}
