import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 15, items 5 and 8: inputs are measured before they are read, special files are named
/// as what they are, and the messages say what is wrong.
@Suite("Inputs: size limits, special files, messages")
struct InputLimitTests {
    /// A 2 GiB sparse file: refused by its size, before a byte is read (it took 4.2 GB and 20–30 s).
    @Test(arguments: [
        ["plist", "lint"], ["check", "--catalogue"], ["merge"], ["gate", "--balance"],
    ])
    func aHugeFileIsRefusedBeforeItIsRead(command: [String]) throws {
        let directory = try Fixtures.temporaryDirectory("input-huge")
        let huge = directory.appendingPathComponent("huge.plist").path
        let fd = open(huge, O_WRONLY | O_CREAT, 0o644)
        #expect(fd >= 0 && ftruncate(fd, 2 << 30) == 0)
        close(fd)
        let run = try CommandRunner.playbench(command + [huge])
        #expect(run.status == 74, "\(command): \(run.status) \(run.standardError)")
        let said = run.standardOutput + run.standardError
        #expect(said.contains("is 2 GiB (2147483648 bytes), over the limit of 512 MiB"), "\(said)")
    }

    /// A pipe or FIFO is read (in chunks, up to the limit), not refused as unreadable.
    @Test func aFIFOIsRead() throws {
        let directory = try Fixtures.temporaryDirectory("input-fifo")
        let fifo = directory.appendingPathComponent("players.plist").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let bytes = try Fixtures.bytes(Fixtures.shippedDesign.appendingPathComponent("Players.plist"))
        // Should playbench close it unread, the write is EPIPE, not a SIGPIPE that ends the tests.
        signal(SIGPIPE, SIG_IGN)
        let writer = BlockingThread {
            let fd = open(fifo, O_WRONLY)
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        let run = try CommandRunner.playbench(["plist", "lint", fifo])
        // Had playbench never opened it, the writer would wait for ever.
        let unblock = open(fifo, O_RDONLY | O_NONBLOCK)
        if unblock >= 0 { close(unblock) }
        writer.wait()
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.standardOutput == "\(fifo): OK\n")
    }

    /// A device that never ends is read up to the limit and named.
    @Test func anEndlessDeviceStopsAtTheLimit() throws {
        let run = try CommandRunner.playbench(["plist", "lint", "/dev/zero"])
        #expect(run.status == 74)
        #expect(run.standardOutput.contains("/dev/zero: error: is a character device that gave more than 512 MiB"), "\(run.standardOutput)")
    }

    @Test func aDirectoryIsNamedAsOne() throws {
        let run = try CommandRunner.playbench(["plist", "lint", Fixtures.shippedDesign.path])
        #expect(run.status == 74)
        #expect(run.standardOutput.contains("is a directory"), "\(run.standardOutput)")
    }

    /// 66 for a missing file, as every other command (it was 1).
    @Test func lintExits66ForAMissingFile() throws {
        let run = try CommandRunner.playbench(["plist", "lint", "/nonexistent/file.plist"])
        #expect(run.status == 66)
        #expect(run.standardOutput.contains("no such file"))
        // Of several problems, the highest status: a file that is not a property list is 1.
        let broken = try Fixtures.temporaryDirectory("lint-broken").appendingPathComponent("broken.plist")
        try Data("not a plist".utf8).write(to: broken)
        #expect(try CommandRunner.playbench(["plist", "lint", broken.path]).status == 1)
        #expect(try CommandRunner.playbench(["plist", "lint", broken.path, "/nonexistent/file.plist"]).status == 66)
    }

    /// `--seed -1` was "Missing value for '--seed <seed>'".
    @Test(arguments: [
        ["simulate", "--seed", "-1"], ["check", "--seed", "-1"], ["generate", "--seed", "-1"], ["generate", "--round", "-1"],
        ["simulate", "--seed", "18446744073709551616"], ["tune", "--param", "dailyExpense", "--target", "meanRounds=3", "--seed", "-1"],
        ["gate", "--seed", "-1"], ["simulate", "--replay", "-1"],
    ])
    func aSeedOutOfRangeSaysTheRange(arguments: [String]) throws {
        let run = try CommandRunner.playbench(arguments)
        #expect(run.status == 64)
        #expect(run.standardError.contains("must be a whole number in 0...18446744073709551615"), "\(run.standardError)")
        #expect(!run.standardError.contains("Missing value"))
    }
}
