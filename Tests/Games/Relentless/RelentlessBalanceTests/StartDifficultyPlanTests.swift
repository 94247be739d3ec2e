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

    @Test func withoutTheDesignsRangeOnlyTheNumberIsChecked() throws {
        let (plan, diagnostics) = try GateFixtures.read(
            GateFixtures.balance(top: "<key>startDifficulty</key><real>50</real>", targets: [Self.casual]), difficulties: nil)
        #expect(diagnostics.isEmpty && plan?.startDifficulty == 50)
    }
}
