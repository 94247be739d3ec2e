import ArgumentParser
import Diagnostics
import Foundation
import GameSeam
import MonteCarlo
import PropertyList
import Synchronization

/// The part a shard of a game on the seam writes, and the parts of one sharded job put back
/// together: the statistics of fixed blocks of each lineup's games, folded at merge in the order
/// one machine folds them, so the merged result is byte for byte the unsharded one. A simulation
/// plays every lineup's `games` in blocks of ``GameBlocks/standardSize``; a gate plays the
/// lineups it has targets for up to its cap, in blocks cut at its looks (`cuts`), so that merge
/// can take the looks the unsharded gate would have taken.
///
/// Generic over the game's statistics: merge reads the format and the command first, then the
/// command decodes the blocks as its game's.
struct SeamPartFile<Statistics: Codable & Sendable>: Codable, Sendable, ChecksummedPart {
    var format = SeamParts.format

    struct Block: Codable, Sendable {
        var lineup: Int
        var block: Int
        var statistics: Statistics
    }

    var version: String
    /// The command without its shard options: what merge runs.
    var command: [String]
    var game: String
    /// The design's files' fingerprint (``InputFingerprint``).
    var inputs: String
    var shard: Shard
    /// The names of the lineups the job plays, in order (`Block.lineup` counts in this list).
    var lineups: [String]
    /// Games per lineup.
    var games: Int
    /// Where the blocks are cut (a gate's looks, the last one `games`); nil for one stretch of
    /// `games` (and then absent from the file, so simulation parts read as before).
    var cuts: [Int]?
    var blocks: [Block]
    var checksum: String?

    static func decode(_ bytes: [UInt8]) throws -> SeamPartFile { try PartJSON.decoder.decode(SeamPartFile.self, from: Data(bytes)) }
}

/// A command whose games on the seam can be spread over the shards of a cluster job.
protocol SeamShardableCommand: ParsableCommand {
    /// Runs the command with its games taken from the parts of a sharded run.
    mutating func execute(seamParts: SeamParts) throws
}

/// What merge knows of seam parts before the command that made them says whose they are.
struct SeamParts {
    /// The format every seam part names, whatever its game's statistics.
    static let format = "playbench-seam-part/1"

    var files: [(path: String, bytes: [UInt8])]
    var command: [String]

    /// The format and the command a part names, read without its statistics.
    static func header(_ bytes: [UInt8]) -> (format: String, command: [String])? {
        struct Header: Decodable {
            var format: String
            var command: [String]?
        }
        guard let header = try? JSONDecoder().decode(Header.self, from: Data(bytes)) else { return nil }
        return (header.format, header.command ?? [])
    }

    /// One part read as `merge` reads it, whatever its bytes: decoded as `game`'s, its checksum
    /// matching (unless `checkingChecksum` is false, for the fuzz target, which cannot compute
    /// one), its shard I/N sound, its blocks exactly the shard's of its own lineups and games, and
    /// every block's statistics passing the game's invariants. Refuses, never traps.
    static func read<Game: PlayableGame>(
        _ game: Game, _ bytes: [UInt8], name: String, checkingChecksum: Bool = true
    ) throws(PartProblem) -> SeamPartFile<Game.Statistics> {
        try read(PartReader(game), bytes, name: name, checkingChecksum: checkingChecksum)
    }

