import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 15, item 6, each case on its own: Ctrl-C while an output is being put in place exits 130
/// (it used to kill convert, simulate and sweep by the signal) and leaves the previous output and
/// no temporary file; a SIGKILL there leaves the previous output and temporaries that the next
/// run removes; Ctrl-C during a simulation keeps --output's complete file.
@Suite("Interrupted while writing")
struct InterruptedWriteTests {
    /// Holds the output before its rename long enough for any signal sent on its "commit" line.
    static let pause = ["PLAYBENCH_TRACE_COMMIT_PAUSE_MS": "60000"]

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// The command, writing into the work directory.
        var arguments: @Sendable (URL) -> [String]
        /// The output's path in the work directory, which the commit line names.
        var output: String
        /// A previous output to put there, nil to start with none.
        var previous: String?
        var testDescription: String { name }
    }

    static let players = Fixtures.shippedDesign.appendingPathComponent("Players.plist").path

    static let cases: [Case] = [
        Case(name: "plist convert -o", arguments: { ["plist", "convert", players, "--to", "json", "-o", $0.appendingPathComponent("out.json").path] }, output: "out.json", previous: "previous\n"),
        Case(
            name: "simulate --output",
            arguments: { ["simulate", "--games", "20", "--max-rounds", "2", "--output", $0.appendingPathComponent("out.txt").path] }, output: "out.txt", previous: "previous\n"),
        Case(
            name: "report", arguments: { ["report", "--games", "10", "--max-rounds", "2", "--team", "casual,casual,casual", "--output", $0.appendingPathComponent("report").path] },
            output: "report", previous: "previous\n"),
        Case(
            name: "sweep", arguments: { ["sweep", "--set", "dailyExpense=40", "--games", "4", "--max-rounds", "2", "--output-dir", $0.appendingPathComponent("sweep").path] },
            output: "sweep", previous: nil),
    ]

    /// Puts the previous output in place: a file, or a report directory of four files.
    static func prepare(_ test: Case, in work: URL) throws {
        guard let previous = test.previous else { return }
        let url = work.appendingPathComponent(test.output)
        if test.name == "report" {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for name in ["report.html", "summary.md", "curves.csv", "results.json"] { try Data(previous.utf8).write(to: url.appendingPathComponent(name)) }
        } else {
            try Data(previous.utf8).write(to: url)
        }
    }

    /// The previous output, as it was (a sweep: no tables).
    static func isPrevious(_ test: Case, in work: URL) -> Bool {
        let url = work.appendingPathComponent(test.output)
        func text(_ url: URL) -> String? { (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) } }
        switch test.name {
        case "report": return ["report.html", "summary.md", "curves.csv", "results.json"].allSatisfy { text(url.appendingPathComponent($0)) == test.previous }
        case "sweep": return !FileManager.default.fileExists(atPath: url.appendingPathComponent("sweep.json").path)
        default: return text(url) == test.previous
        }
    }

    /// Runs `test` until it is about to put its output in place, then sends `signal`.
    static func signalAtCommit(_ test: Case, _ signal: Int32, in work: URL) throws -> (status: Int32, killedBy: Int32?, standardError: String) {
        let output = work.appendingPathComponent(test.output).path
        let run = try TracedRun(test.arguments(work), environment: pause.merging(["PLAYBENCH_TRACE_COMMIT_PAUSE_AT": output]) { $1 })
        let reached = run.waitForLine { $0 == "playbench: phase: commit \(output)" }
        run.send(signal)
        let end = run.finish()
        try #require(reached, "\(test.name) never reached its commit: \(end.standardError)")
        return end
    }

    @Test(arguments: cases)
    func ctrlCWhileWritingExits130AndKeepsThePreviousOutput(test: Case) throws {
        let work = try Fixtures.temporaryDirectory("write-interrupted")
        try Self.prepare(test, in: work)
        let end = try Self.signalAtCommit(test, SIGINT, in: work)
        #expect(end.killedBy == nil && end.status == 130, "\(test.name): \(end)")
        #expect(Self.isPrevious(test, in: work), "\(test.name): the output was replaced")
        #expect(Leftover.names(in: work).isEmpty, "\(test.name) left \(Leftover.names(in: work))")
    }

    @Test(arguments: cases)
    func killedWhileWritingTheNextRunRemovesTheLeftovers(test: Case) throws {
        let work = try Fixtures.temporaryDirectory("write-killed")
        try Self.prepare(test, in: work)
        let end = try Self.signalAtCommit(test, SIGKILL, in: work)
        #expect(end.killedBy == SIGKILL)
        #expect(Self.isPrevious(test, in: work), "\(test.name): the output was replaced")
        #expect(!Leftover.names(in: work).isEmpty, "a killed run cannot clean up: its temporary is there")
        let again = try CommandRunner.playbench(test.arguments(work) + (test.name == "sweep" ? ["--resume"] : []))
        #expect(again.status == 0, "\(again.standardError)")
        #expect(!Self.isPrevious(test, in: work))
        #expect(Leftover.names(in: work).isEmpty, "\(test.name): the next run left \(Leftover.names(in: work))")
    }

    /// Ctrl-C while the games are played: the complete file --output had stays; the partial
    /// result goes to standard output, marked partial.
    @Test func ctrlCDuringASimulationKeepsTheOutputFile() throws {
        let work = try Fixtures.temporaryDirectory("simulate-interrupted")
        let output = work.appendingPathComponent("out.json")
        try Data("a previous, complete result\n".utf8).write(to: output)
        let standardOutput = work.appendingPathComponent("stdout")
        _ = FileManager.default.createFile(atPath: standardOutput.path, contents: nil)
        let run = try TracedRun(
            ["simulate", "--games", "100000000", "--format", "json", "--output", output.path],
            standardOutput: try FileHandle(forWritingTo: standardOutput))
        let playing = run.waitForPhase("cancellable")
        run.send(SIGINT)
        let end = run.finish()
        #expect(playing)
        #expect(end.killedBy == nil && end.status == 130, "\(end)")
        #expect(try String(contentsOf: output, encoding: .utf8) == "a previous, complete result\n")
        #expect(try String(contentsOf: standardOutput, encoding: .utf8).contains("\"partial\" : true"))
        #expect(end.standardError.contains("is left as it was"))
        #expect(Leftover.names(in: work).isEmpty)
    }
}
