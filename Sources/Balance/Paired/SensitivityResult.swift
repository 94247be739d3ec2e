import Diagnostics
import GameSeam
import MonteCarlo

/// Which parameters matter, for one lineup: each moved down and up alone
/// (``GameSeam/ComparingGame/moves(of:step:subject:)``) and played on the same game seeds as the
/// design itself, so that each game is compared with its own twin; per move and metric of
/// ``GameSeam/ComparingGame/gameMetrics`` the paired effect with its interval, and the
/// elasticity where the move's change of the values played is known.
///
/// ```swift
/// let moves = game.moves(of: playable, step: 0.1, subject: nil)
/// let result = SensitivityResult.run(game, playable, lineup: 0, moves: moves, design: "Designs/x", step: 0.1,
///                                    games: 1000, seed: 1, confidence: .ninetyFive, threads: nil, cancellation: nil)
/// result.ranked(by: "finalMoney").first?.key    // the parameter that moves final money most
/// ```
public struct SensitivityResult: Sendable, Codable {
    public struct Effect: Sendable, Codable {
        public var low: PairedDifference
        public var high: PairedDifference
        /// (relative change of the metric) ÷ (relative change of the values played); nil where
        /// the design's metric or the change is 0, or the change is not known.
        public var lowElasticity: Double?
        public var highElasticity: Double?

        /// The larger of the two effects, in magnitude: what the parameters are ranked by.
        public var size: Double { max(abs(low.mean), abs(high.mean)) }
    }

    public struct Row: Sendable, Codable {
        public var key: String
        public var current: String
        public var low: String
        public var high: String
        /// Why the key was not moved; nil when it was.
        public var reason: String?
        /// How much each move changes the values played, as a fraction (−0.5 for 2 → 1).
        public var lowChange: Double?
        public var highChange: Double?
        /// What else a reader should know of the move (shown as †).
        public var note: String?
        /// By metric name; nil when the key was not moved.
        public var effects: [String: Effect]?
    }

    public var design: String
    public var lineup: String
    /// What a lineup is called ("team").
    public var lineupNoun: String
    /// How every game was played (``GameSeam/PlayableGame/playedAs(_:)``).
    public var playedAs: String?
    /// How every parameter was moved, what a moved thing is called, and what the numbers mean.
    public var sentence: String
    public var noun: String
    public var explanation: String?
    public var seed: UInt64
    public var step: Double
    public var gamesRequested: Int
    public var gamesPlayed: Int
    public var confidence: Double
    public var metrics: [MetricDefinition]
    /// The design's own means, by metric name.
    public var base: [String: Double]
    public var rows: [Row]

    public var isPartial: Bool { gamesPlayed < gamesRequested }

    /// The moved parameters, the largest effect on `metric` first; ties by key.
    public func ranked(by metric: String) -> [Row] {
        rows.filter { $0.effects != nil }.sorted { a, b in
            let (x, y) = (a.effects?[metric]?.size ?? 0, b.effects?[metric]?.size ?? 0)
            return x != y ? x > y : a.key < b.key
        }
    }

    /// Plays the design and both moves of every parameter, game by game, on lineup `lineup`'s
    /// seeds; a partial result when `cancellation` came first.
    public static func run<Game: ComparingGame>(
        _ game: Game, _ playable: Game.Playable, lineup: Int, moves: ParameterMoves<Game.Playable>, design label: String, step: Double, games: Int,
        seed: UInt64, confidence: Confidence, threads: Int?, cancellation: Cancellation?, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) -> SensitivityResult {
        let run = game.playPaired(
            playable, lineup: lineup, variants: variants(moves, lineup: lineup), games: games, seed: seed, threads: threads, cancellation: cancellation,
            progress: progress)
        return SensitivityResult(
            game, playable, lineup: lineup, moves: moves, design: label, step: step, games: games, seed: seed, confidence: confidence,
            moments: run.statistics.moments, gamesPlayed: run.gamesPlayed)
    }

    /// What every game plays besides the design: each move's low and high design, in order (nil
    /// for a move that makes no design).
    public static func variants<Playable>(_ moves: ParameterMoves<Playable>, lineup: Int) -> [(design: Playable, lineup: Int)?] {
        moves.moves.flatMap { move -> [(design: Playable, lineup: Int)?] in
            [move.designs.map { ($0.low, lineup) }, move.designs.map { ($0.high, lineup) }]
        }
    }
}

extension SensitivityResult {
    /// The result of `gamesPlayed` games whose paired moments are `s` (the design and
    /// ``variants(_:lineup:)``): from a run here, or from the blocks of a sharded one.
    public init<Game: ComparingGame>(
        _ game: Game, _ playable: Game.Playable, lineup: Int, moves: ParameterMoves<Game.Playable>, design label: String, step: Double, games: Int,
        seed: UInt64, confidence: Confidence, moments s: PairedMoments, gamesPlayed: Int
    ) {
        let metrics = game.gameMetrics
        // (Δy / y) / (Δx / x): effects of keys on different scales compared.
        func elasticity(_ effect: Double, _ base: Double, _ change: Double?) -> Double? {
            guard let change, change != 0, base != 0 else { return nil }
            return (effect / base) / change
        }
        let rows = moves.moves.enumerated().map { k, move in
            Row(
                key: move.name, current: move.current, low: move.low, high: move.high, reason: move.reason, lowChange: move.lowChange,
                highChange: move.highChange, note: move.note,
                effects: move.designs == nil ? nil : Dictionary(uniqueKeysWithValues: metrics.enumerated().map { m, metric in
                    let (low, high) = (PairedDifference(s.differences[2 * k][m], confidence), PairedDifference(s.differences[2 * k + 1][m], confidence))
                    return (metric.name, Effect(
                        low: low, high: high, lowElasticity: elasticity(low.mean, s.base[m].mean, move.lowChange),
                        highElasticity: elasticity(high.mean, s.base[m].mean, move.highChange)))
                }))
        }
        self.init(
            design: label, lineup: game.lineups(of: playable)[lineup].name, lineupNoun: game.lineupNoun, playedAs: game.playedAs(playable),
            sentence: moves.sentence, noun: moves.noun, explanation: moves.explanation, seed: seed, step: step, gamesRequested: games,
            gamesPlayed: gamesPlayed, confidence: confidence.level, metrics: metrics,
            base: Dictionary(uniqueKeysWithValues: metrics.enumerated().map { m, metric in (metric.name, s.base[m].mean) }), rows: rows)
    }
}
