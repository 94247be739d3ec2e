import Diagnostics
import PropertyList
import RelentlessSimulation
import TestSupport
import Testing

/// `base` in Players.plist: a persona that extends another (of the same file, or a shipped one)
/// and changes only the keys it gives. Expected values are the literals of the fixture
/// (``PlayersReaderTests/valid``), written out here, not read back through the reader.
@Suite("Personas that extend a base persona")
struct PersonaBaseTests {
    static let file = PlayersReaderTests.file

    /// The fixture's two personas plus `extra`, inserted before `casual` (so a base may come later
    /// in the file than the persona extending it).
    static func withPersonas(_ extra: String) throws -> String {
        try PlayersReaderTests.valid(replacing: "<key>casual</key>", with: extra + "\n<key>casual</key>")
    }

    static func read(_ text: String, shipped: [Persona] = []) throws -> (PlayerModel?, [Diagnostic]) {
        PlayersReader.read(try PlistReader.read(bytes: Array(text.utf8)), file: file, shipped: shipped)
    }

    /// The fixture's `casual`, as its lines say.
    static let casual = Persona(
        name: "casual", describeSeconds: KindTable(stateful: 3, titled: 6, rhythmic: 8, assembled: 7), findSeconds: 2.5, packSeconds: 1,
        assembleSeconds: 4, passSeconds: 1.5, misunderstandChance: KindTable(stateful: 0.02, titled: 0.08, rhythmic: 0.12, assembled: 0.04),
        confusionPerGroupItem: 0.06, ordersAtOnce: 1, strategy: .earliestDeadline, timeSpread: 0.35)

    /// A shipped persona unlike any of the fixture's.
    static let shippedNovice = Persona(
        name: "novice", describeSeconds: KindTable(stateful: 5, titled: 9, rhythmic: 12, assembled: 10),
        identifySeconds: KindTable(stateful: 3, titled: 5, rhythmic: 6, assembled: 5), findSeconds: 4, packSeconds: 1.5,
        assembleSeconds: 6, passSeconds: 2.5, misunderstandChance: KindTable(stateful: 0.05, titled: 0.15, rhythmic: 0.2, assembled: 0.1),
        confusionPerGroupItem: 0.08, wrongTeammateChance: 0.2, ordersAtOnce: 1, strategy: .fewestItems, hopelessOrders: .keepGoing, timeSpread: 0.5)

    @Test("an extended persona equals its base but for the one key it overrides, wherever the base is in the file")
    func overridesOneKey() throws {
        let text = try Self.withPersonas("<key>hesitant</key><dict><key>base</key><string>casual</string><key>findSeconds</key><real>5</real></dict>")
        let (model, diagnostics) = try Self.read(text)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
        let hesitant = try #require(model?.persona(named: "hesitant"))
        #expect(hesitant.findSeconds == 5)
        var expected = Self.casual
        expected.name = "hesitant"
        expected.findSeconds = 5
        #expect(hesitant == expected)
        // The base itself is untouched, and the file's order is kept.
        #expect(model?.persona(named: "casual") == Self.casual)
        #expect(model?.names == ["hesitant", "casual", "expert"])
    }

    @Test("a kind table may override some kinds; identifySeconds stays the base's, not half of the new describeSeconds")
    func partialKindTable() throws {
        let text = try Self.withPersonas(
            "<key>wordy</key><dict><key>base</key><string>expert</string><key>describeSeconds</key><dict><key>titled</key><real>9</real></dict></dict>")
        let (model, diagnostics) = try Self.read(text)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
        let wordy = try #require(model?.persona(named: "wordy"))
        #expect(wordy.describeSeconds == KindTable(stateful: 2, titled: 9, rhythmic: 5, assembled: 4.5))
        // expert leaves identifySeconds out: half of its own describeSeconds (2, 3.5, 5, 4.5).
        #expect(wordy.identifySeconds == KindTable(stateful: 1, titled: 1.75, rhythmic: 2.5, assembled: 2.25))
        #expect(wordy.strategy == .fewestItems)
        #expect(wordy.ordersAtOnce == 2)
        #expect(wordy.timeSpread == 0.2)
    }

