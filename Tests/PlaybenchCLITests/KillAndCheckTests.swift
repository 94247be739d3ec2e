import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 15, item 6: SIGINT or SIGKILL at any moment of `simulate --output`, `report` and
/// `sweep` leaves the previous output or the new one, complete, never a mix; after SIGINT no
/// temporary or lock file is left and the exit status is 130; after SIGKILL the next run removes
/// what the killed one left.
///
/// Each trial draws (from a fixed seed) the signal and where it lands: after a random delay
/// from the moment the process says it has installed its SIGINT handler ("phase: ready"), or
/// right as it says it is about to rename its k-th output into place ("phase: commit", with
/// PLAYBENCH_TRACE_COMMIT_PAUSE_MS holding it there for a moment). Where the signal lands only
/// changes which of the allowed outcomes a trial sees; the checks are the same.
@Suite("Killed and interrupted runs: the old output or the new, never a mix", .serialized)
struct KillAndCheckTests {
    enum Outcome: Equatable {
        /// The previous output, whole (for a sweep: the points finished so far, no tables).
        case previous
        /// The new output, whole.
        case new
        case mixed(String)
    }

    struct Scenario {
        var name: String
        var arguments: (URL) -> [String]
        /// The previous output, in a fresh work directory.
        var prepare: (URL) throws -> Void
        var outcome: (URL) throws -> Outcome
        /// After a trial: the run that must complete and leave nothing behind.
        var again: (URL) -> [String]
        /// How many "commit" lines an uninterrupted run prints.
        var commits: Int
    }

    struct Tally: CustomStringConvertible {
        var trials = 0, interrupted = 0, killed = 0, atCommit = 0, previous = 0, new = 0

        var description: String {
            "\(trials) trials (SIGINT \(interrupted), SIGKILL \(killed); \(atCommit) at a commit, \(trials - atCommit) after a random delay): \(previous) left the previous output, \(new) the new"
        }
    }

