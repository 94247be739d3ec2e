import Balance
import Diagnostics
import Foundation
import GameSeam
import MonteCarlo
import RelentlessSimulation
import Testing
import TestSupport
@testable import RelentlessGame

/// Relentless's `diff` on the seam: the shipped design against edited copies of it, paired by
/// the shared engine, each change (``PlayableRelentless/changes(from:to:)``) played alone (few,
/// short games: a debug build).
@Suite struct RelentlessDiffTests {
    static let game = PlayableRelentless()
    static let games = 60

    /// The shipped design with parameter keys set to new values (each key must be in the file).
    static func design(_ edits: [String: String] = [:]) throws -> PlayableRelentless.Playable {
        var folder = try RelentlessFilesTests.shippedFolder()
        var text = String(decoding: try #require(folder.files["DefaultGameParameters.plist"]), as: UTF8.self)
        for (key, value) in edits { text = text.settingParameter(key, to: "<real>\(value)</real>") }
        folder.files["DefaultGameParameters.plist"] = Array(text.utf8)
        let (playable, diagnostics) = try game.playable(folder, ["max-rounds": .integer(8)])
        return try #require(playable, "\(diagnostics.filter { $0.severity == .error })")
    }

    static func diff(_ old: PlayableRelentless.Playable, _ new: PlayableRelentless.Playable, threads: Int = 2) -> DesignDiffResult {
        DesignDiffResult.run(
            game, old: old, new: new, lineup: 0, newLineup: 0, labels: ("old", "new"), games: games, seed: 11, confidence: .ninetyFive, threads: threads,
            cancellation: nil)
    }

    static func row(_ result: DesignDiffResult, _ metric: String) throws -> DesignDiffResult.MetricRow {
        try #require(result.rows.first { $0.metric == metric })
    }

    @Test func aDesignAgainstItselfDiffersInNothing() throws {
        let shipped = try Self.design()
        let result = Self.diff(shipped, shipped)
        #expect(result.changes.isEmpty)
        #expect(result.gamesPlayed == Self.games && !result.isPartial)
        for row in result.rows {
            #expect(row.difference.mean == 0 && row.difference.lower == 0 && row.difference.upper == 0, "\(row.metric)")
            #expect(row.old == row.new && row.movedBy.isEmpty)
        }
        #expect(result.text.contains("no change: no parameter, catalogue, persona or pipeline differs"))
    }

    @Test func aHigherDailyExpenseCostsMoneyAndIsNamedAsTheCause() throws {
        let result = Self.diff(try Self.design(), try Self.design(["dailyExpense": "150"]))
        #expect(result.changes.map(\.name) == ["dailyExpense"])
        // The shipped file writes "40" (a string, as the original's does).
        #expect(result.changes[0].old == "40" && result.changes[0].new == "150.0")
        let money = try Self.row(result, "finalMoney")
        // M1: 110 more expense a round over up to 8 rounds; the interval must exclude 0.
        #expect(money.difference.upper < 0 && money.difference.mean < -500)
        #expect(money.movedBy == ["dailyExpense"])
        // Alone, the only change does what the whole change does, game for game.
        #expect(result.changes[0].effects?["finalMoney"] == money.difference)
    }

    /// Pairing: the interval of the paired difference is far narrower than the one two
    /// independent samples of these designs would give.
    @Test func pairedIntervalsAreNarrowerThanUnpairedOnes() throws {
        let result = Self.diff(try Self.design(), try Self.design(["dailyExpense": "60"]))
        let money = try Self.row(result, "finalMoney")
        let n = Double(result.gamesPlayed)
        let unpairedHalfWidth = Confidence.ninetyFive.z * ((money.oldStandardDeviation * money.oldStandardDeviation + money.newStandardDeviation * money.newStandardDeviation) / n).squareRoot()
        let pairedHalfWidth = (money.difference.upper - money.difference.lower) / 2
        #expect(pairedHalfWidth < unpairedHalfWidth / 3, "paired ±\(pairedHalfWidth), unpaired ±\(unpairedHalfWidth)")
        #expect(money.difference.isSignificant)
    }

    @Test func twoChangedKeysAreEachAttributed() throws {
        let result = Self.diff(try Self.design(), try Self.design(["dailyExpense": "150", "satisfactionToMoneyTranslation": "3"]))
        #expect(Set(result.changes.map(\.name)) == ["dailyExpense", "satisfactionToMoneyTranslation"])
        let expense = try #require(result.changes.first { $0.name == "dailyExpense" }?.effects?["finalMoney"])
        let translation = try #require(result.changes.first { $0.name == "satisfactionToMoneyTranslation" }?.effects?["finalMoney"])
        #expect(expense.upper < 0)
        #expect(translation.lower > 0)
        #expect(Set(try Self.row(result, "finalMoney").movedBy) == ["dailyExpense", "satisfactionToMoneyTranslation"])
    }

    /// minSatisfaction 120 is fine with maxSatisfaction 300, but not alone against the old 100.
    @Test func aKeyThatIsInvalidAloneIsReportedNotPlayed() throws {
        let result = Self.diff(try Self.design(), try Self.design(["minSatisfaction": "120", "maxSatisfaction": "300"]))
        let alone = try #require(result.changes.first { $0.name == "minSatisfaction" })
        #expect(alone.effects == nil)
        #expect(alone.reason?.contains("alone it breaks the parameters") == true, "\(alone.reason ?? "")")
        #expect(result.changes.first { $0.name == "maxSatisfaction" }?.effects != nil)
    }

    @Test func aPersonaChangeIsAChangeWithItsFields() throws {
        let old = try Self.design()
        var slower = old
        slower.teams[0] = slower.teams[0].map { persona in
            var changed = persona
            if changed.name == "casual" { changed.findSeconds += 20 }
            return changed
        }
        try PlayableRelentless.prepare(&slower)
        let result = Self.diff(old, slower)
        #expect(result.changes.map(\.name) == ["persona casual"])
        #expect(result.changes[0].new == "findSeconds changed")
        #expect(try Self.row(result, "correctPerRound").difference.upper < 0)
    }

    /// Each design's horizon beside the comparison, from its own games.
    @Test func eachDesignHasItsHorizonNote() throws {
        let result = Self.diff(try Self.design(), try Self.design(["dailyExpense": "150"]))
        let note = try #require(result.notes.first)
        #expect(note.title.hasPrefix("beyond round 8, extrapolated from the top of the difficulty ramp"))
        #expect(!note.old.isEmpty && !note.new.isEmpty)
    }

    @Test func theResultDoesNotDependOnThreads() throws {
        let (old, new) = (try Self.design(), try Self.design(["dailyExpense": "80"]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(Self.diff(old, new, threads: 1)) == encoder.encode(Self.diff(old, new, threads: 3)))
    }
}
