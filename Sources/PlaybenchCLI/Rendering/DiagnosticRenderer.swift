import ArgumentParser
import Diagnostics
import Foundation

/// Turns diagnostics into output. Everything the tool prints about a design passes through here.
enum DiagnosticRenderer {
    static func render(_ diagnostics: [Diagnostic], as format: DiagnosticFormat, tool: ToolInfo) -> String {
        let sorted = diagnostics.sortedByLocation()
        switch format {
        case .text:
            return sorted.map { $0.description + "\n" }.joined()
        case .json:
            return json(DiagnosticReport(diagnostics: sorted))
        case .sarif:
            return json(SARIFLog(diagnostics: sorted, tool: tool))
        }
    }

    /// Prints a design's errors as `check` prints them and why the command stops; the exit code
    /// (1) to end it with.
    static func designHasErrors(_ diagnostics: [Diagnostic], label: String) -> ExitCode {
        Output.standard(render(diagnostics.filter { $0.severity != .note }, as: .text, tool: ToolInfo()))
        Output.error("\(label) has errors (\(summary(diagnostics))); run playbench check for details")
        return ExitCode(1)
    }

    /// `2 errors, 1 warning, 3 notes` (zero counts left out; `no problems` when empty).
    static func summary(_ diagnostics: [Diagnostic]) -> String {
        let counts = Diagnostic.Severity.allCases.reversed().compactMap { severity -> String? in
            let n = diagnostics.filter { $0.severity == severity }.count
            return n == 0 ? nil : "\(n) \(severity.rawValue)\(n == 1 ? "" : "s")"
        }
        return counts.isEmpty ? "no problems" : counts.joined(separator: ", ")
    }

    /// GitHub Actions workflow commands, so problems show on the pull request's diff.
    /// https://docs.github.com/actions/reference/workflow-commands-for-github-actions
    static func githubAnnotations(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.sortedByLocation().map { d in
            let command = d.severity == .note ? "notice" : d.severity.rawValue
            var properties: [String] = []
            if let file = d.file { properties.append("file=\(escapeProperty(file))") }
            if let location = d.location, !location.isByteOffset {
                properties.append("line=\(location.line)")
                properties.append("col=\(location.column)")
            }
            if let rule = d.rule { properties.append("title=\(escapeProperty("Playbench \(rule)"))") }
            var message = d.keyPath.isEmpty ? d.message : "\(d.keyPath): \(d.message)"
            if let suggestion = d.suggestion { message += " (\(suggestion))" }
            return "::\(command) \(properties.joined(separator: ","))::\(escapeData(message))\n"
        }.joined()
    }

    private static func escapeData(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    private static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// Every command's JSON: pretty, keys sorted, slashes as they are, one line break at the end.
    static func json<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // A value that is no number (a search's least money, -inf) is written as the text
        // messages use, not a reason to fail the whole document.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// Name and version for reports that record which tool made them.
struct ToolInfo {
    var name = "playbench"
    var version = "0.1.0"
    var informationURI = "https://github.com/playbench/playbench"
}

/// `--format json`: stable keys, one object per diagnostic.
struct DiagnosticReport: Encodable {
    struct Entry: Encodable {
        var severity: String
        var message: String
        var file: String?
        var line: Int?
        var column: Int?
        var byteOffset: Int?
        var keyPath: String
        var rule: String?
        var suggestion: String?
    }

    var diagnostics: [Entry]
    var errors: Int
    var warnings: Int
    var notes: Int

    init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics.map { d in
            let location = d.location
            return Entry(
                severity: d.severity.rawValue, message: d.message, file: d.file,
                line: location.flatMap { $0.isByteOffset ? nil : $0.line },
                column: location.flatMap { $0.isByteOffset ? nil : $0.column },
                byteOffset: location.flatMap { $0.isByteOffset ? $0.column : nil },
                keyPath: d.keyPath, rule: d.rule, suggestion: d.suggestion)
        }
        errors = diagnostics.filter { $0.severity == .error }.count
        warnings = diagnostics.filter { $0.severity == .warning }.count
        notes = diagnostics.filter { $0.severity == .note }.count
    }
}
