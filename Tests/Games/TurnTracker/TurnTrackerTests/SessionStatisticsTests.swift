import Diagnostics
import Foundation
import GameSeam
import MonteCarlo
import Testing
@testable import TurnTracker
@testable import TurnTrackerReports
@testable import TurnTrackerRuns

/// What sessions come to, counted and merged: statistics that merge to the same bytes in any
/// blocking, that refuse what no play could give, and metrics whose values are known exactly.
@Suite struct SessionStatisticsTests {
    /// A versus game of fixed 12 s turns, 3 players at speeds 1, 2 and 4, rounds 1 to 10: a session
    /// of r rounds lasts 21·r seconds exactly (TT13), so each percentile of length is a round count's.
    static let design: SessionDesign = {
        let game = TrackedGame(name: "G", mode: .versus, players: 1...4, phases: [Phase(name: "turn", actions: ["play"])])
        return SessionDesign(
            games: [game], timings: [GameTiming(rounds: .range(1...10), turnTimer: 5, actionTimes: [[.fixed(12)]])],
            personas: [Persona(name: "a", speed: 1), Persona(name: "b", speed: 2), Persona(name: "c", speed: 4)],
            tables: [SessionTable(game: 0, players: [0, 1, 2])])
    }()

    static func record(_ games: Range<Int>) -> SessionStatistics {
        var s = SessionStatistics()
        for g in games { s.record(SessionPlay.play(design, table: 0, seed: UInt64(g))) }
        return s
    }

