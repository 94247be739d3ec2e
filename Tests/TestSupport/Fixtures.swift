import Foundation

/// Paths that tests read: the package's own designs, and (for tests that say so) ../shared.
public enum Fixtures {
    /// The package root, found from this file's path so tests work from any directory.
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    public static var designs: URL { packageRoot.appendingPathComponent("Designs") }

    public static var shippedDesign: URL { designs.appendingPathComponent("relentless") }

    /// The harder variant the project ships beside it (the original's fallback values).
    public static var harsherDesign: URL { designs.appendingPathComponent("harsher") }

    /// `../shared` beside the checkout, where CI places it; nil when absent.
    public static var shared: URL? {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    public static func bytes(_ url: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: url))
    }

    /// A fresh temporary directory, unique per call, removed when the test process exits
    /// (`PLAYBENCH_KEEP_TEST_FILES=1` keeps them, to look at after a failure).
    public static func temporaryDirectory(_ label: String = "playbench") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        TemporaryDirectories.shared.add(url.path)
        return url
    }
}

/// The directories ``Fixtures/temporaryDirectory(_:)`` made: a run of the tests leaves none of its
/// scratch files behind (thousands of them piled up in /tmp run after run).
private final class TemporaryDirectories: @unchecked Sendable {
    static let shared = TemporaryDirectories()
    private let lock = NSLock()
    private var paths: [String] = []

    private init() {
        guard ProcessInfo.processInfo.environment["PLAYBENCH_KEEP_TEST_FILES"] != "1" else { return }
        atexit { TemporaryDirectories.shared.removeAll() }
    }

    func add(_ path: String) { lock.withLock { paths.append(path) } }

    func removeAll() {
        for path in lock.withLock({ paths }) { try? FileManager.default.removeItem(atPath: path) }
    }
}

extension String {
    /// Parameters-file text with `key`'s value element (`<integer>`, `<real>` or `<string>`)
    /// replaced by `value`, an element such as `<integer>150</integer>`. The key must be in the
    /// file, or the variant would silently be the file it was meant to change.
    public func settingParameter(_ key: String, to value: String) -> String {
        let pattern = "<key>\(key)</key>\\s*<(integer|real|string)>[^<]*</(integer|real|string)>"
        guard let range = range(of: pattern, options: .regularExpression) else { preconditionFailure("the parameters have no \(key)") }
        return replacingCharacters(in: range, with: "<key>\(key)</key>\(value)")
    }
}
