import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 15, item 1 and 8: an output that is not a regular file is written through, never
/// replaced by one; a link is followed and stays a link; what cannot be written says why.
@Suite("Outputs that are not regular files")
struct OutputTargetTests {
    static let simulate = ["simulate", "--games", "10", "--max-rounds", "2", "--format", "json"]

    static func kind(_ path: String) -> mode_t? {
        var s = stat()
        return lstat(path, &s) == 0 ? s.st_mode & S_IFMT : nil
    }

    /// A device node of its own in a temporary directory (the system's /dev/full and /dev/null
    /// are never named as outputs: a playbench that replaced devices would replace them). mknod
    /// needs CAP_MKNOD: without it the test is skipped, saying so.
    static func deviceNode(_ name: String, major: UInt32, minor: UInt32, in directory: URL) throws -> String {
        let path = directory.appendingPathComponent(name).path
        // makedev(major, minor) for numbers below 256.
        guard mknod(path, S_IFCHR | 0o666, dev_t(major << 8 | minor)) == 0 else {
            try Test.cancel("skipped: mknod is not permitted here (\(String(cString: strerror(errno)))), so there is no device node to write to")
        }
        return path
    }

    /// The reproduction: `--output $T/null` (a copy of /dev/null) replaced the device.
    @Test func aDeviceNodeIsWrittenThroughNotReplaced() throws {
        let directory = try Fixtures.temporaryDirectory("output-device")
        let null = try Self.deviceNode("null", major: 1, minor: 3, in: directory)
        let run = try CommandRunner.playbench(Self.simulate + ["--output", null])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(Self.kind(null) == S_IFCHR, "the device node was replaced")
        #expect(Leftover.names(in: directory).isEmpty)
    }

    /// A full device (a copy of /dev/full) takes nothing: ENOSPC, exit 74 (it was 0), with the
    /// path and the system's reason.
    @Test func aFullDeviceIsAnErrorNotASuccess() throws {
        let directory = try Fixtures.temporaryDirectory("output-full")
        let full = try Self.deviceNode("full", major: 1, minor: 7, in: directory)
        let run = try CommandRunner.playbench(Self.simulate + ["--output", full])
        #expect(run.status == 74, "\(run.standardError)")
        #expect(run.standardError.contains(full) && run.standardError.contains("No space left on device"), "\(run.standardError)")
        #expect(Self.kind(full) == S_IFCHR, "the device node was replaced")
    }

    @Test func aFIFOIsWrittenThrough() throws {
        let directory = try Fixtures.temporaryDirectory("output-fifo")
        let fifo = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        // Opened for reading and writing, it never blocks, and holds what playbench writes
        // (far less than a pipe's 64 KiB) until it is read.
        let fd = open(fifo, O_RDWR | O_NONBLOCK)
        defer { close(fd) }
        let run = try CommandRunner.playbench(Self.simulate + ["--output", fifo])
        #expect(run.status == 0, "\(run.standardError)")
        var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
        while case let n = read(fd, &buffer, buffer.count), n > 0 { bytes += buffer[0..<n] }
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"gamesPlayed\" : 10"))
        #expect(Self.kind(fifo) == S_IFIFO)
        #expect(Leftover.names(in: directory).isEmpty)
    }

    /// A link is followed: the file it names is replaced in its own directory, the link stays.
    @Test func aSymbolicLinkStaysALinkToTheNewFile() throws {
        let directory = try Fixtures.temporaryDirectory("output-link")
        let elsewhere = try Fixtures.temporaryDirectory("output-link-target")
        let target = elsewhere.appendingPathComponent("result.json")
        try Data("previous\n".utf8).write(to: target)
        #expect(chmod(target.path, 0o600) == 0)
        let link = directory.appendingPathComponent("link.json").path
        #expect(symlink(target.path, link) == 0)
        let run = try CommandRunner.playbench(Self.simulate + ["--output", link])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(Self.kind(link) == S_IFLNK)
        #expect(String(decoding: try Fixtures.bytes(target), as: UTF8.self).contains("\"gamesPlayed\" : 10"))
        var s = stat()
        #expect(stat(target.path, &s) == 0 && s.st_mode & 0o777 == 0o600, "the file's permissions are kept")
        #expect(Leftover.names(in: directory).isEmpty && Leftover.names(in: elsewhere).isEmpty)

        // A link to a file not there yet creates that file.
        let dangling = directory.appendingPathComponent("dangling.json").path
        #expect(symlink("made.json", dangling) == 0)
        #expect(try CommandRunner.playbench(Self.simulate + ["--output", dangling]).status == 0)
        #expect(Self.kind(dangling) == S_IFLNK && Self.kind(directory.appendingPathComponent("made.json").path) == S_IFREG)
    }

    @Test func aSymlinkLoopIsNamedAsOne() throws {
        let directory = try Fixtures.temporaryDirectory("output-loop")
        let a = directory.appendingPathComponent("a").path, b = directory.appendingPathComponent("b").path
        #expect(symlink(b, a) == 0 && symlink(a, b) == 0)
        let run = try CommandRunner.playbench(Self.simulate + ["--output", a])
        #expect(run.status == 73)
        #expect(run.standardError.contains("symlink loop"), "\(run.standardError)")
        let input = try CommandRunner.playbench(["plist", "lint", a])
        #expect(input.status == 74 && input.standardOutput.contains("symlink loop"), "\(input.standardOutput)")
    }

    /// Not "cannot write: Success".
    @Test(arguments: [("", "empty path"), (".", "is a directory"), ("/nonexistent-dir/x.json", "no such directory")])
    func unwritableOutputsSayWhy(path: String, reason: String) throws {
        let run = try CommandRunner.playbench(Self.simulate + ["--output", path])
        #expect(run.status == 73)
        #expect(run.standardError.contains(reason), "\(run.standardError)")
        #expect(!run.standardError.contains("Success"))
    }

    /// `-`, and /dev/fd/1 (like /dev/stdout, a link into /proc, whose target is no path to
    /// follow), are standard output. (Not /dev/stdout itself: a playbench that replaced links
    /// would replace the system's.)
    @Test(arguments: ["-", "/dev/fd/1", "/proc/self/fd/1"])
    func standardOutputByName(name: String) throws {
        let run = try CommandRunner.playbench(["plist", "convert", StandardOutputFailureTests.players, "--to", "json", "-o", name])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("{"))
    }

    /// A link to a device is written through to the device; the link stays.
    @Test func aLinkToADeviceStaysALink() throws {
        let directory = try Fixtures.temporaryDirectory("output-link-device")
        let link = directory.appendingPathComponent("null").path
        #expect(symlink("/dev/null", link) == 0)
        let run = try CommandRunner.playbench(Self.simulate + ["--output", link])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(Self.kind(link) == S_IFLNK && Self.kind("/dev/null") == S_IFCHR)
        #expect(Leftover.names(in: directory).isEmpty)
    }
}
