import Diagnostics
import MonteCarlo
import Randomness

/// A game that plays through the seam: the commands that play (simulate, gate, …) serve it with
/// no code of their own for it (issue 17).
///
/// The game turns a design into lineups, the things played side by side (a matchup of agents
/// on a rule variant, a team of modelled players), and plays one game of a lineup from its seed into
/// mergeable statistics. The commands do the rest: every core, blocks of games that merge to the
/// same result whatever the thread count, progress, Ctrl-C, looks of a sequential gate. The game
/// names its metrics (``MetricDefinition``) and estimates them from its statistics, so that
/// gates, intervals and sequential looks apply to every game alike.
public protocol PlayableGame: GameDefinition {
    /// A design read, checked and ready to play.
    associatedtype Playable: Sendable
    /// What games of one lineup come to: counts and moments that merge exactly.
    associatedtype Statistics: MergeableStatistics & Codable

    /// Reads and checks the design for play with the user's options applied: the playable design
    /// (nil when it has errors) and every diagnostic. A value of an option that makes no sense
    /// is a ``PlayOptionError`` (a usage error, exit 64).
    func playable(_ design: any DesignFolder, _ options: GameOptionValues) throws(PlayLoadError) -> (Playable?, [Diagnostic])

    /// What `--set` may change and `sweep` vary.
    var parameters: [ParameterDefinition] { get }

    /// The parameter a command names: one of ``parameters``, or one a game makes of such a name
    /// (a number inside a parameter's expression, say); nil for none of the game's. Default: the
    /// one of ``parameters`` of that name.
    func parameter(named name: String) -> ParameterDefinition?

    /// What one lineup is called in sentences ("team", "matchup"). Default: "lineup".
    var lineupNoun: String { get }

    /// How the design plays every game, where it says more than the game's name ("up to 30
    /// rounds a game, from difficulty 4"), for the headers of results; nil for nothing more.
    func playedAs(_ playable: Playable) -> String?

    /// Why metric `name` cannot be measured on games of lineup `lineup` as the design plays them
    /// (a round after the last, a plateau the games never reach), said before any game is
    /// played; nil when it can. Default: nil.
    func unmeasurable(_ name: String, lineup: Int, in playable: Playable) -> String?

    /// The design with parameter `name` set to `value`. `sweep` asks before it checks `value`
    /// against the parameter's values (``ParameterDefinition/check(_:)``), so that a game's own
    /// words for a value it refuses come first: a value outside them must come back as an error,
    /// never trap. A value the game cannot read (an expression that does not parse) is a
    /// ``PlayLoadError/option(_:)`` (a usage error); one it reads but the design cannot take,
    /// alone or with the others set (a target above its flips), is
    /// ``PlayLoadError/unplayable(reason:diagnostics:)``, whose reason says why (a sweep's
    /// point not played).
    func setting(_ playable: Playable, _ name: String, to value: String) throws(PlayLoadError) -> Playable

    /// What is wrong with a design once every setting of a command is applied, or nil: a rule
    /// that settings break or mend together (a timer and the times it must outlast), asked
    /// after the last one so that the order they are given in changes nothing. An
    /// ``PlayLoadError/unplayable(reason:diagnostics:)`` says why. Default: nil.
    func problem(afterSetting playable: Playable) -> PlayLoadError?

    /// The design's value of parameter `name`, as `--set` writes it; nil when the design has no
    /// one value of it (a setting its lineups each hold differently, or one it does not have).
    func value(of name: String, in playable: Playable) -> String?

    /// Where the design's files write parameter `name` set to `value` (a value ``setting(_:_:to:)``
    /// takes), and how (``WrittenValue``); nil when no file writes it (a choice of play, such as
    /// a team's size, that a command's option sets). Default: nil, for a game whose edits
    /// `explore` cannot save.
    func written(_ name: String, value: String, in playable: Playable) -> WrittenValue?

    /// What is played side by side, in the order results are shown.
    func lineups(of playable: Playable) -> [Lineup]

    /// Statistics of no games.
    func emptyStatistics() -> Statistics

    /// What is wrong with statistics read from a file (a shard's part) as `games` games of one
    /// lineup, or nil when playing them could have given them: merge checks every block with it
    /// before folding, so a damaged or forged part is refused, never trusted.
    func invariantViolation(of statistics: Statistics, games: Int) -> String?

    /// What in a block's statistics, read from a part as games `games` of lineup `lineup`, the
    /// command's own design could not have given (rounds it does not play, games outside the
    /// block), or nil: merge asks it of every block that passed ``invariantViolation(of:games:)``.
    /// Default: nil, for statistics that say nothing of the design.
    func mismatch(of statistics: Statistics, games: Range<UInt64>, lineup: Int, in playable: Playable) -> String?

