import RelentlessBalance
import Diagnostics
import Foundation
import RelentlessGeneration
import RelentlessSimulation
import TestSupport
import Testing

/// M3 in Balance.plist: a top-level startDifficulty for every target and a target's own, each
/// checked against the design's difficulty range where it is written; targets of one team that
/// start apart are separate runs of games.
@Suite("Balance.plist startDifficulty (M3)")
struct StartDifficultyPlanTests {
    static let casual = "<key>team</key><string>casual,casual,casual,casual</string><key>metric</key><string>meanRounds</string><key>atLeast</key><real>1</real>"

    @Test func theFileStartAndATargetsOwnAreRead() throws {
        let (plan, diagnostics) = try GateFixtures.read(GateFixtures.balance(
            top: "<key>startDifficulty</key><real>4</real>",
            targets: [Self.casual, Self.casual + "<key>startDifficulty</key><real>7.5</real>"]))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let p = try #require(plan)
        #expect(p.startDifficulty == 4)
        #expect(p.targets.map(\.startDifficulty) == [nil, 7.5])
        #expect(p.targets.map { p.start(of: $0) } == [4, 7.5])
        // Two targets of one team that differ only in their start must not read the same.
        #expect(p.targets[1].name == "4 × casual from difficulty 7.5: mean rounds reached at least 1")
        #expect(p.targets[0].name == "4 × casual: mean rounds reached at least 1")
    }

    @Test func targetsOfOneTeamStartingApartAreSeparateRuns() throws {
        let (plan, _) = try GateFixtures.read(GateFixtures.balance(targets: [
            Self.casual, Self.casual + "<key>startDifficulty</key><integer>6</integer>", Self.casual + "<key>startDifficulty</key><integer>1</integer>",
        ]))
        let groups = try #require(plan).groups(minimum: 1)
        // The start written as the minimum is the default start: the same games as no start.
        #expect(groups.map(\.start) == [nil, 6])
        #expect(groups.map(\.targets) == [[0, 2], [1]])
    }

    @Test(arguments: [
        ("<key>startDifficulty</key><real>10.5</real>", "startDifficulty", "10.5 is outside the design's difficulty range 1...10"),
        ("<key>startDifficulty</key><real>0.5</real>", "startDifficulty", "0.5 is outside the design's difficulty range 1...10"),
        ("<key>startDifficulty</key><string>high</string>", "startDifficulty", "expected a number (a difficulty), found string"),
    ])
    func aBadFileStartIsAnErrorAtItsKey(top: String, keyPath: String, words: String) throws {
        let (plan, diagnostics) = try GateFixtures.read(GateFixtures.balance(top: top, targets: [Self.casual]))
        #expect(plan == nil)
        let error = try #require(diagnostics.first { $0.severity == .error }, "\(diagnostics)")
        #expect(error.keyPath == keyPath && error.message.contains(words) && error.rule == "M3", "\(error)")
        #expect(error.location != nil && error.file == "Balance.plist")
    }

    @Test func aBadTargetStartIsAnErrorAtTheTarget() throws {
        let (plan, diagnostics) = try GateFixtures.read(GateFixtures.balance(targets: [
            Self.casual, Self.casual + "<key>startDifficulty</key><integer>11</integer>",
        ]))
        #expect(plan == nil)
        let error = try #require(diagnostics.first { $0.severity == .error }, "\(diagnostics)")
        #expect(error.keyPath == "targets[1].startDifficulty" && error.message.contains("11 is outside the design's difficulty range 1...10"))
        #expect(error.location != nil)
    }

    /// After round 1 of the shipped design, teams starting at the minimum have far more money than
    /// teams thrown in at difficulty 7: one band, two verdicts, from two runs of games.
    @Test func aTargetPlaysFromItsOwnStart() throws {
        let money = "<key>team</key><string>casual,casual,casual,casual</string><key>metric</key><string>medianMoney</string><key>round</key><integer>1</integer><key>atLeast</key><integer>200</integer>"
        let top = "<key>firstGames</key><integer>32</integer><key>maxGames</key><integer>64</integer><key>maxRounds</key><integer>2</integer>"
        let (plan, diagnostics) = try GateFixtures.read(GateFixtures.balance(top: top, targets: [money, money + "<key>startDifficulty</key><integer>7</integer>"]))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let players = try GateFixtures.players()
        let gate = Gate(plan: try #require(plan), design: try GateFixtures.shipped(), pipeline: .default) { players.persona(named: $0) }
        #expect(gate.runs.map { $0.simulator?.roundParameters.first?.difficulty } == [1, 7])
        let result = try #require(try gate.run(design: "shipped", threads: 2))
        #expect(result.targets.map(\.verdict) == [.met, .missed], "\(result.targets.map(\.explanation))")
        #expect(result.startDifficulty == nil)
    }

    @Test func thePlansStartIsTheResultsUnlessItIsTheMinimum() throws {
        let players = try GateFixtures.players()
        let design = try GateFixtures.shipped()
        for (written, recorded) in [(1.0, nil), (3.5, 3.5)] as [(Double, Double?)] {
            let top = "<key>firstGames</key><integer>8</integer><key>maxGames</key><integer>8</integer><key>maxRounds</key><integer>2</integer><key>startDifficulty</key><real>\(written)</real>"
            let (plan, _) = try GateFixtures.read(GateFixtures.balance(top: top, targets: [Self.casual]))
            let gate = Gate(plan: try #require(plan), design: design, pipeline: .default) { players.persona(named: $0) }
            #expect(gate.runs.first?.simulator?.startDifficulty == recorded)
            #expect(try gate.run(design: "shipped", threads: 1)?.startDifficulty == recorded)
        }
    }

    @Test func withoutTheDesignsRangeOnlyTheNumberIsChecked() throws {
        let (plan, diagnostics) = try GateFixtures.read(
            GateFixtures.balance(top: "<key>startDifficulty</key><real>50</real>", targets: [Self.casual]), difficulties: nil)
        #expect(diagnostics.isEmpty && plan?.startDifficulty == 50)
    }
}
