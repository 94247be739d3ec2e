import GameSeam
import MonteCarlo
import ShakyWords

/// A number games of a contest measure, each a mean over games of a value every game has, so
/// that two designs' games from one seed compare game by game (paired).
public enum QuizMetric: String, Sendable, Hashable, CaseIterable, Codable {
    case firstTeamWins, ties, firstTeamScore, timeouts, unanswered, points, hints

    /// What it measures, in a phrase with its rule ids.
    public var summary: String {
        switch self {
        case .firstTeamWins: "share of games the contest's first team wins alone (most points, SW11)"
        case .ties: "share of games whose lead is shared"
        case .firstTeamScore: "the first team's points in a game (SW8)"
        case .timeouts: "share of a game's questions nobody indicated in time (SW7)"
        case .unanswered: "share of a game's questions no team's answer counted for: timed out, out of answer time or no answer accepted (SW7, SW10)"
        case .points: "points a question paid, averaged over a game's questions (SW8)"
        case .hints: "shakes a question had, averaged over a game's questions (SW9)"
        }
    }

    /// Whether it is a share of games (an interval of a proportion) rather than a mean.
    public var isShareOfGames: Bool { self == .firstTeamWins || self == .ties }

    /// Whether its per-game value is a share of questions (shown as a percentage).
    public var isShare: Bool { isShareOfGames || self == .timeouts || self == .unanswered }

    /// The decimals a value other than a share shows.
    public var decimals: Int { self == .hints ? 2 : 1 }

    /// Its value in one game.
    public func value(of game: GameRecord) -> Double {
        let count = Double(max(game.questions.count, 1))
        switch self {
        case .firstTeamWins: return game.leaders == [0] ? 1 : 0
        case .ties: return game.leaders.count > 1 ? 1 : 0
        case .firstTeamScore: return Double(game.scores.first ?? 0)
        case .timeouts: return Double(game.questions.count { $0.outcome.timedOut }) / count
        case .unanswered: return Double(game.questions.count { $0.outcome.winner == nil }) / count
        case .points: return Double(game.questions.reduce(0) { $0 + $1.outcome.points }) / count
        case .hints: return Double(game.questions.reduce(0) { $0 + $1.outcome.hints }) / count
        }
    }

    /// Its estimate from games' statistics at `confidence`: Wilson for shares of games, normal
    /// for means; nil when the games give none (no game, or a mean of one).
    public func estimate(_ s: QuizStatistics, confidence: Confidence) -> MetricEstimate? {
        guard s.games > 0 else { return nil }
        switch self {
        case .firstTeamWins: return .share(Proportion(s.outrightWins.first ?? 0, of: s.games), confidence)
        case .ties: return .share(Proportion(s.ties, of: s.games), confidence)
        case .firstTeamScore: return s.scores.first.flatMap { .mean($0, confidence) }
        case .timeouts: return .mean(s.timeoutShare, confidence)
        case .unanswered: return .mean(s.unansweredShare, confidence)
        case .points: return .mean(s.pointsPerQuestion, confidence)
        case .hints: return .mean(s.hintsPerQuestion, confidence)
        }
    }
}
