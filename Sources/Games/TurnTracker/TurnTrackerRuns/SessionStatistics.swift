import MonteCarlo
import TurnTracker

/// What sessions of one table come to: counts, moments and histograms that merge exactly (the
/// runner merges blocks in a fixed order), for every metric of the game and the report's tables.
public struct SessionStatistics: MergeableStatistics, Codable {
    public var games = 0
    /// Each session's length in seconds, as moments and (to the second) as a histogram for its
    /// quantiles.
    public var seconds = Moments()
    public var lengths = SignedHistogram()
    public var rounds = Moments()
    /// Per session: the mean of the seats' waiting shares, and the largest (TT14).
    public var waiting = Moments()
    public var mostWaiting = Moments()
    /// Each seat's waiting share of a session.
    public var seatWaiting: [Moments] = []
    /// Turns played and turns whose timer ran out, over every session (TT9).
    public var turns = 0
    public var expired = 0
    /// Sessions played under a turn timer (TT9): all of them or none, as a design sets it.
    public var timedSessions = 0
    /// Per session: expiries, the share of its turns that expired, forgotten readies (TT10).
    public var expiries = Moments()
    public var expiryShare = Moments()
    public var forgotten = Moments()
    /// Every turn's time to its last action, in tenths of a second: the timer that covers a share.
    public var turnTimes = SignedHistogram()
    /// Each phase's seconds in a session, in the game's order of phases.
    public var phaseSeconds: [Moments] = []

    public init() {}

    /// Tenths of a second a turn's histogram counts in.
    public static let turnTimeUnit = 0.1

    public mutating func record(_ session: SessionRecord) {
        if seatWaiting.count < session.acting.count { seatWaiting += Array(repeating: Moments(), count: session.acting.count - seatWaiting.count) }
        if phaseSeconds.count < session.phaseSeconds.count { phaseSeconds += Array(repeating: Moments(), count: session.phaseSeconds.count - phaseSeconds.count) }
        games += 1
        seconds.add(session.seconds)
        lengths.record(Self.whole(session.seconds))
        rounds.add(Double(session.rounds))
        let shares = session.waitingShare
        waiting.add(shares.isEmpty ? 0 : shares.reduce(0, +) / Double(shares.count))
        mostWaiting.add(shares.max() ?? 0)
        for (seat, share) in shares.enumerated() { seatWaiting[seat].add(share) }
        turns += session.turnSeconds.count
        if session.timed { timedSessions += 1 }
        expired += session.expiries
        expiries.add(Double(session.expiries))
        expiryShare.add(session.turnSeconds.isEmpty ? 0 : Double(session.expiries) / Double(session.turnSeconds.count))
        forgotten.add(Double(session.forgotten))
        for turn in session.turnSeconds { turnTimes.record(Self.whole(turn / Self.turnTimeUnit)) }
        for (phase, time) in session.phaseSeconds.enumerated() { phaseSeconds[phase].add(time) }
    }

    /// A time rounded to a whole count of its unit, within the histogram's range.
    static func whole(_ x: Double) -> Int64 { x.isFinite ? Int64(clamping: Int(exactly: x.rounded()) ?? .max) : .max }

    public mutating func merge(_ other: SessionStatistics) {
        if seatWaiting.count < other.seatWaiting.count { seatWaiting += Array(repeating: Moments(), count: other.seatWaiting.count - seatWaiting.count) }
        if phaseSeconds.count < other.phaseSeconds.count { phaseSeconds += Array(repeating: Moments(), count: other.phaseSeconds.count - phaseSeconds.count) }
        games += other.games
        seconds.merge(other.seconds)
        lengths.merge(other.lengths)
        rounds.merge(other.rounds)
        waiting.merge(other.waiting)
        mostWaiting.merge(other.mostWaiting)
        for (seat, moments) in other.seatWaiting.enumerated() { seatWaiting[seat].merge(moments) }
        turns = turns.addingReportingOverflow(other.turns).overflow ? .max : turns + other.turns
        expired = expired.addingReportingOverflow(other.expired).overflow ? .max : expired + other.expired
        timedSessions = timedSessions.addingReportingOverflow(other.timedSessions).overflow ? .max : timedSessions + other.timedSessions
        expiries.merge(other.expiries)
        expiryShare.merge(other.expiryShare)
        forgotten.merge(other.forgotten)
        turnTimes.merge(other.turnTimes)
        for (phase, moments) in other.phaseSeconds.enumerated() { phaseSeconds[phase].merge(moments) }
    }

    /// Why statistics read from a file cannot be those of `games` sessions, or nil.
    public func invariantViolation(games expected: Int) -> String? {
        guard games == expected, games >= 0 else { return "\(games) sessions where \(expected) were played" }
        let perGame: [(String, Moments)] = [
            ("seconds", seconds), ("rounds", rounds), ("waiting", waiting), ("mostWaiting", mostWaiting), ("expiries", expiries),
            ("expiryShare", expiryShare), ("forgotten", forgotten),
        ]
        for (name, moments) in perGame {
            guard moments.count == games else { return "\(name) holds \(moments.count) values, not one a session" }
            if let problem = moments.invariantViolation { return "\(name): \(problem)" }
        }
        guard lengths.count == games else { return "the lengths' histogram holds \(lengths.count) sessions, not \(games)" }
        guard seatWaiting.count <= 16, phaseSeconds.count <= 10_000 else { return "more seats or phases than a game has" }
        for (seat, moments) in seatWaiting.enumerated() {
            guard moments.count == games || games == 0, moments.invariantViolation == nil else { return "seat \(seat + 1)'s waiting is not one a session" }
        }
        for (phase, moments) in phaseSeconds.enumerated() {
            guard moments.count == games, moments.invariantViolation == nil else { return "phase \(phase + 1)'s seconds are not one a session" }
        }
        guard turns >= 0, (0...turns).contains(expired) else { return "\(expired) expired turns of \(turns)" }
        guard timedSessions == 0 || timedSessions == games else { return "\(timedSessions) of \(games) sessions under a timer: a design times all or none" }
        guard timedSessions > 0 || expired == 0 else { return "\(expired) turns expired with no timer" }
        guard turnTimes.count == turns else { return "the turns' histogram holds \(turnTimes.count) turns, not \(turns)" }
        // Shares within 0...1, rounds at least one a session, counts whole and ≥ 0.
        guard games == 0 || (waiting.minimum >= 0 && mostWaiting.maximum <= 1 && expiryShare.minimum >= 0 && expiryShare.maximum <= 1 && rounds.minimum >= 1
            && expiries.minimum >= 0 && forgotten.minimum >= 0 && seconds.minimum >= 0)
        else { return "a share, count or length outside its values" }
        return nil
    }
}