    /// The same for statistics `reader` describes (a game's own, or a comparison's of its games).
    static func read<Statistics>(
        _ reader: PartReader<Statistics>, _ bytes: [UInt8], name: String, checkingChecksum: Bool = true
    ) throws(PartProblem) -> SeamPartFile<Statistics> {
        func refuse(_ reason: String) -> PartProblem { PartProblem(description: "\(name): \(reason)") }
        let gameName = reader.gameName
        let part: SeamPartFile<Statistics>
        do { part = try .decode(bytes) } catch {
            // Not JSON at all (a cut or damaged copy): say where, as for any file read.
            if let syntax = PartJSON.syntaxError(bytes) {
                throw PartProblem(description: "\(name):\(syntax.location): not a part of \(gameName): its JSON \(syntax.message.hasPrefix("the JSON ") ? String(syntax.message.dropFirst(9)) : "breaks here: " + syntax.message)")
            }
            throw refuse("not a part of \(gameName) (\(PartJSON.reason(error)))")
        }
        try checkFields(part, refuse)
        if checkingChecksum {
            guard part.checksum != nil else { throw refuse("no checksum: not a part a shard of this playbench wrote") }
            let expected: String
            do { expected = try part.checksumOfContent() } catch { throw refuse("cannot encode it again to check its checksum") }
            guard part.checksum == expected else {
                throw refuse("its checksum does not match its content: the part was changed after its shard wrote it (a damaged copy, or an edit)")
            }
        }
        guard part.game == gameName else { throw refuse("a part of \(quotedName(part.game)), not of \(gameName)") }
        guard part.games >= 0, part.games <= 1_000_000_000, part.lineups.count <= 1_000_000 else {
            throw refuse("\(part.lineups.count) lineups of \(part.games) games: not a job this playbench plays")
        }
        if let cuts = part.cuts {
            guard !cuts.isEmpty, cuts.count <= 64, cuts[0] > 0, zip(cuts, cuts.dropFirst()).allSatisfy({ $0 < $1 }), cuts.last == part.games else {
                throw refuse("cuts \(cuts.prefix(8)) are not increasing game counts ending at its \(part.games) games")
            }
        }
        let blocks = part.layout
        guard part.shard.count >= 1, part.shard.index >= 0, part.shard.index < part.shard.count else {
            throw refuse("shard \(part.shard) is not I/N with 0 ≤ I < N")
        }
        guard part.shard.count <= Shard.maxCount else { throw refuse("shard \(part.shard): more than \(Shard.maxCount) shards, which --shard refuses") }
        guard !(blocks.count * part.lineups.count).multipliedReportingOverflow(by: part.shard.count).overflow else {
            throw refuse("shard \(part.shard): a split into more shards than this playbench can count")
        }
        // Exactly the blocks this shard plays, each checked by the game before it is trusted.
        let mine = part.shard.work(runs: Array(repeating: blocks, count: part.lineups.count))
        let owned = mine.flatMap { work in work.blocks.map { (work.run, $0) } }
        guard part.blocks.map({ ($0.lineup, $0.block) }).elementsEqual(owned, by: ==) else {
            throw refuse("blocks other than shard \(part.shard)'s")
        }
        for block in part.blocks {
            if let why = reader.invariantViolation(block.statistics, blocks[block.block].count) {
                throw refuse("block \(block.block) of lineup \(block.lineup): \(why)")
            }
        }
        return part
    }

    /// The most bytes of a part's text fields: a version, a game's name, a fingerprint or a
    /// checksum is a few dozen; an argument or a lineup's name is bounded as a design's strings are.
    static let longestField = 4_096
    static let longestName = 65_536
    static let mostArguments = 1_000

    /// Every text field of a part bounded, and its version this playbench's, before anything is
    /// compared or computed from them, checksum or not (issue 43: a part of a 50 MB version
    /// merged; a part another version wrote folds blocks that version played, not these).
    private static func checkFields<Statistics>(_ part: SeamPartFile<Statistics>, _ refuse: (String) -> PartProblem) throws(PartProblem) {
        for (field, text) in [("version", part.version), ("game", part.game), ("inputs", part.inputs), ("checksum", part.checksum ?? "")]
        where text.utf8.count > longestField {
            throw refuse("its \(field) is \(text.utf8.count.groupedText) bytes: no shard writes one past \(longestField.groupedText)")
        }
        guard part.command.count <= mostArguments, part.command.allSatisfy({ $0.utf8.count <= longestName }) else {
            throw refuse("its command has \(part.command.count.groupedText) arguments, or one past \(longestName.groupedText) bytes: no shard writes such a command")
        }
        if let long = part.lineups.firstIndex(where: { $0.utf8.count > longestName }) {
            throw refuse("the name of its lineup \(long) is \(part.lineups[long].utf8.count.groupedText) bytes: a design's names end at \(longestName.groupedText)")
        }
        let version = ToolInfo().version
        guard part.version == version else {
            throw refuse("written by playbench \(quotedName(part.version)), not by this one (\(version)): blocks another version played do not fold into this one's result")
        }
    }

    /// Every run's statistics, each folded from all its blocks in order, once every part is
    /// checked (checksum, shape, each block's statistics by the game and against the run's
    /// design) and the parts make one job of these runs (a sweep's points' lineups) and `games`
    /// games each.
    func statistics<Game: PlayableGame>(
        _ game: Game, runs: [SeamPlay.Run<Game>], games: Int, inputs: String
    ) throws(PartProblem) -> [Game.Statistics] {
        try blockStatistics(game, runs: runs, blocks: GameBlocks(games: games), inputs: inputs).map { lineup in
            var statistics = game.emptyStatistics()
            GameBlocks.fold(lineup, into: &statistics)
            return statistics
        }
    }

