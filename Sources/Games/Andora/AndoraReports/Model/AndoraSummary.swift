import Andora
import AndoraRuns
import MonteCarlo

/// Everything a simulation of an Andora design found, per rule variant and matchup, with the
/// intervals people and tools read: what `simulate` prints and `report` draws.
///
/// ```swift
/// let summary = AndoraSummary(design: "Designs/andora", seed: 1, cells: [(variant, matchup, run)])
/// summary.matchups[0].variants[0].firstPlayerAdvantage   // value and 95% interval
/// summary.matchups[0].effects                            // each variant against the first
/// ```
public struct AndoraSummary: Sendable, Codable {
    /// A number with its confidence interval.
    public struct Interval: Sendable, Codable, Hashable {
        public var value: Double
        public var lower: Double
        public var upper: Double

        public init(value: Double, lower: Double, upper: Double) { (self.value, self.lower, self.upper) = (value, lower, upper) }

        init(_ estimate: Estimate) { (value, lower, upper) = (estimate.value, estimate.lower, estimate.upper) }
        init(_ share: Proportion, _ confidence: Confidence) {
            let interval = share.interval(confidence)
            (value, lower, upper) = (share.value, interval.lowerBound, interval.upperBound)
        }

        /// Whether the interval lies wholly on one side of 0.
        public var excludesZero: Bool { lower > 0 || upper < 0 }
    }

    /// One rule variant played by one matchup.
    public struct VariantResult: Sendable, Codable {
        public var variant: String
        public var miniFieldStrategy: MiniFieldStrategy
        public var whenTargetIsFull: FullTargetRule
        public var games: Int
        public var xWins: Int
        public var oWins: Int
        public var draws: Int
        public var xWinShare: Interval
        public var oWinShare: Interval
        /// Also the share of games that ended because a player could not place (R1.9.2).
        public var drawShare: Interval
        /// The share that ended by a line of mini-fields (R1.9.1).
        public var lineShare: Interval
        /// P(X wins) − P(O wins).
        public var firstPlayerAdvantage: Interval
        /// X's score share, (X wins + ½ draws) ÷ games; 0.5 is balanced.
        public var balance: Interval
        /// The matchup's first agent's score share, seats swapped; nil in self-play.
        public var firstAgentScore: Interval?
        public var meanMarks: Interval
        public var marksP10: Int
        public var marksMedian: Int
        public var marksP90: Int
        /// Games by marks placed (index = marks, 0...81).
        public var marks: [Int]
        /// Mean mini-fields per final position held by X alone, O alone, and both ('?').
        public var meanFieldsX: Double
        public var meanFieldsO: Double
        public var meanFieldsBoth: Double
    }

    /// A variant against the matchup's first variant (independent games, see ``MatchRun``).
    public struct Effect: Sendable, Codable {
        public var variant: String
        public var baseline: String
        /// The variant's advantage minus the baseline's.
        public var advantageChange: Interval
        public var drawShareChange: Interval
    }

    public struct MatchupResult: Sendable, Codable {
        /// "A,B" as `--agents` takes it.
        public var matchup: String
        /// "A vs B".
        public var label: String
        public var selfPlay: Bool
        public var variants: [VariantResult]
        public var effects: [Effect]
    }

    public var design: String
    public var seed: UInt64
    public var confidence: Double
    /// Games asked for per variant and matchup.
    public var gamesRequested: Int
    /// False when the run was interrupted: some variants then hold fewer games.
    public var complete: Bool
    public var matchups: [MatchupResult]
    /// What the mini-field strategy changes, per matchup and rule for a full target.
    public var strategy: [StrategyAnswer]

    public init(
        design: String, seed: UInt64, gamesRequested: Int, confidence: Confidence = .ninetyFive,
        cells: [(variant: Design.Variant, matchup: Matchup, statistics: MatchStatistics)], everyCellPlayed: Bool = true
    ) {
        self.design = design
        self.seed = seed
        self.confidence = confidence.level
        self.gamesRequested = gamesRequested
        complete = everyCellPlayed && cells.allSatisfy { $0.statistics.games == gamesRequested }
        var order: [Matchup] = []
        for cell in cells where !order.contains(cell.matchup) { order.append(cell.matchup) }
        matchups = order.map { matchup in
            let played = cells.filter { $0.matchup == matchup }
            let results = played.map { Self.result($0.variant, matchup, $0.statistics, confidence) }
            let effects = played.dropFirst().map { cell in
                Effect(
                    variant: cell.variant.name, baseline: played[0].variant.name,
                    advantageChange: Interval(cell.statistics.advantageChange(from: played[0].statistics, confidence)),
                    drawShareChange: Interval(cell.statistics.drawShareChange(from: played[0].statistics, confidence)))
            }
            return MatchupResult(matchup: matchup.description, label: matchup.label, selfPlay: matchup.isSelfPlay, variants: results, effects: effects)
        }
        strategy = StrategyAnswer.answers(cells, matchups: order, confidence)
    }

    static func result(_ variant: Design.Variant, _ matchup: Matchup, _ s: MatchStatistics, _ confidence: Confidence) -> VariantResult {
        let games = Double(max(1, s.games))
        return VariantResult(
            variant: variant.name, miniFieldStrategy: variant.rules.strategy, whenTargetIsFull: variant.rules.whenTargetIsFull,
            games: s.games, xWins: s.xWins, oWins: s.oWins, draws: s.draws,
            xWinShare: Interval(s.xWinShare, confidence), oWinShare: Interval(s.oWinShare, confidence),
            drawShare: Interval(s.drawShare, confidence), lineShare: Interval(s.lineShare, confidence),
            firstPlayerAdvantage: Interval(s.firstPlayerAdvantage(confidence)), balance: Interval(s.balance(confidence)),
            firstAgentScore: matchup.isSelfPlay ? nil : Interval(s.firstAgentScore(confidence)),
            meanMarks: Interval(s.meanLength(confidence)), marksP10: s.lengthQuantile(0.1), marksMedian: s.lengthQuantile(0.5),
            marksP90: s.lengthQuantile(0.9), marks: s.lengths,
            meanFieldsX: Double(s.xFields) / games, meanFieldsO: Double(s.oFields) / games, meanFieldsBoth: Double(s.bothFields) / games)
    }
}
