import ExampleGame
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `tune` of a spec (issue 47): several parameters against several targets on Tests/ExampleGame's
/// Coin, whose metrics are known in closed form: heads a game is flips × p, and the share won is
/// P(Binomial(flips, p) ≥ target).
@Suite struct SpecTuneTests {
    static func design(flips: Int, target: Int, headsPercent: Int) throws -> URL {
        let directory = try Fixtures.temporaryDirectory("coin-spec")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>flips</key><integer>\(flips)</integer><key>target</key><integer>\(target)</integer><key>headsPercent</key><integer>\(headsPercent)</integer>
            </dict></plist>
            """.utf8).write(to: directory.appendingPathComponent(CoinGame.fileName))
        return directory
    }

    /// P(Binomial(n, p) ≥ k), summed exactly.
    static func chanceOfAtLeast(_ k: Int, _ n: Int, _ p: Double) -> Double {
        guard k > 0 else { return 1 }
        guard k <= n else { return 0 }
        var sum = 0.0
        for j in k...n {
            let choose: Double = lgamma(Double(n + 1)) - lgamma(Double(j + 1)) - lgamma(Double(n - j + 1))
            let power: Double = Double(j) * log(p) + Double(n - j) * log1p(-p)
            sum += exp(choose + power)
        }
        return sum
    }

    /// The spec's bands in the gate's Balance.plist form.
    static let specFile = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>targets</key><array>
        <dict><key>name</key><string>heads</string><key>metric</key><string>heads</string><key>atLeast</key><real>11.5</real><key>atMost</key><real>12.5</real></dict>
        <dict><key>name</key><string>wins</string><key>metric</key><string>wins</string><key>atLeast</key><real>0.7</real><key>atMost</key><real>0.8</real></dict>
        </array></dict></plist>
        """

    static let spec = [
        "--param", "flips", "--param", "headsPercent", "--range", "flips=10...100", "--range", "headsPercent=5...95",
        "--target", "11.5 <= heads <= 12.5", "--target", "70% <= wins <= 80%",
    ]

    /// Two parameters, two targets: the answer's exact heads and share won lie in their bands,
    /// it took fewer games than a sweep of the same grid, and an independent gate of the answer
    /// (a design written with its values, Balance.plist holding the same bands) meets both.
    @Test func findsValuesThatMeetEveryTarget() throws {
        let directory = try Self.design(flips: 20, target: 10, headsPercent: 50)
        let result = try CommandRunner.playbenchWithExampleGame(["tune", directory.path] + Self.spec + ["--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let search = try #require(object["search"] as? [String: Any])
        let answer = try #require(search["answer"] as? [String: Any])
        let point = try #require(answer["point"] as? [Double])
        let (flips, p) = (Int(point[0]), point[1] / 100)
        #expect(point[0] == point[0].rounded() && point[1] == point[1].rounded(), "whole numbers (C7): \(point)")
        let heads = Double(flips) * p, wins = Self.chanceOfAtLeast(10, flips, p)
        #expect((11.5...12.5).contains(heads) && (0.7...0.8).contains(wins), "\(point): heads \(heads), wins \(wins)")
        let played = try #require(object["gamesPlayed"] as? Int), sweep = try #require(object["sweepGames"] as? Int)
        #expect(played * 20 < sweep, "\(played) games against a sweep's \(sweep)")

        let answered = try Self.design(flips: flips, target: 10, headsPercent: Int(point[1]))
        try Data(Self.specFile.utf8).write(to: answered.appendingPathComponent("Balance.plist"))
        let gate = try CommandRunner.playbenchWithExampleGame(["gate", answered.path, "--seed", "99"])
        #expect(gate.status == 0 && gate.standardOutput.contains("2 of 2 targets met"), "\(gate.standardOutput)")
    }

    /// The same spec read from a Balance.plist (`--targets`) gives the same answer as the
    /// spec on the command line, and the text names the answer and the games.
    @Test func readsTheSpecFromABalanceFile() throws {
        let directory = try Self.design(flips: 20, target: 10, headsPercent: 50)
        try Data(Self.specFile.utf8).write(to: directory.appendingPathComponent("Spec.plist"))
        let options = Array(Self.spec.prefix(8))
        let fromFile = try CommandRunner.playbenchWithExampleGame(["tune", directory.path] + options + ["--targets", directory.appendingPathComponent("Spec.plist").path])
        let inline = try CommandRunner.playbenchWithExampleGame(["tune", directory.path] + Self.spec)
        #expect(fromFile.status == 0 && inline.status == 0, "\(fromFile.standardError) \(inline.standardError)")
        func answer(_ text: String) -> String? { text.split(separator: "\n").first { $0.hasPrefix("Every target met at") }.map(String.init) }
        #expect(answer(fromFile.standardOutput) != nil && answer(fromFile.standardOutput) == answer(inline.standardOutput), "\(fromFile.standardOutput)")
        #expect(inline.standardOutput.contains("games in all; a sweep of the same"))
    }

    /// A number on the left reads as the metric's bound ("11.5 <= heads" is "heads >= 11.5"): the
    /// same search as the spec written the other way round.
    @Test func readsATargetWithItsNumberFirst() throws {
        let directory = try Self.design(flips: 20, target: 10, headsPercent: 50)
        let base = Array(Self.spec.prefix(8))
        let left = try CommandRunner.playbenchWithExampleGame(["tune", directory.path] + base + ["--target", "11.5 <= heads", "--target", "0.7 <= wins"])
        let right = try CommandRunner.playbenchWithExampleGame(["tune", directory.path] + base + ["--target", "heads >= 11.5", "--target", "wins >= 0.7"])
        #expect(left.status == 0 && right.status == 0, "\(left.standardError)")
        func answer(_ text: String) -> String? { text.split(separator: "\n").first { $0.hasPrefix("Every target met at") }.map(String.init) }
        #expect(answer(left.standardOutput) != nil && answer(left.standardOutput) == answer(right.standardOutput))
    }

    /// `--report` draws the search: each target's surrogate along each parameter through the
    /// answer, and the points played. The JSON's profiles pass through the answer, and there
    /// each target's surrogate mean lies in the interval the answer measured.
    @Test func drawsTheSearch() throws {
        let directory = try Self.design(flips: 20, target: 10, headsPercent: 50)
        let page = directory.appendingPathComponent("spec.html")
        let result = try CommandRunner.playbenchWithExampleGame(["tune", directory.path] + Self.spec + ["--report", page.path, "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("data-section=\"profiles\"") && html.contains("data-section=\"points\"") && html.contains("against headsPercent"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let answer = try #require((object["search"] as? [String: Any])?["answer"] as? [String: Any])
        let point = try #require(answer["point"] as? [Double])
        let (lower, upper) = (try #require(answer["lower"] as? [Double]), try #require(answer["upper"] as? [Double]))
        let profiles = try #require(object["profiles"] as? [[String: Any]])
        #expect(profiles.count == 4, "a profile per target and parameter")
        for profile in profiles {
            let (parameter, target) = (try #require(profile["parameter"] as? Int), try #require(profile["target"] as? Int))
            let xs = try #require(profile["x"] as? [Double]), means = try #require(profile["mean"] as? [Double])
            let at = try #require(xs.firstIndex(of: point[parameter]), "the answer's \(point[parameter]) among \(xs)")
            #expect(lower[target] - 1e-9 <= means[at] && means[at] <= upper[target] + 1e-9, "target \(target) along \(parameter): \(means[at])")
        }
    }

    /// `--output-dir` keeps each point played as it finishes; `--resume` takes them in order and
    /// plays only the rest. With the last points' files removed (a run stopped before them), the
    /// resumed search is the whole one's byte for byte, and keeps the missing points again; a
    /// resume with another seed is refused, naming it.
    @Test func resumesASearchFromItsKeptPoints() throws {
        let directory = try Self.design(flips: 20, target: 10, headsPercent: 50)
        let out = directory.appendingPathComponent("search")
        let whole = try CommandRunner.playbenchWithExampleGame(["tune", directory.path] + Self.spec + ["--output-dir", out.path])
        #expect(whole.status == 0, "\(whole.standardError)")
        let points = out.appendingPathComponent("points")
        let files = try FileManager.default.contentsOfDirectory(atPath: points.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count >= 6, "\(files)")
        let json = try Data(contentsOf: out.appendingPathComponent("tune.json"))
        for file in files.suffix(3) { try FileManager.default.removeItem(at: points.appendingPathComponent(file)) }
        let resumed = try CommandRunner.playbenchWithExampleGame(["tune", directory.path] + Self.spec + ["--output-dir", out.path, "--resume"])
        #expect(resumed.status == 0, "\(resumed.standardError)")
        #expect(resumed.standardOutput == whole.standardOutput)
        #expect(try Data(contentsOf: out.appendingPathComponent("tune.json")) == json)
        #expect(try FileManager.default.contentsOfDirectory(atPath: points.path).filter { $0.hasSuffix(".json") }.sorted() == files)

        let other = try CommandRunner.playbenchWithExampleGame(["tune", directory.path] + Self.spec + ["--output-dir", out.path, "--resume", "--seed", "2"])
        #expect(other.status == 64 && other.standardError.contains("--seed differ"), "\(other.standardError)")
        let fresh = try CommandRunner.playbenchWithExampleGame(["tune", directory.path] + Self.spec + ["--output-dir", out.path])
        #expect(fresh.status == 64 && fresh.standardError.contains("add --resume to continue it"), "\(fresh.standardError)")
    }

    /// A spec with no answer: at least 30 heads a game, yet at most 10% of games with 10 heads
    /// or more. Exit 1, the two targets named as conflicting, and the trade-off printed.
    @Test func namesAConflict() throws {
        let directory = try Self.design(flips: 20, target: 10, headsPercent: 50)
        let result = try CommandRunner.playbenchWithExampleGame([
            "tune", directory.path, "--param", "flips", "--param", "headsPercent", "--range", "flips=10...100", "--range", "headsPercent=5...95",
            "--target", "heads >= 30", "--target", "wins <= 10%",
        ])
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardOutput.contains("No point met every target"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("Targets in conflict: \"heads >= 30\" and \"wins <= 10%\""), "\(result.standardOutput)")
    }

    @Test(arguments: [
        (["--target", "heads == 3", "--target", "wins >= 0.5"], "each target is a band"),
        (["--target", "heads >= 3 >= 2"], "write a target as"),
        (["--target", "headz >= 3", "--target", "wins >= 0.5"], "did you mean heads?"),
        (["--target", "heads >= 3", "--target", "wins >= 150%"], "a share is in 0...1"),
        (["--target", "5 <= heads <= 3"], "the band is empty"),
        (["--target", "heads >= 3", "--target", "wins=0.5"], "each target is a band"),
        (["--target", "heads >= 3", "--range", "flipz=1...3"], "flipz is not one of the --param given"),
        (["--target", "heads >= 3", "--range", "1...3"], "say whose: KEY=lo...hi"),
        (["--target", "heads >= 3", "--tolerance", "2"], "--tolerance is the one-target search's"),
        (["--target", "nobody: heads >= 3"], "'nobody' is not a lineup"),
        (["--target", "heads >= 3", "--resume"], "--resume continues the search kept in --output-dir"),
        (["--target", "heads >= 3", "--range", "flips=2.2...2.8"], "there is none in 2.2...2.8"),
        (["--target", "heads >= 3", "--range", "flips=2...8", "--range", "flips=3...9"], "one range for each parameter"),
        (["--target", "heads >= 3", "--param", "target", "--param", "flipz", "--param", "x"], "at most 4 parameters"),
    ])
    func refusesWhatItCannotSearch(options: [String], message: String) throws {
        let directory = try Self.design(flips: 20, target: 10, headsPercent: 50)
        let result = try CommandRunner.playbenchWithExampleGame(["tune", directory.path, "--param", "flips", "--param", "headsPercent"] + options)
        #expect(result.status != 0 && result.standardError.contains(message), "\(result.standardError)")
    }
}
