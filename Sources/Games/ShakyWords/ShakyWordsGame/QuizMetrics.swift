import GameSeam
import MonteCarlo
import ShakyWords
import ShakyWordsRuns

/// Shaky Words' metrics as the seam names them: one for each ``QuizMetric``.
enum QuizMetrics {
    static let all: [MetricDefinition] = QuizMetric.allCases.map { metric in
        MetricDefinition(
            name: metric.rawValue, kind: metric.isShareOfGames ? .proportion : .mean, summary: metric.summary,
            decimals: metric.isShare ? 3 : metric.decimals)
    }

    static func values(of game: GameRecord) -> [Double] { QuizMetric.allCases.map { $0.value(of: game) } }

    static func estimate(_ name: String, of statistics: QuizStatistics, confidence: Confidence) -> MetricEstimate? {
        QuizMetric(rawValue: name)?.estimate(statistics, confidence: confidence)
    }
}
