import Foundation

/// Runs the built `playbench` binary as a user would, capturing its output and exit status.
public struct CommandResult: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
}

public enum CommandRunner {
    /// The `playbench` the tests run: the one `PLAYBENCH_TEST_BINARY` names, else
    /// `.build/<config>/playbench` beside the test bundle. CI names the release binary it built
    /// from the same sources and ships: a debug build spends some 0.2 s of every command in
    /// swift-argument-parser's validation (perf), and the tests run hundreds of commands.
    public static var playbenchURL: URL {
        if let path = ProcessInfo.processInfo.environment["PLAYBENCH_TEST_BINARY"], !path.isEmpty { return URL(fileURLWithPath: path) }
        return besideTheTests("playbench")
    }

    /// A product built with the tests: `.build/<config>/NAME`.
    static func besideTheTests(_ name: String) -> URL {
        var url = Bundle.main.bundleURL
        while url.pathComponents.count > 1, !FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path) {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent(name)
    }

    public static func playbench(
        _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil
    ) throws -> CommandResult {
        try run(playbenchURL, arguments, environment: environment, directory: directory)
    }

    /// `playbench-example`: playbench with Tests/ExampleGame's Coin registered beside the
    /// shipped games, as a tool built on Playbench would add its own game.
    public static func playbenchWithExampleGame(
        _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil
    ) throws -> CommandResult {
        try run(playbenchWithExampleGameURL, arguments, environment: environment, directory: directory)
    }

    /// Where `playbench-example` is: built with the tests, whichever `playbench` they run.
    public static var playbenchWithExampleGameURL: URL { besideTheTests("playbench-example") }

    /// A shell command line, as a scheduler or CI runner would run it, with `playbench` on PATH.
    public static func shell(_ script: String, environment: [String: String] = [:], directory: URL? = nil) throws -> CommandResult {
        var env = environment
        env["PATH"] = playbenchURL.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try run(URL(fileURLWithPath: "/bin/bash"), ["-c", script], environment: env, directory: directory)
    }

    static func run(_ executable: URL, _ arguments: [String], environment: [String: String], directory: URL?) throws -> CommandResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["GITHUB_ACTIONS"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Both pipes are drained at once, before waiting: a child that fills one while the other
        // is read (a long error log before any output) would otherwise stall, and the test with it.
        let errors = Drained()
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errors.set(err.fileHandleForReading.readDataToEndOfFile())
            drained.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        let errData = errors.get()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }
}

/// The bytes one pipe gave, handed from the thread that drained it.
private final class Drained: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ data: Data) { lock.withLock { self.data = data } }
    func get() -> Data { lock.withLock { data } }
}
