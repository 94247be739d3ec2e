import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 15, item 6: two sweeps into one --output-dir both exited 0 with a mixed directory. Now
/// the second is refused (exit 73) while the first runs, and the directory is one sweep's.
@Suite("Two sweeps into one directory")
struct ConcurrentSweepTests {
    static func sweep(_ values: String, games: String, into directory: URL) -> [String] {
        ["sweep", "--set", "dailyExpense=\(values)", "--games", games, "--max-rounds", "3", "--output-dir", directory.path]
    }

    static func text(_ url: URL) -> String? {
        (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// While one sweep holds the directory, another (even the same command with --resume) is
    /// refused, naming the holder; the first's directory is its own.
    @Test func theSecondIsRefusedWhileTheFirstRuns() throws {
        let work = try Fixtures.temporaryDirectory("sweeps-locked")
        let directory = work.appendingPathComponent("sweep")
        let first = try TracedRun(Self.sweep("40,60", games: "100000000", into: directory))
        #expect(first.waitForPhase("locked \(directory.path)"))
        // Playing its points (its job.json written).
        #expect(first.waitForPhase("cancellable"))
        for second in [Self.sweep("50,70", games: "8", into: directory), Self.sweep("40,60", games: "100000000", into: directory) + ["--resume"]] {
            let run = try CommandRunner.playbench(second)
            #expect(run.status == 73, "\(run.standardError)")
            #expect(run.standardError.contains("is being written by another playbench run (process \(first.process.processIdentifier))"), "\(run.standardError)")
        }
        first.send(SIGINT)
        let end = first.finish()
        #expect(end.status == 130, "\(end.standardError)")
        #expect(try #require(Self.text(directory.appendingPathComponent("job.json"))).contains("\"games\" : 100000000"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("sweep.json").path))
        #expect(Leftover.names(in: work).isEmpty, "\(Leftover.names(in: work))")
    }

    /// Started together: whichever gets the directory first writes it whole; the other is
    /// refused (73 while the first runs, 64 once its points are there).
    @Test func startedTogetherOneWins() throws {
        let references = try Fixtures.temporaryDirectory("sweeps-reference")
        let a = references.appendingPathComponent("a"), b = references.appendingPathComponent("b")
        #expect(try CommandRunner.playbench(Self.sweep("40,60", games: "8", into: a)).status == 0)
        #expect(try CommandRunner.playbench(Self.sweep("50,70", games: "8", into: b)).status == 0)
        let files = ["job.json", "sweep.json", "sweep.csv", "sweep.md", "report.html", "points/00000.json", "points/00001.json"]
        for trial in 0..<6 {
            let work = try Fixtures.temporaryDirectory("sweeps-racing")
            let directory = work.appendingPathComponent("sweep")
            let runs = [try TracedRun(Self.sweep("40,60", games: "8", into: directory)), try TracedRun(Self.sweep("50,70", games: "8", into: directory))]
            let ends = runs.map { $0.finish() }
            let statuses = ends.map(\.status)
            #expect(statuses.filter { $0 == 0 }.count == 1 && statuses.allSatisfy { [0, 64, 73].contains($0) }, "trial \(trial): \(ends)")
            let winner = statuses[0] == 0 ? a : b
            for file in files {
                #expect(Self.text(directory.appendingPathComponent(file)) == Self.text(winner.appendingPathComponent(file)), "trial \(trial): \(file)")
            }
            #expect(Leftover.names(in: work).isEmpty, "trial \(trial): \(Leftover.names(in: work))")
        }
    }
}
