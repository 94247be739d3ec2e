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
    /// Rounds played over the rounds the table meant to play (`maxRounds`): below 1 for a game
    /// lost (M2).
    case roundsReachedShare
    /// The share of playtests lost (M2): ended before `maxRounds`, or with money below 0.
    case lostShare

    /// Per round of a playtest, the counts a predictive check charts.
    public static let perRound: [PlaytestSummary] = [.correctPerRound, .wrongPerRound, .timedOutPerRound]

    /// Its position in ``allCases``, without a search (a fit adds summaries by the million).
    var ordinal: Int {
        switch self {
        case .correctPerRound: 0
        case .wrongPerRound: 1
        case .timedOutPerRound: 2
        case .satisfactionRanOutShare: 3
        case .allOrdersDoneShare: 4
        case .endSecondsPerRound: 5
        case .moneyChangePerRound: 6
        case .roundsReachedShare: 7
        case .lostShare: 8
        }
    }
}

/// What a playtest's log notes, which masks its simulations (``SummaryAccumulator/add(_:played:notes:)``):
/// a field counts in every simulated round when the log notes it in any round of the playtest.
struct LogNotes: Sendable {
    var correct: Bool, wrong: Bool, timedOut: Bool, end: Bool, endSeconds: Bool, money: Bool
    /// Per seat the log names, whether it notes the seat's correct, wrong and timed-out counts:
    /// `seats[3 * seat + k]`.
    var seats: [Bool]

    init(_ playtest: Playtest) {
        let rounds = playtest.rounds
        correct = rounds.contains { $0.correct != nil }
        wrong = rounds.contains { $0.wrong != nil }
        timedOut = rounds.contains { $0.timedOut != nil }
        end = rounds.contains { $0.end != nil }
        endSeconds = rounds.contains { $0.endSeconds != nil }
        money = rounds.contains { $0.money != nil }
        seats = []
        for round in rounds {
            for (seat, tally) in (round.players ?? []).enumerated() {
                if seats.count <= 3 * seat { seats += repeatElement(false, count: 3 * seat + 3 - seats.count) }
                if tally.correct != nil { seats[3 * seat] = true }
                if tally.wrong != nil { seats[3 * seat + 1] = true }
                if tally.timedOut != nil { seats[3 * seat + 2] = true }
            }
        }
    }
}

/// One round as the simulator played it, for the summaries.
public struct SimulatedRound: Sendable, Hashable {
    public var correct: Int
    public var wrong: Int
    public var timedOut: Int
    public var end: RoundOutcome.End
    public var endSeconds: Double
    public var money: Int
    /// Each seat's counts, in seat order.
    public var players: [PlayerTally]

