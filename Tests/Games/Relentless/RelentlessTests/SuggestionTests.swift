import Diagnostics
import Foundation
import Relentless
import Testing
import TestSupport

/// "Did you mean …?": transposed letters count as one edit, and suggestions lead to names that exist.
@Suite struct SuggestionTests {
    @Test func editDistanceCountsATranspositionAsOneEdit() {
        // Hand-counted: Friut → Fruit swaps "iu"; kitten → sitting is Levenshtein's 3; ab → ba is 1, not 2.
        #expect(Suggestion.editDistance(Array("friut"), Array("fruit")) == 1)
        #expect(Suggestion.editDistance(Array("kitten"), Array("sitting")) == 3)
        #expect(Suggestion.editDistance(Array("ab"), Array("ba")) == 1)
        #expect(Suggestion.editDistance(Array(""), Array("abc")) == 3)
        #expect(Suggestion.editDistance(Array("ca"), Array("abc")) == 3)  // OSA: no edit of an already transposed pair
        #expect(Suggestion.nearest(to: "Friut", in: ["Fruit", "Gem"]) == "Fruit")
    }

    @Test func aTypoInPartsDoesNotSuggestRenamingTheRightImageKeyToIt() {
        // parts names "Wheell" (a typo); partsImageStrings keeps the right key "Wheel".
        let text = DesignFixtures.validCatalogue.replacingOccurrences(
            of: "<string>Wheel</string><string>Wheel</string></array>", with: "<string>Wheell</string><string>Wheell</string></array>")
        #expect(text != DesignFixtures.validCatalogue)
        let diagnostics = check(catalogue: text).diagnostics
        let unknownPart = diagnostics.first { $0.message.contains("\"Wheell\"") }
        #expect(unknownPart?.suggestion == "did you mean \"Wheel\"?", "\(diagnostics.map(\.description))")
        let imageKey = diagnostics.first { $0.message.contains("partsImageStrings has images for \"Wheel\"") }
        #expect(imageKey != nil && imageKey?.suggestion == nil, "\(diagnostics.map(\.description))")
    }

    /// Issue 43: a misspelt name of megabytes is no typo of a short one, and finding that does not
    /// compute its distance to every candidate (it took minutes in check): the length alone rules
    /// it out, while the typos of the same candidates are still found.
    @Test func aHugeNameIsNoTypoAndRulesItselfOutByItsLength() {
        let candidates = ["diffLevel", "totalTime", "timeLeft", "numOfDifferences", "numOfItems"]
        let huge = String(repeating: "x", count: 4_000_000)
        #expect(Suggestion.nearest(to: huge, in: candidates) == nil)
        #expect(Suggestion.nearest(to: "difLevel", in: candidates) == "diffLevel")
        // Within the limit by length but not by letters: still no suggestion.
        #expect(Suggestion.nearest(to: "abcdefghi", in: candidates) == nil)
    }

    /// Issue 43: the bounded distance stops once two rows are past the limit; whatever it returns
    /// must be the full distance, or limit + 1 when that is past it. The full table (no limit) is
    /// the oracle, over random short words of a 3-letter alphabet (transpositions abound), seed 43.
    @Test func theBoundedDistanceIsTheFullOneCappedAtLimitPlusOne() {
        var generator = SplitMix64(seed: 43)
        let letters: [Character] = ["a", "b", "c"]
        for _ in 0..<3_000 {
            let a = (0..<Int(generator.next() % 9)).map { _ in letters[Int(generator.next() % 3)] }
            let b = (0..<Int(generator.next() % 9)).map { _ in letters[Int(generator.next() % 3)] }
            let full = Suggestion.editDistance(a, b)
            for limit in 0...9 {
                #expect(Suggestion.editDistance(a, b, limit: limit) == min(full, limit + 1), "\(String(a)) \(String(b)) limit \(limit)")
            }
        }
        // Only the case differs: distance 0, found first, and the rest cannot beat it.
        #expect(Suggestion.nearest(to: "FRUIT", in: ["fruit", "fruits"]) == "fruit")
    }
}
