import Diagnostics
import Foundation
import GameSeam
import MonteCarlo
import PropertyList

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the evaluations of a sharded spec come from: a directory every shard reads and writes
/// (`--exchange`, on a cluster's shared filesystem), or, at `merge`, the part files the shards
/// left there.
///
/// A shard plays its share of an evaluation's blocks (``SpecParts/owned(by:lineups:from:games:)``),
/// writes them atomically as `NNNNN-I-of-N.json`, and waits for every other shard's file of the
/// same evaluation; the blocks are then folded in the order one machine folds them, so every
/// shard's search, and its result, is byte for byte the unsharded one. A shard started again
/// takes its own files already there instead of playing them again. Every file is checked as a
/// part is at merge (checksum, version, job, exactly its shard's blocks, each block's statistics
/// by the game) before its games count.
final class SpecExchange<Game: PlayableGame> {
    enum Source {
        /// This process is shard `shard`; the shards meet in `directory`, and a shard that has
        /// not written its file after `timeout` seconds is given up on.
        case shard(Shard, directory: String, timeout: Double)
        /// Every evaluation from the parts (merge): nothing is played.
        case parts([(path: String, bytes: [UInt8])])
    }

    let game: Game
    let job: String
    let command: [String]
    let source: Source
    /// At merge: each evaluation's parts by shard index, and the split they share.
    private var parts: [Int: [Int: (path: String, part: SpecPartFile<Game.Statistics>)]] = [:]
    private var count = 0

    init(game: Game, job: String, command: [String], source: Source) throws(PartProblem) {
        self.game = game
        self.job = job
        self.command = command
        self.source = source
        guard case .parts(let files) = source else { return }
        for (path, bytes) in files {
            let part = try read(bytes, name: path)
            if count == 0 { count = part.shard.count }
            guard part.shard.count == count else { throw PartProblem(description: "\(path): shard \(part.shard) of another split (\(count) shards)") }
            if let other = parts[part.evaluation]?[part.shard.index] {
                throw PartProblem(description: "\(path) and \(other.path) are both shard \(part.shard) of evaluation \(part.evaluation)")
            }
            parts[part.evaluation, default: [:]][part.shard.index] = (path, part)
        }
    }

    /// The shards' split: this shard's, or the parts'.
    var split: Int {
        if case .shard(let shard, _, _) = source { return shard.count }
        return count
    }

