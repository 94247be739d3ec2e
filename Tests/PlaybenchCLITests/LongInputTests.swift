import Foundation
import TestSupport
import Testing

/// Issue 43, items 1 and 2: the checks after the parser grew with a string's length. Each file is
/// generated here (never checked in), and check must end with its located error well within the
/// bound (a hang guard, generous for a debug build; the size benchmark measures the speed).
@Suite("Long inputs end with a located error")
struct LongInputTests {
    /// The shipped design with `key`'s value replaced by a string of `length` x's: an unknown
    /// variable of that length (C5).
    static func design(_ key: String, length: Int) throws -> URL {
        let directory = try Fixtures.temporaryDirectory("long-input")
        for name in ["GameConfig.plist", "Players.plist"] {
            try FileManager.default.copyItem(at: Fixtures.shippedDesign.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        let shipped = String(decoding: try Fixtures.bytes(Fixtures.shippedDesign.appendingPathComponent("DefaultGameParameters.plist")), as: UTF8.self)
        let text = shipped.settingParameter(key, to: "<string>\(String(repeating: "x", count: length))</string>")
        #expect(text != shipped)
        try Data(text.utf8).write(to: directory.appendingPathComponent("DefaultGameParameters.plist"))
        return directory
    }

    @Test(arguments: ["roundTime", "numOfCategories"])
    func aFiveMegabyteNameInAnExpressionIsALocatedErrorAtOnce(key: String) throws {
        let design = try Self.design(key, length: 5 << 20)
        let clock = ContinuousClock.now
        let result = try CommandRunner.playbench(["check", design.path, "--samples", "0"])
        let elapsed = ContinuousClock.now - clock
        #expect(result.status == 1)
        // Named by its start and length: the message stays one short line.
        let name = "\"\(String(repeating: "x", count: 40))…\" (5,242,880 characters)"
        #expect(result.standardOutput.contains("error: \(key): unknown variable \(name) in expression \"x"), "\(result.standardOutput.prefix(400))")
        #expect(result.standardOutput.utf8.count < 10_000)
        #expect(elapsed < .seconds(60), "check took \(elapsed) over a 5 MB name (the bound guards a hang; it took minutes)")
    }

    /// An unknown key of megabytes, in the parameters (their own reader) and in Players.plist
    /// (the shared one): located, named by its start and length.
    @Test func aFiveMegabyteUnknownKeyIsNamedShortly() throws {
        let design = try Self.design("roundTime", length: 3)
        let key = String(repeating: "y", count: 5 << 20)
        for file in ["DefaultGameParameters.plist", "Players.plist"] {
            let url = design.appendingPathComponent(file)
            let text = String(decoding: try Fixtures.bytes(url), as: UTF8.self)
            let anchor = try #require(text.range(of: "<dict>"))
            try Data(text.replacingCharacters(in: anchor, with: "<dict>\n<key>\(key)</key><integer>1</integer>").utf8).write(to: url)
        }
        let clock = ContinuousClock.now
        let result = try CommandRunner.playbench(["check", design.path, "--samples", "0"])
        #expect(ContinuousClock.now - clock < .seconds(60))
        let named = "unknown key \"\(String(repeating: "y", count: 40))…\" (5,242,880 characters)"
        let lines = result.standardOutput.split(separator: "\n").filter { $0.contains(named) }
        #expect(lines.contains { $0.contains("DefaultGameParameters.plist:") } && lines.contains { $0.contains("Players.plist:") }, "\(result.standardOutput.prefix(600))")
        #expect(result.standardOutput.utf8.count < 10_000)
    }
}
