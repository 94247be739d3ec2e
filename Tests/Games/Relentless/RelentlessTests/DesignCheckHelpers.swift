import Diagnostics
import Foundation
import PropertyList
import Relentless
import Testing
import TestSupport

/// Loads a design from inline texts and returns what `check` would report.
func check(catalogue: String = DesignFixtures.validCatalogue, parameters: String = DesignFixtures.validParameters) -> DesignLoader.Result {
    DesignLoader.load(DesignFixtures.sources(catalogue: catalogue, parameters: parameters))
}

extension String {
    /// The text with `old` replaced once; fails the test when `old` is absent, so a fixture edit
    /// can never silently test the unchanged fixture.
    func replacingOnce(_ old: String, with new: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        guard let range = range(of: old) else {
            Issue.record("fixture does not contain \(old)", sourceLocation: sourceLocation)
            return self
        }
        return replacingCharacters(in: range, with: new)
    }

    /// 1-based line and column (in characters) of the first occurrence of `needle`.
    func position(of needle: String) -> Diagnostics.SourceLocation? {
        guard let range = range(of: needle) else { return nil }
        let before = self[..<range.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
        return Diagnostics.SourceLocation(line: line, column: before.distance(from: lineStart, to: before.endIndex) + 1)
    }
}

extension Array where Element == Diagnostic {
    var errors: [Diagnostic] { filter { $0.severity == .error } }

    /// The diagnostics of one rule whose message contains `text`.
    func matching(_ rule: String, _ text: String) -> [Diagnostic] {
        filter { $0.rule == rule && $0.message.contains(text) }
    }
}
