import RelentlessBalance
import Foundation
import RelentlessGeneration
import MonteCarlo
import PropertyList
import Relentless
import TestSupport
import Testing

/// The gate on real games of the shipped design (few and short, for a debug build).
@Suite struct GateTests {
    static let targets = [
        GateFixtures.survival.replacingOccurrences(of: "<integer>5</integer>", with: "<integer>6</integer>")
            .replacingOccurrences(of: "<real>0.4</real>", with: "<real>0.5</real>"),
        "<key>team</key><string>casual,casual,casual,casual</string><key>metric</key><string>medianMoney</string><key>round</key><integer>6</integer><key>atLeast</key><integer>1000000</integer>",
        "<key>team</key><string>novice,casual,expert</string><key>metric</key><string>meanRounds</string><key>atLeast</key><integer>3</integer>",
    ]
    static let top = "<key>firstGames</key><integer>32</integer><key>maxGames</key><integer>128</integer><key>maxRounds</key><integer>6</integer>"

    static func run(design: PreparedDesign, threads: Int) throws -> GateResult {
        let (plan, diagnostics) = try GateFixtures.read(GateFixtures.balance(top: top, targets: targets))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let players = try GateFixtures.players()
        let gate = Gate(plan: try #require(plan), design: design, pipeline: .default) { players.persona(named: $0) }
        return try #require(try gate.run(design: "shipped", threads: threads))
    }

    @Test func theShippedDesignMeetsEasyTargetsAndMissesAnImpossibleOne() throws {
        let result = try Self.run(design: try GateFixtures.shipped(), threads: 2)
        #expect(result.targets.map(\.verdict) == [.met, .missed, .met])
        #expect(result.targets.allSatisfy { $0.games == 32 && $0.looks == 1 })
        let money = try #require(result.targets[1].estimate)
        #expect(money.upper < 1_000_000 && money.lower <= money.value && money.value <= money.upper)
        #expect(result.missed.count == 1 && result.summary == "2 of 3 targets met, 1 missed")
    }

    /// A daily expense of 1000 is more than four players can earn in a round (M1: at most
    /// 4 × 100 satisfaction × 2): every team goes broke in round 1.
    @Test func aHarsherDesignMissesSurvival() throws {
        let sources = try Fixtures.shippedDesignSources()
        let parameters = try #require(sources.parameters)
        let harsher = String(decoding: parameters.bytes, as: UTF8.self).settingParameter("dailyExpense", to: "<integer>1000</integer>")
        let design = try #require(DesignLoader.load(DesignSources(catalogue: sources.catalogue, parameters: .init(name: parameters.name, bytes: Array(harsher.utf8)))).design)
        let result = try Self.run(design: try PreparedDesign(design), threads: 2)
        #expect(result.targets[0].verdict == .missed)
        #expect(result.targets[0].estimate?.value == 0)
        #expect(result.targets[2].verdict == .missed)
        #expect(result.targets[0].explanation.contains("outside"))
    }

    @Test func theVerdictsDoNotDependOnThreads() throws {
        let design = try GateFixtures.shipped()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let one = try encoder.encode(try Self.run(design: design, threads: 1))
        let two = try encoder.encode(try Self.run(design: design, threads: 2))
        #expect(one == two)
    }

    @Test func cancellingReturnsNothing() throws {
        let (plan, _) = try GateFixtures.read(GateFixtures.balance(top: Self.top, targets: Self.targets))
        let players = try GateFixtures.players()
        let gate = Gate(plan: try #require(plan), design: try GateFixtures.shipped(), pipeline: .default) { players.persona(named: $0) }
        let cancellation = Cancellation()
        cancellation.cancel()
        #expect(try gate.run(design: "shipped", cancellation: cancellation) == nil)
    }
}
