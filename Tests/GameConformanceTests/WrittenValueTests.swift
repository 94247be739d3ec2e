import AndoraGame
import Diagnostics
import ExampleGame
import GameSeam
import PropertyList
import RelentlessGame
import ShakyWordsGame
import TabulaImaginariumGame
import Testing
import TurnTrackerGame

/// What `explore --save-to` relies on (``PlayableGame/written(_:value:in:)``): a value `--set`
/// sets, written where the game says, reads back as the design `setting` makes, every other
/// parameter unchanged, and the file changes only in that value's element. The oracle is
/// `setting`, not `written`: a place that reads back as another design fails.
///
/// Each game names the parameters it writes nowhere, so that one that silently stops being
/// written fails here rather than going unsaved.
@Suite("Every game writes what --set sets where its files read it")
struct WrittenValueTests {
    typealias MemoryFolder = GameConformanceTests.MemoryFolder

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var run: @Sendable () throws -> Void
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "Coin") { try writes(CoinGame(), GameConformanceTests.coinDesign, unwritten: []) },
        // The team's size is a choice of play (--players).
        Case(name: "Relentless") { try writes(PlayableRelentless(), GameConformanceTests.relentlessDesign, unwritten: ["players"]) },
        // Its shipped variants differ in both rules and two matchups search, so only playouts has
        // one value, and it is in two matchups.
        Case(name: "Andora") { try writes(AndoraDefinition(), GameConformanceTests.andoraDesign, unwritten: ["playouts"]) },
        // One variant (its whenTargetIsFull left out, so the edit adds the key) and one matchup
        // that searches: every parameter is one value of the file.
        Case(name: "Andora, one variant") { try writes(AndoraDefinition(), oneVariantAndora, unwritten: []) },
        Case(name: "ShakyWords") { try writes(ShakyWordsDefinition(), GameConformanceTests.shakyWordsDesign, unwritten: []) },
        // The shipped games' rounds are ranges and an expression, their timers and personas'
        // numbers differ: of the shared parameters only actionScale has a value, a what-if.
        // A game's and a persona's own numbers are written where they are.
        Case(name: "TurnTracker") {
            try writes(
                TurnTrackerDefinition(), GameConformanceTests.turnTrackerDesign,
                also: ["turnTimer[Spirit Island]", "turnTimer[Carcassonne]", "speed[steady]", "spread[focused]", "forgetReady[distracted]", "notice[steady]"],
                unwritten: ["actionScale"])
        },
        // Carcassonne's rounds made a whole number, which rounds[Carcassonne] then has.
        Case(name: "TurnTracker, fixed rounds") {
            try writes(TurnTrackerDefinition(), try fixedRoundsTurnTracker(), also: ["rounds[Carcassonne]"], unwritten: ["actionScale"])
        },
        // Three session sizes: devices has no one value. tokens, the map's until set, is added.
        Case(name: "TabulaImaginarium") { try writes(TabulaImaginariumDefinition(), GameConformanceTests.tabulaDesign, unwritten: []) },
    ]

    @Test(arguments: cases)
    func writesWhatSettingSets(_ game: Case) throws { try game.run() }

    /// For each parameter with a value (`game.parameters`, then `extra` names the game makes),
    /// another value `setting` takes, written where `game` says and read back from `folder`
    /// with that file replaced: no error, and every parameter's value that of the design
    /// `setting` makes. `unwritten` is every parameter the game writes nowhere.
    static func writes<Game: ComparingGame>(
        _ game: Game, _ folder: MemoryFolder, options: GameOptionValues = [:], also extra: [String] = [], unwritten expected: [String]
    ) throws {
        let playable = try #require(try game.playable(folder, options).0, "\(game.name): the design does not load")
        let names = game.parameters.map(\.name) + extra
        var unwritten: [String] = []
        for name in names {
            guard let parameter = game.parameter(named: name), let value = otherValue(of: parameter, game, playable),
                let set = try? game.setting(playable, [(name, value)])
            else { continue }
            guard let place = game.written(name, value: value, in: playable) else {
                unwritten.append(name)
                continue
            }
            let what = "\(game.name): \(name) = \(value) written at \(place.file) \(place.path)"
            let original = try #require(try folder.file(place.file), "\(what): no such file")
            let edited = try XMLPlistText.applying([PlistTextEdit(path: place.path, value: place.value)], to: original.bytes)
            let kept = changesOneElement(original.bytes, edited)
            #expect(kept, "\(what): more than its element changed")

            var files = folder.files
            files[place.file] = edited
            let (found, diagnostics) = try game.playable(MemoryFolder(files: files), options)
            #expect(!diagnostics.contains { $0.severity == .error }, "\(what): \(diagnostics)")
            guard let reread = found else { continue }
            for other in names {
                #expect(game.value(of: other, in: reread) == game.value(of: other, in: set), "\(what): \(other) reads back otherwise")
            }
        }
        #expect(unwritten == expected, "\(game.name): the parameters written nowhere")
    }

    /// A value of `parameter` other than the design's that `setting` takes: another choice; for a
    /// number, the design's moved by 10% (`move`, as `sensitivity` moves it) where that makes
    /// designs, else a neighbour; for an expression, another expression, else a constant. Nil
    /// when it has no value or `setting` takes no other.
    static func otherValue<Game: ComparingGame>(of parameter: ParameterDefinition, _ game: Game, _ playable: Game.Playable) -> String? {
        guard let current = game.value(of: parameter.name, in: playable) else { return nil }
        var candidates: [String] = []
        if case .choices(let choices) = parameter.values {
            candidates = choices
        } else if let x = Double(current), let range = parameter.numericRange {
            if let move = game.move(parameter, of: playable, step: 0.1), move.designs != nil { candidates = [move.high, move.low] }
            let neighbours = parameter.isIntegral ? [x + 1, x - 1] : [x + 1, x - 1, x / 2]
            candidates += neighbours.filter(range.contains).map { parameter.isIntegral ? String(Int64($0)) : $0.designerText }
        } else {
            candidates = ["(\(current)) + 1", "1"]
        }
        return candidates.first { $0 != current && (try? game.setting(playable, [(parameter.name, $0)])) != nil }
    }

    /// Whether `edited` differs from `original` only inside one element, its value replaced, or
    /// by one entry added to a dict: the layout and every comment kept.
    static func changesOneElement(_ original: [UInt8], _ edited: [UInt8]) -> Bool {
        let prefix = zip(original, edited).prefix { $0 == $1 }.count
        let suffix = zip(original.reversed(), edited.reversed()).prefix(min(original.count, edited.count) - prefix).prefix { $0 == $1 }.count
        if within(prefix..<(original.count - suffix), original) && within(prefix..<(edited.count - suffix), edited) { return true }
        return original.count - suffix == prefix && occurrences(of: "<key>", in: edited[prefix..<(edited.count - suffix)]) == 1
    }

    /// Whether `range` of `bytes` lies inside the one scalar element that starts at the last
    /// `<` before it: from its start tag to the end of its end tag, or of `<true/>`.
    static func within(_ range: Range<Int>, _ bytes: [UInt8]) -> Bool {
        let open = UInt8(ascii: "<"), close = UInt8(ascii: ">"), slash = UInt8(ascii: "/")
        guard let start = bytes[..<range.lowerBound].lastIndex(of: open), start + 1 < bytes.count, bytes[start + 1] != slash,
            let tagEnd = bytes[start...].firstIndex(of: close)
        else { return false }
        var end = tagEnd + 1
        if bytes[tagEnd - 1] != slash {
            // A scalar element holds no other: its end tag is the next `<`.
            guard let endTag = bytes[end...].firstIndex(of: open), let last = bytes[endTag...].firstIndex(of: close) else { return false }
            end = last + 1
        }
        return range.upperBound <= end
    }

    static func occurrences(of text: String, in bytes: ArraySlice<UInt8>) -> Int {
        let needle = Array(text.utf8)
        return bytes.indices.filter { bytes[$0...].starts(with: needle) }.count
    }

    /// An Andora design of one variant, whose whenTargetIsFull is left to its default, and one
    /// matchup that searches.
    static let oneVariantAndora = MemoryFolder(files: [
        "Andora.plist": Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>variants</key>
            \t<array>
            \t\t<dict>
            \t\t\t<key>name</key>
            \t\t\t<string>spec</string>
            \t\t\t<key>miniFieldStrategy</key>
            \t\t\t<string>first</string>
            \t\t</dict>
            \t</array>
            \t<key>matchups</key>
            \t<array>
            \t\t<string>mcts:200,random</string>
            \t\t<string>greedy</string>
            \t</array>
            </dict>
            </plist>

            """.utf8)
    ])

    /// The shipped Turn Tracker design with Carcassonne's rounds, "71 / players", made 20.
    static func fixedRoundsTurnTracker() throws -> MemoryFolder {
        var folder = GameConformanceTests.turnTrackerDesign
        let path = PlistPath([.key("games"), .key("Carcassonne"), .key("rounds")])
        folder.files["Sessions.plist"] = try XMLPlistText.applying([PlistTextEdit(path: path, value: .integer(PlistInteger(20)))], to: folder.files["Sessions.plist"] ?? [])
        return folder
    }
}