    static func text(_ url: URL) -> String? {
        (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Runs `trials` trials of `scenario`; the reference output is made first, in `reference`.
    func run(_ scenario: Scenario, trials: Int, seed: UInt64, reference: URL) throws -> Tally {
        var random = SplitMix64(seed: seed)
        let started = Date()
        let made = try CommandRunner.playbench(scenario.arguments(reference))
        try #require(made.status == 0, "\(made.standardError)")
        let window = max(Date().timeIntervalSince(started) * 1.5, 0.05)
        var tally = Tally()
        for trial in 0..<trials {
            let work = try Fixtures.temporaryDirectory("kill-\(scenario.name)-\(trial)")
            try scenario.prepare(work)
            let signal = random.chance(50) ? SIGINT : SIGKILL
            let atCommit = random.chance(50)
            let run = try TracedRun(scenario.arguments(work), environment: atCommit ? ["PLAYBENCH_TRACE_COMMIT_PAUSE_MS": "300"] : [:])
            try #require(run.waitForPhase("ready"), "\(scenario.name) trial \(trial): no ready line: \(run.standardError)")
            if atCommit {
                let k = random.below(scenario.commits) + 1
                var seen = 0
                _ = run.waitForLine { line in
                    if line.hasPrefix("playbench: phase: commit ") { seen += 1 }
                    return seen == k
                }
            } else {
                usleep(UInt32(random.unit() * window * 1_000_000))
            }
            run.send(signal)
            let end = run.finish()
            let outcome = try scenario.outcome(work)
            let label = "\(scenario.name) trial \(trial), \(signal == SIGINT ? "SIGINT" : "SIGKILL")\(atCommit ? " at a commit" : ""): \(end.standardError)"
            #expect(outcome == .previous || outcome == .new, "\(label) → \(outcome)")
            if signal == SIGINT {
                // 0 only when it had finished before the signal came.
                #expect(end.killedBy == nil && (end.status == 130 || (end.status == 0 && outcome == .new)), "\(label) → exit \(end.status)")
                #expect(Leftover.names(in: work).isEmpty, "\(label) → left \(Leftover.names(in: work))")
            } else {
                #expect(end.killedBy == SIGKILL || (end.status == 0 && outcome == .new), "\(label) → exit \(end.status)")
            }
            let again = try CommandRunner.playbench(scenario.again(work))
            #expect(again.status == 0, "\(label); the next run: \(again.standardError)")
            #expect(try scenario.outcome(work) == .new, "\(label); the next run")
            #expect(Leftover.names(in: work).isEmpty, "\(label); the next run left \(Leftover.names(in: work))")
            tally.trials += 1
            if signal == SIGINT { tally.interrupted += 1 } else { tally.killed += 1 }
            if atCommit { tally.atCommit += 1 }
            if outcome == .previous { tally.previous += 1 } else if outcome == .new { tally.new += 1 }
            try? FileManager.default.removeItem(at: work)
        }
        print("kill-and-check, \(scenario.name): \(tally)")
        return tally
    }

    @Test func simulateOutput() throws {
        let reference = try Fixtures.temporaryDirectory("kill-simulate-reference")
        let arguments = { (work: URL) in
            ["simulate", "--games", "40", "--max-rounds", "3", "--format", "json", "--output", work.appendingPathComponent("out.json").path]
        }
        let scenario = Scenario(
            name: "simulate --output", arguments: arguments,
            prepare: { try Data("a previous, complete result\n".utf8).write(to: $0.appendingPathComponent("out.json")) },
            outcome: { work in
                switch Self.text(work.appendingPathComponent("out.json")) {
                case "a previous, complete result\n": .previous
                case Self.text(reference.appendingPathComponent("out.json")): .new
                case let other: .mixed(String((other ?? "(missing)").prefix(80)))
                }
            },
            again: arguments, commits: 1)
        let tally = try run(scenario, trials: 40, seed: 15_1, reference: reference)
        #expect(tally.trials == 40)
    }

    @Test func reportDirectory() throws {
        let reference = try Fixtures.temporaryDirectory("kill-report-reference")
        let files = ["report.html", "summary.md", "curves.csv", "results.json"]
        let arguments = { (work: URL) in
            ["report", "--games", "20", "--max-rounds", "2", "--team", "casual,casual,casual", "--output", work.appendingPathComponent("report").path]
        }
        let scenario = Scenario(
            name: "report", arguments: arguments,
            prepare: { work in
                let report = work.appendingPathComponent("report")
                try FileManager.default.createDirectory(at: report.appendingPathComponent("tuning"), withIntermediateDirectories: true)
                for name in files { try Data("previous \(name)\n".utf8).write(to: report.appendingPathComponent(name)) }
                try Data("a screenshot\n".utf8).write(to: report.appendingPathComponent("screenshot.png"))
                try Data("kept\n".utf8).write(to: report.appendingPathComponent("tuning/sweep.json"))
            },
            outcome: { work in
                let report = work.appendingPathComponent("report")
                // What the report does not write is kept, whatever happens.
                guard Self.text(report.appendingPathComponent("screenshot.png")) == "a screenshot\n",
                    Self.text(report.appendingPathComponent("tuning/sweep.json")) == "kept\n"
                else { return .mixed("the other files were lost") }
                let texts = files.map { Self.text(report.appendingPathComponent($0)) }
                if texts == files.map({ "previous \($0)\n" }) { return .previous }
                if texts == files.map({ Self.text(reference.appendingPathComponent("report").appendingPathComponent($0)) }) { return .new }
                return .mixed(zip(files, texts).map { "\($0): \(($1 ?? "(missing)").prefix(20))" }.joined(separator: ", "))
            },
            again: arguments, commits: 1)
        let tally = try run(scenario, trials: 30, seed: 15_2, reference: reference)
        #expect(tally.trials == 30)
    }

    @Test func sweepDirectory() throws {
        let reference = try Fixtures.temporaryDirectory("kill-sweep-reference")
        let tables = ["sweep.json", "sweep.csv", "sweep.md", "report.html"]
        let arguments = { (work: URL) in
            ["sweep", "--set", "dailyExpense=40,60", "--games", "8", "--max-rounds", "3", "--output-dir", work.appendingPathComponent("sweep").path]
        }
        let scenario = Scenario(
            name: "sweep", arguments: arguments,
            // No previous sweep: a killed one leaves the points it finished, for --resume.
            prepare: { _ in },
            outcome: { work in
                let sweep = work.appendingPathComponent("sweep"), whole = reference.appendingPathComponent("sweep")
                let points = (try? FileManager.default.contentsOfDirectory(atPath: sweep.appendingPathComponent("points").path)) ?? []
                for name in points where !name.hasPrefix(".") {
                    guard Self.text(sweep.appendingPathComponent("points/\(name)")) == Self.text(whole.appendingPathComponent("points/\(name)")) else {
                        return .mixed("points/\(name) differs")
                    }
                }
                if let job = Self.text(sweep.appendingPathComponent("job.json")), job != Self.text(whole.appendingPathComponent("job.json")) {
                    return .mixed("job.json differs")
                }
                let present = tables.filter { FileManager.default.fileExists(atPath: sweep.appendingPathComponent($0).path) }
                if present.isEmpty { return .previous }
                guard present.count == tables.count, points.filter({ !$0.hasPrefix(".") }).count == 2,
                    tables.allSatisfy({ Self.text(sweep.appendingPathComponent($0)) == Self.text(whole.appendingPathComponent($0)) })
                else { return .mixed("tables: \(present)") }
                return .new
            },
            again: { arguments($0) + ["--resume"] }, commits: 4)
        let tally = try run(scenario, trials: 30, seed: 15_3, reference: reference)
        #expect(tally.trials == 30)
    }
}
