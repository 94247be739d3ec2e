import Diagnostics
import Foundation
import MonteCarlo
import Relentless
import RelentlessBalance
import RelentlessGeneration
import Testing
import TestSupport

/// `drift` and `ruin` targets in Balance.plist as the reader takes them (their games, and the
/// refusal of those the games cannot reach, are RelentlessGateTests').
@Suite struct HorizonTargetTests {
    static let ruin = "<key>team</key><string>novice,novice,novice</string><key>metric</key><string>ruin</string><key>atMost</key><real>0.5</real>"
    static let drift = "<key>team</key><string>novice,novice,novice</string><key>metric</key><string>drift</string><key>atLeast</key><integer>0</integer>"

    @Test func driftAndRuinTakeNoRound() throws {
        let (_, diagnostics) = try GateFixtures.read(GateFixtures.balance(targets: [Self.ruin + "<key>round</key><integer>5</integer>"]))
        #expect(diagnostics.contains { $0.message.contains("ruin is over whole games: remove round") }, "\(diagnostics)")
    }
}