    public init(correct: Int, wrong: Int, timedOut: Int, end: RoundOutcome.End, endSeconds: Double, money: Int, players: [PlayerTally] = []) {
        self.correct = correct
        self.wrong = wrong
        self.timedOut = timedOut
        self.end = end
        self.endSeconds = endSeconds
        self.money = money
        self.players = players
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
    /// Per seat, the per-round summaries' sums and counts (correct, wrong, timed out), from the
    /// per-player counts a log notes: `[3 * seat + k]`.
    private var seatSums: [Double] = []
    private var seatCounts: [Double] = []

    private mutating func addSeat(_ seat: Int, _ k: Int, _ x: Double) {
        if seatSums.count <= 3 * seat {
            seatSums += repeatElement(0, count: 3 * seat + 3 - seatSums.count)
            seatCounts += repeatElement(0, count: 3 * seat + 3 - seatCounts.count)
        }
        seatSums[3 * seat + k] += x
        seatCounts[3 * seat + k] += 1
    }

    /// A seat's per-round summary (k: correct, wrong, timed out), for the per-seat fit.
    struct SeatSummary: Hashable, Sendable {
        var seat: Int
        var kind: Int
        var summary: PlaytestSummary { PlaytestSummary.perRound[kind] }
    }

    /// The seat summaries the log notes, seat by seat.
    var presentSeats: [SeatSummary] {
        seatCounts.indices.filter { seatCounts[$0] > 0 }.map { SeatSummary(seat: $0 / 3, kind: $0 % 3) }
    }

    func seatVector(of present: [SeatSummary]) -> [Double] {
        present.map { s in
            let i = 3 * s.seat + s.kind
            guard i < seatCounts.count, seatCounts[i] > 0 else { return 0 }
            return seatSums[i] / seatCounts[i]
        }
    }

    private mutating func add(_ s: PlaytestSummary, _ x: Double) {
        let i = s.ordinal
        sums[i] += x
        counts[i] += 1
    }

    /// A per-round summary (``PlaytestSummary/perRound``): to its average and to round `r`'s.
    private mutating func addPerRound(_ r: Int, _ s: PlaytestSummary, _ x: Double) {
        add(s, x)
        addRound(r, s.ordinal, x)
    }

    private mutating func addRound(_ r: Int, _ k: Int, _ x: Double) {
        while roundSums.count <= r {
            roundSums.append([0, 0, 0])
            roundCounts.append([0, 0, 0])
        }
        roundSums[r][k] += x
        roundCounts[r][k] += 1
    }

    /// A playtest: its logged rounds, or (`played`) the rounds a simulation of it played, up to
    /// its limit or the round it was lost in. A simulation counts a field in every round it
    /// played when the log notes that field in any round of the playtest: which rounds a game
    /// lasts is an outcome, so the mask may not depend on it; the log's own gaps are taken to be
    /// missing at random.
    /// - Parameter notes: the playtest's ``LogNotes``, for a caller that adds many simulations of it.
    mutating func add(_ playtest: Playtest, played: [SimulatedRound]? = nil, notes: LogNotes? = nil) {
        let limit = Double(max(1, playtest.roundLimit))
        let rounds = playtest.rounds
        if let played {
            let notes = notes ?? LogNotes(playtest)
            let seats = notes.seats.count / 3
            for round in played {
                for (seat, tally) in round.players.enumerated() where seat < seats {
                    if notes.seats[3 * seat] { addSeat(seat, 0, Double(tally.correct ?? 0)) }
                    if notes.seats[3 * seat + 1] { addSeat(seat, 1, Double(tally.wrong ?? 0)) }
                    if notes.seats[3 * seat + 2] { addSeat(seat, 2, Double(tally.timedOut ?? 0)) }
                }
            }
            add(.roundsReachedShare, Double(played.count) / limit)
            add(.lostShare, (played.last?.money ?? 0) < 0 ? 1 : 0)
            for (r, round) in played.enumerated() {
                if notes.correct { addPerRound(r, .correctPerRound, Double(round.correct)) }
                if notes.wrong { addPerRound(r, .wrongPerRound, Double(round.wrong)) }
                if notes.timedOut { addPerRound(r, .timedOutPerRound, Double(round.timedOut)) }
                if notes.end {
                    add(.satisfactionRanOutShare, round.end == .satisfactionRanOut ? 1 : 0)
                    add(.allOrdersDoneShare, round.end == .allOrdersDone ? 1 : 0)
                }
                if notes.endSeconds { add(.endSecondsPerRound, round.endSeconds) }
                if notes.money { add(.moneyChangePerRound, Double(round.money - (r == 0 ? 0 : played[r - 1].money))) }
            }
            return
        }
        add(.roundsReachedShare, Double(rounds.count) / limit)
        add(.lostShare, playtest.lost ? 1 : 0)
        for round in rounds {
            for (seat, tally) in (round.players ?? []).enumerated() {
                for (k, value) in [tally.correct, tally.wrong, tally.timedOut].enumerated() {
                    if let value { addSeat(seat, k, Double(value)) }
                }
            }
        }
        for (r, round) in rounds.enumerated() {
            if let value = round.correct { addPerRound(r, .correctPerRound, Double(value)) }
            if let value = round.wrong { addPerRound(r, .wrongPerRound, Double(value)) }
            if let value = round.timedOut { addPerRound(r, .timedOutPerRound, Double(value)) }
            if let end = round.end {
                add(.satisfactionRanOutShare, end == .satisfactionRanOut ? 1 : 0)
                add(.allOrdersDoneShare, end == .allOrdersDone ? 1 : 0)
            }
            if let seconds = round.endSeconds { add(.endSecondsPerRound, seconds) }
            // Money starts at 0 (M1): the first round's change is its money.
            if let money = round.money, let before = r == 0 ? 0 : rounds[r - 1].money { add(.moneyChangePerRound, Double(money - before)) }
        }
    }

    /// The summaries the log notes (a summary no round notes is left out), in the order of
    /// ``PlaytestSummary/allCases``.
    func vector(of present: [PlaytestSummary]) -> [Double] {
        present.map { s in
            let i = s.ordinal
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
