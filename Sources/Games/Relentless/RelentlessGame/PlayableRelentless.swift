import GameSeam
import Relentless
import RelentlessGeneration
import RelentlessSimulation
import RelentlessStarter

/// Relentless (RULES.md) on the seam, played through the generic commands (``PlayableGame``). Its
/// design is built into the tool, so it is the default game: `playbench check` with no directory
/// checks the shipped design. Each team is a
/// lineup, a game is one ``GameSimulator`` game into ``SimulationStatistics``, its metrics are
/// per game (survival, rounds reached, final money), and its whole-number parameters are what
/// `--set` changes.
///
/// Its teams play the run's own seeds (``Lineup/sharesRunSeeds``): game i of every team is
/// `GameSeeds(runSeed: seed).seed(game: i)`, so the one seed a report prints replays that game
/// with `simulate --replay`.
public struct PlayableRelentless: ComparingGame, ReplayingGame {
    public let name = "Relentless"
    public let summary = "the co-operative delivery party game (RULES.md)"
    public let designFileName = DesignSources.catalogueFileName
    public let commands = [
        "check": "the property lists' values (C2–C8), Pipeline.plist, Players.plist, Balance.plist, and solvability, static (G3, G4) and sampled (G1–G8, P4)",
        "generate": "the rounds a seed makes, with --explain the build plan of every order",
        "simulate": """
            whole games played by a team (--team a,b,c of personas from the design's \
            Players.plist, else the shipped ones; --players N repeats or cuts the default team), \
            every round generated as the host would (G1–G8) and played on one clock by P1–P7, \
            money by M1–M2, the difficulty rising from --start-difficulty (M3, the host's slider; \
            default minDifficultyLevel) until --max-rounds (30). Prints per round the share of \
            games alive, money p10/p50/p90, mean satisfaction and the orders correct, wrong, \
            timed out and open; then the games lost and, for the p10, p50 and p90 games, the \
            command that replays each: --replay SEED prints that game round by round, --timeline \
            R every action of round R. --catalogue/--parameters play files named one by one.
            """,
        "report": "the balance report (HTML, Markdown, CSV, JSON) of the default team and others",
        "gate": "Balance.plist's targets, each met, missed or undecided with an interval",
        "diff": "two designs played on the same seeds, paired differences per metric",
        "sweep": "a grid of parameter settings, each played",
        "tune": "the value of one parameter that meets a target",
        "sensitivity": "every key the design sets moved ±--step alone (an expression wrapped, C7's whole values), or with --personas every assumption of the team's personas: paired effects and elasticities",
        "calibrate": "persona keys fitted to playtest logs (plist or CSV, checked by check --playtests): intervals, what the logs cannot pin down, a predictive check, the fitted Players.plist",
        "params": "every key of DefaultGameParameters.plist at every difficulty of the ramp (M3), with C6's fallbacks and C7's ceilings",
        "init": """
            GameConfig.plist (all four kinds of item, an assembled item nested two levels, C4), \
            DefaultGameParameters.plist (expressions in diffLevel, C5, ceiled by C7, on a ramp, \
            M3), Players.plist (a persona written in full, one extending it, one extending a \
            shipped persona) and Balance.plist (two targets for gate)
            """,
    ]
    public let fileOptions = NamedDesignFiles.options
    public let checkOptions: Set<CheckOption> = [.samples, .seed, .explain, .startDifficulty]
    public var rules: [RulesArticle] { [RulesArticle(catalog: RelentlessReference.catalog, markdown: RelentlessReference.article)] }
    public var inputFileNames: [String] { RelentlessFiles.inputFileNames }

    /// Every kind of item, an assembled item nested two levels, expressions in diffLevel that C7
    /// ceils, personas of its own and two balance targets, every key commented with its rule.
    public var builtInFiles: [DesignFile] { BuiltInDesign.files.compactMap { BuiltInDesign.file($0.name) } }

    public var starterDesign: [StarterFile] { StarterDesign.files.map { StarterFile(name: $0.name, text: String(decoding: $0.bytes, as: UTF8.self)) } }

    public init() {}

    public func check(_ design: any DesignFolder, _ request: CheckRequest) throws(DesignFileError) -> CheckResult {
        try RelentlessCheck(design, request).run()
    }

    /// A design ready to play: read and checked, its teams resolved, a simulator per team.
    public struct Playable: Sendable {
        public var design: Design
        public var choice: PipelineChoice
        /// The teams asked for (`--team`, or Players.plist's default team), one lineup each.
        public var teams: [[Persona]]
        /// Whether `--team` named ``teams`` (a report then plays them alone, not every persona).
        public var teamsNamed: Bool
        /// A report's floor and ceiling of play at each team size (idle and perfect players),
        /// lineups after ``teams``; none elsewhere.
        public var bounds: [[Persona]] = []
        /// The personas of the design's Players.plist.
        public var model: PlayerModel
        public var maxRounds: Int
        /// nil for the design's minimum (M3).
        public var startDifficulty: Double?
        /// `--start-difficulty` as given, the minimum included (nil when absent): it overrides a
        /// Balance.plist's start.
        public var startAsked: Double?
        /// Each team's own start (M3; nil entries: the minimum) when the teams start apart, as a
        /// gate's targets may ask; nil: every lineup from ``startDifficulty``.
        public var teamStarts: [Double?]?
        /// `--timeline R`: a replay also lists every action of round R (1-based).
        public var timeline: Int?
        /// `--round R`: the round after which tables measure survival and money (default 5, or
        /// the last round when games are shorter).
        public var round: Int
        /// `--team` as given, one per team: what a new team size (``parameters``' players) cuts or
        /// repeats; nil entries for Players.plist's default team.
        public var teamTexts: [String?]
        /// One per lineup (``teams``, then ``bounds``), for ``design`` as it is now.
        public internal(set) var simulators: [GameSimulator]
        /// Every lineup's team: ``teams``, then ``bounds``.
        public var lineupTeams: [[Persona]] { teams + bounds }

        /// Where lineup `k`'s games start (M3): its team's own start, else ``startDifficulty``.
        public func start(of k: Int) -> Double? {
            guard let teamStarts, k < teamStarts.count else { return startDifficulty }
            return teamStarts[k]
        }
        /// Where the design came from, as the commands that replay a game or make a round again
        /// name it.
        public var designDirectory: String?
        public var named: NamedDesignFiles
        /// How messages name the design and the Players.plist its personas came from.
        public var label: String
        public var playersLabel: String
    }
}
