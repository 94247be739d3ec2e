import Andora
import AndoraRuns
import MonteCarlo

/// The designer's open question, answered: for each matchup and each rule for a full target, how
/// the first player's advantage and the draws change from 'first' (R1.4.1) to 'any' (R1.4.2).
public struct StrategyAnswer: Sendable, Codable {
    public var matchup: String
    public var whenTargetIsFull: FullTargetRule
    /// The first player's advantage under each strategy.
    public var first: AndoraSummary.Interval
    public var any: AndoraSummary.Interval
    /// 'any' − 'first', for the advantage and for the draw share.
    public var advantageChange: AndoraSummary.Interval
    public var drawShareChange: AndoraSummary.Interval
    /// Set when one agent of a mixed matchup wins nearly every game whichever seat it holds: the
    /// seats then barely show.
    public var caveat: String?

    /// One answer per matchup and rule for a full target that has a variant of each strategy (the
    /// first such variant of each).
    static func answers(
        _ cells: [(variant: Design.Variant, matchup: Matchup, statistics: MatchStatistics)], matchups: [Matchup], _ confidence: Confidence
    ) -> [StrategyAnswer] {
        matchups.flatMap { matchup in
            FullTargetRule.allCases.compactMap { rule -> StrategyAnswer? in
                func played(_ strategy: MiniFieldStrategy) -> MatchStatistics? {
                    cells.first { $0.matchup == matchup && $0.variant.rules == Rules(strategy: strategy, whenTargetIsFull: rule) }?.statistics
                }
                guard let first = played(.first), let any = played(.any) else { return nil }
                var caveat: String?
                let scores = [first, any].map { $0.firstAgentScore(confidence) }
                if !matchup.isSelfPlay, scores.allSatisfy({ $0.lower > 0.9 }) || scores.allSatisfy({ $0.upper < 0.1 }) {
                    let strong = scores[0].value > 0.5 ? matchup.first : matchup.second
                    caveat = "\(strong) wins nearly every game from either seat, so this matchup says little about the first move"
                }
                return StrategyAnswer(
                    matchup: matchup.label, whenTargetIsFull: rule, first: .init(first.firstPlayerAdvantage(confidence)),
                    any: .init(any.firstPlayerAdvantage(confidence)), advantageChange: .init(any.advantageChange(from: first, confidence)),
                    drawShareChange: .init(any.drawShareChange(from: first, confidence)), caveat: caveat)
            }
        }
    }

    /// The answer in one sentence.
    public func sentence(confidence: Double) -> String {
        let level = Int((confidence * 100).rounded())
        var text = "\(matchup), full target: \(whenTargetIsFull.rawValue): X − O is \(Format.signed(first.value)) "
        text += "\(Format.interval(first, signed: true)) under 'first' and \(Format.signed(any.value)) "
        text += "\(Format.interval(any, signed: true)) under 'any'; "
        let change = "\(Format.signed(advantageChange.value)) \(Format.interval(advantageChange, signed: true))"
        if advantageChange.excludesZero {
            text += "'any' \(advantageChange.value > 0 ? "raises" : "lowers") the first player's advantage by \(change)"
        } else {
            text += "no change of the advantage is settled at \(level)% (\(change))"
        }
        let draws = "\(Format.signedPercent(drawShareChange.value)) \(Format.signedPercentInterval(drawShareChange))"
        if drawShareChange.excludesZero {
            text += advantageChange.excludesZero ? ", and " : "; it "
            text += "\(drawShareChange.value > 0 ? "adds" : "removes") draws: \(draws)."
        } else {
            text += advantageChange.excludesZero ? "; no change of the draws is settled (\(draws))." : ", nor of the draws (\(draws))."
        }
        if let caveat { text += " (\(caveat).)" }
        return text
    }
}
