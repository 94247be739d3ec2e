import Relentless
import RelentlessGeneration
import RelentlessSimulation
import Testing

/// P4's requests, first come, first served: a teammate busy when two packages with descriptions
/// reach it serves them, once free, in the order they arrived. `simultaneousRequestsAreDrawn`
/// sends its two requests at one instant, where either order is right, so it cannot tell
/// first-come-first-served from last-come-first-served; the golden report was the only guard.
/// Here the two requests reach the holder at different, known times, and the round's timeline
/// says whom it helps first.
///
/// The round and personas are `PlayerModelTests`' (satisfaction is a clock: 1000 − the second a
/// player's package reaches its house; every persona time is 0 unless set, no noise, never wrong).
@Suite("P4: requests reaching a busy teammate are served in the order they arrived")
struct RequestOrderTests {
    /// The earlier asker sits at `earlierSeat` (0 or 2), the later one at the other end, the holder
    /// of the fruit both need at seat 1, so neither seat order nor the order the askers opened their
    /// jobs in (seat 0 first, at 0 s) agrees with the arrival order in both cases.
    ///
    /// The times, all whole seconds (exact in floating point):
    /// - the holder's own order is its own fruit: find and pack 0–10 (findSeconds 10), so it is
    ///   busy when both requests reach it;
    /// - the earlier asker describes 0–2 and passes 2–3: its package reaches the holder at 3;
    /// - the later asker describes 0–4 and passes 4–6: its package reaches the holder at 6;
    /// - each help takes identify 3 + find 10 (pack and pass 0) = 13 s: the earlier asker is
    ///   helped 10–23, the later 23–36; then the holder hands its own package over at 36 (pass 0);
    /// - each asker delivers its returned package with its own pass: 23–24 and 36–38, so the
    ///   satisfactions are 1000 − 24 and 1000 − 38, and the round ends at 38, all orders done (P7).
    /// Served last come, first served, the later asker would be helped 10–23 and the earlier 23–36.
    @Test("the holder, busy when two requests arrive at 3 s and 6 s, helps the 3 s asker at 10–23 and the 6 s asker at 23–36", arguments: [0, 2])
    func earlierRequestIsServedFirst(earlierSeat: Int) throws {
        let design = try PlayerModelTests.design()
        let laterSeat = 2 - earlierSeat
        let holder = 1
        var team = [Persona](repeating: PlayerModelTests.persona("placeholder"), count: 3)
        team[earlierSeat] = PlayerModelTests.persona("earlier") {
            $0.describeSeconds = KindTable(all: 2)
            $0.passSeconds = 1
        }
        team[holder] = PlayerModelTests.persona("holder") {
            $0.findSeconds = 10
            $0.identifySeconds = KindTable(all: 3)
        }
        team[laterSeat] = PlayerModelTests.persona("later") {
            $0.describeSeconds = KindTable(all: 4)
            $0.passSeconds = 2
        }
        // Every player's one order is the holder's fruit (fruit 1).
        let round = PlayerModelTests.round(seed: 5, orders: [[1], [1], [1]])
        let parameters = design.design.parameters.resolved(difficulty: 1, players: team.count)
        var table = RoundTable(design: design)
        let outcome = table.play(round, parameters: parameters, team: team, rules: SatisfactionRules(design.design.parameters), timeline: true)
        let timeline = try #require(outcome.timeline)

        struct Action: Equatable, CustomStringConvertible {
            var start: Double, end: Double, what: String
            var description: String { "\(start)–\(end) \(what)" }
        }
        func actions(of p: Int) -> [Action] {
            timeline.filter { $0.player == p }.map { Action(start: $0.start, end: $0.end, what: $0.what) }
        }
        // The requests' arrival times: the end of each asker's pass to the holder.
        #expect(actions(of: earlierSeat) == [
            Action(start: 0, end: 2, what: "describe 1 item to player 2"),
            Action(start: 2, end: 3, what: "pass the package to player 2"),
            Action(start: 23, end: 24, what: "deliver to house 1"),
        ], "\(actions(of: earlierSeat))")
        #expect(actions(of: laterSeat) == [
            Action(start: 0, end: 4, what: "describe 1 item to player 2"),
            Action(start: 4, end: 6, what: "pass the package to player 2"),
            Action(start: 36, end: 38, what: "deliver to house 1"),
        ], "\(actions(of: laterSeat))")
        // The rule itself: the asker whose package arrived first (at 3) is helped first.
        #expect(actions(of: holder) == [
            Action(start: 0, end: 10, what: "find and pack"),
            Action(start: 10, end: 23, what: "help player \(earlierSeat + 1)"),
            Action(start: 23, end: 36, what: "help player \(laterSeat + 1)"),
            Action(start: 36, end: 36, what: "deliver to house 1"),
        ], "\(actions(of: holder))")
        // The same, as the satisfaction clock reads it (P5).
        #expect(outcome.players[earlierSeat].correct == 1 && outcome.players[earlierSeat].satisfaction == 1000 - 24, "\(outcome.players[earlierSeat])")
        #expect(outcome.players[laterSeat].correct == 1 && outcome.players[laterSeat].satisfaction == 1000 - 38, "\(outcome.players[laterSeat])")
        #expect(outcome.players[holder].correct == 1 && outcome.players[holder].satisfaction == 1000 - 36, "\(outcome.players[holder])")
        #expect(outcome.end == .allOrdersDone && outcome.endTime == 38)
    }
}