    /// Plays game number `game` of lineup `lineup` from `seed` (``Lineup/seeds(_:)`` of the run's
    /// seed) and records it.
    func play(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64, into statistics: inout Statistics)

    /// Lineups whose games are played together, game by game (``play(_:lineups:game:seed:into:)``),
    /// because they share work: teams of one size meeting the same generated rounds, say. Every
    /// lineup is in one group, and a group's lineups play the same seeds (``Lineup/seeds(_:)``)
    /// in chunks of one size. How lineups are grouped never changes the result of a run that
    /// plays every game (an interrupted one stops every lineup of its group part-way). Default:
    /// each lineup alone.
    func lineupGroups(of playable: Playable) -> [[Int]]

    /// Plays game number `game` of each of `lineups`, a group of ``lineupGroups(of:)``, from
    /// `seed`, into `statistics[i]` for `lineups[i]`: exactly what
    /// ``play(_:lineup:game:seed:into:)`` of each records. Default: those plays in turn.
    func play(_ playable: Playable, lineups: [Int], game: UInt64, seed: UInt64, into statistics: inout [Statistics])

    /// The metrics a game of this kind measures, for gates and tables.
    var metrics: [MetricDefinition] { get }

    /// The metrics the tables of a design show, in their order (a sweep's columns). Default:
    /// ``metrics``.
    func reportedMetrics(of playable: Playable) -> [MetricDefinition]

    /// The metric a target or a table names: one of ``metrics``, or one a game builds from a name
    /// with an argument ("survival(5)", a metric of the games after round 5); nil for no metric of
    /// the game. Default: the one of ``metrics`` of that name.
    func metric(named name: String) -> MetricDefinition?

    /// Metric `name` of a lineup's games, with its interval at `confidence`; nil when the games
    /// give no value.
    func estimate(_ name: String, of statistics: Statistics, confidence: Confidence) -> MetricEstimate?

    /// The curves of lineup `lineup`'s games along their course (``GameCurve``: alive after
    /// each round, money's percentiles), at `confidence`: what `explore` draws for a design and
    /// its edited self. Default: none (the page then shows the metrics alone).
    func curves(of statistics: Statistics, lineup: Int, in playable: Playable, confidence: Confidence) -> [GameCurve]

    /// What `simulate` prints for people: every lineup's statistics, and `run.how`.
    func simulationText(_ run: PlayedRun<Self>) -> String

    /// What `simulate --format json` prints, for tools: every statistic, encoded by the command.
    func simulationJSON(_ run: PlayedRun<Self>) -> any Encodable & Sendable

    /// The design as `report` plays it: the lineups a report shows beside those asked for (one
    /// of every kind of player, say) and the references it draws them against. Default: as asked.
    func reportPlayable(_ playable: Playable) throws(PlayLoadError) -> Playable

    /// The files of `report`'s directory (an HTML page, a summary, the numbers), which the
    /// command writes together, and a phrase for what was played ("4 variants × 2 matchups").
    func report(_ run: PlayedRun<Self>) -> (files: [ReportFile], played: String)
}

extension PlayableGame {
    public func metric(named name: String) -> MetricDefinition? { metrics.first { $0.name == name } }

    public func parameter(named name: String) -> ParameterDefinition? { parameters.first { $0.name == name } }

    public var lineupNoun: String { "lineup" }

    public func playedAs(_ playable: Playable) -> String? { nil }

    public func unmeasurable(_ name: String, lineup: Int, in playable: Playable) -> String? { nil }

    public func problem(afterSetting playable: Playable) -> PlayLoadError? { nil }

    public func mismatch(of statistics: Statistics, games: Range<UInt64>, lineup: Int, in playable: Playable) -> String? { nil }

    public func reportPlayable(_ playable: Playable) throws(PlayLoadError) -> Playable { playable }

    public func lineupGroups(of playable: Playable) -> [[Int]] { lineups(of: playable).indices.map { [$0] } }

    public func play(_ playable: Playable, lineups: [Int], game: UInt64, seed: UInt64, into statistics: inout [Statistics]) {
        for (i, lineup) in lineups.enumerated() { play(playable, lineup: lineup, game: game, seed: seed, into: &statistics[i]) }
    }

    public func reportedMetrics(of playable: Playable) -> [MetricDefinition] { metrics }

    /// The design with every setting applied in order, each value checked against its
    /// parameter's domain first, and the result against ``problem(afterSetting:)``.
    public func setting(_ playable: Playable, _ settings: [(name: String, value: String)]) throws(PlayLoadError) -> Playable {
        var changed = playable
        for (name, value) in settings {
            guard let definition = parameter(named: name) else {
                let names = parameters.map(\.name)
                throw .option("'\(name)' is not a parameter of \(self.name) designs (\(names.isEmpty ? "it has none" : names.joined(separator: ", ")))")
            }
            if let problem = definition.check(value) { throw .option(problem) }
            changed = try setting(changed, name, to: value)
        }
        if let problem = problem(afterSetting: changed) { throw problem }
        return changed
    }
}

