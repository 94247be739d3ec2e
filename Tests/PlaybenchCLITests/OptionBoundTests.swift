import Foundation
import TestSupport
import Testing

/// Issue 43, item 3: work without a total bound. Every option that sets how much work a command
/// does has a documented bound, and a value past it is refused (exit 64, naming the bound) before
/// any game: the reproducers of the issue, which were accepted and then ran on.
@Suite("Options with a bound, refused before any work")
struct OptionBoundTests {
    /// The bound the CLI states: 4 × the cores it counts, read from its own refusal.
    static func mostThreads() throws -> Int {
        let refusal = try CommandRunner.playbench(["simulate", "--threads", "100000"]).standardError
        let range = try #require(refusal.range(of: "--threads must be in 1..."))
        return try #require(Int(refusal[range.upperBound...].prefix { $0.isNumber }))
    }

    @Test(arguments: [
        ["simulate", "--games", "10", "--threads", "9223372036854775807"],
        ["report", "--games", "10", "--threads", "100000"],
        ["gate", "--threads", "100000"],
        ["tune", "--param", "dailyExpense", "--target", "survival(5)=0.5", "--range", "100...1000", "--threads", "100000"],
    ])
    func threadsBeyondFourPerCoreAreRefused(arguments: [String]) throws {
        let result = try CommandRunner.playbench(arguments)
        #expect(result.status == 64, "\(arguments): \(result.status) \(result.standardError)")
        #expect(result.standardError.contains("--threads must be in 1...\(try Self.mostThreads()) (4 × this machine's"), "\(result.standardError)")
    }

    @Test func fourThreadsPerCoreArePlayed() throws {
        let most = try Self.mostThreads()
        #expect(most >= 4 && most % 4 == 0)
        let result = try CommandRunner.playbench(["simulate", "--games", "8", "--max-rounds", "1", "--threads", String(most)])
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test func aSplitIntoMoreThanAHundredThousandShardsIsRefused() throws {
        let part = try Fixtures.temporaryDirectory("shard-bound").appendingPathComponent("p.json").path
        let result = try CommandRunner.playbench(["simulate", "--games", "10", "--shard", "0/9223372036854775807", "--part", part])
        #expect(result.status == 64)
        #expect(result.standardError.contains("at most 100000 shards"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: part))
        let auto = try CommandRunner.playbench(["simulate", "--games", "10", "--shard", "auto/100001", "--part", part], environment: ["PLAYBENCH_SHARD_INDEX": "0"])
        #expect(auto.status == 64 && auto.standardError.contains("at most 100000 shards"), "\(auto.standardError)")
    }

    @Test func aSweepOfAMillionPointsIsRefusedAtOnce() throws {
        let output = try Fixtures.temporaryDirectory("sweep-bound").appendingPathComponent("sweep")
        let clock = ContinuousClock.now
        let result = try CommandRunner.playbench(["sweep", "--set", "dailyExpense=1...1000", "--set", "roundTime=1...1000", "--output-dir", output.path])
        #expect(result.status == 64)
        #expect(result.standardError.contains("the sweep has 1,000,000 points (1000 × 1000 values of --set); it plays at most 10,000"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(ContinuousClock.now - clock < .seconds(30))
        // Team sizes multiply the points too.
        let sizes = try CommandRunner.playbench(["sweep", "--set", "dailyExpense=1...1000", "--set", "roundTime=1...5", "--players", "3...6", "--output-dir", output.path])
        #expect(sizes.status == 64 && sizes.standardError.contains("20,000 points (1000 × 5 × 4 values of --set and --players)"), "\(sizes.standardError)")
    }
}
