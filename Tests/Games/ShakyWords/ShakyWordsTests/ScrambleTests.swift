import BigInt
import Randomness
import Testing

@testable import ShakyWords

/// Each scramble rule against its support, enumerated by brute force: never outside it, every
/// arrangement in it equally often. Significance as in ``Statistics``: α ≈ 1e-6 per test.
@Suite struct ScrambleTests {
    /// Counts how often `draws` scrambles by `rule` hit each arrangement of `support`, and
    /// records an issue for any scramble outside it.
    static func frequencies(_ rule: ScrambleRule, _ word: String, support: Set<[Character]>, draws: Int, seed: UInt64) -> [Int] {
        let answer = Array(word)
        let index = Dictionary(uniqueKeysWithValues: support.sorted { String($0) < String($1) }.enumerated().map { ($1, $0) })
        var counts = [Int](repeating: 0, count: support.count)
        var random = RandomSource(seed: seed)
        for _ in 0..<draws {
            guard let shown = rule.scramble(answer, &random) else {
                Issue.record("\(rule) gave no scramble of \(word)")
                return counts
            }
            guard let i = index[shown] else {
                Issue.record("\(rule) showed \(String(shown)), outside its support for \(word)")
                return counts
            }
            counts[i] += 1
        }
        return counts
    }

    /// χ² of equal frequencies over the support, at α ≈ 1e-6 (``Statistics/chiSquareCritical(df:)``).
    static func expectUniform(_ counts: [Int], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = Double(counts.reduce(0, +)) / Double(counts.count)
        let x2 = Statistics.chiSquare(counts, expected: Array(repeating: expected, count: counts.count))
        let limit = Statistics.chiSquareCritical(df: counts.count - 1)
        #expect(x2 < limit, "\(what): χ² = \(x2) ≥ \(limit) (df \(counts.count - 1), α ≈ 1e-6)", sourceLocation: sourceLocation)
    }

    @Test("uniform: every arrangement of BANANA and of LEVEL equally often (χ², α ≈ 1e-6)", arguments: [("BANANA", UInt64(1)), ("LEVEL", 2)])
    func uniformIsUniformOverAllArrangements(_ word: String, _ seed: UInt64) {
        let support = BruteForce.arrangements(Array(word))
        let counts = Self.frequencies(.uniform, word, support: support, draws: 1000 * support.count, seed: seed)
        Self.expectUniform(counts, "uniform over \(word)")
    }

    @Test("uniform shows the answer itself with probability 1/D: BANANA 1/60 (z, two-sided α ≈ 1e-6)")
    func uniformShowsTheAnswerOnceInD() {
        let answer = Array("BANANA")
        var random = RandomSource(seed: 3)
        let trials = 120_000
        var hits = 0
        for _ in 0..<trials where ScrambleRule.uniform.scramble(answer, &random) == answer { hits += 1 }
        let z = Statistics.z(successes: hits, trials: trials, p: 1.0 / 60)
        #expect(abs(z) < Statistics.zTwoSided, "\(hits) of \(trials), z = \(z)")
    }

    @Test("notAnswer: never the answer, the other arrangements equally often (χ², α ≈ 1e-6)", arguments: [("BANANA", UInt64(4)), ("AABB", 5)])
    func notAnswerIsUniformOverTheOthers(_ word: String, _ seed: UInt64) {
        var support = BruteForce.arrangements(Array(word))
        support.remove(Array(word))
        let counts = Self.frequencies(.notAnswer, word, support: support, draws: 1000 * support.count, seed: seed)
        Self.expectUniform(counts, "notAnswer over \(word)")
    }

