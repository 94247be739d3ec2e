import Diagnostics
import RelentlessGeneration
import Relentless

/// Plays whole games of a design with one team: rounds generated from the game's seed, played
/// by ``RoundEngine``, money after each (M1), lost when money is below 0 (M2), difficulty starting
/// where the host set it and rising by difficultyChange up to the maximum (M3), up to a cap on
/// rounds.
///
/// ```swift
/// let simulator = try GameSimulator(design: prepared, team: [casual, casual, expert], maxRounds: 30)
/// let game = try simulator.play(seed: 7)
/// game.roundsPlayed, game.money, game.lost
/// ```
///
/// A game is a function of its seed: round r is `pipeline.makeRound(…, seed: seed, game: 0,
/// round: r)` and every draw of play comes from that round's streams (``StreamPath``). The team
/// does not change the rounds, only how they are played: two teams given the same seed meet the
/// same rounds as long as both are still playing.
public struct GameSimulator: Sendable {
    public let design: PreparedDesign
    public let pipeline: Pipeline
    public private(set) var team: [Persona]
    public let maxRounds: Int
    /// M3: the difficulty of the first round (the host's slider); nil for minDifficultyLevel.
    public let startDifficulty: Double?
    public let rules: SatisfactionRules
    /// The parameters of round r (0-based) for this team size: the difficulty ramp of M3.
    public let roundParameters: [RoundParameters]
    /// Why generation refuses round r's parameters, if it does: checked once here, not once a game.
    let boundsErrors: [GenerationError?]
    /// What of each difficulty level's parameters generation and play read, for simulators
    /// played side by side (per level, as the ramp resolves them: rounds past it repeat the last).
    private let keysPerLevel: [RoundKeys]
    /// The team's average times (what players foresee), made once per team.
    private(set) var averages: AverageTimes

    public init(design: PreparedDesign, team: [Persona], maxRounds: Int, startDifficulty: Double? = nil, pipeline: Pipeline = .default) {
        self.design = design
        self.pipeline = pipeline
        self.team = team
        self.maxRounds = max(1, maxRounds)
        self.startDifficulty = startDifficulty
        rules = SatisfactionRules(design.design.parameters)
        let levels = design.design.parameters.reachableDifficulties(from: startDifficulty)
        // Each level resolved and checked once: the rounds past the ramp repeat its last level,
        // and a calibration makes a simulator for every team it tries.
        let perLevel = (levels.isEmpty ? [1] : Array(levels.prefix(self.maxRounds))).map {
            design.design.parameters.resolved(difficulty: $0, players: team.count)
        }
        let errorPerLevel = perLevel.map { parameters -> GenerationError? in
            do throws(GenerationError) {
                try ParameterBounds.check(parameters)
                return nil
            } catch {
                return error
            }
        }
        roundParameters = (0..<self.maxRounds).map { perLevel[min($0, perLevel.count - 1)] }
        boundsErrors = (0..<self.maxRounds).map { errorPerLevel[min($0, errorPerLevel.count - 1)] }
        keysPerLevel = perLevel.map { RoundKeys($0, pipeline: pipeline) }
        averages = AverageTimes(team)
    }

    /// Round r's keys (0-based).
    func keys(round r: Int) -> RoundKeys { keysPerLevel[min(r, keysPerLevel.count - 1)] }

    /// The same simulator for another team of as many players: what a round's parameters resolve
    /// to depends on the team's size alone, so a caller that plays many teams (a calibration
    /// tries one for every candidate) resolves them once.
    public func playing(_ team: [Persona]) -> GameSimulator {
        precondition(team.count == self.team.count, "a team of \(team.count) for a simulator of \(self.team.count)")
        var simulator = self
        simulator.team = team
        simulator.averages = AverageTimes(team)
        return simulator
    }

    /// The 0-based round from which every round is played at the ramp's last difficulty (M3),
    /// when the game reaches it and plays one more round there: the plateau ``Horizon``
    /// extrapolates from. Nil when `maxRounds` ends before.
    public var plateauStart: Int? {
        guard let last = roundParameters.last?.difficulty,
            let start = roundParameters.firstIndex(where: { $0.difficulty == last }), maxRounds - start >= 2,
            design.design.parameters.reachableDifficulties(from: startDifficulty).last == last
        else { return nil }
        return start
    }

    /// Plays one game; `observe` sees every round as it is played (for logs and statistics).
    /// The game is played in a workspace the thread keeps for its next game of the design
    /// (``ThreadWorkspaces``).
    /// - Parameter timeline: the 0-based round whose every action is recorded in its outcome
    ///   (``RoundOutcome/timeline``), for a replay; nil for none.
    public func play(seed: UInt64, timeline: Int? = nil, observe: (GameRound) -> Void = { _ in }) throws(GameError) -> GameSummary {
        let workspaces = ThreadWorkspaces.current
        let held = workspaces.take(for: design)
        defer { workspaces.give(held) }
        return try play(seed: seed, timeline: timeline, in: &held.workspace, observe: observe)
    }

