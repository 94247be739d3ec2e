import Diagnostics
import Relentless
import TestSupport
import Testing

/// M3: a game starts at the difficulty the host chose (by default the minimum) and after every
/// round adds difficultyChange evaluated at the current difficulty, up to the maximum.
@Suite("The difficulty ramp (M3)")
struct DifficultyRampTests {
    func checked(difficultyChange value: String) -> DesignLoader.Result {
        check(parameters: DesignFixtures.validParameters.replacingOnce(
            "<key>difficultyChange</key><real>0.5</real>", with: "<key>difficultyChange</key>\(value)"))
    }

    @Test("M3: a step that uses diffLevel is evaluated at the current difficulty, every round")
    func stepAtCurrentDifficulty() throws {
        let result = checked(difficultyChange: "<string>diffLevel / 2</string>")
        #expect(result.diagnostics.errors == [])
        // 1, then + d/2 each round: 1.5, 2.25, 3.375, 5.0625, 7.59375, then capped at 10.
        #expect(try #require(result.design).parameters.reachableDifficulties() == [1, 1.5, 2.25, 3.375, 5.0625, 7.59375, 10])
    }

    @Test("M3: the host's start replaces the minimum; the ramp climbs from there to the maximum")
    func hostStart() throws {
        let parameters = try #require(checked(difficultyChange: "<real>0.5</real>").design).parameters
        #expect(parameters.reachableDifficulties(from: 8.25) == [8.25, 8.75, 9.25, 9.75, 10])
        #expect(parameters.reachableDifficulties(from: 10) == [10])
        #expect(parameters.reachableDifficulties() == stride(from: 1.0, through: 10, by: 0.5).map { $0 })
    }

    @Test("M3: a step of 0 at a difficulty the game reaches is a plateau: warning")
    func plateauLater() throws {
        // 1 + (4 − 1) = 4, where the step 4 − 4 is 0.
        let result = checked(difficultyChange: "<string>4 - diffLevel</string>")
        #expect(result.diagnostics.errors == [])
        #expect(result.diagnostics.matching("M3", "is 0 at difficulty 4, so the game stays there").count == 1)
        #expect(try #require(result.design).parameters.reachableDifficulties() == [1, 4])
    }

    @Test("M3: a step that turns negative at a difficulty the game reaches is an error there")
    func fallingLater() {
        // 1 + (5 − 2) = 4, where the step 5 − 8 is −3.
        let errors = checked(difficultyChange: "<string>5 - diffLevel * 2</string>").diagnostics.errors
        #expect(errors.contains { $0.rule == "M3" && $0.message.contains("-3 at difficulty 4") && $0.message.contains("may rise or stay, not fall") }, "\(errors)")
    }

    @Test("M3: a step shrinking towards 0 below the maximum converges there: warning")
    func converging() throws {
        // d + (2.5 − d/2) approaches 5 and never passes it.
        let result = checked(difficultyChange: "<string>2.5 - diffLevel / 2</string>")
        #expect(result.diagnostics.errors == [])
        #expect(result.diagnostics.matching("M3", "below the maximum (10)").count == 1)
        let design = try #require(result.design)
        let last = try #require(design.parameters.reachableDifficulties().last)
        #expect(last > 4.999 && last <= 5)
    }

    @Test("M3: difficultyChange may use diffLevel (it is no longer a key that fixes the game's range)")
    func notStatic() {
        #expect(!ParameterKey.difficultyChange.isStatic)
        #expect(checked(difficultyChange: "<string>diffLevel / 10</string>").diagnostics.errors == [])
    }
}
