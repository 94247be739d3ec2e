import Expressions
import Foundation
import Randomness
import Testing

@testable import ShakyWords

/// The race against values it has in closed form (issue 18, "truth to test against"). Each
/// statistical test plays 20,000 questions from fixed seeds and accepts |z| < 4.9, a two-sided
/// significance of about 1e-6, so a correct simulator fails one in a million runs.
@Suite struct QuestionRaceTests {
    static let questions = 20_000
    static let z = 4.9

    /// A rule set with the timers and points given, nothing else in play.
    static func rules(window: Double = 60, after: Double = 20, worth: Double = 10, cost: Double = 2, minimum: Int = 1) -> Rules {
        var rules = Rules(
            pack: "P", questions: 1, difficulty: nil, worth: Expression(constant: worth, variables: Rules.scope),
            hintCost: Expression(constant: cost, variables: Rules.scope))
        rules.indicationWindow = window
        rules.windowAfterIndication = after
        rules.minimumPoints = minimum
        return rules
    }

    /// A team that finds an answer of `referenceLength` letters in `seconds` on average, never
    /// sped up by letters in place, never bluffing, shaking or mistyping unless told.
    static func team(_ name: String, seconds: Double, typo: Double = 0, shakeAfter: Double? = nil) -> Persona {
        Persona(name: name, solveSeconds: [seconds], lengthExponent: 1, hintSpeedup: 0, typoChance: typo, bluffChance: 0, shakeAfter: shakeAfter, typingSeconds: 0)
    }

    /// A question whose letters are shown reversed (no letter of a palindrome-free answer in place).
    static func content(_ answer: String) -> QuestionContent {
        let letters = Array(answer)
        return QuestionContent(question: Question(level: 1, text: "?", answer: letters), shown: letters.reversed(), hintOrder: Array(letters.indices))
    }

    static func expectClose(_ observed: Double, _ expected: Double, standardError: Double, _ what: String) {
        let z = (observed - expected) / standardError
        #expect(abs(z) < Self.z, "\(what): observed \(observed), exact \(expected), z = \(z)")
    }

    /// Teams at constant rates λᵢ: team i indicates first within the window w with probability
    /// λᵢ/Λ · (1 − e^(−Λw)), and nobody does with probability e^(−Λw), Λ = Σλᵢ.
    @Test func constantRatesIndicateFirstInProportionToTheirRates() {
        let seconds = [10.0, 20.0, 40.0], window = 15.0
        let teams = seconds.enumerated().map { Self.team("t\($0)", seconds: $1) }
        var rules = Self.rules(window: window)
        rules.referenceLength = 6
        let content = Self.content("PLANET")
        var first = [Int](repeating: 0, count: 3), nobody = 0
        for q in 0..<Self.questions {
            var random = RandomSource(seed: 1000 + UInt64(q))
            let outcome = QuestionRace.play(content, rules: rules, teams: teams, &random)
            if let i = outcome.order.first { first[i] += 1 } else { nobody += 1 }
        }
        let rates = seconds.map { 1 / $0 }, total = rates.reduce(0, +)
        let none = exp(-total * window)
        let n = Double(Self.questions)
        func check(_ count: Int, _ p: Double, _ what: String) {
            Self.expectClose(Double(count) / n, p, standardError: (p * (1 - p) / n).squareRoot(), what)
        }
        check(nobody, none, "nobody within the window")
        for i in 0..<3 { check(first[i], rates[i] / total * (1 - none), "team \(i) first") }
    }

    /// An answer of n letters typed with a per-letter typo chance q survives exact spelling with
    /// probability (1 − q)^n, and a tolerance of one wrong letter with (1 − q)^n + n q (1 − q)^(n−1).
    @Test(arguments: [SpellingRule.exact, .tolerant])
    func typedAnswersSurviveSpellingAtTheBinomialRate(rule: SpellingRule) {
        let q = 0.05, answer = "QUESTIONS", n = Double(answer.count)
        var rules = Self.rules()
        rules.spelling = rule
        rules.spellingTolerance = 1
        rules.referenceLength = answer.count
        let teams = [Self.team("fast", seconds: 0.01, typo: q)]
        var accepted = 0
        for i in 0..<Self.questions {
            var random = RandomSource(seed: 7_000 + UInt64(i))
            if QuestionRace.play(Self.content(answer), rules: rules, teams: teams, &random).winner != nil { accepted += 1 }
        }
        let exact = pow(1 - q, n) + (rule == .tolerant ? n * q * pow(1 - q, n - 1) : 0)
        Self.expectClose(Double(accepted) / Double(Self.questions), exact, standardError: (exact * (1 - exact) / Double(Self.questions)).squareRoot(), "\(rule) accepted")
    }

