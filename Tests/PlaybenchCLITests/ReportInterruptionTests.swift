import Foundation
import TestSupport
import Testing

/// Nothing half-written: `playbench report` writes its files only after every simulation, each
/// to a temporary name then renamed, so Ctrl-C during a run leaves the previous report as it was.
@Suite("playbench report, interrupted")
struct ReportInterruptionTests {
    @Test func ctrlCLeavesThePreviousReportIntact() throws {
        let output = try Fixtures.temporaryDirectory("report-interrupted")
        let names = ["report.html", "summary.md", "curves.csv", "results.json"]
        for name in names { try Data("previous \(name)\n".utf8).write(to: output.appendingPathComponent(name)) }

        let process = Process()
        process.executableURL = CommandRunner.playbenchURL
        process.arguments = ["report", "--games", "100000000", "--team", "casual,casual,casual", "--output", output.path]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        // Long enough for the command to be playing games (its Ctrl-C handler is installed once
        // the design is loaded), far too short for 10^8 games.
        Thread.sleep(forTimeInterval: 3)
        process.interrupt()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationReason == .exit && process.terminationStatus == 130, "\(process.terminationReason) \(process.terminationStatus): \(message)")
        #expect(message.contains("interrupted: nothing written"))
        for name in names {
            #expect(try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8) == "previous \(name)\n")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: output.path)
        #expect(Set(left) == Set(names), "temporary files left behind: \(left)")
    }
}
