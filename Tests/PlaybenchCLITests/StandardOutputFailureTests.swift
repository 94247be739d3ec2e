import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 15, item 2: a standard output that cannot be written (a full device, a closed
/// descriptor, a pipe nobody reads) is exit 74 with a message on standard error, never a crash
/// (it was SIGILL, 132, from a `try!` in FileHandle's write).
@Suite("Standard output that cannot be written")
struct StandardOutputFailureTests {
    static let players = Fixtures.shippedDesign.appendingPathComponent("Players.plist").path

    /// One command line per command that prints its result.
    static let commands: [[String]] = [
        ["check", "--samples", "2"],
        ["plist", "lint", players],
        ["plist", "convert", players, "--to", "json"],
        ["simulate", "--games", "10", "--max-rounds", "2"],
        ["generate"],
    ]

    static func shellWords(_ arguments: [String]) -> String {
        arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    }

    @Test(arguments: commands)
    func aFullDeviceIs74(arguments: [String]) throws {
        let run = try CommandRunner.shell("exec playbench \(Self.shellWords(arguments)) > /dev/full")
        #expect(run.status == 74, "\(arguments): \(run.status) \(run.standardError)")
        #expect(run.standardError.contains("cannot write to standard output: No space left on device"), "\(run.standardError)")
    }

    @Test(arguments: commands)
    func aClosedStandardOutputIs74(arguments: [String]) throws {
        let run = try CommandRunner.shell("exec playbench \(Self.shellWords(arguments)) >&-")
        #expect(run.status == 74, "\(arguments): \(run.status) \(run.standardError)")
        #expect(run.standardError.contains("cannot write to standard output: Bad file descriptor"), "\(run.standardError)")
    }

    /// A command that fails (exit 1: the file has an error) and cannot print why is still 74: the
    /// status says the user has not seen the result, whatever the result was.
    @Test func aFailingCommandWhoseReportIsLostIs74() throws {
        let file = try Fixtures.temporaryDirectory("stdout-failing").appendingPathComponent("broken.plist")
        try Data("<plist><dict><key>a</key></dict></plist>".utf8).write(to: file)
        let readable = try CommandRunner.playbench(["plist", "lint", file.path])
        #expect(readable.status == 1 && readable.standardOutput.contains("key \"a\" has no value"), "\(readable.status) \(readable.standardOutput)")
        let lost = try CommandRunner.shell("exec playbench plist lint \(Self.shellWords([file.path])) > /dev/full")
        #expect(lost.status == 74, "\(lost.status) \(lost.standardError)")
        #expect(lost.standardError.contains("cannot write to standard output: No space left on device"), "\(lost.standardError)")
    }

    /// Standard error closed too: nothing can be said, the status still tells.
    @Test func bothClosedIsStill74() throws {
        let run = try CommandRunner.shell("exec playbench generate >&- 2>&-")
        #expect(run.status == 74)
    }

    /// SIGPIPE is ignored: a pipe whose reader is gone is EPIPE, an error (74), not a kill.
    @Test(arguments: commands)
    func aBrokenPipeIs74(arguments: [String]) throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        let process = Process()
        process.executableURL = CommandRunner.playbenchURL
        process.arguments = arguments
        process.standardOutput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 74, "\(arguments): \(process.terminationReason) \(process.terminationStatus) \(message)")
        #expect(message.contains("cannot write to standard output: Broken pipe"), "\(message)")
    }
}