extension Lineup {
    /// A lineup of players named in one short phrase by their models' names: "4 × casual" when
    /// every player has the same one, else the names in order ("novice, casual, expert").
    public static func name(ofPlayers players: [String]) -> String {
        if let first = players.first, players.allSatisfy({ $0 == first }) { return "\(players.count) × \(first)" }
        return players.joined(separator: ", ")
    }
}

/// One thing a design has played side by side with others.
public struct Lineup: Sendable, Hashable {
    /// How tables and targets name it ("spec: first — random vs random").
    public var name: String
    /// The seed of its games' seeds: lineups mix it into the run's so that each plays
    /// independent games (their results compare as independent samples) and adding a lineup
    /// changes no other's numbers.
    public var seedKey: UInt64
    /// Games per chunk of the runner that suit its games' cost: small for slow games (fine
    /// progress and Ctrl-C), large for fast ones (less locking). Never changes a result.
    public var chunkSize: Int
    /// Whether its games play the run's own seeds, game i from `GameSeeds(runSeed: seed)`, as
    /// every other such lineup does (common random numbers: lineups compared on the same games),
    /// instead of seeds of its own from ``seedKey``.
    public var sharesRunSeeds: Bool

    public init(name: String, seedKey: UInt64, chunkSize: Int = MonteCarloRunner.defaultChunkSize, sharesRunSeeds: Bool = false) {
        self.name = name
        self.seedKey = seedKey
        self.chunkSize = chunkSize
        self.sharesRunSeeds = sharesRunSeeds
    }

    /// The seeds of this lineup's games under the run's `seed`.
    public func seeds(_ seed: UInt64) -> GameSeeds {
        sharesRunSeeds ? GameSeeds(runSeed: seed) : GameSeeds(runSeed: GameSeeds(runSeed: seed).seed(game: seedKey))
    }

    /// FNV-1a of `text`: a seed key from a fixed spelling, the same on every platform.
    public static func seedKey(of text: String) -> UInt64 {
        FNV1a64.hash(text)
    }
}

/// Why a design could not be made ready to play: a file that cannot be read, an option value
/// that makes no sense for it (a usage error), or a design that its own checks pass but that
/// cannot be played as the options ask (a start whose values fail, say).
public enum PlayLoadError: Error, Sendable {
    case file(DesignFileError)
    case option(String)
    /// Exit 1: `reason` says why, `diagnostics` where in the design.
    case unplayable(reason: String, diagnostics: [Diagnostic])

    /// What went wrong, in a sentence: the option's or the design's reason, or the file's.
    public var message: String {
        switch self {
        case .option(let message), .unplayable(let message, _): message
        case .file(let file): file.description
        }
    }
}

/// Games of every lineup, played or merged, and how they were.
public struct PlayedRun<Game: PlayableGame>: Sendable {
    public var playable: Game.Playable
    public var lineups: [Lineup]
    /// One per lineup played; fewer than ``lineups`` when interrupted.
    public var statistics: [Game.Statistics]
    public var seed: UInt64
    public var gamesRequested: Int
    /// How the games were played, for people ("1.20 s on 2 threads").
    public var how: String
    /// How messages name the design.
    public var label: String
    /// Ctrl-C came before every lineup played every game: the last one begun holds fewer, and
    /// later ones are missing.
    public var interrupted: Bool
    /// The threads the run was asked to use (`--threads`; nil: every core), which games a
    /// command plays after it (a report's quick sensitivity) use too.
    public var threads: Int?

    public init(
        playable: Game.Playable, lineups: [Lineup], statistics: [Game.Statistics], seed: UInt64, gamesRequested: Int, how: String, label: String,
        interrupted: Bool, threads: Int? = nil
    ) {
        self.interrupted = interrupted
        self.threads = threads
        self.playable = playable
        self.lineups = lineups
        self.statistics = statistics
        self.seed = seed
        self.gamesRequested = gamesRequested
        self.how = how
        self.label = label
    }

    public var isComplete: Bool { !interrupted && statistics.count == lineups.count }
}

/// A file of a report: text as it is, or a value the command writes as JSON (as every command's
/// JSON is written: pretty, keys sorted).
public enum ReportFile: Sendable {
    case text(name: String, contents: String)
    case json(name: String, value: any Encodable & Sendable)

    public var name: String {
        switch self {
        case .text(let name, _), .json(let name, _): name
        }
    }
}
