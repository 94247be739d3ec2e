import Diagnostics
import Foundation
import GameSeam
import MonteCarlo
import RelentlessBalance
import RelentlessGeneration
import RelentlessSimulation

/// Relentless's games compared game by game (sensitivity, diff): the metrics every game has a
/// value of (``DiffMetric``), and how `sensitivity` moves a design (``Sensitivity``): its
/// parameters, or with `--personas` the player model's assumptions.
extension PlayableRelentless {
    /// Final money first: what `sensitivity` ranks by and `diff` leads with unless told otherwise.
    static let gameMetricOrder: [DiffMetric] = [.finalMoney, .roundsReached, .lost, .satisfaction, .correctPerRound, .wrongPerRound, .timedOutPerRound]

    public var gameMetrics: [MetricDefinition] {
        Self.gameMetricOrder.map { metric in
            let decimals = switch metric {
            case .lost, .finalMoney: 0
            case .satisfaction: 1
            case .roundsReached: 2
            case .correctPerRound, .wrongPerRound, .timedOutPerRound: 3
            }
            return MetricDefinition(name: metric.rawValue, kind: metric.isShare ? .proportion : .mean, summary: metric.label, decimals: decimals)
        }
    }

    public func measure(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64) -> [Double] {
        Self.inGameMetricOrder(DiffMetric.measured(playable.simulators[lineup], seed: seed))
    }

    /// The designs' games side by side: a sensitivity's variants share the rounds their move
    /// leaves as they were, and play once the rounds it does not play differently.
    public func measure(_ designs: [(design: Playable, lineup: Int)], game: UInt64, seed: UInt64) -> [[Double]] {
        DiffMetric.measured(designs.map { $0.design.simulators[$0.lineup] }, seed: seed).map(Self.inGameMetricOrder)
    }

    /// A game's metrics (``DiffMetric``'s `allCases` order) in ``gameMetrics`` order.
    static func inGameMetricOrder(_ values: [Double]) -> [Double] {
        gameMetricOrder.map { values[DiffMetric.allCases.firstIndex(of: $0)!] }
    }

    /// Every key the design sets, or with subject "personas" every assumption of the first
    /// team's personas, moved alone; a move is made only if one game of it plays.
    public func moves(of playable: Playable, step: Double, subject: String?) -> ParameterMoves<Playable> {
        let percent = (step * 100).decimalText(1).replacingOccurrences(of: ".0", with: "") + "%"
        let team = playable.teams[0]
        if subject == Self.personasOption.name {
            let moves = Sensitivity.personaMoves(team, step: step).map { move in
                let (designs, reason) = Self.probed(playable.with(team: move.teams.low), playable.with(team: move.teams.high))
                return ParameterMoves<Playable>.Move(name: move.key, current: move.current, low: move.low, high: move.high, designs: designs, reason: reason)
            }
            return ParameterMoves(
                moves: moves,
                sentence: "each persona parameter of the team moved down and up alone, for every player at once (numbers −\(percent) and +\(percent), ordersAtOnce −1 and +1, a choice to its alternatives)",
                noun: "persona parameter")
        }
        let moves = Sensitivity.parameterMoves(
            playable.design, players: team.count, step: step, startDifficulty: playable.startDifficulty, alsoUsed: playable.choice.parametersRead
        ).map { move in
            var designs: (low: Playable, high: Playable)?, reason = move.reason
            if let moved = move.designs {
                do throws(PlayLoadError) {
                    var (low, high) = (playable, playable)
                    (low.design, high.design) = (moved.low, moved.high)
                    try Self.prepare(&low)
                    try Self.prepare(&high)
                    (designs, reason) = Self.probed(low, high)
                } catch {
                    reason = "cannot be played: \(error)"
                }
            }
            return ParameterMoves<Playable>.Move(
                name: move.key, current: move.current, low: move.low, high: move.high, designs: designs, reason: reason, lowChange: move.lowChange,
                highChange: move.highChange, note: move.movesRamp ? "moves the difficulty ramp (M3): every round's difficulty shifts with it" : nil)
        }
        return ParameterMoves(
            moves: moves,
            sentence: "each parameter moved down and up alone (numbers −\(percent) and +\(percent), a whole-number key to the next whole value the game plays, C7)",
            explanation: "A key the game plays in whole numbers (C7) moves to the next whole value it plays below and above; \"played\" is the value played and its relative change (for an expression, the mean change over the difficulties a game reaches). Elasticity: the metric's relative change ÷ the value's.")
    }

    /// Both designs, each once played (one game of seed 0): a move whose game cannot be played
    /// is listed with why instead of failing the run.
    static func probed(_ low: Playable, _ high: Playable) -> (designs: (low: Playable, high: Playable)?, reason: String?) {
        for moved in [low, high] {
            do throws(GameError) {
                _ = try moved.simulators[0].play(seed: GameSeeds(runSeed: 0).seed(game: 0))
            } catch {
                return (nil, "cannot be played: \(error)")
            }
        }
        return ((low, high), nil)
    }
}

extension PlayableRelentless.Playable {
    /// The design with its first team replaced (a team moved), simulators made again.
    func with(team: [Persona]) -> Self {
        var moved = self
        moved.teams[0] = team
        try? PlayableRelentless.prepare(&moved)
        return moved
    }
}
