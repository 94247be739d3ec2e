import GameSeam
import Relentless

/// Relentless (RULES.md) on the seam. Its design is built into the tool, so it is the default
/// game: `playbench check` with no directory checks the shipped design.
public struct RelentlessDefinition: GameDefinition {
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
        "merge": "the parts of a sharded simulate, gate or sweep, as one run",
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
    public let playOptions: Set<String> = ["players", "team", "max-rounds", "start-difficulty", "replay", "timeline", "shard", "round", "resume", "coefficient", "report", "personas"]

    public init() {}

    public func check(_ design: any DesignFolder, _ request: CheckRequest) throws(DesignFileError) -> CheckResult {
        try RelentlessCheck(design, request).run()
    }
}
