import Diagnostics
import Foundation
import Relentless
import Testing
import TestSupport
@testable import RelentlessGeneration

/// Designs and helpers shared by the generation tests.
enum RoundFixtures {
    static func design(
        catalogue: String = DesignFixtures.validCatalogue, parameters: String = DesignFixtures.validParameters,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> Design {
        let result = DesignLoader.load(DesignFixtures.sources(catalogue: catalogue, parameters: parameters))
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.filter { $0.severity == .error })", sourceLocation: sourceLocation)
        return try #require(result.design, sourceLocation: sourceLocation)
    }

    static func prepared(
        catalogue: String = DesignFixtures.validCatalogue, parameters: String = DesignFixtures.validParameters
    ) throws -> PreparedDesign {
        try PreparedDesign(try design(catalogue: catalogue, parameters: parameters))
    }

    static func shipped() throws -> PreparedDesign {
        let result = DesignLoader.load(try Fixtures.shippedDesignSources())
        return try PreparedDesign(try #require(result.design))
    }

    /// Round parameters of `design` at a difficulty and team size, then edited by `edit`.
    static func context(
        _ design: PreparedDesign, difficulty: Double = 10, players: Int = 3, edit: (inout RoundParameters) -> Void = { _ in }
    ) -> RoundContext {
        var parameters = design.design.parameters.resolved(difficulty: difficulty, players: players)
        edit(&parameters)
        return RoundContext(design: design, parameters: parameters)
    }

    static func index(_ design: PreparedDesign, _ name: String) throws -> Int {
        try #require(design.catalogue.index(of: name))
    }

    /// The fixture with `old` replaced once (the test fails if `old` is missing).
    static func edited(_ text: String, _ old: String, _ new: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        guard let range = text.range(of: old) else {
            Issue.record("fixture does not contain \(old)", sourceLocation: sourceLocation)
            return text
        }
        return text.replacingCharacters(in: range, with: new)
    }

    /// The fixture parameters plus extra keys (written before the closing `</dict>`).
    static func parameters(_ extra: String) -> String {
        edited(DesignFixtures.validParameters, "</dict>", extra + "\n</dict>")
    }

    /// A catalogue whose assembled category `Chain` has more than 10^68 items, far beyond any
    /// enumeration, through repeated parts at every depth (C3: multisets, counted by hand with
    /// C(n + k − 1, k)): a `Purse` is 10 of the 3 coins, C(12, 10) = 66 purses; a `Chest` is 10
    /// purses, C(75, 10) = 828,931,106,355 chests (beyond ``PreparedDesign/smallCountLimit``); a
    /// `Chain` is 6 chests, C(828,931,106,360, 6) ≈ 4.51 × 10^68 chains of 600 coins.
    /// `extraAssembled` is written before them in `assembledItems`.
    static func hugeCatalogue(extraAssembled: String = "") -> String {
        MultisetFixtures.catalogue(
            stateful: [MultisetFixtures.stateful("Coin", states: ["Heads", "Tails", "Edge"], order: true)],
            assembled: [
                extraAssembled,
                MultisetFixtures.assembled(
                    "Purse", parts: Array(repeating: "Coin", count: 10), depth: 0, images: [("Coin", 3)], order: false),
                MultisetFixtures.assembled(
                    "Chest", parts: Array(repeating: "Purse", count: 10), depth: 1, images: [("Purse", 1)], order: false),
                MultisetFixtures.assembled("Chain", parts: Array(repeating: "Chest", count: 6), depth: 2, images: [("Chest", 1)]),
            ])
    }
}

/// Pearson's chi-square test against equal expected counts.
///
/// Every statistical test here draws from fixed seeds, so it is deterministic; the significance
/// says how surprising the observed counts would be if the generator were exactly uniform.
/// We test at α = 0.001 with critical values of the chi-square distribution from standard
/// tables (e.g. NIST/SEMATECH e-Handbook, table 1.3.6.7.4), indexed by degrees of freedom.
enum ChiSquare {
    static let critical001: [Int: Double] = [
        1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467, 5: 20.515, 6: 22.458, 7: 24.322, 8: 26.124, 9: 27.877,
        10: 29.588, 11: 31.264, 12: 32.909, 13: 34.528, 14: 36.123,
    ]

    static func statistic(_ counts: [Int]) -> Double {
        let total = Double(counts.reduce(0, +))
        let expected = total / Double(counts.count)
        return counts.reduce(0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
    }

    /// Pearson's statistic against expected proportions `p` (summing to 1).
    static func statistic(_ counts: [Int], expected p: [Double]) -> Double {
        let total = Double(counts.reduce(0, +))
        return zip(counts, p).reduce(0) { sum, cell in
            let expected = total * cell.1
            return sum + (Double(cell.0) - expected) * (Double(cell.0) - expected) / expected
        }
    }

    /// Records an issue when the proportions `p` are rejected at α = 0.001.
    static func expect(
        _ counts: [Int], proportions p: [Double], _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let df = counts.count - 1
        guard let limit = critical001[df], p.count == counts.count else {
            Issue.record("no critical value for \(df) degrees of freedom", sourceLocation: sourceLocation)
            return
        }
        let x2 = statistic(counts, expected: p)
        #expect(x2 < limit, "\(what): χ² = \(x2) ≥ \(limit) (df \(df), α = 0.001); counts \(counts), proportions \(p)", sourceLocation: sourceLocation)
    }

    /// Records an issue when uniformity is rejected at α = 0.001.
    static func expectUniform(_ counts: [Int], _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let df = counts.count - 1
        guard let limit = critical001[df] else {
            Issue.record("no critical value for \(df) degrees of freedom", sourceLocation: sourceLocation)
            return
        }
        let x2 = statistic(counts)
        #expect(x2 < limit, "\(what): χ² = \(x2) ≥ \(limit) (df \(df), α = 0.001); counts \(counts)", sourceLocation: sourceLocation)
    }
}
