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

    /// Tabula: 20,000 token images declared (and one of them twice), each looked up by hashing
    /// (TI2): the map checks in linear time (it was quadratic: 20,000 took 4 s in a release build,
    /// 24 s in a debug one), the repeated one reported where it is.
    @Test func twentyThousandDeclaredImagesAreCheckedInLinearTime() throws {
        let directory = try Fixtures.temporaryDirectory("long-tabula")
        let shipped = Fixtures.designs.appendingPathComponent("tabula")
        for name in ["Generator.plist", "Session.plist", "Balance.plist"] {
            try FileManager.default.copyItem(at: shipped.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        let text = String(decoding: try Fixtures.bytes(shipped.appendingPathComponent("TabulaMap.plist")), as: UTF8.self)
        let anchor = "<key>tokens</key><array>\n\t\t\t<string>hero.png</string>"
        let declared = (0..<20_000).map { "\t\t\t<string>t\($0).png</string>\n" }.joined() + "\t\t\t<string>t7.png</string>\n"
        let edited = text.replacingOccurrences(of: anchor, with: "<key>tokens</key><array>\n" + declared + "\t\t\t<string>hero.png</string>")
        #expect(edited != text)
        try Data(edited.utf8).write(to: directory.appendingPathComponent("TabulaMap.plist"))
        let clock = ContinuousClock.now
        let result = try CommandRunner.playbench(["check", directory.path, "--samples", "0"])
        #expect(ContinuousClock.now - clock < .seconds(60))
        #expect(result.status == 1)
        let line = edited.components(separatedBy: "\n").firstIndex { $0 == "\t\t\t<string>t7.png</string>" }.map { $0 + 1 }
        let twice = edited.components(separatedBy: "\n").lastIndex { $0 == "\t\t\t<string>t7.png</string>" }.map { $0 + 1 }
        #expect(line != twice)
        #expect(result.standardOutput.contains("TabulaMap.plist:\(twice ?? 0):4: error: images.tokens[20000]: \"t7.png\" is declared twice in tokens [TI2]"), "\(result.standardOutput.prefix(800))")
    }
}
