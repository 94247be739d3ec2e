import Foundation
import PackagePlugin

/// `swift package playbench COMMAND [ARGUMENTS…]`: any playbench command, run in the package's
/// directory (so `Designs/mine` and `Reports/` mean the package's own). `check` without a
/// `--format` reports each finding through SwiftPM's diagnostics, with its file and line; every
/// other command prints what it prints. The package command fails when playbench exits non-zero,
/// so a script sees the command's failure.
@main
struct PlaybenchCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "playbench")
        try run(tool: tool.url, in: context.package.directoryURL, arguments: arguments)
    }

    func run(tool: URL, in directory: URL, arguments: [String]) throws {
        let asDiagnostics = arguments.first == "check" && !arguments.contains { $0 == "--format" || $0.hasPrefix("--format=") }
            && !arguments.contains { ["-h", "--help", "--explain-rule"].contains($0) }
        let process = Process()
        process.executableURL = tool
        process.arguments = asDiagnostics ? arguments + ["--format", "json"] : arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        if asDiagnostics { process.standardOutput = output }
        try process.run()
        let data = asDiagnostics ? output.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        if asDiagnostics { try report(data, in: directory) }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw CommandFailure(arguments: arguments, status: process.terminationStatus)
        }
    }

    /// `check --format json`'s findings (PlaybenchCLI's DiagnosticReport) as SwiftPM's.
    private func report(_ data: Data, in directory: URL) throws {
        guard let report = try? JSONDecoder().decode(CheckReport.self, from: data) else {
            // Not a report (a usage error, say): the process's own stderr has said why.
            return
        }
        for finding in report.diagnostics {
            // Paths as playbench printed them, relative to the package: SwiftPM wants them whole.
            let file = finding.file.map { $0.hasPrefix("/") || $0.hasPrefix("<") ? $0 : directory.appending(path: $0).path(percentEncoded: false) }
            // SwiftPM's terminal output leaves a diagnostic's file and line out (an IDE shows
            // them), so the message starts with them as playbench prints them.
            let place = [finding.file, finding.line.map(String.init), finding.column.map(String.init)].compactMap { $0 }.joined(separator: ":")
            var message = finding.keyPath.isEmpty ? finding.message : "\(finding.keyPath): \(finding.message)"
            if !place.isEmpty { message = "\(place): \(message)" }
            if let suggestion = finding.suggestion { message += " (\(suggestion))" }
            if let rule = finding.rule { message += " [\(rule)]" }
            switch finding.severity {
            case "error": Diagnostics.error(message, file: file, line: finding.line)
            case "warning": Diagnostics.warning(message, file: file, line: finding.line)
            default: Diagnostics.remark(message, file: file, line: finding.line)
            }
        }
        print("playbench check: \(report.errors) errors, \(report.warnings) warnings, \(report.notes) notes")
    }
}

/// The fields of `check --format json` the plugin reads.
struct CheckReport: Decodable {
    struct Finding: Decodable {
        var severity: String
        var message: String
        var file: String?
        var line: Int?
        var column: Int?
        var keyPath: String
        var rule: String?
        var suggestion: String?
    }
    var diagnostics: [Finding]
    var errors: Int
    var warnings: Int
    var notes: Int
}

struct CommandFailure: Error, CustomStringConvertible {
    var arguments: [String]
    var status: Int32
    var description: String { "playbench \(arguments.joined(separator: " ")) exited with status \(status)" }
}