    @Test func notAnswerOfTwoLettersSwapsThem() {
        var random = RandomSource(seed: 6)
        for _ in 0..<100 { #expect(ScrambleRule.notAnswer.scramble(Array("AB"), &random) == Array("BA")) }
    }

    @Test("noLetterInPlace: support as brute force finds it, each arrangement equally often (χ², α ≈ 1e-6)",
          arguments: [("ABACUS", UInt64(7)), ("AABCD", 8), ("AABBCC", 9), ("BANANA", 10)])
    func noLetterInPlaceIsUniformOverItsSupport(_ word: String, _ seed: UInt64) {
        let support = BruteForce.noneInPlace(Array(word))
        #expect(Arrangements.noneInPlace(Array(word)) == BigUInt(support.count))
        let counts = Self.frequencies(.noLetterInPlace, word, support: support, draws: 300 * support.count, seed: seed)
        #expect(counts.allSatisfy { $0 > 0 }, "every arrangement of the support is drawn")
        Self.expectUniform(counts, "noLetterInPlace over \(word)")
    }

    @Test("the share of uniform scrambles with no letter in place is noneInPlace/distinct (z, two-sided α ≈ 1e-6)",
          arguments: ["LETTERS", "ABACUS", "MISSISSIPPI"])
    func shareOfScramblesWithNoLetterInPlace(_ word: String) {
        let answer = Array(word)
        let p = ScrambleRule.noLetterInPlace.share(for: answer)
        var random = RandomSource(seed: 11)
        let trials = 100_000
        var hits = 0
        for _ in 0..<trials {
            let shown = ScrambleRule.uniform.scramble(answer, &random)!
            if !BruteForce.hasLetterInPlace(shown, answer) { hits += 1 }
        }
        let z = Statistics.z(successes: hits, trials: trials, p: p)
        #expect(abs(z) < Statistics.zTwoSided, "\(word): \(hits) of \(trials) against p = \(p), z = \(z)")
    }

    @Test func shares() {
        #expect(ScrambleRule.uniform.share(for: Array("BANANA")) == 1)
        #expect(abs(ScrambleRule.notAnswer.share(for: Array("BANANA")) - 59.0 / 60) < 1e-15)
        #expect(abs(ScrambleRule.noLetterInPlace.share(for: Array("BANANA")) - 3.0 / 60) < 1e-15)
        #expect(ScrambleRule.notAnswer.share(for: Array("AAA")) == 0)
        #expect(ScrambleRule.noLetterInPlace.share(for: Array("AAB")) == 0)
        // 170 distinct letters: 170! is near Double's largest; the share of derangements is 1/e.
        let letters = (0..<170).map { Character(UnicodeScalar(0x100 + $0)!) }
        #expect(abs(ScrambleRule.noLetterInPlace.share(for: letters) - 0.36787944117144233) < 1e-15)
    }

    @Test("an impossible rule gives nil and makes no draw")
    func impossibleRulesGiveNil() {
        let cases: [(ScrambleRule, String)] = [(.notAnswer, "AAA"), (.notAnswer, "A"), (.notAnswer, ""), (.noLetterInPlace, "AAB"), (.noLetterInPlace, "A"), (.noLetterInPlace, "ABAAC")]
        for (rule, word) in cases {
            #expect(!rule.isPossible(for: Array(word)), "\(rule) \(word)")
            var random = RandomSource(seed: 12)
            #expect(rule.scramble(Array(word), &random) == nil, "\(rule) \(word)")
            var fresh = RandomSource(seed: 12)
            #expect(random.next() == fresh.next(), "\(rule) \(word) drew")
        }
        var random = RandomSource(seed: 12)
        #expect(ScrambleRule.uniform.scramble(Array("AAA"), &random) == Array("AAA"))
        #expect(ScrambleRule.noLetterInPlace.scramble([], &random) == [])
    }

    @Test("isPossible(noLetterInPlace) is noneInPlace > 0, for all words of up to 8 letters over 3 letters")
    func possibleExactlyWhenSomeArrangementHasNoLetterInPlace() {
        let alphabet = Array("ABC")
        var words: [[Character]] = [[]]
        for _ in 0..<8 {
            words = words.flatMap { w in alphabet.map { w + [$0] } }
            for word in words {
                let possible = Arrangements.noneInPlace(word) > 0
                #expect(ScrambleRule.noLetterInPlace.isPossible(for: word) == possible, "\(String(word))")
                #expect(ScrambleRule.notAnswer.isPossible(for: word) == (Arrangements.distinct(word) > 1), "\(String(word))")
            }
        }
    }

    @Test("the same seed gives the same scrambles, and these (draws fixed on every platform)")
    func sameSeedSameScramble() {
        let answer = Array("ABRACADABRA")
        for rule in ScrambleRule.allCases {
            var a = RandomSource(seed: 13)
            var b = RandomSource(seed: 13)
            for _ in 0..<20 { #expect(rule.scramble(answer, &a) == rule.scramble(answer, &b)) }
        }
        var random = RandomSource(seed: 14)
        let golden = ScrambleRule.allCases.map { String(($0.scramble(answer, &random))!) }
        #expect(golden == ["ARAABCRABDA", "AAAARCBADBR", "BAARACARDAB"])
    }

    @Test("a 30-letter answer with repeats scrambles with no letter in place in well under a second each")
    func longAnswerScramblesQuickly() throws {
        let answers = ["FLOCCINAUCINIHILIPILIFICATIONS", "AAAAAAAAAAAAAAABCDEFGHIJKLMNOP", "ABABABABABABABABABABABABABABAB"].map(Array.init)
        var random = RandomSource(seed: 15)
        let clock = ContinuousClock()
        for answer in answers {
            try #require(answer.count == 30)
            let draws = 10
            let elapsed = try clock.measure {
                for _ in 0..<draws {
                    let shown = try #require(ScrambleRule.noLetterInPlace.scramble(answer, &random))
                    #expect(BruteForce.sameLetters(shown, answer))
                    #expect(!BruteForce.hasLetterInPlace(shown, answer), "\(String(shown))")
                }
            }
            #expect(elapsed < .seconds(draws), "\(String(answer)): \(elapsed) for \(draws) draws")
        }
    }
}