    /// Every block of evaluation `evaluation` (point `point` taken from `from` to `games` games
    /// on each of `lineups`; `shown` names the point in messages), per lineup in block order: this shard's own played by `play` (nil
    /// when interrupted), the others' read. Nil when interrupted.
    /// - Parameter mismatch: what in a block's statistics of that lineup and those games the
    ///   point's design could not have played, or nil.
    func blocks(
        evaluation: Int, point: [Double], shown: String, from: Int, games: Int, lineups: [Int],
        mismatch: (_ lineup: Int, _ statistics: Game.Statistics, _ games: Range<UInt64>) -> String?,
        cancellation: Cancellation,
        play: (_ lineup: Int, _ blocks: Range<Int>) -> [Game.Statistics]?
    ) throws -> [Int: [Game.Statistics]]? {
        var collected: [Int: [Int: Game.Statistics]] = [:]
        func take(_ part: SpecPartFile<Game.Statistics>, as shard: Shard, name: String) throws(PartProblem) {
            func refuse(_ why: String) -> PartProblem { PartProblem(description: "\(name): \(why)") }
            guard part.shard == shard else { throw refuse("shard \(part.shard)'s part where shard \(shard)'s belongs") }
            guard part.evaluation == evaluation, part.point == point, part.from == from, part.games == games, part.lineups == lineups else {
                throw refuse(
                    "evaluation \(part.evaluation) at \(part.point.map(\.designerText)) from \(part.from) to \(part.games) games, where this search's evaluation \(evaluation) is \(shown) from \(from) to \(games): the search it was played for is not this one")
            }
            let owned = SpecParts.owned(by: part.shard, lineups: lineups, from: from, games: games).flatMap { work in work.blocks.map { (work.lineup, $0) } }
            guard part.blocks.map({ ($0.lineup, $0.block) }).elementsEqual(owned, by: ==) else { throw refuse("blocks other than shard \(part.shard)'s") }
            let size = UInt64(GameBlocks.standardSize)
            for block in part.blocks {
                let range = UInt64(block.block) * size..<UInt64(block.block + 1) * size
                if let why = game.invariantViolation(of: block.statistics, games: GameBlocks.standardSize) ?? mismatch(block.lineup, block.statistics, range) {
                    throw refuse("block \(block.block) of lineup \(block.lineup): \(why)")
                }
                collected[block.lineup, default: [:]][block.block] = block.statistics
            }
        }
        guard split > 0 else { throw PartProblem(description: "no part to take evaluation \(evaluation) from") }
        let shards = (0..<split).map { Shard(index: $0, count: split)! }
        switch source {
        case .parts:
            for shard in shards where !SpecParts.owned(by: shard, lineups: lineups, from: from, games: games).isEmpty {
                guard let (path, part) = parts[evaluation]?[shard.index] else {
                    throw PartProblem(
                        description: "evaluation \(evaluation) (\(shown) on \(games) games): no part of shard \(shard) (\(SpecParts.fileName(evaluation: evaluation, shard: shard))); the shards stopped before it: start them again with the same --exchange")
                }
                try take(part, as: shard, name: path)
            }
        case .shard(let mine, let directory, let timeout):
            func path(of shard: Shard) -> String { (directory as NSString).appendingPathComponent(SpecParts.fileName(evaluation: evaluation, shard: shard)) }
            // Its own share first, so that every shard plays at once; then the others'.
            let own = SpecParts.owned(by: mine, lineups: lineups, from: from, games: games)
            if let bytes = try existing(path(of: mine)) {
                try take(try read(bytes, name: path(of: mine)), as: mine, name: path(of: mine))
            } else if !own.isEmpty || (mine.index == 0 && evaluation == 0) {
                // Shard 0's first part is written even when it plays nothing there: it carries
                // the command merge replays (its --report and --output-dir).
                var blocks: [SeamPartFile<Game.Statistics>.Block] = []
                for work in own {
                    guard let statistics = play(work.lineup, work.blocks) else { return nil }
                    blocks += zip(work.blocks, statistics).map { .init(lineup: work.lineup, block: $0, statistics: $1) }
                }
                let part = SpecPartFile(
                    version: ToolInfo().version, command: command, game: game.name, job: job, shard: mine, evaluation: evaluation, point: point, from: from,
                    games: games, lineups: lineups, blocks: blocks)
                try Output.exitingOnFileError { () throws(FileError) in try part.write(to: path(of: mine)) }
                try take(part, as: mine, name: path(of: mine))
            }
            for shard in shards where shard != mine && !SpecParts.owned(by: shard, lineups: lineups, from: from, games: games).isEmpty {
                let name = path(of: shard)
                let found: [UInt8]?
                if let bytes = try existing(name) {
                    found = bytes
                } else {
                    found = try waitFor(name, shard: shard, mine: mine, directory: directory, evaluation: evaluation, timeout: timeout, cancellation: cancellation)
                }
                guard let found else { return nil }
                try take(try read(found, name: name), as: shard, name: name)
            }
        }
        var byLineup: [Int: [Game.Statistics]] = [:]
        let blocks = (from / GameBlocks.standardSize)..<(games / GameBlocks.standardSize)
        for lineup in lineups {
            byLineup[lineup] = try blocks.map { block throws(PartProblem) in
                guard let statistics = collected[lineup]?[block] else {
                    throw PartProblem(description: "evaluation \(evaluation): no part holds block \(block) of lineup \(lineup)")
                }
                return statistics
            }
        }
        return byLineup
    }

