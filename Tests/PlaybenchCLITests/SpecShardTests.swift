import ExampleGame
import Foundation
import MonteCarlo
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@testable import PlaybenchCLI

/// A spec's `tune` spread over shards that meet in `--exchange` (issue 47), and `merge` of what
/// they left there: on Tests/ExampleGame's Coin, every shard prints the unsharded search's
/// result byte for byte, shard 0 writes its report and output directory byte for byte, and merge
/// replays the search from the exchange without playing.
@Suite struct SpecShardTests {
    static let spec = SpecTuneTests.spec + ["--format", "json"]

    static func work(_ name: String) throws -> (design: URL, directory: URL) {
        let design = try SpecTuneTests.design(flips: 20, target: 10, headsPercent: 50)
        let directory = try Fixtures.temporaryDirectory(name)
        return (design, directory)
    }

    /// `count` shards started at once in `directory`, each writing out-I.json and err-I.txt;
    /// shard 0 also `--report r.html --output-dir out`.
    static func shards(_ count: Int, design: URL, in directory: URL, extra: [String] = []) throws -> CommandResult {
        let arguments = (["tune", design.path] + spec + extra).map { "'\($0)'" }.joined(separator: " ")
        let script = (0..<count).map { i in
            "'\(CommandRunner.playbenchWithExampleGameURL.path)' \(arguments) --shard \(i)/\(count) --exchange ex \(i == 0 ? "--report r.html --output-dir out" : "") > out-\(i).json 2> err-\(i).txt & pids+=($!)"
        }.joined(separator: "\n")
        return try CommandRunner.shell("pids=()\n\(script)\nstatus=0\nfor p in \"${pids[@]}\"; do wait $p || status=$?; done\nexit $status", directory: directory)
    }

    static func read(_ url: URL) throws -> Data { try Data(contentsOf: url) }

