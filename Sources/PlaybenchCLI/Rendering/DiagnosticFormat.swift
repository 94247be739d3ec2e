import ArgumentParser

/// How diagnostics are printed: for people, for scripts, or for code-scanning tools.
enum DiagnosticFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, sarif

    static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
