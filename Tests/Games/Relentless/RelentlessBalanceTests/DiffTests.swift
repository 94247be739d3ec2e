import RelentlessBalance
import Foundation
import RelentlessGeneration
import MonteCarlo
import PropertyList
import Relentless
import RelentlessSimulation
import TestSupport
import Testing

/// `DesignDiff` on the shipped design and edited copies of it (few, short games: a debug build).
@Suite struct DiffTests {
    static let games = 60
    static let maxRounds = 8

    /// The shipped design with parameter keys set to new values (each key must be in the file).
    static func variant(_ edits: [String: String] = [:], team names: [String] = ["casual", "casual", "casual", "casual"], players: PlayerModel? = nil) throws -> DesignVariant {
        let sources = try Fixtures.shippedDesignSources()
        let file = try #require(sources.parameters)
        var text = String(decoding: file.bytes, as: UTF8.self)
        for (key, value) in edits { text = text.settingParameter(key, to: "<real>\(value)</real>") }
        let result = DesignLoader.load(DesignSources(catalogue: sources.catalogue, parameters: .init(name: file.name, bytes: Array(text.utf8))))
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.filter { $0.severity == .error })")
        let model = try players ?? GateFixtures.players()
        let team = try names.map { try #require(model.persona(named: $0)) }
        return DesignVariant(design: try #require(result.design), team: team, pipeline: PipelineChoice())
    }

    static func diff(_ old: DesignVariant, _ new: DesignVariant, threads: Int = 2, catalogueChanged: Bool = false) throws -> DiffResult {
        let diff = try DesignDiff(old: old, new: new, changes: DesignChange.between(old, new, catalogueChanged: catalogueChanged), maxRounds: maxRounds)
        return try diff.run(games: games, seed: 11, confidence: .ninetyFive, labels: ("old", "new"), threads: threads)
    }

    static func row(_ result: DiffResult, _ metric: DiffMetric) throws -> DiffResult.MetricRow {
        try #require(result.metrics.first { $0.metric == metric })
    }

    @Test func aDesignAgainstItselfDiffersInNothing() throws {
        let shipped = try Self.variant()
        let result = try Self.diff(shipped, shipped)
        #expect(result.changes.isEmpty)
        #expect(result.gamesPlayed == Self.games && !result.isPartial)
        for row in result.metrics {
            #expect(row.difference.mean == 0 && row.difference.lower == 0 && row.difference.upper == 0, "\(row.metric)")
            #expect(row.old == row.new && row.movedBy.isEmpty)
        }
    }

    @Test func aHigherDailyExpenseCostsMoneyAndIsNamedAsTheCause() throws {
        let result = try Self.diff(try Self.variant(), try Self.variant(["dailyExpense": "150"]))
        #expect(result.changes.map(\.change.name) == ["dailyExpense"])
        // The shipped file writes "40" (a string, as the original's does).
        #expect(result.changes[0].change.old == "40" && result.changes[0].change.new == "150.0")
        let money = try Self.row(result, .finalMoney)
        // M1: 110 more expense a round over up to 8 rounds; the interval must exclude 0.
        #expect(money.difference.upper < 0 && money.difference.mean < -500)
        #expect(money.movedBy == ["dailyExpense"])
        // Alone, the only change does what the whole change does, game for game.
        let alone = try #require(result.changes[0].effects?[.finalMoney])
        #expect(alone == money.difference)
    }

    /// Pairing: the interval of the paired difference is far narrower than the one two
    /// independent samples of these designs would give.
    @Test func pairedIntervalsAreNarrowerThanUnpairedOnes() throws {
        let result = try Self.diff(try Self.variant(), try Self.variant(["dailyExpense": "60"]))
        let money = try Self.row(result, .finalMoney)
        let n = Double(result.gamesPlayed)
        let unpairedHalfWidth = Confidence.ninetyFive.z * ((money.oldStandardDeviation * money.oldStandardDeviation + money.newStandardDeviation * money.newStandardDeviation) / n).squareRoot()
        let pairedHalfWidth = (money.difference.upper - money.difference.lower) / 2
        #expect(pairedHalfWidth < unpairedHalfWidth / 3, "paired ±\(pairedHalfWidth), unpaired ±\(unpairedHalfWidth)")
        #expect(money.difference.isSignificant)
    }

    @Test func twoChangedKeysAreEachAttributed() throws {
        let result = try Self.diff(try Self.variant(), try Self.variant(["dailyExpense": "150", "satisfactionToMoneyTranslation": "3"]))
        #expect(Set(result.changes.map(\.change.name)) == ["dailyExpense", "satisfactionToMoneyTranslation"])
        let expense = try #require(result.changes.first { $0.change.name == "dailyExpense" }?.effects?[.finalMoney])
        let translation = try #require(result.changes.first { $0.change.name == "satisfactionToMoneyTranslation" }?.effects?[.finalMoney])
        #expect(expense.upper < 0)
        #expect(translation.lower > 0)
        #expect(Set(try Self.row(result, .finalMoney).movedBy) == ["dailyExpense", "satisfactionToMoneyTranslation"])
    }

    /// minSatisfaction 120 is fine with maxSatisfaction 300, but not alone against the old 100.
    @Test func aKeyThatIsInvalidAloneIsReportedNotPlayed() throws {
        let result = try Self.diff(try Self.variant(), try Self.variant(["minSatisfaction": "120", "maxSatisfaction": "300"]))
        let alone = try #require(result.changes.first { $0.change.name == "minSatisfaction" })
        #expect(alone.effects == nil)
        #expect(alone.reason?.contains("alone it breaks the parameters") == true, "\(alone.reason ?? "")")
        #expect(result.changes.first { $0.change.name == "maxSatisfaction" }?.effects != nil)
    }

    @Test func aPersonaChangeIsAChangeWithItsFields() throws {
        let model = try GateFixtures.players()
        var personas = model.personas
        let i = try #require(personas.firstIndex { $0.name == "casual" })
        personas[i].findSeconds += 20
        let slower = PlayerModel(personas: personas, defaultTeam: model.defaultTeam)
        let result = try Self.diff(try Self.variant(), try Self.variant(players: slower))
        #expect(result.changes.map(\.change.name) == ["persona casual"])
        #expect(result.changes[0].change.new == "findSeconds changed")
        #expect(try Self.row(result, .correctPerRound).difference.upper < 0)
    }

    @Test func theResultDoesNotDependOnThreads() throws {
        let (old, new) = (try Self.variant(), try Self.variant(["dailyExpense": "80"]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(Self.diff(old, new, threads: 1)) == encoder.encode(Self.diff(old, new, threads: 2)))
    }
}
