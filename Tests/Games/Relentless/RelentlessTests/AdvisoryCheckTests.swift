import Diagnostics
import Foundation
import Relentless
import TestSupport
import Testing

/// Warnings and notes: each appears on a design that earns it and not on the valid fixture
/// (whose clean run is asserted in the other suites).
@Suite("Advisory checks")
struct AdvisoryCheckTests {
    @Test("C2: a category that is neither inventory nor order item is a warning")
    func neverAppears() {
        let text = DesignFixtures.validCatalogue.replacingOnce(
            "<key>category</key><string>Book</string>\n            <key>isInventoryItem</key><true/>\n            <key>isOrderItem</key><true/>",
            with: "<key>category</key><string>Book</string>\n            <key>isInventoryItem</key><false/>\n            <key>isOrderItem</key><false/>")
        let warnings = check(catalogue: text).diagnostics.filter { $0.severity == .warning }
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("never appears in a round") == true)
    }

    @Test("C2, G3: a category that is only a part of an order item appears in rounds: no warning")
    func partOnlyCategoryAppears() {
        // Wheel is a part of Car, an assembled order item that is not an inventory item: G3
        // stocks Car's atomic parts, so Wheel's items are in warehouses.
        let text = DesignFixtures.validCatalogue.replacingOnce(
            "<key>category</key><string>Wheel</string>\n            <key>isInventoryItem</key><true/>",
            with: "<key>category</key><string>Wheel</string>\n            <key>isInventoryItem</key><false/>")
        #expect(text != DesignFixtures.validCatalogue)
        let result = check(catalogue: text)
        #expect(result.diagnostics.filter { $0.severity == .warning } == [])
        #expect(result.design?.catalogue["Wheel"]?.isInventoryItem == false)
    }

    @Test("C4: a depth larger than needed is a note with the depth it could have")
    func depthMoreThanNeeded() {
        let text = DesignFixtures.validCatalogue.replacingOnce("<key>depth</key><integer>1</integer>", with: "<key>depth</key><integer>3</integer>")
        let result = check(catalogue: text)
        #expect(result.diagnostics.errors == [])
        #expect(result.diagnostics.matching("C4", "depth 3 is more than needed; its deepest part makes it 1").count == 1)
    }

    @Test("M3: a zero difficultyChange never reaches the maximum: warning")
    func flatRamp() throws {
        let text = DesignFixtures.validParameters.replacingOnce("<key>difficultyChange</key><real>0.5</real>", with: "<key>difficultyChange</key><real>0</real>")
        let result = check(parameters: text)
        #expect(result.diagnostics.matching("M3", "is 0 at difficulty 1, so the game stays there, below the maximum (10)").count == 1)
        #expect(try #require(result.design).parameters.reachableDifficulties() == [1])
    }

    @Test("C7: a fractional team size is a note and is ceiled")
    func fractionalTeam() throws {
        let text = DesignFixtures.validParameters.replacingOnce("<key>minNumOfPlayers</key><integer>3</integer>", with: "<key>minNumOfPlayers</key><real>3.5</real>")
        let result = check(parameters: text)
        #expect(result.diagnostics.matching("C7", "3.5 is not a whole number; the game uses 4").count == 1)
        #expect(try #require(result.design).parameters.teamSizes == 4...6)
    }
}

@Suite("Documentation")
struct DocumentationTests {
    /// The reference's parameters article (Relentless's DocC catalog), whose tables document
    /// every key of DefaultGameParameters.plist.
    static func article() throws -> String {
        try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("Sources/Games/Relentless/Relentless/Relentless.docc/GameParameters.md"), encoding: .utf8)
    }

    /// The row of `key` in the article's tables.
    static func row(of key: ParameterKey) throws -> String? {
        try article().components(separatedBy: "\n").first { $0.hasPrefix("| `\(key.rawValue)`") }
    }

    /// C8 and the guide: every parameter a design sets has a documented effect. The parameters
    /// article's tables must name every key the checker knows.
    @Test("the reference documents every parameter key", arguments: ParameterKey.allCases)
    func referenceNamesKey(key: ParameterKey) throws {
        #expect(try Self.row(of: key) != nil, "GameParameters.md has no row for \(key.rawValue)")
    }

    /// The table states each key's limit as the checker enforces it (ParameterKey.limit).
    @Test("the reference's parameter table states every key's limit", arguments: ParameterKey.allCases.filter { $0.limit != nil })
    func referenceStatesLimit(key: ParameterKey) throws {
        let limit = try #require(key.limit)
        #expect(try Self.row(of: key)?.contains(limit.text) == true, "GameParameters.md's row of \(key.rawValue) lacks \"\(limit.text)\"")
    }

    @Test("the reference states the longest difficulty ramp")
    func referenceStatesRampLimit() throws {
        let most = ParameterKey.Limit.grouped(Double(ParameterKey.maxReachableDifficulties))
        #expect(try Self.article().contains("at most \(most) difficulties"))
    }

    @Test("the shipped design passes check with no errors or warnings")
    func shippedDesignIsClean() throws {
        let result = DesignLoader.load(try Fixtures.shippedDesignSources())
        #expect(result.diagnostics.filter { $0.severity != .note } == [])
        let catalogue = try #require(result.design?.catalogue)
        // The design promises nesting two levels deep (issue: "assembled items nested two levels or more").
        #expect(catalogue.categories.compactMap(\.declaredDepth).max() ?? 0 >= 2)
        #expect(Set(catalogue.categories.map(\.kind)) == Set(CategoryKind.allCases))
    }
}
