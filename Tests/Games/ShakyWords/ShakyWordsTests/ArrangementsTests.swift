import BigInt
import Testing

@testable import ShakyWords

/// The counts of arrangements against an enumeration of every ordering, and against closed forms.
@Suite struct ArrangementsTests {
    static let words = ["", "A", "AB", "ABC", "AAB", "ABAB", "AAA", "BANANA", "LEVEL", "AABBCC", "ABCDEFG", "AAABBB", "ABBCCC", "LETTERS", "MISSISS"]

    @Test("distinct and noneInPlace equal the brute-force counts", arguments: words)
    func countsEqualBruteForce(_ word: String) {
        let letters = Array(word)
        let all = BruteForce.arrangements(letters)
        #expect(Arrangements.distinct(letters) == BigUInt(all.count))
        #expect(Arrangements.noneInPlace(letters) == BigUInt(BruteForce.noneInPlace(letters).count))
        #expect(Arrangements.hasSecondArrangement(letters) == (all.count > 1))
    }

    @Test func knownMultinomials() {
        #expect(Arrangements.distinct(Array("BANANA")) == 60)  // 6!/(3!·2!)
        #expect(Arrangements.distinct(Array("MISSISSIPPI")) == 34650)  // 11!/(4!·4!·2!)
        #expect(Arrangements.distinct(Array("AAAAAAAAAABBBBBBBBBB")) == 184_756)  // C(20, 10)
        #expect(Arrangements.distinct([]) == 1)
    }

    @Test("distinct letters: n! arrangements, !n of them derangements (up to 26 letters, past UInt64)")
    func distinctLettersGiveFactorialsAndDerangements() {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var factorial = BigInt(1)
        var derangements = BigInt(1)  // !0
        for n in 0...26 {
            if n > 0 {
                factorial *= BigInt(n)
                derangements = BigInt(n) * derangements + (n % 2 == 0 ? 1 : -1)  // !n = n·!(n−1) + (−1)^n
            }
            let letters = Array(alphabet.prefix(n))
            #expect(Arrangements.distinct(letters) == factorial.magnitude, "\(n)!")
            #expect(Arrangements.noneInPlace(letters) == derangements.magnitude, "!\(n)")
        }
        #expect(Arrangements.noneInPlace(Array("ABCDEFG")) == 1854)
        #expect(Arrangements.noneInPlace(Array(alphabet.prefix(20))) == BigUInt("895014631192902121"))
    }

    @Test func knownMultisetDerangements() {
        #expect(Arrangements.noneInPlace(Array("AAB")) == 0)  // two As, one other position
        #expect(Arrangements.noneInPlace(Array("AAABBB")) == 1)  // BBBAAA only
        #expect(Arrangements.noneInPlace(Array("AABB")) == 1)  // BBAA only
        #expect(Arrangements.noneInPlace(Array("AAA")) == 0)
        #expect(Arrangements.noneInPlace(Array("A")) == 0)
        #expect(Arrangements.noneInPlace([]) == 1)  // the empty arrangement has no letter in place
        // Half the letters one: those As fill exactly the other positions, the rest deranged
        // among the As' positions freely: 3! arrangements of BCD.
        #expect(Arrangements.noneInPlace(Array("AAABCD")) == 6)
    }

    @Test func secondArrangement() {
        #expect(!Arrangements.hasSecondArrangement(Array("AAA")))
        #expect(!Arrangements.hasSecondArrangement([]))
        #expect(!Arrangements.hasSecondArrangement(["A"]))
        #expect(Arrangements.hasSecondArrangement(Array("AAB")))
        #expect(Arrangements.hasSecondArrangement(Array("BAA")))
    }

    @Test("counts do not depend on which letters or in what order they are given")
    func countsDependOnMultiplicitiesOnly() {
        #expect(Arrangements.noneInPlace(Array("NANABA")) == Arrangements.noneInPlace(Array("BANANA")))
        #expect(Arrangements.noneInPlace(Array("XYXYXY")) == Arrangements.noneInPlace(Array("ABABAB")))
        #expect(Arrangements.distinct(Array("ÉÉX")) == 3)
    }
}