    /// The statistics of every block of every run, in block order, once every part is checked
    /// and the parts make one job of those runs in those blocks.
    func blockStatistics<Game: PlayableGame>(
        _ game: Game, runs: [SeamPlay.Run<Game>], blocks: GameBlocks, inputs: String
    ) throws(PartProblem) -> [[Game.Statistics]] {
        try blockStatistics(PartReader(game), lineups: runs.map(\.name), blocks: blocks, inputs: inputs) { lineup, statistics, games in
            let run = runs[lineup]
            return game.mismatch(of: statistics, games: games, lineup: run.lineup, in: run.playable)
        }
    }

    /// The same for statistics `reader` describes: `mismatch` says what in a block's statistics
    /// (of run `lineup`, games `games`) the command's own design could not have played, or nil.
    func blockStatistics<Statistics>(
        _ reader: PartReader<Statistics>, lineups: [String], blocks: GameBlocks, inputs: String,
        mismatch: (_ lineup: Int, _ statistics: Statistics, _ games: Range<UInt64>) -> String?
    ) throws(PartProblem) -> [[Statistics]] {
        var byIndex: [Int: String] = [:]
        var count = 0
        var folded: [[Int: Statistics]] = Array(repeating: [:], count: lineups.count)
        for (path, bytes) in files {
            func refuse(_ reason: String) -> PartProblem { PartProblem(description: "\(path): \(reason)") }
            let part = try Self.read(reader, bytes, name: path)
            guard part.command == command else { throw refuse("a part of '\(PartProblem.spelled(part.command))', not of '\(PartProblem.spelled(command))'") }
            guard part.inputs == inputs else {
                throw refuse("played from other files than this design's\(InputFingerprint.phrase(part.inputs, inputs)): the design changed since")
            }
            guard part.game == reader.gameName, part.lineups == lineups, part.layout == blocks else {
                throw refuse("lineups or games other than this command's (\(part.lineups.count) lineups of \(part.games) games)")
            }
            if count == 0 { count = part.shard.count }
            guard part.shard.count == count else { throw refuse("shard \(part.shard) of another split (\(count) shards)") }
            if let other = byIndex[part.shard.index] { throw PartProblem(description: "\(path) and \(other) are both shard \(part.shard)") }
            byIndex[part.shard.index] = path
            for block in part.blocks {
                let games = blocks[block.block]
                if let why = mismatch(block.lineup, block.statistics, UInt64(games.lowerBound)..<UInt64(games.upperBound)) {
                    throw refuse("block \(block.block) of lineup \(block.lineup): \(why) ('\(PartProblem.spelled(command))')")
                }
                folded[block.lineup][block.block] = block.statistics
            }
        }
        guard count > 0, byIndex.count == count else {
            let missing = (0..<max(count, 1)).filter { byIndex[$0] == nil }
            let named = missing.prefix(5).map { "\($0)/\(count)" }.joined(separator: ", ") + (missing.count > 5 ? ", …" : "")
            throw PartProblem(description: "\(missing.count == 1 ? "shard" : "shards") \(named) missing: merge needs all \(count) parts")
        }
        // Every shard is here and each held exactly its own blocks (``read(_:_:name:checkingChecksum:)``):
        // no block is missing.
        return folded.map { lineup in blocks.indices.compactMap { lineup[$0] } }
    }
}

/// What a part's statistics are, for reading them back: whose game they are of, and what one
/// block's statistics must satisfy to be trusted (a game's invariants, or a comparison's).
struct PartReader<Statistics: Codable & Sendable> {
    var gameName: String
    /// What is wrong with one block's statistics of that many games, or nil.
    var invariantViolation: (_ statistics: Statistics, _ games: Int) -> String?
}

extension PartReader {
    /// A game's own statistics, checked by the game.
    init<Game: PlayableGame>(_ game: Game) where Game.Statistics == Statistics {
        self.init(gameName: game.name) { statistics, games in game.invariantViolation(of: statistics, games: games) }
    }
}

extension SeamPartFile {
    /// How the job's games are cut into blocks, the same for each of its lineups.
    var layout: GameBlocks { cuts.map { GameBlocks(cuts: $0) } ?? GameBlocks(games: games) }
}