    static func encoded(_ s: SessionStatistics) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(s)
    }

    /// Blocks merge to the whole: every count and histogram exactly, every mean to rounding (the
    /// runner merges blocks in a fixed order, so its bytes never depend on threads); what a part
    /// holds survives JSON byte for byte.
    @Test func blocksMergeToTheWhole() throws {
        var merged = Self.record(0..<300)
        merged.merge(Self.record(300..<700))
        merged.merge(Self.record(700..<1000))
        let whole = Self.record(0..<1000)
        #expect(merged.games == whole.games && merged.turns == whole.turns && merged.expired == whole.expired)
        #expect(merged.lengths.exactValues == whole.lengths.exactValues && merged.turnTimes.quantile(0.9) == whole.turnTimes.quantile(0.9))
        #expect(merged.turnTimes.count == whole.turnTimes.count)
        for (a, b) in zip([merged.seconds, merged.waiting, merged.expiries, merged.rounds], [whole.seconds, whole.waiting, whole.expiries, whole.rounds]) {
            #expect(a.count == b.count && abs(a.mean - b.mean) <= 1e-9 * max(1, abs(b.mean)) && a.minimum == b.minimum && a.maximum == b.maximum)
        }
        let decoded = try JSONDecoder().decode(SessionStatistics.self, from: try Self.encoded(merged))
        #expect(try Self.encoded(decoded) == Self.encoded(merged))
        #expect(merged.invariantViolation(games: 1000) == nil)
        #expect(merged.invariantViolation(games: 999) != nil)
    }

    /// Fixed times give exact metrics: 21 s a round, so the quantiles of length are 21·r for the
    /// rounds r drawn; every turn of 12, 6 or 3 s outlasts a 5 s timer but the 3 s one, so two of
    /// three turns expire; the 90th percentile of turns is 12 s.
    @Test func fixedTimesGiveExactMetrics() throws {
        let s = Self.record(0..<600)
        let rounds = (0..<600).map { SessionPlay.play(Self.design, table: 0, seed: UInt64($0)).rounds }
        let lengths = rounds.map { Double($0) * 21 }.sorted()
        #expect(s.seconds.mean == lengths.reduce(0, +) / 600 || abs(s.seconds.mean - lengths.reduce(0, +) / 600) < 1e-9)
        let p50 = try #require(SessionMetric.sessionP50.estimate(s, confidence: .ninetyFive))
        #expect(p50.value == lengths[299] / 60)
        let p10 = try #require(SessionMetric.sessionP10.estimate(s, confidence: .ninetyFive))
        #expect(p10.value == lengths[59] / 60)
        let p90 = try #require(SessionMetric.sessionP90.estimate(s, confidence: .ninetyFive))
        #expect(p90.value == lengths[539] / 60)
        #expect(SessionMetric.sessionMinutes.estimate(s, confidence: .ninetyFive).map { abs($0.value - s.seconds.mean / 60) < 1e-12 } == true)
        #expect(s.turns == rounds.reduce(0, +) * 3 && s.expired * 3 == s.turns * 2)
        let share = try #require(SessionMetric.expiryShare.estimate(s, confidence: .ninetyFive))
        #expect(abs(share.value - 2.0 / 3) < 1e-12)
        #expect(SessionMetric.turnP90.estimate(s, confidence: .ninetyFive)?.value == 12)
        // Player a plays 12 of every 21 seconds: waits 9/21; b 15/21, c 18/21.
        let waiting = s.seatWaiting.map(\.mean)
        for (w, exact) in zip(waiting, [9.0 / 21, 15.0 / 21, 18.0 / 21]) { #expect(abs(w - exact) < 1e-12) }
        #expect(abs(s.mostWaiting.mean - 18.0 / 21) < 1e-12)
    }

    /// Without a turn timer no turn can expire, and the expiry metrics have no value (not a
    /// reassuring 0) whose reason names the timer (TT9).
    @Test func expiriesWithoutATimerHaveNoValue() throws {
        var untimed = Self.design
        untimed.timings[0]?.turnTimer = nil
        var s = SessionStatistics()
        for g in 0..<50 { s.record(SessionPlay.play(untimed, table: 0, seed: UInt64(g))) }
        #expect(s.timedSessions == 0 && s.expired == 0)
        #expect(SessionMetric.expiries.estimate(s, confidence: .ninetyFive) == nil)
        #expect(SessionMetric.expiryShare.estimate(s, confidence: .ninetyFive) == nil)
        #expect(SessionMetric.expiryShare.definition.withoutValue == "the game sets no turn timer (TT9)")
        #expect(Self.record(0..<50).timedSessions == 50)
        var mixed = s
        mixed.merge(Self.record(0..<50))
        #expect(mixed.invariantViolation(games: 100) != nil)
    }

    /// What merge reads from a part is checked: a forged count of expired turns, a session
    /// without its turns, a share above 1.
    @Test func forgedStatisticsAreRefused() throws {
        let s = Self.record(0..<50)
        var moreExpired = s
        moreExpired.expired = s.turns + 1
        #expect(moreExpired.invariantViolation(games: 50) != nil)
        var fewerTurns = s
        fewerTurns.turns -= 1
        #expect(fewerTurns.invariantViolation(games: 50) != nil)
        var oneMore = s
        oneMore.games += 1
        #expect(oneMore.invariantViolation(games: 51) != nil)
        var share = s
        share.mostWaiting.add(1.5)
        share.waiting.add(0.5); share.seconds.add(1); share.rounds.add(4); share.expiries.add(0); share.expiryShare.add(0); share.forgotten.add(0)
        share.lengths.record(1)
        share.games += 1
        for seat in share.seatWaiting.indices { share.seatWaiting[seat].add(0.5) }
        share.phaseSeconds[0].add(1)
        #expect(share.invariantViolation(games: 51) != nil)
    }

    /// The growth by players is a least-squares slope: medians 60, 80, 100 minutes at 2, 3, 4
    /// players add 20 minutes a player; 60, 70, 100 add (−1·−16.7 + 0 + 1·23.3)/2 = 20 too.
    @Test func growthIsTheLeastSquaresSlope() {
        func growth(_ medians: [Double]) -> Double? {
            PlayerGrowth(game: "G", mode: .coop, persona: "p", points: medians.enumerated().map {
                .init(players: $0 + 2, table: "t", p10: $1, p50: $1, p90: $1)
            }).minutesPerPlayer
        }
        #expect(growth([60, 80, 100]) == 20)
        #expect(abs(growth([60, 70, 100])! - 20) < 1e-12)
        #expect(growth([60]) == nil)
    }

    /// The report's timer answer is the turns' own quantile and the design's timer's expiries.
    @Test func theTimerAnswerReadsTheTurnsQuantileAndTheDesignsTimer() throws {
        let s = Self.record(0..<200)
        let summary = SessionSummary(
            design: Self.design, played: [("G: a, b, c", Self.design.tables[0], s)], ownTables: 1, growthPersonas: [:], label: "test", seed: 1,
            gamesRequested: 200, complete: true)
        let timer = try #require(summary.answers.first { $0.id == "timer" })
        #expect(timer.sentences == ["G: a, b, c: a timer of 12 s covers 90% of turns' actions (95%: 12 s); the design's 5 s timer runs out on 66.7% of turns, \((Double(s.expired) / 200).decimalText(2)) a session."])
        let growth = try #require(summary.answers.first { $0.id == "growth" })
        #expect(growth.sentences.count == 1 && growth.sentences[0].hasPrefix("No game was played at two player counts"))
    }

    /// Time distributions' medians and means in closed form (TT8).
    @Test func distributionsKnowTheirMediansAndMeans() {
        #expect(TimeDistribution.fixed(7).median == 7 && TimeDistribution.fixed(7).mean == 7)
        #expect(abs(TimeDistribution.exponential(mean: 10).median - 10 * log(2)) < 1e-12)
        let l = TimeDistribution.logNormal(median: 40, sigma: 0.5)
        #expect(l.median == 40 && abs(l.mean - 40 * exp(0.125)) < 1e-12)
        #expect(l.scaled(2) == .logNormal(median: 80, sigma: 0.5))
    }

    /// Times past any session anyone sits through are written, not trapped on.
    @Test func hugeTimesAreWrittenWithoutATrap() {
        #expect(SessionFormat.minutes(1e20) == "over a million hours")
        #expect(SessionFormat.seconds(1e20) == "over a million hours")
        #expect(SessionFormat.minutes(59.96) == "1 h 0 min" && SessionFormat.minutes(52.04) == "52.0 min")
        #expect(SessionFormat.seconds(250) == "4 min 10 s" && SessionFormat.seconds(3.24) == "3.2 s")
        #expect(1e30.decimalText(1) == "1e+30")
    }
}
