// The C library's log, exp and cos, not Foundation's: Foundation's ICU headers and libxml2's
// (PropertyList) clash in one module's imports on a fresh build.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import Randomness

/// A session of one table from its seed: the steps the app shows (``SessionSequence``), each
/// timed by the players' personas.
///
/// - A co-op phase lasts until its last ready: the slowest player's actions, or a forgotten ready
///   after them (TT12). A symmetric phase is one time for everyone, its actions drawn once.
/// - A versus turn lasts until its player's ready, and a round is the sum of its turns (TT13).
/// - A turn's actions each draw their time (TT8), summed, × the player's spread factor, ÷ their
///   speed (TT10); the player then forgets ready with their chance, and presses it when they
///   notice; a turn timer that runs out first reminds them (TT9).
///
/// Each seat draws from a stream of its own and the game (rounds, symmetric phases) from
/// another, a fixed number of values a turn: changing one player or one phase's times leaves the
/// other draws of a session where they were.
public enum SessionPlay {
    public static func play(_ design: SessionDesign, table index: Int, seed: UInt64, recordSteps: Bool = false) -> SessionRecord {
        let table = design.tables[index]
        let game = design.games[table.game]
        guard let timing = design.timings[table.game] else {
            return SessionRecord(seconds: 0, rounds: 0, acting: table.players.map { _ in 0 }, turnSeconds: [], timed: false, expiries: 0, forgotten: 0, phaseSeconds: [], steps: [])
        }
        let personas = table.players.map { design.personas[$0] }
        var gameRandom = RandomSource(seed: stream(seed, 0))
        var seats = personas.indices.map { RandomSource(seed: stream(seed, UInt64($0) + 1)) }
        let times = timing.actionTimes.map { $0.map { $0.scaled(design.actionScale) } }
        let rounds = timing.rounds.range(players: personas.count) ?? 1...1
        let (played, steps) = SessionSequence(game: game, players: personas.count, rounds: rounds).generate(&gameRandom)

        var record = SessionRecord(
            seconds: 0, rounds: played, acting: personas.map { _ in 0 }, turnSeconds: [], timed: timing.turnTimer != nil, expiries: 0, forgotten: 0,
            phaseSeconds: game.phases.map { _ in 0 }, steps: [])
        record.turnSeconds.reserveCapacity(steps.count * (game.mode == .versus ? 1 : personas.count))
        var turns: [TurnTiming] = []
        for step in steps {
            turns.removeAll(keepingCapacity: true)
            let phaseTimes = times[step.phase]
            let seconds: Double
            switch step.turn {
            case .together:
                seconds = phaseTimes.reduce(0) { $0 + $1.draw(&gameRandom) }
                for seat in record.acting.indices { record.acting[seat] += seconds }
            case .everyone:
                for seat in personas.indices {
                    turns.append(turn(seat, personas[seat], phaseTimes, timer: timing.turnTimer, &seats[seat]))
                }
                seconds = turns.reduce(0) { max($0, $1.ready) }
            case .player(let seat):
                turns.append(turn(seat, personas[seat], phaseTimes, timer: timing.turnTimer, &seats[seat]))
                seconds = turns[0].ready
            }
            for t in turns {
                record.acting[t.player] += t.actions
                record.turnSeconds.append(t.actions)
                if t.expired { record.expiries += 1 }
                if t.forgot { record.forgotten += 1 }
            }
            if recordSteps { record.steps.append(StepTiming(step: step, start: record.seconds, seconds: seconds, turns: turns)) }
            record.phaseSeconds[step.phase] += seconds
            record.seconds += seconds
        }
        return record
    }

    /// One player's turn of a phase whose actions take `times` (TT8–TT10). Always five values
    /// of the player's stream and two more an action.
    static func turn(_ seat: Int, _ persona: Persona, _ times: [TimeDistribution], timer: Double?, _ random: inout RandomSource) -> TurnTiming {
        var sum = 0.0
        for time in times { sum += time.draw(&random) }
        let u1 = 1 - random.unit(), u2 = random.unit()
        let sigma = persona.spread
        let factor = sigma > 0 ? exp(sigma * TimeDistribution.normal(u1, u2) - sigma * sigma / 2) : 1
        let actions = sum * factor / persona.speed
        let forgot = random.chance(persona.forgetReady)
        let notice = persona.notice.draw(&random)
        var ready = actions
        var reminded = false
        if forgot {
            ready = actions + notice
            // The timer's alarm reminds a player who forgot: they press ready when it rings.
            if let timer, actions < timer, ready > timer {
                ready = timer
                reminded = true
            }
        }
        let expired = timer.map { ready > $0 || reminded } ?? false
        return TurnTiming(player: seat, actions: actions, ready: ready, forgot: forgot, expired: expired)
    }

    /// The seed of stream `k` of a session from `seed`.
    static func stream(_ seed: UInt64, _ k: UInt64) -> UInt64 {
        RandomSource.mix64(seed ^ RandomSource.mix64(k &+ 0x7475_726e))
    }
}