extension SeamPlay {
    /// The fingerprint of the design's input files (``GameDefinition/inputFileNames``, those it
    /// has), which every part of a job must share: other files beside them (the parts
    /// themselves, say) are not the design. Other files the job depends on (a gate's balance
    /// targets) join the fingerprint as `more`.
    static func fingerprint(_ game: some GameDefinition, _ design: DesignDirectory, more: [(name: String, bytes: [UInt8])] = []) throws -> String {
        let files = try Output.exitingOnFileError { () throws(FileError) in
            do throws(DesignFileError) {
                var files: [(name: String, bytes: [UInt8])] = []
                for name in game.inputFileNames {
                    if let file = try design.file(name) { files.append((name, file.bytes)) }
                }
                return files
            } catch {
                throw FileError(error)
            }
        }
        return InputFingerprint.of(files + more)
    }

    /// One run of a sharded job: lineup `lineup` (its index in `playable`'s lineups), named
    /// `name` in the part (a sweep's names say the point too).
    struct Run<Game: PlayableGame> {
        var playable: Game.Playable
        var lineup: Int
        var name: String

        /// Every lineup of `playable`, named as the design names them.
        static func all(_ game: Game, _ playable: Game.Playable) -> [Run] {
            game.lineups(of: playable).enumerated().map { Run(playable: playable, lineup: $0.offset, name: $0.element.name) }
        }
    }

    /// Plays shard `shard` of the job (`runs`, each in `blocks`) and writes its part atomically.
    static func writePart<Game: PlayableGame>(
        _ game: Game, runs: [Run<Game>], shard: Shard, options: ShardOptions, blocks: GameBlocks, seed: UInt64, threads: Int?, inputs: String
    ) throws {
        try writePart(
            gameName: game.name, runs: runs.map(\.name), shard: shard, options: options, blocks: blocks, inputs: inputs
        ) { index, indices, cancellation, blockFinished in
            let run = runs[index]
            return game.play(
                run.playable, lineup: run.lineup, blocks: blocks, indices: indices, seed: seed, threads: threads, cancellation: cancellation,
                blockFinished: blockFinished)
        }
    }

    /// The same for any statistics of blocks of games: `play` plays blocks `indices` of run
    /// `index` and hands each finished block's statistics to its last argument, in block order;
    /// it returns false when interrupted, and throws what stops the shard otherwise (no part).
    static func writePart<Statistics: Codable & Sendable>(
        gameName: String, runs: [String], shard: Shard, options: ShardOptions, blocks: GameBlocks, inputs: String, unit: String = "game",
        play: (
            _ index: Int, _ indices: Range<Int>, _ cancellation: Cancellation,
            _ blockFinished: @escaping @Sendable (_ block: Int, _ statistics: Statistics) -> Void
        ) throws -> Bool
    ) throws {
        let path = options.partPath(shard)
        try OutputPreflight.check(files: [path])
        let interruption = Interruption()
        let bar = ProgressBar(label: "shard \(shard)")
        let collected = Mutex<[SeamPartFile<Statistics>.Block]>([])
        let work = shard.work(runs: Array(repeating: blocks, count: runs.count))
        var complete = true
        for (done, (index, indices)) in work.enumerated() where complete {
            do {
                complete = try play(index, indices, interruption.cancellation) { block, statistics in
                    collected.withLock { $0.append(.init(lineup: index, block: block, statistics: statistics)) }
                }
            } catch {
                bar.finish()
                interruption.end()
                throw error
            }
            bar.update(done: done + 1, total: work.count)
        }
        bar.finish()
        guard complete else {
            interruption.end()
            Output.error("\(Interruption.word): shard \(shard) wrote no part")
            throw ExitCode(Interruption.exitStatus)
        }
        let part = SeamPartFile<Statistics>(
            version: ToolInfo().version, command: ShardOptions.commandWithoutSharding(), game: gameName, inputs: inputs, shard: shard,
            lineups: runs, games: blocks.games, cuts: blocks == GameBlocks(games: blocks.games) ? nil : blocks.cuts,
            blocks: collected.withLock { $0 })
        try Output.exitingOnFileError { () throws(FileError) in try part.write(to: path) }
        interruption.end()
        let gamesPlayed = work.reduce(0) { sum, w in sum + w.blocks.reduce(0) { $0 + blocks[$1].count } }
        Output.standard("wrote \(path): shard \(shard), \(counted(gamesPlayed, unit)) in \(counted(part.blocks.count, "block")); when every shard is done: playbench merge PARTS...\n")
    }
}
