import Diagnostics
import Foundation
import PropertyList
import RelentlessSimulation
import TestSupport
import Testing

/// `Players.plist`: the shipped personas, and every mistake a designer can make reported with
/// its file, line and key path, leaving no model to simulate with.
@Suite("Players.plist is read with located diagnostics")
struct PlayersReaderTests {
    static let file = "Designs/mine/Players.plist"

    /// Two personas, one key per line, so that each test changes exactly one line and can say
    /// on which line the message must point. Every anchor the tests replace occurs once.
    static let valid = DesignFixtures.plist("""
        <dict>
            <key>defaultTeam</key>
            <array>
                <string>casual</string>
                <string>casual</string>
                <string>expert</string>
            </array>
            <key>personas</key>
            <dict>
                <key>casual</key>
                <dict>
                    <key>describeSeconds</key>
                    <dict>
                        <key>stateful</key><real>3</real>
                        <key>titled</key><real>6</real>
                        <key>rhythmic</key><real>8</real>
                        <key>assembled</key><integer>7</integer>
                    </dict>
                    <key>findSeconds</key><real>2.5</real>
                    <key>packSeconds</key><integer>1</integer>
                    <key>assembleSeconds</key><real>4</real>
                    <key>passSeconds</key><real>1.5</real>
                    <key>misunderstandChance</key>
                    <dict>
                        <key>stateful</key><real>0.02</real>
                        <key>titled</key><real>0.08</real>
                        <key>rhythmic</key><real>0.12</real>
                        <key>assembled</key><real>0.04</real>
                    </dict>
                    <key>confusionPerGroupItem</key><real>0.06</real>
                    <key>ordersAtOnce</key><integer>1</integer>
                    <key>strategy</key><string>earliestDeadline</string>
                    <key>timeSpread</key><real>0.35</real>
                </dict>
                <key>expert</key>
                <dict>
                    <key>describeSeconds</key>
                    <dict>
                        <key>stateful</key><real>2</real>
                        <key>titled</key><real>3.5</real>
                        <key>rhythmic</key><real>5</real>
                        <key>assembled</key><real>4.5</real>
                    </dict>
                    <key>findSeconds</key><real>1.25</real>
                    <key>packSeconds</key><real>0.6</real>
                    <key>assembleSeconds</key><real>2.75</real>
                    <key>passSeconds</key><real>0.9</real>
                    <key>misunderstandChance</key>
                    <dict>
                        <key>stateful</key><real>0.01</real>
                        <key>titled</key><real>0.03</real>
                        <key>rhythmic</key><real>0.07</real>
                        <key>assembled</key><real>0.015</real>
                    </dict>
                    <key>confusionPerGroupItem</key><real>0.025</real>
                    <key>ordersAtOnce</key><integer>2</integer>
                    <key>strategy</key><string>fewestItems</string>
                    <key>timeSpread</key><real>0.2</real>
                </dict>
            </dict>
        </dict>
        """)

    // MARK: - Helpers

    static func read(_ text: String) throws -> (PlayerModel?, [Diagnostic]) {
        PlayersReader.read(try PlistReader.read(bytes: Array(text.utf8)), file: file)
    }

    /// The fixture with the one occurrence of `anchor` replaced.
    static func valid(replacing anchor: String, with replacement: String) throws -> String {
        let ranges = valid.ranges(of: anchor)
        try #require(ranges.count == 1, "the fixture has \(ranges.count) occurrences of \(anchor)")
        return valid.replacingCharacters(in: ranges[0], with: replacement)
    }

