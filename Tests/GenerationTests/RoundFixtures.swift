import Foundation
@testable import Generation
import Relentless
import TestSupport
import Testing

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

    /// A catalogue whose one assembled category, `Chain`, has 130 parts of a 3-state category:
    /// 3^130 ≈ 1.06 × 10^62 items, far beyond any enumeration. `extraAssembled` is written
    /// before it in `assembledItems`.
    static func hugeCatalogue(extraAssembled: String = "") -> String {
        let parts = String(repeating: "<string>Coin</string>", count: 130)
        return DesignFixtures.plist("""
            <dict>
                <key>statefulItems</key>
                <array>
                    <dict>
                        <key>category</key><string>Coin</string>
                        <key>isInventoryItem</key><true/>
                        <key>isOrderItem</key><true/>
                        <key>stateImageStrings</key><array><string>heads</string><string>tails</string><string>edge</string></array>
                        <key>stateIdentifiers</key><array><string>Heads</string><string>Tails</string><string>Edge</string></array>
                    </dict>
                </array>
                <key>titledItems</key><array/>
                <key>rhythmicItems</key><array/>
                <key>assembledItems</key>
                <array>
                    \(extraAssembled)
                    <dict>
                        <key>category</key><string>Chain</string>
                        <key>parts</key><array>\(parts)</array>
                        <key>isInventoryItem</key><false/>
                        <key>isOrderItem</key><true/>
                        <key>depth</key><integer>0</integer>
                        <key>mainImageString</key><string>chain</string>
                        <key>partsImageStrings</key>
                        <dict><key>Coin</key><array><string>h</string><string>t</string><string>e</string></array></dict>
                    </dict>
                </array>
            </dict>
            """)
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
        10: 29.588, 11: 31.264, 12: 32.909,
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