    /// One team at rate λ under a fixed shake schedule (a shake every s seconds from s on, the
    /// cooldown shorter): it indicates after h shakes when its time falls in [hs, (h+1)s), and
    /// scores max(minimum, worth − h·cost). So E[points] = Σₕ (e^(−λhs) − e^(−λ(h+1)s)) ·
    /// max(minimum, worth − h·cost) over the shakes before the window ends, with no letter
    /// placed by chance enough to show the answer (20 distinct letters, at most 2 a shake).
    @Test func expectedPointsUnderAFixedShakeSchedule() {
        let s = 5.0, window = 30.0, seconds = 20.0, worth = 12.0, cost = 3.0, minimum = 2
        let answer = "ABCDEFGHIJKLMNOPQRST"
        var rules = Self.rules(window: window, worth: worth, cost: cost, minimum: minimum)
        rules.referenceLength = answer.count
        rules.shakeCooldown = 1
        let teams = [Self.team("alone", seconds: seconds, shakeAfter: s)]
        var total = 0.0, squares = 0.0
        for i in 0..<Self.questions {
            var random = RandomSource(seed: 50_000 + UInt64(i))
            let points = Double(QuestionRace.play(Self.content(answer), rules: rules, teams: teams, &random).points)
            total += points
            squares += points * points
        }
        let lambda = 1 / seconds
        var exact = 0.0
        for h in 0..<Int(window / s) {
            let p = exp(-lambda * Double(h) * s) - exp(-lambda * Double(h + 1) * s)
            exact += p * max(Double(minimum), worth - Double(h) * cost)
        }
        let n = Double(Self.questions), mean = total / n
        let sd = ((squares / n - mean * mean) * n / (n - 1)).squareRoot()
        Self.expectClose(mean, exact, standardError: sd / n.squareRoot(), "mean points")
    }

