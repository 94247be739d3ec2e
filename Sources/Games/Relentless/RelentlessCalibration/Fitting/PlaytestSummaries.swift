import RelentlessSimulation

/// The numbers a fit compares between real and simulated playtests: averages over every round
/// (and playtest) that noted them, so that a log with gaps compares only what it holds, and the
/// simulated playtests, masked the same way, are averaged over the same rounds.
///
/// Each is an average over many rounds, which is what makes the synthetic likelihood's normal
/// approximation good (the central limit theorem).
public enum PlaytestSummary: String, CaseIterable, Sendable, Codable {
    /// Orders delivered correctly per round, the team's (P5).
    case correctPerRound
    /// Orders delivered wrongly per round (P5).
    case wrongPerRound
    /// Orders run out per round (P6).
    case timedOutPerRound
    /// The share of rounds that ended with a satisfaction at the minimum (P7).
    case satisfactionRanOutShare
    /// The share of rounds that ended with every order done (P7).
    case allOrdersDoneShare
    /// Seconds into the round when it ended (P7): how fast a team that finishes finishes.
    case endSecondsPerRound
    /// Money gained per round (M1), over rounds whose money and the money before are noted.
    case moneyChangePerRound
    /// The share of the logged rounds the simulated team reached before losing (M2): 1 for
    /// the real teams by definition.
    case roundsReachedShare
    /// The share of playtests lost (money below 0 after the last round noted, M2), over those
    /// whose last round notes money.
    case lostShare

    /// Per round of a playtest, the counts a predictive check charts.
    public static let perRound: [PlaytestSummary] = [.correctPerRound, .wrongPerRound, .timedOutPerRound]
}

/// One round as the simulator played it, for the summaries.
public struct SimulatedRound: Sendable, Hashable {
    public var correct: Int
    public var wrong: Int
    public var timedOut: Int
    public var end: RoundOutcome.End
    public var endSeconds: Double
    public var money: Int

    public init(correct: Int, wrong: Int, timedOut: Int, end: RoundOutcome.End, endSeconds: Double, money: Int) {
        self.correct = correct
        self.wrong = wrong
        self.timedOut = timedOut
        self.end = end
        self.endSeconds = endSeconds
        self.money = money
    }
}

/// Sums for the summaries, filled playtest by playtest: from the log itself, or from a
/// simulated study masked by the log (a field is counted only where the log noted it).
struct SummaryAccumulator {
    private var sums = [Double](repeating: 0, count: PlaytestSummary.allCases.count)
    private var counts = [Double](repeating: 0, count: PlaytestSummary.allCases.count)
    /// Per round index: sums and counts of the per-round summaries.
    private(set) var roundSums: [[Double]] = []
    private(set) var roundCounts: [[Double]] = []

    private mutating func add(_ s: PlaytestSummary, _ x: Double) {
        let i = PlaytestSummary.allCases.firstIndex(of: s)!
        sums[i] += x
        counts[i] += 1
    }

    private mutating func addRound(_ r: Int, _ k: Int, _ x: Double) {
        while roundSums.count <= r {
            roundSums.append([0, 0, 0])
            roundCounts.append([0, 0, 0])
        }
        roundSums[r][k] += x
        roundCounts[r][k] += 1
    }

    /// A playtest: its logged rounds and, for a simulation, what was played of them (nil: the
    /// log's own values).
    mutating func add(_ playtest: Playtest, played: [SimulatedRound]? = nil) {
        let reached = played?.count ?? playtest.rounds.count
        add(.roundsReachedShare, Double(reached) / Double(max(1, playtest.rounds.count)))
        for (r, noted) in playtest.rounds.enumerated() where r < reached {
            let sim = played?[r]
            func value(_ observed: Int?, _ simulated: Int?) -> Double? {
                guard let observed else { return nil }
                return Double(sim == nil ? observed : simulated!)
            }
            let counts: [(PlaytestSummary, Int?, Int?)] = [
                (.correctPerRound, noted.correct, sim?.correct), (.wrongPerRound, noted.wrong, sim?.wrong),
                (.timedOutPerRound, noted.timedOut, sim?.timedOut),
            ]
            for (k, (summary, observed, simulated)) in counts.enumerated() {
                if let x = value(observed, simulated) {
                    add(summary, x)
                    addRound(r, k, x)
                }
            }
            if let end = noted.end {
                let e = sim?.end ?? end
                add(.satisfactionRanOutShare, e == .satisfactionRanOut ? 1 : 0)
                add(.allOrdersDoneShare, e == .allOrdersDone ? 1 : 0)
            }
            if let seconds = noted.endSeconds { add(.endSecondsPerRound, sim?.endSeconds ?? seconds) }
            let before: Int? = r == 0 ? 0 : playtest.rounds[r - 1].money
            if let money = noted.money, let before {
                add(.moneyChangePerRound, Double(sim.map { $0.money - (r == 0 ? 0 : played![r - 1].money) } ?? money - before))
            }
        }
        if let last = playtest.rounds.last, last.money != nil {
            let lost = played.map { ($0.last?.money ?? 0) < 0 } ?? (last.money! < 0)
            add(.lostShare, lost ? 1 : 0)
        }
    }

    /// The summaries the log notes (a summary no round notes is left out), in the order of
    /// ``PlaytestSummary/allCases``.
    func vector(of present: [PlaytestSummary]) -> [Double] {
        present.map { s in
            let i = PlaytestSummary.allCases.firstIndex(of: s)!
            return counts[i] > 0 ? sums[i] / counts[i] : 0
        }
    }

    var present: [PlaytestSummary] {
        PlaytestSummary.allCases.enumerated().filter { counts[$0.offset] > 0 }.map(\.element)
    }

    /// Per round index and per-round summary, the average (nil where no playtest notes it or
    /// none reached it).
    var perRound: [[Double?]] {
        zip(roundSums, roundCounts).map { s, c in zip(s, c).map { $1 > 0 ? $0 / $1 : nil } }
    }
}
