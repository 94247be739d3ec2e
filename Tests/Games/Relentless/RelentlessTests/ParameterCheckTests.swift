import Diagnostics
import Relentless
import TestSupport
import Testing

@Suite("Parameter checks (C5–C8)")
struct ParameterCheckTests {
    /// The valid parameters with one `<key>…</key><value>` line added before `</dict>`.
    func parameters(adding entry: String) -> String {
        DesignFixtures.validParameters.replacingOnce("\n</dict>", with: "\n    \(entry)\n</dict>")
    }

    @Test("the valid fixture has no errors or warnings; its 0.5 categories at difficulty 1 earn a C7 note")
    func validPasses() {
        let diagnostics = check().diagnostics
        #expect(diagnostics.filter { $0.severity != .note } == [])
        let notes = diagnostics.matching("C7", "0.5 at difficulty 1 is not a whole number; the game uses 1")
        #expect(notes.count == 1)
    }

    @Test("C6 fallbacks and C7 ceilings resolve as the table says")
    func resolvedValues() throws {
        let parameters = try #require(check().design?.parameters)
        let round = parameters.resolved(difficulty: 3, players: 4)
        #expect(round.numOfCategories == 2)  // ceil(5 * 3 / 10)
        #expect(round.numOfGroupsPerCategory == 2)  // fallback ceil(3 / 2)
        #expect(round.satisfactionUnitDecrease == 1)  // fallback ceil(100 / 240)
        #expect(round.probOfSelectingAssembledItem == 0.25)  // fallback 1 / players
        #expect(round.probOfHavingPackageLimit == 3.0 / 50)
        #expect(parameters.reachableDifficulties() == stride(from: 1.0, through: 10.0, by: 0.5).map { $0 })
    }

    @Test("C5: a syntax error points at its column in the file")
    func syntaxError() {
        let text = parameters(adding: "<key>numOfHouses</key><string>2 * (diffLevel + </string>")
        let errors = check(parameters: text).diagnostics.errors
        #expect(errors.count == 1)
        #expect(errors.first?.rule == "C5")
        #expect(errors.first?.keyPath == "numOfHouses")
        #expect(errors.first?.location?.line == text.position(of: "2 * (diffLevel")?.line)
    }

    @Test("C5: an unknown variable is located at the variable, with the nearest name")
    func unknownVariable() throws {
        let text = parameters(adding: "<key>numOfHouses</key><string>2 * difLevel</string>")
        let error = try #require(check(parameters: text).diagnostics.errors.first)
        #expect(error.message.contains("difLevel"))
        #expect(error.suggestion == "did you mean \"diffLevel\"?")
        #expect(error.location == text.position(of: "difLevel</string>"))
    }

    @Test("C5: order variables only in the two satisfaction-change keys")
    func scopedVariables() {
        let wrong = parameters(adding: "<key>numOfHouses</key><string>timeLeft + 1</string>")
        #expect(check(parameters: wrong).diagnostics.errors.first?.message.contains("timeLeft") == true)
        let right = parameters(adding: "<key>wrongPackageSatisfactionChange</key><string>-timeLeft / totalTime</string>")
        #expect(check(parameters: right).diagnostics.errors == [])
    }

    @Test("C5: keys that fix the game's range cannot depend on the difficulty")
    func staticKeys() {
        let text = DesignFixtures.validParameters.replacingOnce(
            "<key>maxDifficultyLevel</key><integer>10</integer>", with: "<key>maxDifficultyLevel</key><string>diffLevel * 2</string>")
        #expect(check(parameters: text).diagnostics.matching("C5", "cannot depend on diffLevel").count == 1)
    }

    @Test("C6: an unknown key is an error with the nearest known key")
    func unknownKey() {
        let errors = check(parameters: parameters(adding: "<key>numOfHouse</key><integer>4</integer>")).diagnostics.errors
        #expect(errors.count == 1)
        #expect(errors.first?.rule == "C6")
        #expect(errors.first?.suggestion == "did you mean \"numOfHouses\"?")
    }