    /// ``play(seed:timeline:observe:)`` in `workspace`, whose buffers the game reuses (what
    /// ``ThreadWorkspaces`` keeps per thread). The game is the same whatever the workspace
    /// played before.
    public func play(
        seed: UInt64, timeline: Int? = nil, in workspace: inout GameWorkspace, observe: (GameRound) -> Void = { _ in }
    ) throws(GameError) -> GameSummary {
        precondition(workspace.table.design === design, "a workspace of another design")
        var money = 0  // M1: money starts at 0
        for r in 0..<maxRounds {
            let parameters = roundParameters[r]
            do throws(GenerationError) {
                if let refused = boundsErrors[r] { throw refused }
                try pipeline.makeRound(
                    into: &workspace.round, boundsChecked: design, parameters: parameters, seed: seed, game: 0, round: UInt64(r))
            } catch {
                // The host cannot make this round (G4's items run short, say): the game ends
                // here, as an outcome of the design, and the batch goes on.
                let stop = UnplayableRound(round: r, difficulty: parameters.difficulty, players: team.count, reason: error.description)
                return GameSummary(roundsPlayed: r, money: money, lost: false, unplayable: stop)
            }
            let outcome = workspace.table.play(workspace.round, parameters: parameters, team: team, rules: rules, timeline: r == timeline)
            let played = try self.round(r, outcome, of: workspace.round, money: money, seed: seed)
            money = played.money
            observe(played)
            if played.lost { return GameSummary(roundsPlayed: r + 1, money: money, lost: true) }
        }
        return GameSummary(roundsPlayed: maxRounds, money: money, lost: false)
    }

    /// Round `r` as played, with M1's money after it and M2's verdict: in exact integers, a
    /// design whose numbers overflow 64 bits reported, not wrapped.
    func round(_ r: Int, _ outcome: RoundOutcome, of round: FlatRound, money: Int, seed: UInt64) throws(GameError) -> GameRound {
        let parameters = roundParameters[r]
        let earned = outcome.satisfactionSum.multipliedReportingOverflow(by: parameters.satisfactionToMoneyTranslation)
        let change = earned.partialValue.subtractingReportingOverflow(parameters.dailyExpense)
        let total = money.addingReportingOverflow(change.partialValue)
        guard !earned.overflow, !change.overflow, !total.overflow else {
            throw GameError(seed: seed, round: r, difficulty: parameters.difficulty, players: team.count, cause: .moneyOverflow)
        }
        return GameRound(
            index: r, difficulty: parameters.difficulty, flatRound: round, outcome: outcome, moneyChange: change.partialValue,
            income: earned.partialValue, expense: parameters.dailyExpense, money: total.partialValue, lost: total.partialValue < 0)  // M2
    }
}

/// What a game is played in: the round engine's table and the flat round generation writes, both
/// reused round after round, and game after game by a caller that keeps the workspace (an
/// observer that keeps a round keeps its own copy: the next round then writes into new buffers).
public struct GameWorkspace {
    var table: RoundTable
    var round = FlatRound()

    public init(design: PreparedDesign) { table = RoundTable(design: design) }
}

/// One round of a game, as played.
public struct GameRound: Sendable {
    /// 0-based; the game's score counts rounds from 1 (M2).
    public var index: Int
    public var difficulty: Double
    /// The round as the engine played it; ``round`` is the same as a tree.
    public var flatRound: FlatRound
    public var outcome: RoundOutcome
    /// M1: satisfaction sum × satisfactionToMoneyTranslation − dailyExpense.
    public var moneyChange: Int
    /// M1's two sides: the money the round's satisfaction earned, and the expense.
    public var income: Int
    public var expense: Int
    /// Money after the round.
    public var money: Int
    /// M2: money fell below 0 and the game is over.
    public var lost: Bool

    /// The round as a tree (made on each call: an observer that reads it often keeps it).
    public var round: Round { Round(flatRound) }
}

/// How a game ended.
public struct GameSummary: Sendable, Hashable {
    /// The score (M2): rounds played, the losing one included.
    public var roundsPlayed: Int
    /// Money after the last round played.
    public var money: Int
    /// False when the team was still solvent at the round cap (or stopped by an unplayable round).
    public var lost: Bool
    /// The round that could not be generated, when one ended the game; nil otherwise.
    public var unplayable: UnplayableRound?

    public init(roundsPlayed: Int, money: Int, lost: Bool, unplayable: UnplayableRound? = nil) {
        self.roundsPlayed = roundsPlayed
        self.money = money
        self.lost = lost
        self.unplayable = unplayable
    }
}

/// A round the host could not make (G1–G8 failed on it, typically G4), which ends its game.
public struct UnplayableRound: Sendable, Hashable, Codable {
    /// 0-based.
    public var round: Int
    public var difficulty: Double
    public var players: Int
    /// Why, as generation says it (with the rule and the categories).
    public var reason: String

    public init(round: Int, difficulty: Double, players: Int, reason: String) {
        self.round = round
        self.difficulty = difficulty
        self.players = players
        self.reason = reason
    }
}

/// A game could not go on: which game, which round, and why.
public struct GameError: Error, Sendable, CustomStringConvertible {
    public enum Cause: Sendable {
        /// The round could not be generated.
        case generation(GenerationError)
        /// M1's money does not fit 64 bits (a design with absurdly large satisfaction or money).
        case moneyOverflow
    }

    /// The game's seed (``GameSimulator/play(seed:observe:)``).
    public var seed: UInt64
    /// 0-based.
    public var round: Int
    public var difficulty: Double
    public var players: Int
    public var cause: Cause

    public var description: String {
        let round = "round \(self.round + 1) of the game with seed \(seed) (\(players) players, difficulty \(difficulty.designerText))"
        switch cause {
        case .generation(let error): return "\(round) cannot be generated: \(error.description)"
        case .moneyOverflow:
            return "\(round): money leaves the 64-bit range (M1); satisfaction, satisfactionToMoneyTranslation or dailyExpense is far too large"
        }
    }
}
