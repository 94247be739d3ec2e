import Relentless
import RelentlessSimulation
import Testing
@testable import RelentlessCalibration

/// The summaries a fit compares, computed by hand for a small log with gaps.
@Suite struct PlaytestSummaryTests {
    static let log = [
        Playtest(name: "a", teamSize: 3, rounds: [
            PlaytestRound(correct: 4, wrong: 1, timedOut: 0, end: .allOrdersDone, endSeconds: 60, money: 100),
            PlaytestRound(correct: 2, wrong: nil, timedOut: 2, end: .satisfactionRanOut, endSeconds: 90, money: 40),
        ]),
        Playtest(name: "b", teamSize: 3, rounds: [
            PlaytestRound(correct: 3, wrong: 0, timedOut: 1, end: .time, money: nil),
            PlaytestRound(correct: 1, wrong: 2, timedOut: 3, end: nil, money: -10),
        ]),
    ]

    @Test func averagesWhatWasNoted() {
        var summaries = SummaryAccumulator()
        for playtest in Self.log { summaries.add(playtest) }
        #expect(summaries.present == PlaytestSummary.allCases)
        let v = summaries.vector(of: summaries.present)
        // correct (4+2+3+1)/4; wrong (1+0+2)/3; timed out (0+2+1+3)/4; ends over three noted
        // rounds: one ran out, one all done; end seconds (60+90)/2; money changes where both
        // sides are noted: 100−0, 40−100 (b's second round has no money before it); rounds
        // reached 1; lost: a's last money 40, b's −10.
        #expect(v == [2.5, 1, 1.5, 1.0 / 3, 1.0 / 3, 75, 20, 1, 0.5])
        #expect(summaries.perRound == [[3.5, 0.5, 0.5], [1.5, 2, 2.5]])
    }

    @Test func simulationIsMaskedByWhatThePlaytestNotes() {
        var summaries = SummaryAccumulator()
        // Playtest b replayed, the simulated team lost in its first round: that round counts for
        // every field b notes in any round (money included, though b's first round has none), none
        // for a field b never notes (end seconds); one round of b's two reached, and lost.
        let played = [SimulatedRound(correct: 5, wrong: 1, timedOut: 0, end: .satisfactionRanOut, endSeconds: 30, money: -7)]
        summaries.add(Self.log[1], played: played)
        #expect(summaries.present == [
            .correctPerRound, .wrongPerRound, .timedOutPerRound, .satisfactionRanOutShare, .allOrdersDoneShare, .moneyChangePerRound, .roundsReachedShare,
            .lostShare,
        ])
        #expect(summaries.vector(of: summaries.present) == [5, 1, 0, 1, 0, -7, 0.5, 1])
    }

    @Test func aGameLostBeforeItsLimitReachedPartOfIt() {
        // Meant to last 5 rounds, lost in its second: 2 of 5 reached, lost, whatever its money says.
        let playtest = Playtest(name: "c", teamSize: 3, rounds: [PlaytestRound(correct: 1), PlaytestRound(correct: 0)], maxRounds: 5)
        var summaries = SummaryAccumulator()
        summaries.add(playtest)
        #expect(playtest.lost && playtest.roundLimit == 5)
        #expect(summaries.vector(of: [.roundsReachedShare, .lostShare]) == [0.4, 1])
    }

    @Test func ordinalsArePositionsInAllCases() {
        #expect(PlaytestSummary.allCases.map(\.ordinal) == Array(PlaytestSummary.allCases.indices))
    }

    @Test func seatsAreMaskedByWhatThePlaytestNotes() {
        // Seat 0's correct count is noted in round 1, seat 2's timed-out count in round 2, nothing
        // of seat 1: only those two seat summaries exist, and simulations count them in every
        // round they played (seat 1 and seat 0's other counts are ignored however large).
        let playtest = Playtest(name: "s", teamSize: 3, rounds: [
            PlaytestRound(correct: 2, players: [PlayerTally(correct: 2), PlayerTally(), PlayerTally()]),
            PlaytestRound(correct: 1, players: [PlayerTally(), PlayerTally(), PlayerTally(timedOut: 1)]),
        ])
        var observed = SummaryAccumulator()
        observed.add(playtest)
        let seats = [SummaryAccumulator.SeatSummary(seat: 0, kind: 0), SummaryAccumulator.SeatSummary(seat: 2, kind: 2)]
        #expect(observed.presentSeats == seats)
        #expect(observed.seatVector(of: seats) == [2, 1])
        func round(_ tallies: [(Int, Int, Int)]) -> SimulatedRound {
            SimulatedRound(
                correct: 0, wrong: 0, timedOut: 0, end: .time, endSeconds: 1, money: 1,
                players: tallies.map { PlayerTally(correct: $0.0, wrong: $0.1, timedOut: $0.2) })
        }
        var simulated = SummaryAccumulator()
        simulated.add(playtest, played: [round([(3, 1, 0), (9, 9, 9), (0, 0, 4)]), round([(1, 0, 2), (9, 9, 9), (0, 0, 6)])])
        #expect(simulated.presentSeats == seats)
        #expect(simulated.seatVector(of: seats) == [2, 5])
        // The notes computed once and handed in count the same.
        var handed = SummaryAccumulator()
        handed.add(playtest, played: [round([(3, 1, 0), (9, 9, 9), (0, 0, 4)]), round([(1, 0, 2), (9, 9, 9), (0, 0, 6)])], notes: LogNotes(playtest))
        #expect(handed.seatVector(of: seats) == [2, 5] && handed.vector(of: PlaytestSummary.allCases) == simulated.vector(of: PlaytestSummary.allCases))
    }
}
