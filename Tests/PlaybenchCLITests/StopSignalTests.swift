import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 43, item 4: SIGTERM (how Kubernetes, Slurm and CI runners stop a job) and SIGHUP (a
/// closed terminal) stop a run as Ctrl-C does: the run is cancelled, nothing half-written or
/// temporary is left (no `.NAME.playbench-lock` beside a report, no temporary part), and the
/// process exits 128 + the signal (143, 129); a signal that comes once the result is complete
/// does not turn success into failure.
@Suite("Stop signals: SIGTERM and SIGHUP as Ctrl-C")
struct StopSignalTests {
    static func previousFiles(_ directory: URL, _ names: [String]) throws {
        for name in names { try Data("previous \(name)\n".utf8).write(to: directory.appendingPathComponent(name)) }
    }

    @Test(arguments: [(SIGTERM, Int32(143), "interrupted by SIGTERM"), (SIGHUP, Int32(129), "interrupted by SIGHUP"), (SIGINT, Int32(130), "interrupted")])
    func aReportStoppedLeavesThePreviousOneAndNoLock(signal: Int32, status: Int32, word: String) throws {
        let work = try Fixtures.temporaryDirectory("stop-report")
        let output = work.appendingPathComponent("report")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let names = ["report.html", "summary.md", "curves.csv", "results.json"]
        try Self.previousFiles(output, names)
        let run = try TracedRun(["report", "--games", "100000000", "--team", "casual,casual,casual", "--output", output.path])
        try #require(run.waitForPhase("cancellable"), "no cancellable line: \(run.standardError)")
        run.send(signal)
        let end = run.finish()
        #expect(end.killedBy == nil && end.status == status, "\(end.status) \(String(describing: end.killedBy)): \(end.standardError)")
        #expect(end.standardError.contains("\(word): nothing written"), "\(end.standardError)")
        for name in names {
            #expect(try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8) == "previous \(name)\n")
        }
        #expect(Leftover.names(in: work).isEmpty, "left behind: \(Leftover.names(in: work))")
    }

    @Test func aSweepStoppedKeepsItsFinishedPointsAndNoTemporary() throws {
        let work = try Fixtures.temporaryDirectory("stop-sweep")
        let output = work.appendingPathComponent("sweep")
        let run = try TracedRun([
            "sweep", "--set", "dailyExpense=100...900:100", "--games", "200000", "--max-rounds", "3", "--output-dir", output.path,
        ])
        try #require(run.waitForPhase("cancellable"), "no cancellable line: \(run.standardError)")
        run.send(SIGTERM)
        let end = run.finish()
        #expect(end.killedBy == nil && end.status == 143, "\(end.status): \(end.standardError)")
        #expect(Leftover.names(in: work).isEmpty, "left behind: \(Leftover.names(in: work))")
        // What it kept can be resumed: the same command with --resume runs (and is stopped again).
        let again = try TracedRun([
            "sweep", "--set", "dailyExpense=100...900:100", "--games", "200000", "--max-rounds", "3", "--output-dir", output.path, "--resume",
        ])
        try #require(again.waitForPhase("cancellable"), "no cancellable line: \(again.standardError)")
        again.send(SIGTERM)
        #expect(again.finish().status == 143)
        #expect(Leftover.names(in: work).isEmpty, "left behind: \(Leftover.names(in: work))")
    }

    @Test func aCalibrationStoppedSaysHowToResumeAndLeavesNoTemporary() throws {
        let work = try Fixtures.temporaryDirectory("stop-calibrate")
        let log = work.appendingPathComponent("playtests.plist")
        let synthetic = try CommandRunner.playbench(["calibrate", Fixtures.shippedDesign.path, "--synthetic-log", "casual", "--playtests", "6", "--rounds", "3", "--seed", "3"])
        try #require(synthetic.status == 0, "\(synthetic.standardError)")
        try Data(synthetic.standardOutput.utf8).write(to: log)
        let run = try TracedRun([
            "calibrate", Fixtures.shippedDesign.path, log.path, "--fit", "findSeconds", "--replicates", "400", "--candidates", "400", "--stages", "6",
            "--output-dir", work.appendingPathComponent("fit").path,
        ])
        try #require(run.waitForPhase("cancellable"), "no cancellable line: \(run.standardError)")
        run.send(SIGTERM)
        let end = run.finish()
        #expect(end.killedBy == nil && end.status == 143, "\(end.status): \(end.standardError)")
        #expect(end.standardError.contains("--resume"), "\(end.standardError)")
        #expect(Leftover.names(in: work).isEmpty, "left behind: \(Leftover.names(in: work))")
    }

    /// A merge stopped just before it renames its output into place: the previous output stays.
    @Test func aMergeStoppedAtItsCommitLeavesThePreviousOutput() throws {
        let work = try Fixtures.temporaryDirectory("stop-merge")
        let output = work.appendingPathComponent("merged.txt")
        var parts: [String] = []
        for i in 0..<2 {
            let part = work.appendingPathComponent("p\(i).json").path
            let shard = try CommandRunner.playbench([
                "simulate", "--games", "40", "--max-rounds", "2", "--shard", "\(i)/2", "--part", part, "--output", output.path,
            ])
            try #require(shard.status == 0, "\(shard.standardError)")
            parts.append(part)
        }
        try Data("previous\n".utf8).write(to: output)
        // merge writes the output the parts name (the shards' --output).
        let run = try TracedRun(["merge"] + parts, environment: ["PLAYBENCH_TRACE_COMMIT_PAUSE_MS": "3000"])
        try #require(run.waitForLine { $0.hasPrefix("playbench: phase: commit") }, "no commit line: \(run.standardError)")
        run.send(SIGTERM)
        let end = run.finish()
        #expect(end.killedBy == nil && end.status == 143, "\(end.status): \(end.standardError)")
        #expect(try String(contentsOf: output, encoding: .utf8) == "previous\n")
        #expect(Leftover.names(in: work).isEmpty, "left behind: \(Leftover.names(in: work))")
    }

    /// The result complete (every output in place, the status known), a signal changes nothing.
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalAfterTheResultIsCompleteIsNoFailure(signal: Int32) throws {
        let work = try Fixtures.temporaryDirectory("stop-after")
        let output = work.appendingPathComponent("run.json")
        let run = try TracedRun(
            ["simulate", "--games", "20", "--max-rounds", "2", "--format", "json", "--output", output.path],
            environment: ["PLAYBENCH_TRACE_EXIT_PAUSE_MS": "2000"])
        try #require(run.waitForPhase("finished"), "no finished line: \(run.standardError)")
        run.send(signal)
        let end = run.finish()
        #expect(end.killedBy == nil && end.status == 0, "\(end.status): \(end.standardError)")
        #expect(!end.standardError.contains("interrupted"))
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any]
        #expect(object?["gamesPlayed"] as? Int == 20)
    }
}
