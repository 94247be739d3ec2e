import Andora
import MonteCarlo
import Randomness

/// Games of one rule variant and matchup, played through the game-agnostic runner.
///
/// ```swift
/// let match = MatchRun(rules: .spec, matchup: Matchup(.random, .random))
/// let run = match.play(games: 10_000, seed: 1, runner: MonteCarloRunner())
/// run.statistics.firstPlayerAdvantage()
/// ```
///
/// ## Seeds
/// Game `i` is played from `seeds.seed(game: i)`, where the run's seed mixes the user's seed with
/// the variant's rules and the matchup (not their position in a list), so every variant and
/// matchup plays its own independent games: their results can be compared with intervals for
/// independent samples, and adding a variant to a design changes no other variant's numbers.
public struct MatchRun: Sendable {
    public var rules: Rules
    public var matchup: Matchup

    public init(rules: Rules, matchup: Matchup) {
        self.rules = rules
        self.matchup = matchup
    }

    /// Games per chunk of the runner that suit this matchup: a random game takes about a
    /// microsecond and a search's a few hundredths of a second, so one size would either spend
    /// random games' time on locks or make a search's progress and cancellation coarse. The
    /// statistics are counts, so the chunk size never changes a result.
    public var preferredChunkSize: Int {
        switch (matchup.first, matchup.second) {
        case (.mcts, _), (_, .mcts): 2
        default: 256
        }
    }

    /// The seeds of this variant and matchup's games under the user's `seed`.
    public func seeds(_ seed: UInt64) -> GameSeeds {
        GameSeeds(runSeed: GameSeeds(runSeed: seed).seed(game: seedKey))
    }

    /// What makes this variant and matchup's seeds their own: FNV-1a over a fixed spelling, the
    /// same on every platform and Swift version.
    public var seedKey: UInt64 {
        FNV1a64.hash("\(rules.strategy.rawValue)|\(rules.whenTargetIsFull.rawValue)|\(matchup.first)|\(matchup.second)")
    }

    /// Plays game `game` from `seed`: the matchup's first agent holds X in even games (R1.6).
    public func playGame(_ game: UInt64, seed: UInt64, onMove: ((Position, Move) -> Void)? = nil) -> Position {
        var random = RandomSource(seed: seed)
        var x = Agent(matchup.xAgent(game: game))
        var o = Agent(matchup.oAgent(game: game))
        return Game.play(rules: rules, x: &x, o: &o, using: &random, onMove: onMove)
    }

    /// Plays games `0..<games` on `runner`'s threads; the statistics do not depend on the thread
    /// count.
    public func play(
        games: Int, seed: UInt64, runner: MonteCarloRunner, cancellation: Cancellation? = nil,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) -> MonteCarloRun<MatchStatistics> {
        let match = self
        return runner.run(games: games, seeds: seeds(seed), empty: { MatchStatistics() }, cancellation: cancellation, progress: progress) {
            (game: UInt64, gameSeed: UInt64, statistics: inout MatchStatistics) throws(Never) in
            statistics.record(match.playGame(game, seed: gameSeed), firstAgentHeldX: game % 2 == 0)
        }
    }
}
