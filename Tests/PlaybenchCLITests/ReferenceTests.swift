import Andora
import RelentlessBalance
import RelentlessCalibration
import AndoraGame
import Balance
import Foundation
import GameSeam
import RelentlessGeneration
@testable import PlaybenchCLI
import Relentless
import RelentlessSimulation
import ShakyWords
import ShakyWordsGame
import TabulaImaginarium
import TabulaImaginariumGame
import TabulaImaginariumSync
import TurnTracker
import TurnTrackerGame
import TestSupport
import Testing

/// The designer's reference (the DocC catalogs under `Sources`: the commands' `Playbench.docc`,
/// and each game's beside its model) covers what the code knows: every rule id the sources cite
/// has an entry, and every key a reader accepts has a row. The articles are read from disk and
/// parsed here, not by the code that prints them; the ids come from the sources' text, the keys
/// from the lists each reader itself checks files against.
@Suite("the designer's reference")
struct ReferenceTests {
    static let sources = Fixtures.packageRoot.appendingPathComponent("Sources")

    /// Every DocC catalog under Sources, by name ("Playbench", "Relentless", "TabulaImaginariumSync").
    static let catalogs: [String: URL] = {
        let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        let found = (walker?.compactMap { $0 as? URL } ?? []).filter { $0.pathExtension == "docc" }
        return Dictionary(uniqueKeysWithValues: found.map { ($0.deletingPathExtension().lastPathComponent, $0) })
    }()

    /// An article by its catalog and name ("Relentless/GameConfig"); a bare name is the commands'.
    static func article(_ path: String) throws -> String {
        let parts = path.split(separator: "/").map(String.init)
        let (catalog, name) = parts.count == 2 ? (parts[0], parts[1]) : ("Playbench", parts[0])
        let url = try #require(catalogs[catalog], "no catalog \(catalog)").appendingPathComponent("\(name).md")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The games' rules articles: each game catalog's `…Rules.md` (`AndoraRules.md`), not the
    /// commands' index of them.
    static func rulesArticles() throws -> [(catalog: String, markdown: String)] {
        try catalogs.keys.sorted().filter { $0 != "Playbench" }.flatMap { catalog in
            let url = catalogs[catalog]!
            return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix("Rules.md") }.sorted().map {
                (catalog, try String(contentsOf: url.appendingPathComponent($0), encoding: .utf8))
            }
        }
    }

    /// Every entry of every game's rules article.
    static func ruleEntries() throws -> [(id: String, heading: String, body: [String])] {
        try rulesArticles().flatMap { entries(of: $0.markdown) }
    }

    // MARK: Rule ids