    /// A team that shakes waits its `shakeAfter` after each shake, and never less than the
    /// cooldown: with shakeAfter 0.5 and a cooldown of 4, the 60 s window holds shakes at 0.5,
    /// 4.5, 8.5, … (a shake at 0 + 0.5, then one per cooldown).
    @Test func theCooldownSpacesShakes() {
        var rules = Self.rules(window: 30)
        rules.shakeCooldown = 4
        rules.referenceLength = 26
        let teams = [Self.team("slow", seconds: 1e6, shakeAfter: 0.5)]
        var times: [Double] = []
        var random = RandomSource(seed: 3)
        let outcome = QuestionRace.play(Self.content("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), rules: rules, teams: teams, &random) { time, event in
            if event.hasPrefix("shake") { times.append(time) }
        }
        #expect(times == [0.5, 4.5, 8.5, 12.5, 16.5, 20.5, 24.5, 28.5])
        #expect(outcome.hints == 8)
        #expect(outcome.timedOut)
    }

    /// The first indication cuts what remains of the window to windowAfterIndication (SW7):
    /// a team that finds the answer later than that after the first is too late.
    @Test func theWindowDropsAfterTheFirstIndication() {
        var rules = Self.rules(window: 60, after: 20)
        rules.referenceLength = 6
        let teams = [Self.team("fast", seconds: 2), Self.team("slow", seconds: 200)]
        var late = 0, joined = 0
        for i in 0..<2_000 {
            var random = RandomSource(seed: 9_000 + UInt64(i))
            var firstAt: Double?
            var times: [Double] = []
            let outcome = QuestionRace.play(Self.content("PLANET"), rules: rules, teams: teams, &random) { time, event in
                if event.contains("indicates") { times.append(time) }
                if firstAt == nil, event.contains("indicates") { firstAt = time }
            }
            if outcome.order.count == 2 {
                joined += 1
                #expect(times[1] - times[0] <= 20)
            } else {
                late += 1
            }
        }
        #expect(late > 0 && joined > 0)
    }

    /// Nobody indicating within w has probability e^(−wλ) for one team at rate λ: the probe the
    /// tests below use to read a team's rate off the race.
    static func nobodyShare(_ content: QuestionContent, _ rules: Rules, _ team: Persona, seed: UInt64) -> Double {
        var nobody = 0
        for q in 0..<Self.questions {
            var random = RandomSource(seed: seed + UInt64(q))
            if QuestionRace.play(content, rules: rules, teams: [team], &random).timedOut { nobody += 1 }
        }
        return Double(nobody) / Double(Self.questions)
    }

    static func expectShare(_ observed: Double, _ p: Double, _ what: String) {
        Self.expectClose(observed, p, standardError: (p * (1 - p) / Double(Self.questions)).squareRoot(), what)
    }

    /// SW12: an answer twice the reference length takes 2^exponent times as long on average: with
    /// exponent 1.5, rate 1/(s · 2^1.5), nobody within w with probability e^(−w/(s · 2^1.5)).
    @Test func longerAnswersTakeLongerByTheLengthExponent() {
        var rules = Self.rules(window: 20)
        rules.referenceLength = 4
        var team = Self.team("t", seconds: 5)
        team.lengthExponent = 1.5
        let observed = Self.nobodyShare(Self.content("ABCDEFGH"), rules, team, seed: 70_000)
        Self.expectShare(observed, exp(-20 / (5 * pow(2, 1.5))), "nobody within the window")
    }

    /// SW12: letters in place speed a team by 1 + hintSpeedup × their share: "ABCFED" shows 4 of
    /// "ABCDEF"'s letters in place, so with hintSpeedup 1.5 the rate is λ(1 + 1.5 · 4/6) = 2λ.
    @Test func lettersInPlaceSpeedATeamUp() {
        var rules = Self.rules(window: 10)
        rules.referenceLength = 6
        var team = Self.team("t", seconds: 20)
        team.hintSpeedup = 1.5
        let letters = Array("ABCDEF")
        let content = QuestionContent(question: Question(level: 1, text: "?", answer: letters), shown: Array("ABCFED"), hintOrder: Array(letters.indices))
        Self.expectShare(Self.nobodyShare(content, rules, team, seed: 80_000), exp(-10 * 2 / 20.0), "nobody within the window")
    }

    /// SW11: when teams type without typos, the first to indicate is the one whose answer counts.
    @Test func theFirstToIndicateAnswersFirst() {
        var rules = Self.rules(window: 60)
        rules.referenceLength = 6
        let teams = [Self.team("a", seconds: 10), Self.team("b", seconds: 10), Self.team("c", seconds: 30)]
        var answered = 0
        for q in 0..<2_000 {
            var random = RandomSource(seed: 90_000 + UInt64(q))
            let outcome = QuestionRace.play(Self.content("PLANET"), rules: rules, teams: teams, &random)
            if let winner = outcome.winner {
                answered += 1
                #expect(winner == outcome.order.first, "question \(q): \(outcome.order) answered by \(winner)")
            }
        }
        #expect(answered > 1_900)
    }

    /// SW11: a team with bluffChance p indicates with the first team, without an answer, in a
    /// share p of the questions another team indicates first (a slow team, which seldom has the
    /// answer by then).
    @Test func aBluffingTeamIndicatesWithTheFirst() {
        var rules = Self.rules(window: 60)
        rules.referenceLength = 6
        var slow = Self.team("slow", seconds: 1e6)
        slow.bluffChance = 0.3
        let teams = [Self.team("fast", seconds: 2), slow]
        var together = 0, fastFirst = 0
        for q in 0..<Self.questions {
            var random = RandomSource(seed: 100_000 + UInt64(q))
            var times: [Double] = []
            let outcome = QuestionRace.play(Self.content("PLANET"), rules: rules, teams: teams, &random) { time, event in
                if event.contains("indicates") { times.append(time) }
            }
            guard outcome.order.first == 0 else { continue }
            fastFirst += 1
            if outcome.order.count == 2, times[1] == times[0] { together += 1 }
        }
        #expect(fastFirst > Self.questions * 9 / 10)
        let observed = Double(together) / Double(fastFirst)
        Self.expectClose(observed, 0.3, standardError: (0.3 * 0.7 / Double(fastFirst)).squareRoot(), "bluffs")
    }

    /// SW7: an answer that takes longer to type than the answer time never counts; one that fits does.
    @Test func anAnswerTooLongToTypeInTimeNeverCounts() {
        var rules = Self.rules(window: 60)
        rules.answerTime = 10
        rules.referenceLength = 6
        for (typing, counts) in [(2.0, false), (1.5, true)] {
            var team = Self.team("t", seconds: 1)
            team.typingSeconds = typing
            var answered = 0
            for q in 0..<200 {
                var random = RandomSource(seed: 110_000 + UInt64(q))
                if QuestionRace.play(Self.content("PLANET"), rules: rules, teams: [team], &random).winner != nil { answered += 1 }
            }
            #expect(counts ? answered > 190 : answered == 0, "typing \(typing) s a letter: \(answered) of 200 answered")
        }
    }
}
