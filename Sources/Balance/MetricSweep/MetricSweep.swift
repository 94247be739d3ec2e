import GameSeam
import MonteCarlo

/// Every combination of the values of a game's parameters, each played lineup by lineup, with
/// every metric's estimate.
///
/// Each lineup plays from the seeds its game gives it (``GameSeam/Lineup/seedKey``): a lineup
/// whose seed key does not change with the parameters (Coin's) plays the same games' seeds at
/// every point, common random numbers, so the differences between points are the parameters'
/// doing, not noise; one whose key follows them (a game whose seeds follow its rules) plays
/// independent games at each point.
///
/// The points are the settings' values as nested loops, the last setting varying fastest.
public struct MetricSweep<Game: PlayableGame>: Sendable {
    public var game: Game
    public var base: Game.Playable
    /// Each parameter's name and its values as written.
    public var settings: [(name: String, values: [String])]

    public init(game: Game, base: Game.Playable, settings: [(name: String, values: [String])]) {
        self.game = game
        self.base = base
        self.settings = settings
    }

    /// Every point's values, in order.
    public var points: [[String]] {
        settings.reduce([[]]) { points, setting in points.flatMap { point in setting.values.map { point + [$0] } } }
    }

    /// Plays every point; nil when interrupted.
    ///
    /// - Parameters:
    ///   - progress: (point, games played of it, games of it).
    public func run(
        design: String, games: Int, seed: UInt64, confidence: Confidence, threads: Int?, cancellation: Cancellation?,
        progress: (@Sendable (_ point: Int, _ done: Int, _ total: Int) -> Void)? = nil
    ) -> MetricSweepResult? {
        var results: [MetricSweepResult.Point] = []
        for (index, values) in points.enumerated() {
            let playable: Game.Playable
            do throws(PlayLoadError) {
                playable = try game.setting(base, Array(zip(settings.map(\.name), values)))
            } catch {
                let reason: String
                switch error {
                case .option(let message): reason = message
                case .file(let file): reason = file.description
                }
                results.append(MetricSweepResult.Point(values: values, cells: [], notPlayed: reason))
                continue
            }
            var report: (@Sendable (Int, Int) -> Void)?
            if let progress { report = { done, total in progress(index, done, total) } }
            guard let cells = game.measure(playable, games: games, seed: seed, confidence: confidence, threads: threads, cancellation: cancellation, progress: report)
            else { return nil }
            results.append(MetricSweepResult.Point(values: values, cells: cells, notPlayed: nil))
        }
        return MetricSweepResult(
            design: design, parameters: settings.map(\.name), metrics: game.metrics, seed: seed, games: games, confidence: confidence.level,
            points: results)
    }
}

/// What a sweep of a game on the seam found, point by point.
public struct MetricSweepResult: Sendable, Codable {
    public struct Point: Sendable, Codable {
        /// Each parameter's value, in the order of ``MetricSweepResult/parameters``.
        public var values: [String]
        /// Every metric of every lineup; empty when not played.
        public var cells: [MetricsReport.Cell]
        /// Why the point was not played (its values make no design), nil when it was.
        public var notPlayed: String?
    }

    public var design: String
    public var parameters: [String]
    public var metrics: [MetricDefinition]
    public var seed: UInt64
    public var games: Int
    public var confidence: Double
    public var points: [Point]
}
