import Diagnostics
import GameSeam
import MonteCarlo

/// What a change to a design does, for one lineup both designs play: game i of the old design and
/// of the new from the same seed, metric by metric of ``GameSeam/ComparingGame/gameMetrics``, the
/// paired difference with its interval; then every change between them
/// (``GameSeam/ComparingGame/changes(from:to:)``) applied alone to the old design, on the same
/// seeds, to say which moved what.
///
/// Wherever the change leaves the games alike, both designs meet the same random draws (common
/// random numbers): the per-game differences vary much less than either design's games, and the
/// interval of their mean is narrow.
public struct DesignDiffResult: Sendable, Codable {
    public struct MetricRow: Sendable, Codable {
        public var metric: String
        public var old: Double
        public var new: Double
        /// Standard deviation over games of each design: the noise that pairing removes.
        public var oldStandardDeviation: Double
        public var newStandardDeviation: Double
        public var difference: PairedDifference
        /// Of the changes applied alone, those whose effect on this metric excludes 0.
        public var movedBy: [String]
    }

    public struct ChangeRow: Sendable, Codable {
        public var name: String
        public var old: String
        public var new: String
        public var details: [String]
        /// By metric name; nil when the change was not played alone (``reason`` says why).
        public var effects: [String: PairedDifference]?
        public var reason: String?
    }

    /// Changes past this many are listed but not played alone (each is a design more per game).
    public static let attributionCap = 12

    public var oldDesign: String
    public var newDesign: String
    public var lineup: String
    /// What a lineup is called ("team").
    public var lineupNoun: String
    /// How every game was played (``GameSeam/PlayableGame/playedAs(_:)``).
    public var playedAs: String?
    public var seed: UInt64
    public var gamesRequested: Int
    public var gamesPlayed: Int
    public var confidence: Double
    public var metrics: [MetricDefinition]
    public var rows: [MetricRow]
    public var changes: [ChangeRow]
    /// What no change would be ("no parameter differs").
    public var nothing: String
    /// What the game says of each design from its own games.
    public var notes: [ComparisonNote]

    public var isPartial: Bool { gamesPlayed < gamesRequested }

    /// Plays lineup `lineup` of `old` and `newLineup` of `new` (one lineup by name), and every
    /// change alone, on the old lineup's seeds; partial when `cancellation` came first.
    public static func run<Game: ComparingGame>(
        _ game: Game, old: Game.Playable, new: Game.Playable, lineup: Int, newLineup: Int, labels: (old: String, new: String), games: Int,
        seed: UInt64, confidence: Confidence, threads: Int?, cancellation: Cancellation?, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) -> DesignDiffResult {
        let found = game.changes(from: old, to: new)
        let alone = found.changes.enumerated().map { k, change -> (design: Game.Playable, lineup: Int)? in
            guard k < attributionCap else { return nil }
            return change.design.map { ($0, lineup) }
        }
        let run = game.playPaired(
            old, lineup: lineup, variants: [(new, newLineup)] + alone, recording: 2, games: games, seed: seed, threads: threads,
            cancellation: cancellation, progress: progress)
        let s = run.statistics.moments, metrics = game.gameMetrics
        let changeRows = found.changes.enumerated().map { k, change in
            let reason = k < attributionCap ? change.reason : "past the first \(attributionCap) changes: not played alone"
            return ChangeRow(
                name: change.name, old: change.old, new: change.new, details: change.details,
                effects: alone[k] == nil ? nil : Dictionary(uniqueKeysWithValues: metrics.enumerated().map { m, metric in
                    (metric.name, PairedDifference(s.differences[k + 1][m], confidence))
                }), reason: alone[k] == nil ? reason : nil)
        }
        let rows = metrics.enumerated().map { m, metric in
            MetricRow(
                metric: metric.name, old: s.base[m].mean, new: s.values[0][m].mean, oldStandardDeviation: s.base[m].standardDeviation,
                newStandardDeviation: s.values[0][m].standardDeviation, difference: PairedDifference(s.differences[0][m], confidence),
                movedBy: changeRows.filter { $0.effects?[metric.name]?.isSignificant == true }.map(\.name))
        }
        let designs = run.statistics.designs
        return DesignDiffResult(
            oldDesign: labels.old, newDesign: labels.new, lineup: game.lineups(of: old)[lineup].name, lineupNoun: game.lineupNoun,
            playedAs: game.playedAs(old), seed: seed, gamesRequested: games, gamesPlayed: run.gamesPlayed, confidence: confidence.level, metrics: metrics,
            rows: rows, changes: changeRows, nothing: found.nothing,
            notes: game.comparisonNotes(old: designs[0], new: designs[1], of: old, confidence: confidence))
    }
}