    /// The bytes of the file at `path`, nil when there is none yet; a part that is not a
    /// regular file (a directory, a FIFO, whose reading would wait for a writer) is refused.
    private func existing(_ path: String) throws -> [UInt8]? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        guard status.st_mode & S_IFMT == S_IFREG else { throw PartProblem(description: "\(path): not a regular file, so not a part a shard wrote") }
        return try Output.exitingOnFileError { () throws(FileError) in try FileIO.read(path) }
    }

    /// Polls for another shard's file of an evaluation, from a hundredth of a second up to half
    /// a second between looks; nil when interrupted. A part of the same evaluation for another
    /// split (shards given other N) ends the wait at once: this one's would never come.
    private func waitFor(
        _ path: String, shard: Shard, mine: Shard, directory: String, evaluation: Int, timeout: Double, cancellation: Cancellation
    ) throws -> [UInt8]? {
        let clock = ContinuousClock()
        let start = clock.now
        var pause = 0.01
        var told = false
        let prefix = SpecParts.fileName(evaluation: evaluation, shard: mine).prefix { $0 != "-" } + "-"
        let split = "-of-\(mine.count).json"
        while true {
            if cancellation.isCancelled { return nil }
            if let bytes = try existing(path) { return bytes }
            if let other = (try? FileManager.default.contentsOfDirectory(atPath: directory))?.first(where: { $0.hasPrefix(prefix) && $0.hasSuffix(".json") && !$0.hasSuffix(split) }) {
                throw PartProblem(
                    description: "\((directory as NSString).appendingPathComponent(other)): a part of another split than this shard's \(mine): every shard of a spec must be given the same N")
            }
            let waited = start.duration(to: clock.now)
            if waited > .seconds(timeout) { throw SpecExchangeTimeout(shard: shard, mine: mine, evaluation: evaluation, path: path, seconds: timeout) }
            if !told && waited > .seconds(10) {
                Output.standardError("tune: shard \(mine) waits for shard \(shard)'s games of evaluation \(evaluation) (\(path))\n")
                told = true
            }
            usleep(UInt32(pause * 1_000_000))
            pause = min(0.5, pause * 2)
        }
    }

    /// One part read, whatever its bytes: decoded as this game's, its format, version, checksum
    /// and job this one's. Its evaluation's content is checked when it is taken.
    private func read(_ bytes: [UInt8], name: String) throws(PartProblem) -> SpecPartFile<Game.Statistics> {
        func refuse(_ why: String) -> PartProblem { PartProblem(description: "\(name): \(why)") }
        let part: SpecPartFile<Game.Statistics>
        do { part = try PartJSON.decoder.decode(SpecPartFile<Game.Statistics>.self, from: Data(bytes)) } catch {
            if let syntax = PartJSON.syntaxError(bytes) { throw PartProblem(description: "\(name):\(syntax.location): not a part of a spec's tune: \(syntax.message)") }
            throw refuse("not a part of a spec's tune of \(game.name) (\(PartJSON.reason(error)))")
        }
        guard part.format == SpecParts.format else { throw refuse("format '\(part.format)', not \(SpecParts.format)") }
        let version = ToolInfo().version
        guard part.version == version else {
            throw refuse("written by playbench \(quotedName(part.version)), not by this one (\(version)): games another version played do not fold into this one's search")
        }
        guard let checksum = part.checksum, (try? part.checksumOfContent()) == checksum else {
            throw refuse("its checksum does not match its content: the part was changed after its shard wrote it (a damaged copy, or an edit)")
        }
        guard part.game == game.name else { throw refuse("a part of \(quotedName(part.game)), not of \(game.name)") }
        guard part.job == job else {
            switch source {
            case .shard: throw refuse("a part of another tune (other options or files): give each job its own --exchange")
            case .parts: throw refuse("a part of another tune than '\(PartProblem.spelled(command))' (other options or files, or the design changed since)")
            }
        }
        guard part.shard.count >= 1, part.shard.index >= 0, part.shard.index < part.shard.count, part.shard.count <= Shard.maxCount, part.evaluation >= 0 else {
            throw refuse("shard \(part.shard) of evaluation \(part.evaluation) is not one a shard writes")
        }
        return part
    }
}

/// A shard that did not write its games of an evaluation in time (exit 75, EX_TEMPFAIL: start
/// the missing shard, then this one again).
struct SpecExchangeTimeout: Error, CustomStringConvertible {
    var shard: Shard
    var mine: Shard
    var evaluation: Int
    var path: String
    var seconds: Double

    var description: String {
        "shard \(mine) waited \(seconds.designerText) s for shard \(shard)'s games of evaluation \(evaluation) (\(path)): every shard of a spec must run at the same time; start the missing one (a shard started again takes what it already wrote), then this one"
    }
}
