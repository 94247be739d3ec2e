import Foundation
import TestSupport
import Testing

/// A directory output where the file system cannot exchange two names (overlayfs, NFS): two
/// renames, the previous directory kept under `.NAME.playbench-….old` until the new one is in
/// place; a run killed between them leaves it there, and the next run renames it back.
@Suite("Directory outputs without RENAME_EXCHANGE")
struct DirectoryFallbackTests {
    static let files = ["report.html", "summary.md", "curves.csv", "results.json"]

    static func report(into directory: URL, environment: [String: String] = [:]) throws -> CommandResult {
        try CommandRunner.playbench(
            ["report", "--games", "10", "--max-rounds", "2", "--team", "casual,casual,casual", "--output", directory.path], environment: environment)
    }

    @Test func twoRenamesReplaceTheDirectoryAndKeepItsOtherFiles() throws {
        let work = try Fixtures.temporaryDirectory("fallback-report")
        let report = work.appendingPathComponent("report")
        try FileManager.default.createDirectory(at: report, withIntermediateDirectories: true)
        for name in Self.files { try Data("previous\n".utf8).write(to: report.appendingPathComponent(name)) }
        try Data("a screenshot\n".utf8).write(to: report.appendingPathComponent("screenshot.png"))
        let run = try Self.report(into: report, environment: ["PLAYBENCH_TRACE_NO_EXCHANGE": "1"])
        #expect(run.status == 0, "\(run.standardError)")
        for name in Self.files { #expect(try String(contentsOf: report.appendingPathComponent(name), encoding: .utf8) != "previous\n") }
        #expect(try String(contentsOf: report.appendingPathComponent("screenshot.png"), encoding: .utf8) == "a screenshot\n")
        #expect(Leftover.names(in: work).isEmpty, "\(Leftover.names(in: work))")
    }

    /// As a run killed between the two renames leaves it: no directory, the previous one whole
    /// under its `.old` name (and the new one, unlocked, under `.new`).
    @Test func theNextRunRenamesThePreviousDirectoryBack() throws {
        let work = try Fixtures.temporaryDirectory("fallback-killed")
        let old = work.appendingPathComponent(".report.playbench-99999-abc.old")
        let new = work.appendingPathComponent(".report.playbench-99999-abd.new")
        for directory in [old, new] { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
        try Data("a screenshot\n".utf8).write(to: old.appendingPathComponent("screenshot.png"))
        try Data("half\n".utf8).write(to: new.appendingPathComponent("report.html"))
        let run = try Self.report(into: work.appendingPathComponent("report"))
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try String(contentsOf: work.appendingPathComponent("report/screenshot.png"), encoding: .utf8) == "a screenshot\n")
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("report/results.json").path))
        #expect(Leftover.names(in: work).isEmpty, "\(Leftover.names(in: work))")
    }
}
