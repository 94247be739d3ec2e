import MonteCarlo
import RelentlessSimulation

/// One seat of the team (the player at that index of the lineup) over every round it played:
/// what a designer asks of one player ("is the player in seat 3 overloaded?"), and what shows
/// the engine treats seats alike (with identical personas, every seat's figures agree but for
/// chance). Each figure is per round, so rounds are its samples: a round's outcome depends on
/// its own streams and its difficulty alone (nothing of an earlier round carries over into
/// play), so the rounds of one game are independent draws given their difficulties.
///
/// The time figures split the round as the engine does (``TimeBreakdown``): working on the
/// seat's own orders (finding, packing, passing, assembling), helping teammates (serving their
/// requests), describing items to teammates, waiting for a package of its own, and idle; they
/// add up to the round's length.
///
/// ```swift
/// statistics.seats[2].figure(.waitShare).mean   // seat 3's mean share of a round spent waiting
/// ```
public struct SeatStatistics: MergeableStatistics, Codable, Hashable {
    /// What is measured of a seat each round, in the order reports list them.
    public enum Figure: String, CaseIterable, Sendable {
        /// Satisfaction at the end of the round (P1–P7).
        case satisfaction
        /// The seat's orders by how they ended (P5, P6).
        case correct, wrong, timedOut
        /// Seconds working on its own orders, helping teammates, describing, waiting, idle.
        case working, helping, describing, waiting, idle
        /// Shares of the round's length spent waiting, and helping teammates.
        case waitShare, helpShare
        /// Requests taken up from teammates, and made of them (P4).
        case requestsServed, requestsAsked

        /// The figure's value for one player's round.
        @inline(__always)
        public func value(_ player: PlayerRoundOutcome, roundLength: Double) -> Double {
            switch self {
            case .satisfaction: player.satisfaction
            case .correct: Double(player.correct)
            case .wrong: Double(player.wrong)
            case .timedOut: Double(player.timedOut)
            case .working: player.working
            case .helping: player.helping
            case .describing: player.time.describing
            case .waiting: player.time.waiting
            case .idle: player.time.idle
            case .waitShare: roundLength > 0 ? player.time.waiting / roundLength : 0
            case .helpShare: roundLength > 0 ? player.helping / roundLength : 0
            case .requestsServed: Double(player.requestsServed)
            case .requestsAsked: Double(player.requestsAsked)
            }
        }
    }

    /// One ``Moments`` per figure, in ``Figure`` order.
    public private(set) var figures: [Moments] = Array(repeating: Moments(), count: Figure.allCases.count)

    public init() {}

    public func figure(_ figure: Figure) -> Moments {
        guard let i = Self.index[figure], i < figures.count else { return Moments() }
        return figures[i]
    }

    /// Rounds the seat played.
    public var rounds: Int { figures[0].count }

    mutating func record(_ player: PlayerRoundOutcome, roundLength: Double) {
        // Every round of every seat: one uniqueness check for the figures, not one per figure.
        let all = Self.all
        figures.withUnsafeMutableBufferPointer { figures in
            for i in 0..<min(all.count, figures.count) { figures[i].add(all[i].value(player, roundLength: roundLength)) }
        }
    }

    public mutating func merge(_ other: SeatStatistics) {
        for i in figures.indices where i < other.figures.count { figures[i].merge(other.figures[i]) }
    }

    /// Made once: a case-iterable enum makes a new array each time `allCases` is asked for.
    static let all = Figure.allCases
    private static let index = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1, $0) })
}
