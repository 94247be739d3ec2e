import Balance
import Diagnostics
import GameSeam
import MonteCarlo
import Synchronization

/// One design held open for the page: what it shows (``design``), edits checked as the commands
/// check `--set`, and runs of the design beside its edited self on common random numbers.
/// Knows no game and does no I/O: the server hands it requests.
public protocol ExploreSession: Sendable {
    var design: ExploreDesign { get }

    /// What is wrong with `edits`, each beside its field; empty when the design takes them.
    func problems(_ edits: [ExploreEdit]) -> [ExploreProblem]

    /// The design's files with `edits` written into them (only the edited values' text
    /// changes), or the problems that keep them from being saved.
    func saving(_ edits: [ExploreEdit]) -> (EditedDesign?, [ExploreProblem])

    /// Plays `request`, handing `block` the numbers after every block of games (in order, never
    /// concurrently) and `progress` the games played so far; blocks the caller until the run
    /// ends. Refused (no game played) when ``problems(_:)`` finds any or the request is out of
    /// bounds: `refused` gets them.
    func run(
        _ request: ExploreRunRequest, threads: Int?, cancellation: Cancellation, progress: @escaping @Sendable (Int, Int) -> Void,
        refused: ([ExploreProblem]) -> Void, block: @escaping @Sendable (ExploreBlock) -> Void
    ) -> ExploreRunEnd
}

/// ``ExploreSession`` for any game whose games compare one by one.
public struct ComparingExploreSession<Game: ComparingGame>: ExploreSession {
    public let game: Game
    public let playable: Game.Playable
    public let design: ExploreDesign
    /// How the commands it names call the design (`simulate DESIGN`): its directory as the user
    /// gave it, nil for the built-in design.
    public let directory: String?
    /// The design's files: edits are written into them and the design checked again as `check`
    /// checks it (nil: edits are checked as `--set` alone, and nothing is saved).
    let files: ExploreFiles?
    /// The options the design was read with, as the commands it names write them
    /// (`--team expert,casual`): the lineups the page chooses among.
    let commandOptions: [String]

    public init(
        _ game: Game, _ playable: Game.Playable, label: String, directory: String?, games: Int = 1000, maxGames: Int = 100_000, seed: UInt64 = 1,
        edits: [ExploreEdit] = [], lineup: Int = 0, files: ExploreFiles? = nil, saveTo: String? = nil,
        commandOptions: [String] = []
    ) {
        // A run plays at least 2 games (an interval needs two).
        let maxGames = max(2, maxGames)
        self.game = game
        self.playable = playable
        self.directory = directory
        self.files = files
        self.commandOptions = commandOptions
        let metric = ExploreDesign.Metric.init(_:)
        design = ExploreDesign(
            game: game.name, design: label, lineupNoun: game.lineupNoun, lineups: game.lineups(of: playable).map(\.name),
            parameters: game.parameters.map { ExploreDesign.Parameter($0, value: game.value(of: $0.name, in: playable)) },
            metrics: game.reportedMetrics(of: playable).map(metric), gameMetrics: game.gameMetrics.map(metric), playedAs: game.playedAs(playable),
            games: min(max(2, games), maxGames), maxGames: maxGames, seed: seed, seedText: String(seed), lineup: lineup, edits: edits,
            saveTo: files == nil ? nil : saveTo)
    }

    /// The edits in the order the parameters are listed, the last of each name kept: one
    /// spelling of a set of edits, for the design made and the command named alike.
    /// Names and values are trimmed of spaces as `--set` trims them.
    func canonical(_ edits: [ExploreEdit]) -> [ExploreEdit] {
        var last: [String: String] = [:], order: [String] = []
        for edit in edits.map({ ExploreEdit(name: $0.name.trimmingSpaces, value: $0.value.trimmingSpaces) }) {
            if last[edit.name] == nil { order.append(edit.name) }
            last[edit.name] = edit.value
        }
        let listed = design.parameters.map(\.name)
        // Names the game makes beyond its list (a number inside an expression) keep their order.
        let names = listed.filter { last[$0] != nil } + order.filter { !listed.contains($0) }
        return names.compactMap { name in last[name].map { ExploreEdit(name: name, value: $0) } }
    }

    func edited(_ edits: [ExploreEdit]) throws(PlayLoadError) -> Game.Playable {
        if let empty = edits.first(where: { $0.value.isEmpty }) { throw .option("\(empty.name): no value") }
        return try game.setting(playable, edits.map { ($0.name, $0.value) })
    }

    /// Why `request` cannot be played as asked, before its edits are looked at.
    func outOfBounds(_ request: ExploreRunRequest) -> String? {
        if !design.lineups.indices.contains(request.lineup) { return "no \(design.lineupNoun) \(request.lineup): the design plays \(design.lineups.count)" }
        if !(2...design.maxGames).contains(request.games) { return "games must be in 2...\(design.maxGames) (explore --max-games), not \(request.games)" }
        return nil
    }

