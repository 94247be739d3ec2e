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

    /// `../shared` beside the checkout, where CI places it; nil when absent.
    public static var shared: URL? {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    public static func bytes(_ url: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: url))
    }

    /// A fresh temporary directory, unique per call.
    public static func temporaryDirectory(_ label: String = "playbench") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
