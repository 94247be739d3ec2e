import GameSeam
import MonteCarlo

/// Every combination of the values of a game's parameters, each played lineup by lineup, with
/// the estimates of the metrics its tables show (``GameSeam/PlayableGame/reportedMetrics(of:)``).
///
/// Each lineup plays from the seeds its game gives it (``GameSeam/Lineup/seeds(_:)``): a lineup
/// whose seeds do not change with the parameters plays the same games' seeds at every point,
/// common random numbers, so the differences between points are the parameters' doing, not
/// noise; one whose seeds follow them plays independent games at each.
///
/// The points are the settings' values as nested loops, the first setting outermost and the last
/// varying fastest.
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

    /// The metrics every point reports.
    public var metrics: [MetricDefinition] { game.reportedMetrics(of: base) }

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

    /// Point `index`'s result from its design and every lineup's statistics of `games` games
    /// (played here, or folded from the parts of a sharded sweep).
    public func measured(
        _ index: Int, values: [String], design: Game.Playable, statistics: [Game.Statistics], games: Int, confidence: Confidence
    ) -> MetricSweepResult.Point {
        let lineups = game.lineups(of: design)
        let cells = metrics.flatMap { metric in
            zip(lineups, statistics).map { lineup, statistics in
                MetricsReport.Cell(lineup: lineup.name, metric: metric.name, estimate: game.estimate(metric.name, of: statistics, confidence: confidence))
            }
        }
        return MetricSweepResult.Point(index: index, values: values, cells: cells, notPlayed: nil, games: games)
    }

    /// A point whose values make no design.
    public func notPlayed(_ index: Int, values: [String], _ why: PointNotPlayed) -> MetricSweepResult.Point {
        MetricSweepResult.Point(index: index, values: values, cells: [], notPlayed: why.reason, games: 0)
    }

    /// Plays point `index`'s every lineup here; nil when interrupted.
    public func play(
        _ index: Int, values: [String], design: Game.Playable, games: Int, seed: UInt64, confidence: Confidence, threads: Int?, cancellation: Cancellation?,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) -> MetricSweepResult.Point? {
        let played = game.play(design, games: games, seed: seed, threads: threads, cancellation: cancellation, progress: progress)
        guard played.complete else { return nil }
        return measured(index, values: values, design: design, statistics: played.statistics, games: games, confidence: confidence)
    }

    /// The whole result from every point's, in order.
    public func result(
        design: String, games: Int, seed: UInt64, confidence: Confidence, points: [MetricSweepResult.Point]
    ) -> MetricSweepResult {
        MetricSweepResult(
            design: design, parameters: settings.map(\.name), metrics: metrics, lineupNoun: game.lineupNoun, playedAs: game.playedAs(base), seed: seed,
            games: games, confidence: confidence.level, points: points)
    }
}

/// Why a sweep's point makes no design: its values, as the game said.
public struct PointNotPlayed: Error, Sendable {
    public var reason: String
}

/// What a sweep found, point by point.
public struct MetricSweepResult: Sendable, Codable {
    public struct Point: Sendable, Codable {
        /// Its place in the sweep's order.
        public var index: Int
        /// Each parameter's value, in the order of ``MetricSweepResult/parameters``.
        public var values: [String]
        /// Every metric of every lineup; empty when not played.
        public var cells: [MetricsReport.Cell]
        /// Why the point was not played (its values make no design), nil when it was.
        public var notPlayed: String?
        /// Games every lineup played.
        public var games: Int

        /// The estimate of `metric` for `lineup`.
        public func estimate(_ metric: String, lineup: String) -> MetricEstimate? {
            cells.first { $0.metric == metric && $0.lineup == lineup }?.estimate
        }

        /// The lineups played, in order.
        public var lineups: [String] {
            var names: [String] = []
            for cell in cells where !names.contains(cell.lineup) { names.append(cell.lineup) }
            return names
        }
    }

    public var design: String
    public var parameters: [String]
    public var metrics: [MetricDefinition]
    /// What a lineup is called ("team").
    public var lineupNoun: String
    /// How every game was played (``GameSeam/PlayableGame/playedAs(_:)``).
    public var playedAs: String?
    public var seed: UInt64
    public var games: Int
    public var confidence: Double
    public var points: [Point]
}
