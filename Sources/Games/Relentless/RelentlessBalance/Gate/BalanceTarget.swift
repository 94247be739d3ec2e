import Balance
import Diagnostics
/// One balance target of a design (`Balance.plist`): a metric of one team's games that must fall
/// in a band, for example "4 casual players: between 40% and 60% of teams alive after round 5".
///
/// ```swift
/// let target = BalanceTarget(
///     name: "casual teams mostly survive", team: ["casual", "casual", "casual", "casual"],
///     metric: .survival, round: 5, band: Band(atLeast: 0.4, atMost: 0.6))
/// target.band.verdict(for: 0.52...0.58)  // .met
/// ```
public struct BalanceTarget: Sendable, Hashable, Codable {
    public var name: String
    /// Persona names, one per player (Players.plist).
    public var team: [String]
    public var metric: Metric
    /// 1-based; required by the metrics of one round.
    public var round: Int?
    /// 1-based, a place in `team`; required by the metrics of one seat.
    public var seat: Int?
    public var band: Band
    /// Where the target is written ("Designs/relentless/Balance.plist:31:4"), for messages.
    public var source: String?
    /// The difficulty the team's games start at (M3), when the target sets its own; nil for the
    /// plan's (``BalancePlan/startDifficulty``).
    public var startDifficulty: Double?

    public init(
        name: String, team: [String], metric: Metric, round: Int?, seat: Int? = nil, band: Band, source: String? = nil, startDifficulty: Double? = nil
    ) {
        self.name = name
        self.team = team
        self.metric = metric
        self.round = round
        self.seat = seat
        self.band = band
        self.source = source
        self.startDifficulty = startDifficulty
    }

    /// What a target can measure. Each has an interval that holds without assuming a shape for
    /// the distribution of games.
    public enum Metric: String, Sendable, Hashable, Codable, CaseIterable {
        /// Share of all games with money ≥ 0 after the round (M2): Wilson interval.
        case survival
        /// Median money after the round (M1), over the games that played it: order-statistic
        /// interval.
        case medianMoney
        /// Mean money after the round, over the games that played it: normal interval.
        case meanMoney
        /// Mean rounds a game reached, the game's score (M2): normal interval.
        case meanRounds
        /// Money a round once the difficulty has reached its top (the plateau), beyond
        /// maxRounds too: normal interval (``Horizon``).
        case drift
        /// Share of games eventually lost, extrapolated beyond maxRounds from the plateau
        /// (``Horizon``): interval from the drift's and the early losses'.
        case ruin
        /// Share of games ended by a round the host could not make (G1–G8 failed on it):
        /// Wilson interval.
        case unplayable
        /// One seat's satisfaction at the end of a round, over every round its games played
        /// (P1–P7): normal interval (rounds are independent given their difficulty).
        case seatSatisfaction
        /// The share of a round one seat spends waiting for a package of its own to come back
        /// from a teammate (P4), over every round played: normal interval.
        case seatWaitShare
        /// The share of a round one seat spends serving its teammates' requests (P4): hearing a
        /// description out, finding and packing what it asks for, passing the package back.
        case seatHelpShare

        public var needsRound: Bool { !(self == .meanRounds || self == .unplayable || isBeyondTheHorizon || needsSeat) }

        /// Measured on one seat of the team (``BalanceTarget/seat``), over every round played.
        public var needsSeat: Bool { self == .seatSatisfaction || self == .seatWaitShare || self == .seatHelpShare }

        /// Shares print as percentages.
        public var isShare: Bool { self == .survival || self == .ruin || self == .unplayable || self == .seatWaitShare || self == .seatHelpShare }

        /// Measured on the plateau of the difficulty ramp: the games must play two rounds there.
        public var isBeyondTheHorizon: Bool { self == .drift || self == .ruin }

        /// A value of this metric for people: shares as percentages, money in whole units.
        public func text(_ x: Double) -> String {
            switch self {
            case .survival, .ruin, .unplayable, .seatWaitShare, .seatHelpShare: return "\((x * 100).decimalText(1))%"
            case .medianMoney, .meanMoney, .drift: return x.decimalText(0)
            case .meanRounds, .seatSatisfaction: return x.decimalText(1)
            }
        }

        /// "share of games alive after round 5", "seat 2's satisfaction at a round's end".
        public func describe(round: Int?, seat: Int? = nil) -> String {
            let r = round.map(String.init) ?? "?"
            let s = seat.map(String.init) ?? "?"
            switch self {
            case .survival: return "share of games alive after round \(r)"
            case .medianMoney: return "median money after round \(r) (over the games that played it)"
            case .meanMoney: return "mean money after round \(r) (over the games that played it)"
            case .meanRounds: return "mean rounds reached"
            case .drift: return "mean money change a round at the top difficulty (drift)"
            case .ruin: return "share of games eventually lost (extrapolated)"
            case .unplayable: return "share of games ended by a round the host could not make"
            case .seatSatisfaction: return "seat \(s)'s satisfaction at a round's end, averaged over every round played"
            case .seatWaitShare: return "seat \(s)'s share of a round spent waiting for a package of its own, averaged over every round played"
            case .seatHelpShare: return "seat \(s)'s share of a round spent serving teammates' requests, averaged over every round played"
            }
        }
    }

    /// "4 × casual: share of games alive after round 5 between 40% and 60%"; a target with its
    /// own start says so ("4 × casual from difficulty 5: …"), or two targets that differ only
    /// in it would read the same.
    public var summary: String {
        "\(TeamName(team: team, start: startDifficulty).text): \(metric.describe(round: round, seat: seat)) \(band.describe(asShare: metric.isShare))"
    }
}

