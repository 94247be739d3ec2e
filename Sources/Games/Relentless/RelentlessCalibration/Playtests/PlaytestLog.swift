import Diagnostics
import RelentlessSimulation

/// What a studio observed of real teams playing a design: the evidence `calibrate` fits personas
/// to. One record per playtest; per round, what a designer can note at the table or the app can
/// log. Every field of a round may be missing (the designer did not note it): the fit then
/// compares only what was noted, and the simulated playtests leave out the same fields.
///
/// ```swift
/// let (log, diagnostics) = PlaytestLogReader.read(tree, file: "Thursday.plist", design: version, parameters: p)
/// log?.playtests[0].rounds[2].wrong   // Int?: nil when not noted
/// ```
public struct PlaytestLog: Sendable, Hashable {
    /// The design version the playtests were played on (``DesignVersion``).
    public var design: String
    public var playtests: [Playtest]

    public init(design: String, playtests: [Playtest]) {
        self.design = design
        self.playtests = playtests
    }

    /// Several files' playtests as one log (all of one design version, as read).
    public static func merged(_ logs: [PlaytestLog]) -> PlaytestLog? {
        guard let first = logs.first else { return nil }
        return PlaytestLog(design: first.design, playtests: logs.flatMap(\.playtests))
    }

    /// Rounds noted, over all playtests.
    public var roundCount: Int { playtests.reduce(0) { $0 + $1.rounds.count } }
}

/// One game played by one real team, from the start difficulty on.
public struct Playtest: Sendable, Hashable {
    /// How the file names it (for messages); its place in the file when it has no name.
    public var name: String
    public var teamSize: Int
    /// M3: the difficulty of the first round; nil for the design's minimum.
    public var startDifficulty: Double?
    /// The rounds in the order played, the first first. A game lost (M2) ends with its last round.
    public var rounds: [PlaytestRound]
    /// The rounds the table meant to play: a game that noted fewer was lost (M2) at its last.
    /// nil: the rounds noted.
    public var maxRounds: Int?

    public init(name: String, teamSize: Int, startDifficulty: Double? = nil, rounds: [PlaytestRound], maxRounds: Int? = nil) {
        self.name = name
        self.teamSize = teamSize
        self.startDifficulty = startDifficulty
        self.rounds = rounds
        self.maxRounds = maxRounds
    }

    /// The most rounds the game could have lasted: what its simulated replays play up to.
    public var roundLimit: Int { maxRounds ?? rounds.count }

    /// Lost (M2): it ended before its limit, or its last money is below 0.
    public var lost: Bool { rounds.count < roundLimit || (rounds.last?.money ?? 0) < 0 }
}

/// What was noted of one round; nil where nothing was.
public struct PlaytestRound: Sendable, Hashable {
    /// Orders delivered correctly, wrongly, and run out (P5, P6), the whole team's.
    public var correct: Int?
    public var wrong: Int?
    public var timedOut: Int?
    /// How the round ended (P7).
    public var end: RoundOutcome.End?
    /// Seconds into the round when it ended, as the app's clock shows (P7).
    public var endSeconds: Double?
    /// Money after the round (M1).
    public var money: Int?
    /// The same counts per player, when noted (seat order as the file gives it).
    public var players: [PlayerTally]?

    public init(
        correct: Int? = nil, wrong: Int? = nil, timedOut: Int? = nil, end: RoundOutcome.End? = nil, endSeconds: Double? = nil, money: Int? = nil,
        players: [PlayerTally]? = nil
    ) {
        self.correct = correct
        self.wrong = wrong
        self.timedOut = timedOut
        self.end = end
        self.endSeconds = endSeconds
        self.money = money
        self.players = players
    }
}

/// One player's orders in a round.
public struct PlayerTally: Sendable, Hashable {
    public var correct: Int?
    public var wrong: Int?
    public var timedOut: Int?

    public init(correct: Int? = nil, wrong: Int? = nil, timedOut: Int? = nil) {
        self.correct = correct
        self.wrong = wrong
        self.timedOut = timedOut
    }
}
