import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `playbench` run with PLAYBENCH_TRACE_PHASES=1, whose standard error is read line by line as it
/// comes: a test waits for the line that says the process is where the test wants it ("playbench:
/// phase: ready", "… commit PATH") before it sends a signal, instead of sleeping.
///
/// A line that never comes (a playbench that prints no such lines) ends the wait after
/// `patience`: a safety net so that such a test fails instead of hanging, not a timing the
/// tests rely on.
final class TracedRun {
    static let patience: TimeInterval = 120
    private let deadline = Date().addingTimeInterval(TracedRun.patience)
    let process = Process()
    private let errorPipe = Pipe()
    private var pending: [UInt8] = []
    /// Standard error read so far, whole lines.
    private(set) var standardError = ""

    init(_ arguments: [String], environment: [String: String] = [:], standardOutput: FileHandle = .nullDevice) throws {
        process.executableURL = CommandRunner.playbenchURL
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["GITHUB_ACTIONS"] = nil
        env["PLAYBENCH_TRACE_PHASES"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardOutput = standardOutput
        process.standardError = errorPipe
        try process.run()
    }

    /// Reads standard error up to the next line for which `matches` holds; false when standard
    /// error ends first (the process has ended).
    func waitForLine(where matches: (String) -> Bool) -> Bool {
        while true {
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                standardError += line + "\n"
                if matches(line) { return true }
            }
            guard readMore() else { return false }
        }
    }

    func waitForPhase(_ phase: String) -> Bool {
        waitForLine { $0 == "playbench: phase: \(phase)" }
    }

    private func readMore() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var ready = pollfd(fd: errorPipe.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            let polled = poll(&ready, 1, left)
            if polled < 0 && errno == EINTR { continue }
            guard polled > 0 else { return false }
            let n = buffer.withUnsafeMutableBytes { read(errorPipe.fileHandleForReading.fileDescriptor, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            pending += buffer[0..<n]
            return true
        }
    }

    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the end; how it ended, and all of standard error. (Past `patience`, kills it.)
    func finish() -> (status: Int32, killedBy: Int32?, standardError: String) {
        while readMore() {}
        if process.isRunning { send(SIGKILL) }
        _ = waitForLine { _ in false }
        if !pending.isEmpty { standardError += String(decoding: pending, as: UTF8.self) }
        process.waitUntilExit()
        let signalled = process.terminationReason == .uncaughtSignal
        return (signalled ? -1 : process.terminationStatus, signalled ? process.terminationStatus : nil, standardError)
    }
}

/// Files a run leaves beside its outputs.
enum Leftover {
    /// Every name under `directory` (recursively) that is a temporary or lock file of playbench.
    static func names(in directory: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.split(separator: "/").last?.contains(".playbench-") ?? false }
    }
}

/// `body` on a thread of its own: a FIFO's blocking open must not hold one of the few threads
/// Swift concurrency runs tests on (the test itself waits for playbench on another).
final class BlockingThread<T: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: T?

    init(_ body: @escaping @Sendable () -> T) {
        Thread.detachNewThread {
            self.result = body()
            self.done.signal()
        }
    }

    func wait() -> T {
        done.wait()
        return result!
    }
}
