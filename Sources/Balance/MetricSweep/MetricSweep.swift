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

    /// Every point's values with the design they make, or why they make none (the point is
    /// listed, not played).
    public var designs: [(values: [String], design: Result<Game.Playable, PointNotPlayed>)] {
        points.map { values in
            do throws(PlayLoadError) {
                return (values, .success(try game.setting(base, Array(zip(settings.map(\.name), values)))))
            } catch {
                switch error {
                case .option(let message): return (values, .failure(PointNotPlayed(reason: message)))
                case .file(let file): return (values, .failure(PointNotPlayed(reason: file.description)))
                case .unplayable(let reason, _): return (values, .failure(PointNotPlayed(reason: reason)))
                }
            }
        }
    }

    /// Plays every point; nil when interrupted.
    ///
    /// - Parameters:
    ///   - progress: (point, games played of it, games of it).
    public func run(
        design: String, games: Int, seed: UInt64, confidence: Confidence, threads: Int?, cancellation: Cancellation?,
        progress: (@Sendable (_ point: Int, _ done: Int, _ total: Int) -> Void)? = nil
    ) -> MetricSweepResult? {
        let game = self.game
        return collect(design: design, games: games, seed: seed, confidence: confidence) { index, playable in
            var report: (@Sendable (Int, Int) -> Void)?
            if let progress { report = { done, total in progress(index, done, total) } }
            return game.measure(playable, games: games, seed: seed, confidence: confidence, threads: threads, cancellation: cancellation, progress: report)
        }
    }

    /// The sweep from games played elsewhere (the shards of a cluster job, merged):
    /// `statistics(point, design)` gives every lineup's statistics of `games` games at a point
    /// that was played.
    public func result(
        design: String, games: Int, seed: UInt64, confidence: Confidence, statistics: (_ point: Int, _ design: Game.Playable) -> [Game.Statistics]
    ) -> MetricSweepResult {
        let game = self.game
        return collect(design: design, games: games, seed: seed, confidence: confidence) { index, playable in
            MetricsReport.cells(game, lineups: game.lineups(of: playable), statistics: statistics(index, playable), confidence: confidence)
        }!
    }

    /// The points in order, `cells(point, design)` measuring each played one; nil when it does.
    private func collect(
        design: String, games: Int, seed: UInt64, confidence: Confidence,
        cells: (_ point: Int, _ design: Game.Playable) -> [MetricsReport.Cell]?
    ) -> MetricSweepResult? {
        var results: [MetricSweepResult.Point] = []
        for (index, point) in designs.enumerated() {
            switch point.design {
            case .failure(let why):
                results.append(MetricSweepResult.Point(values: point.values, cells: [], notPlayed: why.reason))
            case .success(let playable):
                guard let measured = cells(index, playable) else { return nil }
                results.append(MetricSweepResult.Point(values: point.values, cells: measured, notPlayed: nil))
            }
        }
        return MetricSweepResult(
            design: design, parameters: settings.map(\.name), metrics: game.metrics, seed: seed, games: games, confidence: confidence.level,
            points: results)
    }
}

/// Why a sweep's point makes no design: its values, as the game said.
public struct PointNotPlayed: Error, Sendable {
    public var reason: String
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