    @Test("a base may be a shipped persona, and a chain of bases resolves through the file and the shipped personas")
    func shippedBaseAndChain() throws {
        let text = try Self.withPersonas("""
            <key>slowest</key><dict><key>base</key><string>slower</string><key>passSeconds</key><real>4</real></dict>
            <key>slower</key><dict><key>base</key><string>novice</string><key>ordersAtOnce</key><integer>3</integer><key>hopelessOrders</key><string>dropAndStartAnother</string></dict>
            """)
        let (model, diagnostics) = try Self.read(text, shipped: [Self.shippedNovice])
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
        var expected = Self.shippedNovice
        expected.name = "slowest"
        expected.ordersAtOnce = 3
        expected.hopelessOrders = .dropAndStartAnother
        expected.passSeconds = 4
        #expect(model?.persona(named: "slowest") == expected)
        // Shipped personas are bases only: they do not join the design's personas.
        #expect(model?.persona(named: "novice") == nil)
    }

    @Test("a persona whose base is its own name extends the shipped persona of that name")
    func ownNameMeansShipped() throws {
        let text = try Self.withPersonas("<key>novice</key><dict><key>base</key><string>novice</string><key>findSeconds</key><real>7</real></dict>")
        let (model, diagnostics) = try Self.read(text, shipped: [Self.shippedNovice])
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
        var expected = Self.shippedNovice
        expected.findSeconds = 7
        #expect(model?.persona(named: "novice") == expected)
    }

    @Test("an unknown base is an error at the base, naming the file and the persona, with the nearest name suggested")
    func unknownBase() throws {
        let text = try Self.withPersonas("<key>hesitant</key><dict>\n<key>base</key><string>casul</string><key>findSeconds</key><real>5</real></dict>")
        let (model, diagnostics) = try Self.read(text, shipped: [Self.shippedNovice])
        #expect(model == nil)
        let d = try PlayersReaderTests.error("unknown base persona \"casul\"", in: diagnostics)
        PlayersReaderTests.expectLocated(
            d, line: try PlayersReaderTests.line(of: "<string>casul</string>", in: text), keyPath: "personas.hesitant.base",
            suggestion: "did you mean \"casual\"?")
        #expect(d.message.contains("(shipped: novice)"))
        #expect(diagnostics.filter { $0.severity == .error }.count == 1)
    }

    @Test("a cycle of bases is one error naming the file and every persona of the cycle; nothing is simulated")
    func cycle() throws {
        let text = try Self.withPersonas("""
            <key>ping</key><dict><key>base</key><string>pong</string></dict>
            <key>pong</key><dict>
            <key>base</key><string>ping</string></dict>
            """)
        let (model, diagnostics) = try Self.read(text)
        #expect(model == nil)
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(diagnostics.map(\.description))")
        let d = try PlayersReaderTests.error("ping → pong → ping", in: diagnostics)
        PlayersReaderTests.expectLocated(
            d, line: try PlayersReaderTests.line(of: "<string>ping</string>", in: text), keyPath: "personas.pong.base",
            suggestion: "give one persona of the cycle the keys it needs instead of a base, or a shipped persona as its base")
    }

    @Test("a persona naming itself as its base with no shipped persona of that name is an error")
    func selfWithoutShipped() throws {
        let text = try Self.withPersonas("<key>loner</key><dict><key>base</key><string>loner</string></dict>")
        let (model, diagnostics) = try Self.read(text)
        #expect(model == nil)
        let d = try PlayersReaderTests.error("names itself as its base", in: diagnostics)
        #expect(d.file == Self.file)
        #expect(d.keyPath == "personas.loner.base")
    }

    @Test("an override is checked as any value is, at its own line; a base that is not a string is an error")
    func overridesAreChecked() throws {
        let text = try Self.withPersonas("""
            <key>rash</key><dict><key>base</key><string>casual</string>
            <key>timeSpread</key><real>9</real></dict>
            <key>odd</key><dict><key>base</key><integer>3</integer></dict>
            """)
        let (model, diagnostics) = try Self.read(text)
        #expect(model == nil)
        let spread = try PlayersReaderTests.error("must be in 0...3", in: diagnostics)
        PlayersReaderTests.expectLocated(spread, line: try PlayersReaderTests.line(of: "<real>9</real>", in: text), keyPath: "personas.rash.timeSpread")
        #expect(diagnostics.contains { $0.severity == .error && $0.keyPath == "personas.odd.base" })
    }

    @Test("without a base every required key is still required")
    func noBaseStillRequired() throws {
        let text = try Self.withPersonas("<key>bare</key><dict><key>findSeconds</key><real>5</real></dict>")
        let (model, diagnostics) = try Self.read(text, shipped: [Self.shippedNovice])
        #expect(model == nil)
        #expect(diagnostics.contains { $0.severity == .error && $0.keyPath.hasPrefix("personas.bare") && $0.message.contains("describeSeconds") })
    }
}
