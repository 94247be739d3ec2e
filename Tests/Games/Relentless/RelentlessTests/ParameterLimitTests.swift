import Diagnostics
import Relentless
import TestSupport
import Testing

/// What check accepts, every command plays: each number play needs bounded is bounded, at every
/// difficulty, with a located error naming the key, the limit and why (C6, M1, M3). These
/// reproduce issue 15's designs that check passed and that then crashed, failed or took minutes.
@Suite("Parameter limits (C6, M1, M3)")
struct ParameterLimitTests {
    /// The valid parameters with one `<key>…</key><value>` line added before `</dict>`.
    func parameters(adding entry: String) -> String {
        DesignFixtures.validParameters.replacingOnce("\n</dict>", with: "\n    \(entry)\n</dict>")
    }

    /// The one error of the parameters with `key` set to `value` (a `<real>` or `<string>`).
    func error(_ key: ParameterKey, _ value: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> (Diagnostic, String) {
        let text = DesignFixtures.validParameters.contains("<key>\(key.rawValue)</key>")
            ? DesignFixtures.validParameters.settingParameter(key.rawValue, to: value)
            : parameters(adding: "<key>\(key.rawValue)</key>\(value)")
        let errors = check(parameters: text).diagnostics.errors
        let error = try #require(errors.first { $0.keyPath == key.rawValue }, "\(errors)", sourceLocation: sourceLocation)
        return (error, text)
    }

    @Test("M1: maxSatisfaction 1e20 is refused where it is written, saying money must fit 64 bits (simulate used to refuse it mid-game)")
    func hugeSatisfaction() throws {
        let (error, text) = try error(.maxSatisfaction, "<real>1e20</real>")
        #expect(error.rule == "M1")
        #expect(error.file == DesignSources.parametersFileName)
        #expect(error.location?.line == text.position(of: "<real>1e20</real>")?.line)
        #expect(error.message.contains("must be within ±1,000,000"), "\(error.message)")
        #expect(error.message.contains("10,000 rounds of 6 players must fit in 64 bits"), "\(error.message)")
    }

    @Test("M1: dailyExpense 1e300 is refused, not clamped in silence")
    func hugeExpense() throws {
        let (error, _) = try error(.dailyExpense, "<real>1e300</real>")
        #expect(error.rule == "M1")
        #expect(error.message.contains("1e+300 at difficulty 1") && error.message.contains("within ±1,000,000,000"), "\(error.message)")
        let (negative, _) = try self.error(.dailyExpense, "<real>-2e9</real>")
        #expect(negative.rule == "M1")
    }

    @Test("M1: satisfactionToMoneyTranslation and minSatisfaction are bounded too")
    func otherMoneyKeys() throws {
        #expect(try error(.satisfactionToMoneyTranslation, "<real>1e7</real>").0.rule == "M1")
        #expect(try error(.minSatisfaction, "<real>-1e7</real>").0.rule == "M1")
    }

    @Test("C6: maxNumOfItemsPerOrder 1000 (check used to take minutes on it) is refused: an order of more than 50 items is no real design")
    func hugeOrders() throws {
        let (error, _) = try error(.maxNumOfItemsPerOrder, "<integer>1000</integer>")
        #expect(error.rule == "C6")
        #expect(error.message.contains("must be at most 50") && error.message.contains("not a real design"), "\(error.message)")
    }

    @Test("C6: numOfOrdersPerPlayer 10000 is refused; a round of 3,600 s shows at most 241 orders")
    func tooManyOrders() throws {
        let (error, _) = try error(.numOfOrdersPerPlayer, "<integer>10000</integer>")
        #expect(error.rule == "C6")
        #expect(error.message.contains("must be at most 250") && error.message.contains("241 orders"), "\(error.message)")
    }

    @Test("C6: a house factor of 1e17 (a time limit no clock holds) is refused")
    func hugeFactor() throws {
        let (error, _) = try error(.maxHouseSatisfactionFactor, "<real>1e17</real>")
        #expect(error.rule == "C6")
        #expect(error.message.contains("must be at most 1,000"), "\(error.message)")
    }

    @Test("C6: a value beyond its limit only at higher difficulties is found where it happens, fallbacks included")
    func limitAtHigherDifficulty() throws {
        let (error, _) = try error(.numOfGroupsPerCategory, "<string>diffLevel * 20</string>")
        #expect(error.message.contains("110 at difficulty 5.5: must be at most 100"), "\(error.message)")
        // maxNumOfItemsPerOrder is not set: its fallback ceil(diffLevel / 2) passes 50 above 100.
        let text = DesignFixtures.validParameters.settingParameter("maxDifficultyLevel", to: "<integer>120</integer>")
        let errors = check(parameters: text).diagnostics.errors
        let fallback = try #require(errors.first { $0.keyPath == "maxNumOfItemsPerOrder" }, "\(errors)")
        #expect(fallback.message.contains("at difficulty 100.5 (the fallback ceil(diffLevel / 2)): must be at most 50"), "\(fallback.message)")
    }

    @Test("M3: maxDifficultyLevel 1e15 with a step of 0.5 is refused at once, not checked for a minute")
    func endlessRamp() throws {
        let (error, _) = try error(.maxDifficultyLevel, "<real>1e15</real>")
        #expect(error.rule == "M3")
        #expect(error.message.contains("passes more than 1,000 difficulties"), "\(error.message)")
        #expect(error.suggestion?.contains("lower maxDifficultyLevel") == true)
    }

    @Test("M3: a step so small that the ramp passes more than 1,000 difficulties is an error at difficultyChange")
    func tinyStep() throws {
        let (error, _) = try error(.difficultyChange, "<real>0.001</real>")
        #expect(error.rule == "M3")
        #expect(error.message.contains("from 1 to 10 passes more than 1,000 difficulties"), "\(error.message)")
    }

    @Test("M3: a ramp of exactly 1,000 difficulties is accepted and reached whole; one more is not")
    func rampAtTheLimit() throws {
        // 1 + 999 × 0.5 = 500.5: 1,000 difficulties.
        let atLimit = DesignFixtures.validParameters.settingParameter("maxDifficultyLevel", to: "<real>500.5</real>")
        // Keys whose fallbacks grow with diffLevel would pass their limits up there: set them.
        let text = [
            ("maxNumOfItemsPerOrder", "<integer>3</integer>"), ("numOfOrdersPerPlayer", "<integer>3</integer>"),
            ("numOfGroupsPerCategory", "<integer>2</integer>"), ("probOfHavingPackageLimit", "<real>0.1</real>"),
        ].reduce(atLimit) { text, entry in
            text.replacingOnce("\n</dict>", with: "\n    <key>\(entry.0)</key>\(entry.1)\n</dict>")
        }
        let result = check(parameters: text)
        #expect(result.diagnostics.errors == [], "\(result.diagnostics.errors)")
        #expect(try #require(result.design).parameters.reachableDifficulties().count == 1_000)
        let over = text.settingParameter("maxDifficultyLevel", to: "<real>501</real>")
        #expect(check(parameters: over).diagnostics.errors.matching("M3", "more than 1,000 difficulties").count == 1)
    }

    /// Every limit, at its edge: the limit itself (after the C7 ceiling for integer keys) is
    /// accepted, the next value up is not.
    @Test("every limit is inclusive: the edge is accepted, just beyond is refused", arguments: ParameterKey.allCases.filter { $0.limit != nil })
    func edges(key: ParameterKey) throws {
        let limit = try #require(key.limit)
        let beyond = key.isIntegral ? limit.highest + 0.5 : limit.highest.nextUp
        #expect(ParameterChecks.valueProblem(key, limit.highest) == nil)
        #expect(ParameterChecks.valueProblem(key, beyond)?.rule == limit.rule)
        if key.isIntegral { #expect(ParameterChecks.valueProblem(key, limit.highest - 0.5) == nil) }  // ceiled to the limit
        if let lowest = limit.lowest {
            #expect(ParameterChecks.valueProblem(key, lowest) == nil)
            #expect(ParameterChecks.valueProblem(key, lowest - 1)?.rule == limit.rule)
        }
    }

    /// M1 over the longest game: 10,000 rounds (simulate's --max-rounds limit) of 6 players, each
    /// round at the worst satisfaction, translation and expense, fits Int64 with room to spare.
    @Test("M1: the money limits keep the worst game of 10,000 rounds inside 64 bits")
    func worstGameFits() throws {
        let satisfaction = try #require(ParameterKey.maxSatisfaction.limit?.highest)
        #expect(ParameterKey.minSatisfaction.limit?.lowest == -satisfaction)
        let translation = try #require(ParameterKey.satisfactionToMoneyTranslation.limit?.highest)
        let expense = try #require(ParameterKey.dailyExpense.limit?.highest)
        let perRound = 6 * Int64(satisfaction) * Int64(translation) + Int64(expense)
        let (game, overflow) = perRound.multipliedReportingOverflow(by: 10_000)
        #expect(!overflow && game < Int64.max / 100)
    }

    /// Time limits: the largest order × the longest time per item × the largest factor fits far
    /// inside the clock's Int (the engine adds a start tick to it).
    @Test("C6: the longest time limit fits 32 bits")
    func longestTimeLimitFits() throws {
        let items = try #require(ParameterKey.maxNumOfItemsPerOrder.limit?.highest)
        let seconds = try #require(ParameterKey.timeForEachItem.limit?.highest)
        let factor = try #require(ParameterKey.maxHouseSatisfactionFactor.limit?.highest)
        #expect(items * seconds * factor < Double(Int32.max))
    }

    @Test("the shipped limits are what the README's table and notes say")
    func limitTexts() {
        #expect(ParameterKey.maxNumOfItemsPerOrder.limit?.text == "at most 50")
        #expect(ParameterKey.maxSatisfaction.limit?.text == "within ±1,000,000")
        #expect(ParameterKey.dailyExpense.limit?.text == "within ±1,000,000,000")
    }
}
