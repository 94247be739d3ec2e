import Foundation
import TestSupport
import Testing

/// The helper every command test runs the tool with must not stall on a child that writes much
/// to one stream before the other: 1 MB on standard error, far past a pipe's buffer (64 KiB on
/// Linux), before a line on standard output.
@Suite struct CommandRunnerTests {
    @Test func aLongErrorLogBeforeAnyOutputIsReadWhole() throws {
        // One command, no pipeline: a writer cut off by its reader would add a complaint where
        // the test process ignores SIGPIPE (its children inherit that).
        let result = try CommandRunner.shell("printf '%*s' 1000000 '' >&2; echo done")
        #expect(result.status == 0)
        #expect(result.standardOutput == "done\n")
        #expect(result.standardError.utf8.count == 1_000_000 && result.standardError.allSatisfy { $0 == " " })
    }
}