    /// Three shards at once: each prints what one machine prints, shard 0's report and kept
    /// search are one machine's, and more than one shard played (the split is real).
    @Test func shardsPrintTheOneMachineResult() throws {
        let (design, directory) = try Self.work("spec-shards")
        let one = try CommandRunner.playbenchWithExampleGame(
            ["tune", design.path] + Self.spec + ["--report", "r.html", "--output-dir", "out"], directory: design)
        #expect(one.status == 0, "\(one.standardError)")
        let sharded = try Self.shards(3, design: design, in: directory)
        #expect(sharded.status == 0, "\(sharded.standardError)")
        for i in 0..<3 {
            let printed = try String(contentsOf: directory.appendingPathComponent("out-\(i).json"), encoding: .utf8)
            let errors = try String(contentsOf: directory.appendingPathComponent("err-\(i).txt"), encoding: .utf8)
            #expect(printed == one.standardOutput, "shard \(i): \(errors)")
        }
        #expect(try Self.read(directory.appendingPathComponent("r.html")) == Self.read(design.appendingPathComponent("r.html")))
        #expect(try Self.read(directory.appendingPathComponent("out/tune.json")) == Self.read(design.appendingPathComponent("out/tune.json")))
        let kept = try FileManager.default.contentsOfDirectory(atPath: design.appendingPathComponent("out/points").path).sorted()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("out/points").path).sorted() == kept)
        for name in kept {
            #expect(try Self.read(directory.appendingPathComponent("out/points/\(name)")) == Self.read(design.appendingPathComponent("out/points/\(name)")), "\(name)")
        }
        let parts = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("ex").path)
        let writers = Set(parts.compactMap { $0.split(separator: "-").dropFirst().first })
        #expect(writers.count >= 2, "parts by shards \(writers.sorted())")
    }

    /// merge of the exchange replays shard 0's command: it prints the search one machine prints
    /// and writes shard 0's outputs; a part missing, changed, of another version or of another
    /// tune is refused (exit 65) by its name and why.
    @Test func mergeReplaysTheSearchFromTheExchange() throws {
        let (design, directory) = try Self.work("spec-merge")
        let one = try CommandRunner.playbenchWithExampleGame(["tune", design.path] + Self.spec)
        let exchange = directory.appendingPathComponent("ex")
        #expect(try Self.shards(2, design: design, in: directory).status == 0)
        func parts() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: exchange.path).filter { $0.hasSuffix(".json") }.sorted().map { "ex/" + $0 }
        }
        // merge replays shard 0's command, --output-dir out included: in the shards' directory,
        // which holds shard 0's out already, it is refused as any merge into a job's directory is.
        let into = try CommandRunner.playbenchWithExampleGame(["merge"] + parts(), directory: directory)
        #expect(into.status == 64 && into.standardError.contains("out holds points of an earlier tune"), "\(into.standardError)")
        // Elsewhere: the one-machine result, and shard 0's --report and --output-dir written, the
        // parts given in any order (shard 1's first, naming neither).
        func merge(_ parts: [String]) throws -> (CommandResult, URL) {
            let elsewhere = try Fixtures.temporaryDirectory("spec-merge-elsewhere")
            try FileManager.default.createSymbolicLink(at: elsewhere.appendingPathComponent("ex"), withDestinationURL: exchange)
            return (try CommandRunner.playbenchWithExampleGame(["merge"] + parts, directory: elsewhere), elsewhere)
        }
        let (merged, elsewhere) = try merge(parts().reversed())
        #expect(merged.status == 0 && merged.standardOutput == one.standardOutput, "\(merged.standardError)")
        #expect(try Self.read(elsewhere.appendingPathComponent("r.html")) == Self.read(directory.appendingPathComponent("r.html")))
        #expect(try Self.read(elsewhere.appendingPathComponent("out/tune.json")) == Self.read(directory.appendingPathComponent("out/tune.json")))

        let last = try #require(try parts().last)
        let url = directory.appendingPathComponent(last)
        let bytes = try Self.read(url)
        try FileManager.default.removeItem(at: url)
        let (missing, _) = try merge(parts())
        let evaluation = Int(last.dropFirst(3).prefix(5))!
        #expect(missing.status == 65 && missing.standardError.contains("evaluation \(evaluation) ") && missing.standardError.contains("no part of shard"), "\(missing.standardError)")

        // One block's wins changed by one: the checksum no longer matches.
        var object = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        var blocks = try #require(object["blocks"] as? [[String: Any]])
        var statistics = try #require(blocks[0]["statistics"] as? [String: Any])
        statistics["wins"] = (statistics["wins"] as! Int) == 0 ? 1 : (statistics["wins"] as! Int) - 1
        blocks[0]["statistics"] = statistics
        object["blocks"] = blocks
        try JSONSerialization.data(withJSONObject: object).write(to: url)
        let (changed, _) = try merge(parts())
        #expect(changed.status == 65 && changed.standardError.contains(last) && changed.standardError.contains("checksum"), "\(changed.standardError)")
        try bytes.write(to: url)

        // Another version's part: its games are not this one's.
        var older = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        older["version"] = "0.0.1"
        try JSONSerialization.data(withJSONObject: older).write(to: url)
        let (version, _) = try merge(parts())
        #expect(version.status == 65 && version.standardError.contains("written by playbench \"0.0.1\""), "\(version.standardError)")
        try bytes.write(to: url)

        // Sealed again with its checksum, but another game's: refused by name.
        var another = try PartJSON.decoder.decode(SpecPartFile<CoinGame.Statistics>.self, from: bytes)
        another.game = "Andora"
        try Data(try another.encoded()).write(to: url)
        let (game, _) = try merge(parts())
        #expect(game.status == 65 && game.standardError.contains("a part of \"Andora\", not of Coin"), "\(game.standardError)")
        try bytes.write(to: url)

        // The same exchange and another seed: another job, refused before a game is played.
        let other = try CommandRunner.playbenchWithExampleGame(
            ["tune", design.path] + Self.spec + ["--seed", "2", "--shard", "1/2", "--exchange", "ex"], directory: directory)
        #expect(other.status == 65 && other.standardError.contains("another tune") && other.standardError.contains("own --exchange"), "\(other.standardError)")
    }

    /// A shard started again after the others finished takes its own parts, not playing them
    /// again (their files untouched), and prints the same result.
    @Test func aShardStartedAgainTakesWhatItWrote() throws {
        let (design, directory) = try Self.work("spec-again")
        #expect(try Self.shards(2, design: design, in: directory).status == 0)
        let exchange = directory.appendingPathComponent("ex")
        let mine = try FileManager.default.contentsOfDirectory(atPath: exchange.path).filter { $0.hasSuffix("-1-of-2.json") }
        #expect(!mine.isEmpty)
        func dates() throws -> [Date] {
            try mine.map { try #require(try FileManager.default.attributesOfItem(atPath: exchange.appendingPathComponent($0).path)[.modificationDate] as? Date) }
        }
        let before = try dates()
        Thread.sleep(forTimeInterval: 1.1)
        let again = try CommandRunner.playbenchWithExampleGame(["tune", design.path] + Self.spec + ["--shard", "1/2", "--exchange", "ex"], directory: directory)
        let first = try String(contentsOf: directory.appendingPathComponent("out-1.json"), encoding: .utf8)
        #expect(again.status == 0 && again.standardOutput == first, "\(again.standardError)")
        #expect(try dates() == before)
    }

    /// A shard whose partner never starts stops after --shard-timeout (exit 75), naming the
    /// shard it waited for; no hang.
    @Test func aShardAloneStopsAtItsTimeout() throws {
        let (design, directory) = try Self.work("spec-alone")
        // One lineup, one block at first: shard 1 of 2 plays it, shard 0 waits for it.
        let alone = try CommandRunner.playbenchWithExampleGame(
            ["tune", design.path] + Self.spec + ["--shard", "0/2", "--exchange", "ex", "--shard-timeout", "0.5"], directory: directory)
        #expect(alone.status == 75 && alone.standardError.contains("shard 1/2's games of evaluation 0") && alone.standardError.contains("same time"), "\(alone.standardError)")
    }

    /// Each shard plays its own share of a point before it waits for the others' (so the shards
    /// play at once): alone, shard 1 of 2 writes its part of the first point, then times out.
    /// Its part copied under shard 0's name is refused, not folded as shard 0's games.
    @Test func aShardPlaysItsShareBeforeItWaits() throws {
        let (design, directory) = try Self.work("spec-own-first")
        let arguments = ["tune", design.path] + Self.spec + ["--first-games", "512", "--shard", "1/2", "--exchange", "ex", "--shard-timeout", "1"]
        let alone = try CommandRunner.playbenchWithExampleGame(arguments, directory: directory)
        #expect(alone.status == 75, "\(alone.standardError)")
        let mine = directory.appendingPathComponent("ex/00000-1-of-2.json")
        #expect(FileManager.default.fileExists(atPath: mine.path))
        try FileManager.default.copyItem(at: mine, to: directory.appendingPathComponent("ex/00000-0-of-2.json"))
        let misnamed = try CommandRunner.playbenchWithExampleGame(arguments, directory: directory)
        #expect(misnamed.status == 65 && misnamed.standardError.contains("shard 1/2's part where shard 0/2's belongs"), "\(misnamed.standardError)")
    }

    /// Shard 0, which writes --output-dir, started again after a stop continues into it (not
    /// refused as an earlier job's), and with its partner the result is one machine's.
    @Test func shardZeroStartedAgainKeepsItsOutputDirectory() throws {
        let (design, directory) = try Self.work("spec-zero-again")
        let one = try CommandRunner.playbenchWithExampleGame(["tune", design.path] + Self.spec + ["--first-games", "512", "--output-dir", "out"], directory: design)
        let arguments = ["tune", design.path] + Self.spec + ["--first-games", "512", "--shard", "0/2", "--exchange", "ex", "--output-dir", "out", "--shard-timeout", "1"]
        for _ in 0..<2 {
            let alone = try CommandRunner.playbenchWithExampleGame(arguments, directory: directory)
            #expect(alone.status == 75, "\(alone.standardError)")
        }
        let both = try Self.shards(2, design: design, in: directory, extra: ["--first-games", "512"])
        #expect(both.status == 0, "\(both.standardError)")
        let printed = try String(contentsOf: directory.appendingPathComponent("out-0.json"), encoding: .utf8)
        #expect(printed == one.standardOutput)
        #expect(try Self.read(directory.appendingPathComponent("out/tune.json")) == Self.read(design.appendingPathComponent("out/tune.json")))
    }

    /// What no shard wrote is refused at once, not waited for: a FIFO where a part belongs (whose
    /// reading would wait for a writer), and a part of another split (shards given other N).
    @Test func refusesWhatNoShardWrote() throws {
        let (design, directory) = try Self.work("spec-not-parts")
        let exchange = directory.appendingPathComponent("ex")
        try FileManager.default.createDirectory(at: exchange, withIntermediateDirectories: true)
        #expect(mkfifo(exchange.appendingPathComponent("00000-1-of-2.json").path, 0o644) == 0)
        let fifo = try CommandRunner.playbenchWithExampleGame(
            ["tune", design.path] + Self.spec + ["--shard", "0/2", "--exchange", "ex", "--shard-timeout", "30"], directory: directory)
        #expect(fifo.status == 65 && fifo.standardError.contains("not a regular file"), "\(fifo.standardError)")
        try FileManager.default.removeItem(at: exchange)

        // Shard 0 of 2 writes its first part (it carries the command merge replays), then waits.
        let half = try CommandRunner.playbenchWithExampleGame(
            ["tune", design.path] + Self.spec + ["--shard", "0/2", "--exchange", "ex", "--shard-timeout", "0.5"], directory: directory)
        #expect(half.status == 75)
        let third = try CommandRunner.playbenchWithExampleGame(
            ["tune", design.path] + Self.spec + ["--shard", "1/3", "--exchange", "ex", "--shard-timeout", "30"], directory: directory)
        #expect(third.status == 65 && third.standardError.contains("another split") && third.standardError.contains("00000-0-of-2.json"), "\(third.standardError)")
    }

    @Test(arguments: [
        (["--shard", "0/2"], "--exchange DIR"),
        (["--exchange", "ex"], "--shard I/N"),
        (["--shard", "0/2", "--exchange", "ex", "--output-dir", "o", "--resume"], "--exchange holds"),
        (["--shard", "0/2", "--exchange", "ex", "--shard-timeout", "0"], "--shard-timeout"),
    ])
    func refusesShardOptionsThatCannotWork(extra: [String], says: String) throws {
        let (design, directory) = try Self.work("spec-refusals")
        let result = try CommandRunner.playbenchWithExampleGame(["tune", design.path] + Self.spec + extra, directory: directory)
        #expect(result.status == 64 && result.standardError.contains(says), "\(result.standardError)")
        let one = try CommandRunner.playbenchWithExampleGame(
            ["tune", design.path, "--param", "flips", "--target", "heads=10", "--shard", "0/2", "--exchange", "ex"], directory: directory)
        #expect(one.status == 64 && one.standardError.contains("one value's search is short"), "\(one.standardError)")
    }

    /// Every block an evaluation adds is played by exactly one shard, in order, whatever the
    /// split.
    @Test func everyBlockIsOneShards() {
        for count in 1...9 {
            for (from, games) in [(0, 256), (512, 2048), (1024, 4096)] {
                let lineups = [0, 2, 3]
                let owned = (0..<count).flatMap { i in
                    SpecParts.owned(by: Shard(index: i, count: count)!, lineups: lineups, from: from, games: games).flatMap { w in w.blocks.map { [w.lineup, $0] } }
                }
                let all = lineups.flatMap { l in (from / 256..<games / 256).map { [l, $0] } }
                #expect(owned == all, "\(count) shards, \(from)..<\(games)")
            }
        }
    }
}