    @Test("C5: a value of another plist type is an error")
    func wrongValueType() {
        let errors = check(parameters: parameters(adding: "<key>numOfHouses</key><true/>")).diagnostics.errors
        #expect(errors.first?.message.contains("must be an <integer>, a <real> or a <string>") == true)
    }

    @Test("C6: team sizes stay in 3...6 and ranges are ordered", arguments: [
        ("<key>minNumOfPlayers</key><integer>3</integer>", "<key>minNumOfPlayers</key><integer>2</integer>", "2 players: the game is for 3 to 6 players"),
        ("<key>maxNumOfPlayers</key><integer>6</integer>", "<key>maxNumOfPlayers</key><integer>7</integer>", "the game is for 3 to 6 players"),
        ("<key>minDifficultyLevel</key><integer>1</integer>", "<key>minDifficultyLevel</key><integer>12</integer>", "maxDifficultyLevel (10) is below minDifficultyLevel (12)"),
        ("<key>difficultyChange</key><real>0.5</real>", "<key>difficultyChange</key><real>-1</real>", "may rise or stay, not fall"),
    ])
    func ranges(original: String, replacement: String, message: String) {
        let text = DesignFixtures.validParameters.replacingOnce(original, with: replacement)
        #expect(check(parameters: text).diagnostics.errors.contains { $0.message.contains(message) })
    }

    @Test("ranges checked at every reachable difficulty", arguments: [
        ("<key>numOfOrdersPerPlayer</key><string>3 - diffLevel</string>", "0 at difficulty 3: it counts things"),
        ("<key>probOfHavingPackageLimit</key><string>diffLevel / 5</string>", "it is a probability and must lie in 0...1"),
        ("<key>numOfHouses</key><string>1 / (diffLevel - 1)</string>", "inf at difficulty 1 is not a finite number"),
        ("<key>minHouseSatisfactionFactor</key><real>0</real>", "a house factor multiplies time limits and must be positive"),
        ("<key>maxSatisfaction</key><integer>-5</integer>", "maxSatisfaction (-5) must be at least minSatisfaction (0)"),
        ("<key>timeForEachItem</key><integer>0</integer>", "it is a time in seconds and must be positive"),
        ("<key>minSatisfaction</key><integer>100</integer>", "maxSatisfaction (100) must be above minSatisfaction (100)"),
    ])
    func valueRanges(entry: String, message: String) {
        let errors = check(parameters: parameters(adding: entry)).diagnostics.errors
        #expect(errors.contains { $0.message.contains(message) }, "\(errors)")
    }

    @Test("C7: a satisfaction change that is not finite for some order is an error naming the values")
    func satisfactionNotFinite() {
        let text = parameters(adding: "<key>wrongPackageSatisfactionChange</key><string>numOfDifferences / (numOfItems - 1)</string>")
        let errors = check(parameters: text).diagnostics.errors
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("numOfItems = 1") == true)
    }

    @Test("C8: keys no rule uses get a warning when set")
    func unusedKeysWarn() {
        let warnings = check(parameters: parameters(adding: "<key>satisfactionRunOutPenalty</key><integer>20</integer>"))
            .diagnostics.filter { $0.severity == .warning }
        #expect(warnings.count == 1)
        #expect(warnings.first?.rule == "C8")
    }

    @Test("C7: non-integral integer keys are notes, not errors, and the ceiling is used")
    func ceilingNote() throws {
        let result = check(parameters: parameters(adding: "<key>numOfHouses</key><real>2.5</real>"))
        #expect(result.diagnostics.errors == [])
        #expect(result.diagnostics.matching("C7", "2.5 is not a whole number").count == 1)
        #expect(try #require(result.design).parameters.resolved(difficulty: 1, players: 3).numOfHouses == 3)
    }
}