    public func run(
        _ request: ExploreRunRequest, threads: Int?, cancellation: Cancellation, progress: @escaping @Sendable (Int, Int) -> Void,
        refused: ([ExploreProblem]) -> Void, block: @escaping @Sendable (ExploreBlock) -> Void
    ) -> ExploreRunEnd {
        if let why = outOfBounds(request) {
            refused([ExploreProblem(name: nil, message: why)])
            return .refused
        }
        let edits = canonical(request.edits)
        // An edit overtaken by a newer one before it starts costs nothing more.
        guard !cancellation.isCancelled else { return .cancelled }
        // What `check` refuses is not played either, though `--set` would take it.
        let problems = problems(edits)
        guard problems.isEmpty else {
            refused(problems)
            return .refused
        }
        let changed: Game.Playable
        do throws(PlayLoadError) { changed = try edited(edits) } catch {
            refused([ExploreProblem(name: nil, message: error.message)])
            return .refused
        }
        let lineup = request.lineup
        // An edit can rename the lineups (a team of 5 for one of 4) or change how many there are
        // (every session at one size): the edited lineup is the one of the same name, else the
        // one in the same place; with neither there is nothing to pair it with.
        let editedNames = game.lineups(of: changed).map(\.name)
        guard let editedLineup = editedNames.firstIndex(of: design.lineups[lineup]) ?? (editedNames.indices.contains(lineup) ? lineup : nil) else {
            let noun = design.lineupNoun
            refused([ExploreProblem(
                name: nil,
                message: "the edited design plays \(editedNames.count) \(noun)\(editedNames.count == 1 ? "" : "s") (\(editedNames.joined(separator: "; "))), none of them \(design.lineups[lineup]) or in its place: choose one of the first \(editedNames.count)")])
            return .refused
        }
        let name = editedNames[editedLineup] == design.lineups[lineup] ? design.lineups[lineup] : "\(design.lineups[lineup]) → \(editedNames[editedLineup])"
        // The edited lineup is played on the design's lineup's seeds, to pair the games; its own
        // `simulate` plays it on those seeds only when both lineups' seeds are the same.
        let (designLine, editedLine) = (game.lineups(of: playable)[lineup], game.lineups(of: changed)[editedLineup])
        var commands = commands(edits, request)
        if designLine.seeds(request.seed) != editedLine.seeds(request.seed) {
            commands.note = "(\(editedLine.name) in the edited design: this command plays it on seeds of its own, and the page on the design's, to pair the games; its numbers differ from these by chance alone)"
        }
        let snapshot = Snapshot(
            game: game, playable: playable, lineup: lineup, edited: changed, editedLineup: editedLineup, name: name, requested: request.games,
            commands: commands)
        let folded = Mutex(PairedRecord(
            moments: PairedMoments(metrics: game.gameMetrics.count, variants: 1), designs: [game.emptyStatistics(), game.emptyStatistics()]))
        let blocks = GameBlocks(games: request.games)
        let run = game.playPaired(
            playable, lineup: lineup, variants: [(changed, editedLineup)], recording: 2, blocks: blocks, seed: request.seed, threads: threads,
            cancellation: cancellation, progress: progress
        ) { index, record in
            // Folded as the runner folds (GameBlocks.fold): the last block's numbers are the run's.
            // Blocks come in order from game 0, so a block's end is the games played so far.
            let record = folded.withLock { folded in
                folded.merge(record)
                return folded
            }
            block(snapshot.block(record, games: blocks[index].upperBound))
        }
        return run.isPartial ? .cancelled : .complete
    }

    /// `playbench simulate` of the design and of it edited, on the request's games and seed.
    func commands(_ edits: [ExploreEdit], _ request: ExploreRunRequest) -> ExploreBlock.Commands {
        let base = ["playbench", "simulate"] + (directory.map { [$0] } ?? []) + commandOptions
        let tail = ["--games", String(request.games), "--seed", String(request.seed)]
        let sets = edits.flatMap { ["--set", "\($0.name)=\($0.value)"] }
        func line(_ words: [String]) -> String { words.map(ShellWord.quoted).joined(separator: " ") }
        return .init(design: line(base + tail), edited: line(base + sets + tail))
    }
}

/// What a block's numbers are made of besides the record: the game, the metrics, the names.
private struct Snapshot<Game: ComparingGame>: Sendable {
    var game: Game
    var playable: Game.Playable
    var lineup: Int
    var edited: Game.Playable
    var editedLineup: Int
    var name: String
    var requested: Int
    var commands: ExploreBlock.Commands
    let confidence = Confidence.ninetyFive

    func block(_ record: PairedRecord<Game.Statistics>, games: Int) -> ExploreBlock {
        let rows = game.reportedMetrics(of: playable).map { metric in
            ExploreBlock.Row(
                metric: metric.name, design: game.estimate(metric.name, of: record.designs[0], confidence: confidence),
                edited: game.estimate(metric.name, of: record.designs[1], confidence: confidence))
        }
        let differences = game.gameMetrics.enumerated().map { m, metric in
            let d = PairedDifference(record.moments.differences[0][m], confidence)
            let moments = record.moments
            return ExploreBlock.Difference(
                metric: metric.name, design: moments.base[m].mean, edited: moments.values[0][m].mean, mean: d.mean, lower: d.lower, upper: d.upper,
                significant: d.isSignificant)
        }
        let curves = ExploreBlock.Curves(
            design: game.curves(of: record.designs[0], lineup: lineup, in: playable, confidence: confidence),
            edited: game.curves(of: record.designs[1], lineup: editedLineup, in: edited, confidence: confidence))
        return ExploreBlock(
            lineup: name, games: games, requested: requested, confidence: confidence.level, rows: rows, differences: differences, curves: curves,
            commands: commands, final: games == requested)
    }
}