    /// The 1-based line of the one line of `text` containing `needle`.
    static func line(of needle: String, in text: String, after: String? = nil) throws -> Int {
        let lines = text.components(separatedBy: "\n")
        var start = 0
        if let after {
            start = try #require(lines.firstIndex { $0.contains(after) }, "no line contains \(after)") + 1
        }
        let matches = lines.indices.filter { $0 >= start && lines[$0].contains(needle) }
        let first = try #require(matches.first, "no line contains \(needle)")
        if after == nil { try #require(matches.count == 1, "\(matches.count) lines contain \(needle)") }
        return first + 1
    }

    /// The one error whose message contains `fragment`.
    static func error(_ fragment: String, in diagnostics: [Diagnostic]) throws -> Diagnostic {
        let found = diagnostics.filter { $0.severity == .error && $0.message.contains(fragment) }
        try #require(found.count == 1, "expected one error containing \(fragment), got \(diagnostics.map(\.description))")
        return found[0]
    }

    /// Checks the file, line, key path and suggestion of `d`.
    static func expectLocated(
        _ d: Diagnostic, line: Int, keyPath: String, suggestion: String? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(d.file == file, sourceLocation: sourceLocation)
        #expect(d.location?.line == line, "\(d)", sourceLocation: sourceLocation)
        #expect(d.keyPath == keyPath, "\(d)", sourceLocation: sourceLocation)
        #expect(d.suggestion == suggestion, "\(d)", sourceLocation: sourceLocation)
    }

    // MARK: - Files that read

    @Test("the shipped Players.plist reads without a message, with the values written in it")
    func shippedFile() throws {
        let url = Fixtures.shippedDesign.appendingPathComponent(PlayersReader.fileName)
        let (read, diagnostics) = PlayersReader.read(try PlistReader.read(bytes: try Fixtures.bytes(url)), file: url.path)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
        let model = try #require(read)
        #expect(model.names == ["novice", "casual", "expert", "perfect", "idle"])
        #expect(model.defaultTeam == ["casual", "casual", "casual", "casual"])

        let novice = try #require(model.persona(named: "novice"))
        #expect(novice.describeSeconds == KindTable(stateful: 5, titled: 9, rhythmic: 12, assembled: 10))
        #expect(novice.packSeconds == 1.5)
        #expect(novice.misunderstandChance.rhythmic == 0.2)
        #expect(novice.confusionPerGroupItem == 0.08)
        #expect(novice.strategy == .fewestItems)
        #expect(novice.timeSpread == 0.5)

        let casual = try #require(model.persona(named: "casual"))
        #expect(casual.findSeconds == 2.5)
        #expect(casual.passSeconds == 1.5)
        #expect(casual.misunderstandChance == KindTable(stateful: 0.02, titled: 0.08, rhythmic: 0.12, assembled: 0.05))
        #expect(casual.ordersAtOnce == 1)
        #expect(casual.strategy == .earliestDeadline)

        let expert = try #require(model.persona(named: "expert"))
        #expect(expert.ordersAtOnce == 2)
        #expect(expert.describeSeconds.titled == 3.5)
        #expect(expert.packSeconds == 0.6)
        #expect(expert.assembleSeconds == 2.5)
        #expect(expert.timeSpread == 0.25)

        let perfect = try #require(model.persona(named: "perfect"))
        #expect(perfect.describeSeconds == KindTable(all: 0))
        #expect([perfect.findSeconds, perfect.packSeconds, perfect.assembleSeconds, perfect.passSeconds] == [0, 0, 0, 0])
        #expect(perfect.misunderstandChance == KindTable(all: 0))
        #expect(perfect.confusionPerGroupItem == 0)
        #expect(perfect.timeSpread == 0)
        #expect(perfect.ordersAtOnce == 1)

        #expect(novice.identifySeconds == KindTable(stateful: 3, titled: 5, rhythmic: 6, assembled: 5))
        #expect(novice.wrongTeammateChance == 0.25 && novice.hopelessOrders == .keepGoing)
        #expect(casual.wrongTeammateChance == 0.15 && casual.hopelessOrders == .dropAndStartAnother)
        #expect(expert.wrongTeammateChance == 0.05 && expert.hopelessOrders == .deliverWhatItHas)
        #expect(perfect.identifySeconds == KindTable(all: 0) && perfect.wrongTeammateChance == 0)

        let idle = try #require(model.persona(named: "idle"))
        #expect(idle.ordersAtOnce == 0)
        #expect(idle.describeSeconds == casual.describeSeconds)
        #expect(idle.timeSpread == 0)
    }

    @Test("the fixture reads, so each test below breaks exactly what it says")
    func validFixture() throws {
        let (read, diagnostics) = try Self.read(Self.valid)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
        let model = try #require(read)
        #expect(model.names == ["casual", "expert"])
        #expect(model.defaultTeam == ["casual", "casual", "expert"])
        let casual = try #require(model.persona(named: "casual"))
        #expect(casual.describeSeconds == KindTable(stateful: 3, titled: 6, rhythmic: 8, assembled: 7))
        #expect(casual.packSeconds == 1)
        let expert = try #require(model.persona(named: "expert"))
        #expect(expert.findSeconds == 1.25)
        #expect(expert.misunderstandChance.assembled == 0.015)
        #expect(expert.confusionPerGroupItem == 0.025)
        #expect(expert.ordersAtOnce == 2)
        #expect(expert.strategy == .fewestItems)
        #expect(expert.timeSpread == 0.2)
    }

    @Test("values on the edge of their ranges are accepted", arguments: [
        ("<key>titled</key><real>0.08</real>", "<key>titled</key><real>1</real>"),
        ("<key>confusionPerGroupItem</key><real>0.06</real>", "<key>confusionPerGroupItem</key><integer>1</integer>"),
        ("<key>timeSpread</key><real>0.35</real>", "<key>timeSpread</key><real>3</real>"),
        ("<key>findSeconds</key><real>2.5</real>", "<key>findSeconds</key><real>0</real>"),
        ("<key>findSeconds</key><real>2.5</real>", "<key>findSeconds</key><integer>3600</integer>"),
        ("<key>ordersAtOnce</key><integer>1</integer>", "<key>ordersAtOnce</key><integer>0</integer>"),
        ("<key>ordersAtOnce</key><integer>1</integer>", "<key>ordersAtOnce</key><integer>100</integer>"),
        ("<key>ordersAtOnce</key><integer>1</integer>", "<key>ordersAtOnce</key><real>3</real>"),
    ])
    func edgesAccepted(anchor: String, replacement: String) throws {
        let (model, diagnostics) = try Self.read(try Self.valid(replacing: anchor, with: replacement))
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
        #expect(model != nil)
    }

    // MARK: - Mistakes in a persona

    @Test("an unknown key in a persona is an error at the key, with the nearest known key")
    func unknownPersonaKey() throws {
        let text = try Self.valid(
            replacing: "<key>timeSpread</key><real>0.2</real>",
            with: "<key>timeSpread</key><real>0.2</real>\n                <key>timeSpred</key><real>0.1</real>")
        let (model, diagnostics) = try Self.read(text)
        #expect(model == nil)
        let d = try Self.error("unknown key \"timeSpred\" in a persona", in: diagnostics)
        Self.expectLocated(
            d, line: try Self.line(of: "<key>timeSpred</key>", in: text), keyPath: "personas.expert.timeSpred",
            suggestion: "did you mean \"timeSpread\"?")
        #expect(diagnostics.count == 1, "\(diagnostics.map(\.description))")
    }

    @Test("a missing key is an error at the persona's dict, naming the key")
    func missingKey() throws {
        let text = try Self.valid(replacing: "<key>packSeconds</key><real>0.6</real>\n", with: "")
        let (model, diagnostics) = try Self.read(text)
        #expect(model == nil)
        let d = try Self.error("missing key \"packSeconds\"", in: diagnostics)
        // The persona's <dict> is the line after its name.
        Self.expectLocated(d, line: try Self.line(of: "<key>expert</key>", in: text) + 1, keyPath: "personas.expert")
    }

    @Test("a missing kind in a by-kind table is an error at that table")
    func missingKind() throws {
        let text = try Self.valid(replacing: "<key>assembled</key><real>0.015</real>\n", with: "")
        let (model, diagnostics) = try Self.read(text)
        #expect(model == nil)
        let d = try Self.error("missing key \"assembled\"", in: diagnostics)
        Self.expectLocated(
            d, line: try Self.line(of: "<key>misunderstandChance</key>", in: text, after: "<key>expert</key>") + 1,
            keyPath: "personas.expert.misunderstandChance")
    }

    @Test("a negative time is an error at its value", arguments: [
        ("<key>findSeconds</key><real>1.25</real>", "<key>findSeconds</key><real>-1</real>", "personas.expert.findSeconds", "-1"),
        ("<key>passSeconds</key><real>0.9</real>", "<key>passSeconds</key><integer>-2</integer>", "personas.expert.passSeconds", "-2"),
        ("<key>rhythmic</key><real>5</real>", "<key>rhythmic</key><real>-0.5</real>", "personas.expert.describeSeconds.rhythmic", "-0.5"),
    ])
    func negativeTime(anchor: String, replacement: String, keyPath: String, value: String) throws {
        let text = try Self.valid(replacing: anchor, with: replacement)
        let (model, diagnostics) = try Self.read(text)
        #expect(model == nil)
        let d = try Self.error("must be in 0...3600, not \(value)", in: diagnostics)
        Self.expectLocated(d, line: try Self.line(of: replacement, in: text), keyPath: keyPath)
    }

    @Test("a chance above 1 is an error at its value", arguments: [
        ("<key>titled</key><real>0.03</real>", "<key>titled</key><real>1.5</real>", "personas.expert.misunderstandChance.titled"),
        ("<key>confusionPerGroupItem</key><real>0.025</real>", "<key>confusionPerGroupItem</key><real>1.5</real>", "personas.expert.confusionPerGroupItem"),
    ])
    func chanceAboveOne(anchor: String, replacement: String, keyPath: String) throws {
        let text = try Self.valid(replacing: anchor, with: replacement)
        let (model, diagnostics) = try Self.read(text)
        #expect(model == nil)
        let d = try Self.error("must be in 0...1, not 1.5", in: diagnostics)
        Self.expectLocated(d, line: try Self.line(of: replacement, in: text), keyPath: keyPath)
    }

    @Test("other values outside their range or of the wrong type are errors at the value", arguments: [
        ("<key>assembleSeconds</key><real>2.75</real>", "<key>assembleSeconds</key><real>3600.5</real>", "personas.expert.assembleSeconds", "must be in 0...3600, not 3600.5"),
        ("<key>stateful</key><real>2</real>", "<key>stateful</key><integer>36000</integer>", "personas.expert.describeSeconds.stateful", "must be in 0...3600, not 36000"),
        ("<key>timeSpread</key><real>0.2</real>", "<key>timeSpread</key><real>3.5</real>", "personas.expert.timeSpread", "must be in 0...3, not 3.5"),
        ("<key>ordersAtOnce</key><integer>2</integer>", "<key>ordersAtOnce</key><integer>-1</integer>", "personas.expert.ordersAtOnce", "must be between 0 and 100"),
        ("<key>ordersAtOnce</key><integer>2</integer>", "<key>ordersAtOnce</key><integer>101</integer>", "personas.expert.ordersAtOnce", "must be between 0 and 100"),
        ("<key>ordersAtOnce</key><integer>2</integer>", "<key>ordersAtOnce</key><real>1.5</real>", "personas.expert.ordersAtOnce", "expected an integer"),
        ("<key>findSeconds</key><real>1.25</real>", "<key>findSeconds</key><string>fast</string>", "personas.expert.findSeconds", "expected a number, found"),
        ("<key>strategy</key><string>fewestItems</string>", "<key>strategy</key><integer>1</integer>", "personas.expert.strategy", "expected a string"),
    ])
    func outOfRange(anchor: String, replacement: String, keyPath: String, message: String) throws {
        let text = try Self.valid(replacing: anchor, with: replacement)
        let (model, diagnostics) = try Self.read(text)
        #expect(model == nil)
        let d = try Self.error(message, in: diagnostics)
        Self.expectLocated(d, line: try Self.line(of: replacement, in: text), keyPath: keyPath)
    }

    @Test("an unknown strategy is an error listing the strategies, with the nearest one")
    func unknownStrategy() throws {
        let replacement = "<key>strategy</key><string>fewestItem</string>"
        let text = try Self.valid(replacing: "<key>strategy</key><string>fewestItems</string>", with: replacement)
        let (model, diagnostics) = try Self.read(text)
        #expect(model == nil)
        let d = try Self.error("unknown strategy \"fewestItem\"", in: diagnostics)
        Self.expectLocated(
            d, line: try Self.line(of: replacement, in: text), keyPath: "personas.expert.strategy",
            suggestion: "did you mean \"fewestItems\"?")
        #expect(d.message.contains("earliestDeadline, fewestItems"), "\(d)")
    }

    @Test("identifySeconds, wrongTeammateChance and hopelessOrders may be left out: their documented defaults apply")
    func optionalKeysDefault() throws {
        let (read, _) = try Self.read(Self.valid)
        let model = try #require(read)
        let casual = try #require(model.persona(named: "casual"))
        // Half of describeSeconds (3/6/8/7), one ask in ten astray, every order seen through.
        #expect(casual.identifySeconds == KindTable(stateful: 1.5, titled: 3, rhythmic: 4, assembled: 3.5))
        #expect(casual.wrongTeammateChance == 0.1)
        #expect(casual.hopelessOrders == .keepGoing)
    }

    @Test("identifySeconds, wrongTeammateChance and hopelessOrders are read when given")
    func optionalKeysRead() throws {
        let text = try Self.valid(
            replacing: "<key>confusionPerGroupItem</key><real>0.06</real>",
            with: """
                <key>confusionPerGroupItem</key><real>0.06</real>
                <key>identifySeconds</key><dict><key>stateful</key><real>1</real><key>titled</key><real>2</real><key>rhythmic</key><real>3</real><key>assembled</key><real>4</real></dict>
                <key>wrongTeammateChance</key><real>0.3</real>
                <key>hopelessOrders</key><string>deliverWhatItHas</string>
                """)
        let (read, diagnostics) = try Self.read(text)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
        let model = try #require(read)
        let casual = try #require(model.persona(named: "casual"))
        #expect(casual.identifySeconds == KindTable(stateful: 1, titled: 2, rhythmic: 3, assembled: 4))
        #expect(casual.wrongTeammateChance == 0.3)
        #expect(casual.hopelessOrders == .deliverWhatItHas)
    }

    @Test("an unknown hopelessOrders is an error listing the choices, with the nearest one; a wrongTeammateChance above 1 is an error")
    func badOptionalKeys() throws {
        let replacement = "<key>hopelessOrders</key><string>dropAndStartAnothr</string>"
        let text = try Self.valid(replacing: "<key>strategy</key><string>fewestItems</string>", with: "<key>strategy</key><string>fewestItems</string>\n" + replacement)
        let (model, diagnostics) = try Self.read(text)
        #expect(model == nil)
        let d = try Self.error("unknown hopelessOrders \"dropAndStartAnothr\"", in: diagnostics)
        Self.expectLocated(
            d, line: try Self.line(of: replacement, in: text), keyPath: "personas.expert.hopelessOrders",
            suggestion: "did you mean \"dropAndStartAnother\"?")
        #expect(d.message.contains("keepGoing, deliverWhatItHas, dropAndStartAnother"), "\(d)")
        let chance = try Self.valid(replacing: "<key>strategy</key><string>fewestItems</string>", with: "<key>strategy</key><string>fewestItems</string><key>wrongTeammateChance</key><real>1.5</real>")
        let (_, problems) = try Self.read(chance)
        #expect(problems.contains { $0.keyPath == "personas.expert.wrongTeammateChance" && $0.message.contains("must be in 0...1") }, "\(problems)")
    }

    @Test("an unknown kind inside describeSeconds is an error at the key, with the nearest kind (C2)")
    func unknownKind() throws {
        let text = try Self.valid(
            replacing: "<key>rhythmic</key><real>8</real>",
            with: "<key>rhythmic</key><real>8</real>\n                    <key>rhythmc</key><real>9</real>")
        let (model, diagnostics) = try Self.read(text)
        #expect(model == nil)
        let d = try Self.error("unknown key \"rhythmc\" in describeSeconds", in: diagnostics)
        Self.expectLocated(
            d, line: try Self.line(of: "<key>rhythmc</key>", in: text), keyPath: "personas.casual.describeSeconds.rhythmc",
            suggestion: "did you mean \"rhythmic\"?")
        #expect(d.rule == "C2")
    }

    // MARK: - Mistakes at the top

    @Test("a default team naming an unknown persona is an error at the name, with the nearest persona")
    func unknownTeamMember() throws {
        let text = try Self.valid(replacing: "<string>expert</string>", with: "<string>expret</string>")
        let (model, diagnostics) = try Self.read(text)
        #expect(model == nil)
        let d = try Self.error("\"expret\" is not a persona of this file", in: diagnostics)
        Self.expectLocated(
            d, line: try Self.line(of: "<string>expret</string>", in: text), keyPath: "defaultTeam[2]",
            suggestion: "did you mean \"expert\"?")
        #expect(diagnostics.count == 1, "\(diagnostics.map(\.description))")
    }

    @Test("an empty default team is an error")
    func emptyTeam() throws {
        let text = try Self.valid(
            replacing: """
                <array>
                        <string>casual</string>
                        <string>casual</string>
                        <string>expert</string>
                    </array>
                """,
            with: "<array/>")
        let (model, diagnostics) = try Self.read(text)
        #expect(model == nil)
        let d = try Self.error("must name at least one persona", in: diagnostics)
        Self.expectLocated(d, line: try Self.line(of: "<array/>", in: text), keyPath: "defaultTeam")
    }

    @Test("an empty personas dict is an error at the dict")
    func emptyPersonas() throws {
        let text = DesignFixtures.plist("""
            <dict>
                <key>defaultTeam</key>
                <array><string>casual</string></array>
                <key>personas</key>
                <dict/>
            </dict>
            """)
        let (model, diagnostics) = try Self.read(text)
        #expect(model == nil)
        let d = try Self.error("names no persona", in: diagnostics)
        Self.expectLocated(d, line: try Self.line(of: "<dict/>", in: text), keyPath: "personas")
    }

    @Test("a root that is not a dict is an error at the root")
    func rootNotADict() throws {
        let text = DesignFixtures.plist("""
            <array>
                <string>casual</string>
            </array>
            """)
        let (model, diagnostics) = try Self.read(text)
        #expect(model == nil)
        let d = try Self.error("the players root must be a dict, not an <array>", in: diagnostics)
        Self.expectLocated(d, line: try Self.line(of: "<array>", in: text), keyPath: "")
        #expect(diagnostics.count == 1)
    }

    @Test("an unknown top-level key is an error with the nearest key; a missing one is reported too")
    func unknownTopLevelKey() throws {
        let text = try Self.valid(replacing: "<key>defaultTeam</key>", with: "<key>defaultTeams</key>")
        let (model, diagnostics) = try Self.read(text)
        #expect(model == nil)
        let unknown = try Self.error("unknown key \"defaultTeams\" in the players file", in: diagnostics)
        Self.expectLocated(
            unknown, line: try Self.line(of: "<key>defaultTeams</key>", in: text), keyPath: "defaultTeams",
            suggestion: "did you mean \"defaultTeam\"?")
        let missing = try Self.error("missing key \"defaultTeam\"", in: diagnostics)
        Self.expectLocated(missing, line: try Self.line(of: "<dict>", in: text, after: "<plist"), keyPath: "")
    }

    @Test("every error of a file is reported in one read, not only the first")
    func allErrorsAtOnce() throws {
        var text = try Self.valid(replacing: "<key>findSeconds</key><real>2.5</real>", with: "<key>findSeconds</key><real>-2.5</real>")
        text = text.replacingOccurrences(of: "<string>fewestItems</string>", with: "<string>slowest</string>")
        let (model, diagnostics) = try Self.read(text)
        #expect(model == nil)
        _ = try Self.error("must be in 0...3600, not -2.5", in: diagnostics)
        _ = try Self.error("unknown strategy \"slowest\"", in: diagnostics)
    }

    /// A persona with a mistake is still a persona of the file: the default team naming it
    /// should not add "is not a persona of this file" (four more errors for the shipped file's
    /// defaultTeam of four). PlayersReader checks the team against the personas read without
    /// error instead of the names the file declares.
    @Test("a mistake inside a persona is not reported again where the default team names it")
    func noCascadeIntoTheTeam() throws {
        let text = try Self.valid(replacing: "<key>findSeconds</key><real>2.5</real>", with: "<key>findSeconds</key><real>-1</real>")
        let (model, diagnostics) = try Self.read(text)
        #expect(model == nil)
        _ = try Self.error("must be in 0...3600, not -1", in: diagnostics)
        #expect(!diagnostics.contains { $0.message.contains("is not a persona of this file") }, "\(diagnostics.map(\.description))")
        #expect(diagnostics.count == 1)
    }
}