    /// A rule id as messages write it: C4, G5, P7, M3, R1.4, R1.9.2, SW5, TT3, TI7, TS4 (not part of a longer word).
    static var ruleId: Regex<(Substring, id: Substring)> { #/(?:^|[^A-Za-z0-9_.])(?<id>[CGPM][0-9]+|R[0-9]+(?:\.[0-9]+)*|SW[0-9]+|TT[0-9]+|TI[0-9]+|TS[0-9]+)(?![A-Za-z0-9_])/# }

    /// Every rule id the sources cite outside comments (messages, `rule:` arguments, help text),
    /// with where it first appears.
    static func citedRuleIds() throws -> [String: String] {
        let sources = Fixtures.packageRoot.appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var cited: [String: String] = [:]
        for case let url as URL in walker where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.drop(while: { $0 == " " }).hasPrefix("//") || !mayCiteARule(line) { continue }
                for match in line.matches(of: ruleId) where cited[String(match.id)] == nil {
                    cited[String(match.id)] = "\(url.path.replacingOccurrences(of: sources.path + "/", with: "")):\(n + 1)"
                }
            }
        }
        return cited
    }

    /// Whether `line` has a digit right after a letter an id's letters end with (C, G, P, M, R,
    /// W, T, I, S): no line without one can match ``ruleId``. The regex, some 300 µs a line in
    /// a debug build (16 s over the 48,000 lines of Sources), then runs only on those lines.
    static func mayCiteARule(_ line: Substring) -> Bool {
        var previous: UInt8 = 0
        for byte in line.utf8 {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                switch previous {
                case UInt8(ascii: "C"), UInt8(ascii: "G"), UInt8(ascii: "P"), UInt8(ascii: "M"), UInt8(ascii: "R"),
                    UInt8(ascii: "W"), UInt8(ascii: "T"), UInt8(ascii: "I"), UInt8(ascii: "S"):
                    return true
                default: break
                }
            }
            previous = byte
        }
        return false
    }

    /// The entries of a rules article: `### ID: Title` headings and the text up to the next
    /// heading (headings inside code blocks do not count).
    static func entries(of markdown: String) -> [(id: String, heading: String, body: [String])] {
        var entries: [(id: String, heading: String, body: [String])] = []
        var inCode = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") { inCode.toggle() }
            if !inCode && line.hasPrefix("#") {
                if line.hasPrefix("### "), let colon = line.firstIndex(of: ":") {
                    let id = String(line[line.index(line.startIndex, offsetBy: 4)..<colon])
                    entries.append((id, String(line.dropFirst(4)), []))
                } else if line.hasPrefix("### ") {
                    entries.append((String(line.dropFirst(4)), String(line.dropFirst(4)), []))
                } else {
                    entries.append(("", line, []))  // a section heading ends the entry before it
                }
                continue
            }
            if !entries.isEmpty { entries[entries.count - 1].body.append(line) }
        }
        return entries.filter { !$0.id.isEmpty }
    }

    @Test("the scan of the sources finds the ids messages cite")
    func scanFindsCitations() throws {
        let cited = try Self.citedRuleIds()
        // Known citations: CatalogueChecks' unknown part [C4], Andora's reader (R1.4, R1.9.2),
        // sampling's P4, the ramp's M3. If the scan broke, the coverage test would pass vacuously.
        for id in ["C2", "C4", "G4", "P4", "M3", "R1.4", "R1.9.2", "SW5", "SW12", "TT3", "TT6", "TI3", "TI10", "TS5", "TS8"] {
            #expect(cited[id] != nil, "the scan found no citation of \(id)")
        }
        #expect(cited["M10"] == nil && cited["C0"] == nil)
    }

    @Test("every rule id the sources cite has an entry in a game's rules article")
    func everyCitedRuleIsDocumented() throws {
        let documented = Set(try Self.ruleEntries().map(\.id))
        for (id, place) in try Self.citedRuleIds().sorted(by: { $0.key < $1.key }) {
            #expect(documented.contains(id), "\(id), cited at \(place), has no '### \(id): …' entry in a game's Rules.md")
        }
    }

    @Test("the games' rules articles are found: one per catalog of a game's model, six in all")
    func rulesArticlesAreFound() throws {
        let found = try Self.rulesArticles().map(\.catalog)
        #expect(found == ["Andora", "Relentless", "ShakyWords", "TabulaImaginarium", "TabulaImaginariumSync", "TurnTracker"], "\(found)")
        // The commands' own Rules article is the index of them, and holds no entry.
        #expect(Self.entries(of: try Self.article("Rules")).isEmpty)
    }

    @Test("every entry of the rules articles explains the rule and gives an example")
    func everyEntryHasAnExample() throws {
        let entries = try Self.ruleEntries()
        #expect(entries.count >= 40)
        #expect(Set(entries.map(\.id)).count == entries.count, "an id has two entries")
        for entry in entries {
            let prose = entry.body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            #expect(prose.count >= 2, "\(entry.id) has no explanation")
            #expect(entry.body.contains { $0.hasPrefix("Example") }, "\(entry.id) has no example")
        }
    }

    @Test("explain-rule knows exactly the entries of the games' articles")
    func explainRuleReadsTheArticle() throws {
        let onDisk = Set(try Self.ruleEntries().map(\.id))
        #expect(Set(RuleReference.entries.map(\.id)) == onDisk)
        #expect(RuleReference.entries.count == onDisk.count)
    }

    // MARK: Keys

    /// Backticked names in the first cell of the article's table rows: the keys it documents,
    /// each with the row's other cells (type, meaning and effect, default).
    static func tableRows(of markdown: String) -> [(names: [String], cells: [String])] {
        markdown.split(separator: "\n").filter { $0.hasPrefix("|") && !$0.hasPrefix("|---") }.map { row in
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            let names = (cells.first ?? "").matches(of: #/`([^`]+)`/#).map { String($0.1) }
            return (names, Array(cells.dropFirst()))
        }
    }

    /// What each article must document: the keys its reader knows, from the reader's own lists.
    static let keysByArticle: [(article: String, keys: [String])] = [
        ("Relentless/GameConfig", CategoryKind.allCases.map(\.rootKey) + CategoryKind.allCases.flatMap(CatalogueReader.keys(of:)) + CatalogueReader.rhythmKeys),
        ("Relentless/GameParameters", ParameterKey.allCases.map(\.rawValue)),
        ("Relentless/Players", PlayersReader.topKeys + PlayersReader.personaKeys + [PlayersReader.baseKey]),
        ("Relentless/BalanceTargets", BalanceReader.topKeys + BalanceReader.targetKeys + MetricGateReader.targetKeys + BalanceTarget.Metric.allCases.map(\.rawValue)),
        ("Relentless/Pipeline", PipelineFile.keys),
        ("Andora/AndoraPlist", Andora.DesignReader.topKeys + Andora.DesignReader.variantKeys + AndoraDefinition().parameters.map(\.name)),
        ("LineupTargets", MetricGateReader.topKeys + MetricGateReader.targetKeys + AndoraDefinition().metrics.map(\.name)),
        (
            "ShakyWords/ShakyWordsFiles",
            QuizPacksReader.topKeys + QuizPacksReader.packKeys + QuizPacksReader.questionKeys + ShakyWords.DesignReader.topKeys + ShakyWords.DesignReader.gameKeys
                + ShakyWords.DesignReader.timerKeys + ShakyWords.DesignReader.pointKeys + ShakyWords.DesignReader.hintKeys + ShakyWords.DesignReader.spellingKeys
                + ShakyWords.DesignReader.personaKeys + ShakyWordsDefinition().parameters.map(\.name) + ShakyWordsDefinition().metrics.map(\.name)
        ),
        (
            "TurnTracker/TurnTrackerFiles",
            GamesReader.topKeys + GamesReader.gameKeys + GamesReader.playerKeys + GamesReader.phaseKeys + SessionsReader.topKeys + SessionsReader.gameKeys
                + SessionsReader.roundsKeys + SessionsReader.phaseKeys + SessionsReader.timeKeys + SessionsReader.personaKeys + SessionsReader.tableKeys
                + TurnTrackerDefinition().parameters.map(\.name) + TurnTrackerDefinition().metrics.map(\.name)
        ),
        ("Relentless/Calibration", PlaytestLogReader.topKeys + PlaytestLogReader.playtestKeys + PlaytestLogReader.roundKeys + PlaytestLogReader.playerKeys),
        (
            "TabulaImaginarium/MapFiles",
            MapReader.topKeys + MapReader.gridKeys + MapReader.imageKeys + MapReader.objectImageKeys + MapReader.backgroundKeys + MapReader.paintingKeys
                + MapReader.drawingKeys + MapReader.wallKeys + MapReader.freehandKeys + MapReader.objectKeys + MapReader.tokenKeys + GeneratorReader.keys
        ),
        (
            "TabulaImaginariumSync/NetworkModel",
            SessionReader.topKeys + SessionReader.byteKeys + TabulaImaginariumDefinition().parameters.map(\.name) + TabulaImaginariumDefinition().metrics.map(\.name)
        ),
    ]

    /// Names documented as values, not keys: a metric's row says what it measures and a
    /// parameter's its values and effect, not a type, a meaning and a default.
    static let metricNames = Set(
        BalanceTarget.Metric.allCases.map(\.rawValue) + AndoraDefinition().metrics.map(\.name) + AndoraDefinition().parameters.map(\.name)
            + ShakyWordsDefinition().metrics.map(\.name) + ShakyWordsDefinition().parameters.map(\.name) + TurnTrackerDefinition().metrics.map(\.name)
            + TurnTrackerDefinition().parameters.map(\.name) + TabulaImaginariumDefinition().metrics.map(\.name))

    @Test("every key a reader knows has a row with its type, meaning and default", arguments: keysByArticle.map(\.article))
    func everyKeyIsDocumented(article: String) throws {
        let keys = try #require(Self.keysByArticle.first { $0.article == article }?.keys)
        #expect(!keys.isEmpty)
        let rows = Self.tableRows(of: try Self.article(article))
        for key in Set(keys).sorted() {
            let row = rows.first { $0.names.contains(key) }
            #expect(row != nil, "\(article).md documents no `\(key)` in a table's first column")
            if let row, !Self.metricNames.contains(key) {
                #expect(row.cells.count >= 3 && row.cells.prefix(3).allSatisfy { !$0.isEmpty }, "\(article).md: `\(key)` needs its type, meaning and default")
            }
        }
        // And no row documents a key the reader does not know (a renamed or removed key).
        for row in rows {
            for name in row.names where !keys.contains(name) {
                Issue.record("\(article).md documents `\(name)`, which the reader does not know")
            }
        }
    }

    @Test("the values a reader accepts by name are written in its article")
    func choicesAreDocumented() throws {
        let choices: [(String, [String])] = [
            ("Relentless/Players", CategoryKind.allCases.map(\.rawValue) + OrderStrategy.allCases.map(\.rawValue) + HopelessOrderPolicy.allCases.map(\.rawValue)),
            ("Relentless/Pipeline", OrderMakerChoice.allCases.map(\.rawValue) + ItemAllocatorChoice.allCases.map(\.rawValue)),
            ("Andora/AndoraPlist", MiniFieldStrategy.allCases.map(\.rawValue) + FullTargetRule.allCases.map(\.rawValue)),
            ("TurnTracker/TurnTrackerFiles", Mode.allCases.map(\.rawValue) + TimeDistribution.kinds),
            ("TabulaImaginarium/MapFiles", DoorDirection.allCases.map(\.rawValue)),
            ("Relentless/Calibration", RoundOutcome.End.allCases.map(\.rawValue) + FittablePersonaParameter.allCases.map(\.rawValue) + PlaytestCSVReader.columns),
            ("ShakyWords/ShakyWordsFiles", ScrambleRule.allCases.map(\.rawValue) + HintOrder.allCases.map(\.rawValue) + SpellingRule.allCases.map(\.rawValue)),
        ]
        for (article, values) in choices {
            let text = try Self.article(article)
            for value in values { #expect(text.contains("`\(value)`"), "\(article).md never names `\(value)`") }
        }
    }

    @Test("each catalog's landing page lists its every article", arguments: catalogs.keys.sorted())
    func landingPageListsArticles(catalog: String) throws {
        let url = try #require(Self.catalogs[catalog])
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }
        // The landing page is the module's: its title is the module's symbol link.
        let landing = try #require(names.first { (try? Self.article("\(catalog)/\($0)"))?.hasPrefix("# ``") == true }, "\(catalog) has no landing page")
        let text = try Self.article("\(catalog)/\(landing)")
        #expect(names.count >= 2)
        for name in names where name != landing { #expect(text.contains("<doc:\(name)>"), "\(landing).md does not list \(name)") }
    }

    @Test("the catalogs are found: the commands' and one beside each game's model")
    func catalogsAreFound() {
        #expect(Set(Self.catalogs.keys) == ["Playbench", "Relentless", "Andora", "ShakyWords", "TurnTracker", "TabulaImaginarium", "TabulaImaginariumSync"])
    }

    // MARK: check --explain-rule

    @Test("check --explain-rule C4 prints C4's entry of the reference, and only it")
    func explainRulePrintsTheEntry() throws {
        let entries = try Self.ruleEntries()
        let c4 = try #require(entries.first { $0.id == "C4" })
        let c5 = try #require(entries.first { $0.id == "C5" })
        let result = try CommandRunner.playbench(["check", "--explain-rule", "C4"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix(c4.heading + "\n"), "\(result.standardOutput)")
        for line in c4.body where !line.hasPrefix("```") && !line.trimmingCharacters(in: .whitespaces).isEmpty {
            #expect(result.standardOutput.contains(line), "missing from the output: \(line)")
        }
        #expect(!result.standardOutput.contains(c5.heading))
    }

    @Test("explain-rule prints each link of an entry as the linked article's path, and the article is there")
    func explainRulePrintsLinksAsPaths() throws {
        var checked = 0
        for entry in RuleReference.entries {
            let text = entry.terminalText
            #expect(!text.contains("<doc:") && !text.contains("](../"), "\(entry.id): a link left as Markdown")
            for match in text.matches(of: /Sources\/[A-Za-z\/.]+\.md/) {
                let path = Fixtures.packageRoot.appendingPathComponent(String(match.output)).path
                #expect(FileManager.default.fileExists(atPath: path), "\(entry.id) names \(match.output), which is not there")
                checked += 1
            }
        }
        // C1 links to the commands' article on a design's files (another catalog), C6 to the
        // parameters' article (its own): the scan sees both kinds.
        #expect(checked >= 5)
    }

    @Test("an id as a message writes it, in any case, finds its entry")
    func explainRuleAcceptsMessageSpelling() throws {
        let result = try CommandRunner.playbench(["check", "--explain-rule", "[r1.9.2]"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("R1.9.2: "))
    }

    @Test("an unknown id is a usage error (64) with the nearest id")
    func explainRuleUnknownId() throws {
        let result = try CommandRunner.playbench(["check", "--explain-rule", "C44"])
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("no rule \"C44\" in the reference (did you mean \"C4\"?)"), "\(result.standardError)")
    }
}
