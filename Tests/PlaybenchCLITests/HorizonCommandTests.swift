import Foundation
import TestSupport
import Testing

/// Beyond the horizon from the command line: simulate reports it, tune refuses targets the
/// games cannot measure before playing any.
@Suite struct HorizonCommandTests {
    @Test func simulateReportsDriftAndRuinInTextAndJSON() throws {
        let json = try CommandRunner.playbench(["simulate", "--games", "16", "--max-rounds", "21", "--format", "json"])
        #expect(json.status == 0, "\(json.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let horizon = try #require(object["horizon"] as? [String: Any])
        #expect(horizon["plateauRound"] as? Int == 19)
        let drift = try #require(horizon["drift"] as? [String: Any])
        #expect((drift["value"] as? Double ?? 0) > 0)
        let text = try CommandRunner.playbench(["simulate", "--games", "16", "--max-rounds", "21"])
        #expect(text.standardOutput.contains("beyond round 21, extrapolated from rounds 19–21 at difficulty 10:"), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("money a round (drift): +"))
    }

    @Test func beforeThePlateauTheReasonIsGiven() throws {
        let result = try CommandRunner.playbench(["simulate", "--games", "8", "--max-rounds", "10"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("beyond round 10: – (no game played two rounds at the top of the difficulty ramp"), "\(result.standardOutput)")
    }

    @Test func tuneRefusesTargetsItsGamesCannotMeasureBeforePlaying() throws {
        let late = try CommandRunner.playbench(["tune", "--param", "dailyExpense", "--target", "survival(40)=0.5"])
        #expect(late.status == 64 && late.standardError.contains("round 40 is after --max-rounds 30"), "\(late.standardError)")
        let ruin = try CommandRunner.playbench(["tune", "--param", "dailyExpense", "--target", "ruin=0.5", "--max-rounds", "10"])
        #expect(ruin.status == 64 && ruin.standardError.contains("raise --max-rounds to at least 20"), "\(ruin.standardError)")
    }
}
