import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Nothing half-written: `playbench report` writes its files only after every simulation, each
/// to a temporary name then renamed, so Ctrl-C during a run leaves the previous report as it was.
@Suite("playbench report, interrupted")
struct ReportInterruptionTests {
    @Test func ctrlCLeavesThePreviousReportIntact() throws {
        let output = try Fixtures.temporaryDirectory("report-interrupted")
        let names = ["report.html", "summary.md", "curves.csv", "results.json"]
        for name in names { try Data("previous \(name)\n".utf8).write(to: output.appendingPathComponent(name)) }

        let run = try TracedRun(["report", "--games", "100000000", "--team", "casual,casual,casual", "--output", output.path])
        // Interrupted once its games can be cancelled (it says so), far too soon for 10^8 games.
        try #require(run.waitForPhase("cancellable"), "no cancellable line: \(run.standardError)")
        run.send(SIGINT)
        let end = run.finish()
        let message = end.standardError

        #expect(end.killedBy == nil && end.status == 130, "\(end.status) \(String(describing: end.killedBy)): \(message)")
        #expect(message.contains("interrupted: nothing written"))
        for name in names {
            #expect(try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8) == "previous \(name)\n")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: output.path)
        #expect(Set(left) == Set(names), "temporary files left behind: \(left)")
    }
}
