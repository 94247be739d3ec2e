import RelentlessBalance
import Foundation
import RelentlessGeneration
import MonteCarlo
import Relentless
import TestSupport
import Testing

/// `drift` and `ruin` targets in Balance.plist: measured beyond maxRounds from the top of the
/// difficulty ramp (``Horizon``), and refused before any game when the games cannot reach it.
@Suite struct HorizonTargetTests {
    static func gate(_ targets: [String], maxRounds: Int, design: PreparedDesign) throws -> Gate {
        let top = "<key>firstGames</key><integer>64</integer><key>maxGames</key><integer>128</integer><key>maxRounds</key><integer>\(maxRounds)</integer>"
        let (plan, diagnostics) = try GateFixtures.read(GateFixtures.balance(top: top, targets: targets))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let players = try GateFixtures.players()
        return Gate(plan: try #require(plan), design: design, pipeline: .default) { players.persona(named: $0) }
    }

    static let ruin = "<key>team</key><string>novice,novice,novice</string><key>metric</key><string>ruin</string><key>atMost</key><real>0.5</real>"
    static let drift = "<key>team</key><string>novice,novice,novice</string><key>metric</key><string>drift</string><key>atLeast</key><integer>0</integer>"

    @Test func ruinAndDriftAreMetOnTheGameAsShippedAndMissedOnTheHarsherOne() throws {
        let shipped = try Self.gate([Self.ruin, Self.drift], maxRounds: 21, design: try GateFixtures.shipped())
        #expect(shipped.unreachableTargets.isEmpty)
        let met = try #require(try shipped.run(design: "shipped", threads: 2))
        #expect(met.targets.map(\.verdict) == [.met, .met], "\(met.targets.map(\.explanation))")
        let harsherDesign = try PreparedDesign(try #require(DesignLoader.load(try Fixtures.shippedDesignSources(Fixtures.harsherDesign)).design))
        let harsher = try #require(try Self.gate([Self.ruin, Self.drift], maxRounds: 21, design: harsherDesign).run(design: "harsher", threads: 2))
        // Three novices lose about 11 money a round at the top (HorizonTests): certain ruin.
        #expect(harsher.targets.map(\.verdict) == [.missed, .missed], "\(harsher.targets.map(\.explanation))")
        #expect(harsher.targets[0].estimate?.value == 1)
    }

    @Test func aTargetBeyondTheHorizonThatTheGamesCannotReachIsRefusedBeforePlay() throws {
        // The shipped ramp reaches difficulty 10 at round 19: two rounds there need 20.
        let gate = try Self.gate([Self.ruin, GateFixtures.survival], maxRounds: 19, design: try GateFixtures.shipped())
        let unreachable = gate.unreachableTargets
        #expect(unreachable.count == 1 && unreachable[0].target.metric == .ruin)
        #expect(unreachable[0].reason.contains("raise maxRounds to at least 20"), "\(unreachable[0].reason)")
        #expect(try Self.gate([Self.ruin], maxRounds: 20, design: try GateFixtures.shipped()).unreachableTargets.isEmpty)
    }

    @Test func driftAndRuinTakeNoRound() throws {
        let (_, diagnostics) = try GateFixtures.read(GateFixtures.balance(targets: [Self.ruin + "<key>round</key><integer>5</integer>"]))
        #expect(diagnostics.contains { $0.message.contains("ruin is over whole games: remove round") }, "\(diagnostics)")
    }
}
