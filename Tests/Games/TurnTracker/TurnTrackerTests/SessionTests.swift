import Expressions
import Foundation
import Testing
@testable import TurnTracker

/// Sessions played against values they have in closed form (issue 19, "truth to test against").
/// Each statistical test plays its sessions from fixed seeds and accepts |z| < 4.9, a two-sided
/// significance of about 1e-6: a correct simulator fails one run in a million.
@Suite struct SessionTests {
    static let z = 4.9
    /// Φ⁻¹(0.9), the standard normal's 90% quantile.
    static let z90 = 1.2815515655446004

    /// The standard normal distribution function, from the C library's erfc.
    static func phi(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }

    static func expectClose(_ observed: Double, _ expected: Double, standardError: Double, _ what: String) {
        let z = (observed - expected) / standardError
        #expect(abs(z) < Self.z, "\(what): observed \(observed), exact \(expected), z = \(z)")
    }

    /// A design of one game played by one table of `personas`.
    static func design(
        _ mode: Mode, phases: [Phase], times: [[TimeDistribution]], rounds: GameTiming.Rounds = .fixed(1), timer: Double? = nil,
        personas: [Persona]
    ) -> SessionDesign {
        let game = TrackedGame(name: "G", mode: mode, players: 1...16, phases: phases)
        return SessionDesign(
            games: [game], timings: [GameTiming(rounds: rounds, turnTimer: timer, actionTimes: times)], personas: personas,
            tables: [SessionTable(game: 0, players: Array(personas.indices))])
    }

    static func plays(_ design: SessionDesign, _ sessions: Int, seed: UInt64 = 1) -> [SessionRecord] {
        (0..<sessions).map { SessionPlay.play(design, table: 0, seed: seed &* 1_000_003 &+ UInt64($0)) }
    }

    static func mean(_ xs: [Double]) -> Double { xs.reduce(0, +) / Double(xs.count) }

    // MARK: - Fixed times: exact lengths

    /// Co-op with fixed times (TT12): a phase lasts as long as its slowest player, a symmetric
    /// phase its actions' sum; speed divides a player's times (TT10). Two actions of 10 s and 20 s,
    /// players at speed 1, 2 and 0.5: max(30, 15, 60) = 60 s; the symmetric phase 5 + 25 = 30 s;
    /// four rounds: 4 × 90 = 360 s.
    @Test func aCoopSessionOfFixedTimesHasItsExactLength() {
        let design = Self.design(
            .coop, phases: [Phase(name: "players", actions: ["a", "b"]), Phase(name: "enemies", symmetric: true, actions: ["c", "d"])],
            times: [[.fixed(10), .fixed(20)], [.fixed(5), .fixed(25)]], rounds: .fixed(4),
            personas: [Persona(name: "p", speed: 1), Persona(name: "q", speed: 2), Persona(name: "r", speed: 0.5)])
        let record = SessionPlay.play(design, table: 0, seed: 9)
        #expect(record.seconds == 360)
        #expect(record.rounds == 4)
        #expect(record.phaseSeconds == [240, 120])
        // Acting (TT14): each player's own actions, and the symmetric phases with everyone.
        let acting: [Double] = [240, 180, 360]  // 4 × 30, 4 × 15, 4 × 60, each + 120
        #expect(record.acting == acting)
        let waiting: [Double] = [1 - 240.0 / 360, 1 - 180.0 / 360, 0]
        #expect(record.waitingShare == waiting)
        #expect(record.turnSeconds.count == 12 && Set(record.turnSeconds) == [30, 15, 60])
        #expect(record.expiries == 0 && record.forgotten == 0)
    }

    /// Versus with fixed times (TT13): a round is the sum of its turns. 3 players at speed 1, 2,
    /// 4 with a turn of 12 s: 12 + 6 + 3 = 21 s a round; 5 rounds: 105 s. Player 1 waits
    /// 105 − 60 s of it.
    @Test func aVersusSessionOfFixedTimesIsTheSumOfItsTurns() {
        let design = Self.design(
            .versus, phases: [Phase(name: "turn", actions: ["play"])], times: [[.fixed(12)]], rounds: .fixed(5),
            personas: [Persona(name: "p", speed: 1), Persona(name: "q", speed: 2), Persona(name: "r", speed: 4)])
        let record = SessionPlay.play(design, table: 0, seed: 3)
        #expect(record.seconds == 105)
        #expect(record.acting == [60, 30, 15])
        #expect(record.turnSeconds == Array(repeating: [12.0, 6, 3], count: 5).flatMap { $0 })
        #expect(abs(record.waitingShare[0] - 45.0 / 105) < 1e-12)
    }

    /// Rounds written as an expression in players are rounded up (TT7): 71 / 3 = 23.7 → 24.
    @Test func roundsOfAnExpressionAreRoundedUp() throws {
        let rounds = GameTiming.Rounds.expression(try .init(parsing: "71 / players", variables: GameTiming.Rounds.scope))
        #expect(rounds.range(players: 3) == 24...24)
        #expect(rounds.range(players: 1) == 71...71)
        let design = Self.design(
            .versus, phases: [Phase(name: "turn", actions: ["play"])], times: [[.fixed(1)]], rounds: rounds,
            personas: [Persona(name: "p"), Persona(name: "q"), Persona(name: "r")])
        #expect(SessionPlay.play(design, table: 0, seed: 1).seconds == 72)
    }

    /// A range of rounds draws each session's count uniformly (TT7): 2...5 rounds of a 10 s
    /// turn alone; each count near a quarter of 20,000 sessions.
    @Test func aRangeOfRoundsIsDrawnUniformly() {
        let design = Self.design(.versus, phases: [Phase(name: "turn", actions: ["play"])], times: [[.fixed(10)]], rounds: .range(2...5), personas: [Persona(name: "p")])
        let records = Self.plays(design, 20_000)
        for rounds in 2...5 {
            let count = records.count { $0.rounds == rounds }
            let p = 0.25, n = 20_000.0
            Self.expectClose(Double(count), n * p, standardError: (n * p * (1 - p)).squareRoot(), "\(rounds) rounds")
        }
        #expect(records.allSatisfy { $0.seconds == Double($0.rounds) * 10 })
    }

    // MARK: - Exponential times: the maximum and the sum of n

    /// A co-op phase of n players whose turns are exponential with mean μ lasts their maximum,
    /// E = μ·Hₙ, Var = μ²·Σ 1/k² (TT12).
    @Test(arguments: [1, 2, 4, 7])
    func aCoopPhaseLastsTheMaximumOfItsPlayersTurns(players: Int) {
        let mu = 30.0, sessions = 20_000
        let design = Self.design(
            .coop, phases: [Phase(name: "all", actions: ["act"])], times: [[.exponential(mean: mu)]],
            personas: (0..<players).map { Persona(name: "p\($0)") })
        let lengths = Self.plays(design, sessions).map(\.seconds)
        let harmonic = (1...players).reduce(0.0) { $0 + 1 / Double($1) }
        let variance = mu * mu * (1...players).reduce(0.0) { $0 + 1 / Double($1 * $1) }
        Self.expectClose(Self.mean(lengths), mu * harmonic, standardError: (variance / Double(sessions)).squareRoot(), "max of \(players) exponentials")
    }

    /// A versus round of n players with exponential turns of mean μ is their sum: E = nμ,
    /// Var = nμ² (TT13). Two actions of mean μ/2 each make a turn of mean μ too.
    @Test(arguments: [1, 2, 5])
    func aVersusRoundIsTheSumOfItsPlayersTurns(players: Int) {
        let mu = 40.0, sessions = 20_000
        let design = Self.design(
            .versus, phases: [Phase(name: "turn", actions: ["a", "b"])], times: [[.exponential(mean: mu / 2), .exponential(mean: mu / 2)]],
            personas: (0..<players).map { Persona(name: "p\($0)") })
        let lengths = Self.plays(design, sessions).map(\.seconds)
        // A turn of two exponentials of mean μ/2 has variance 2(μ/2)² = μ²/2.
        let variance = Double(players) * mu * mu / 2
        Self.expectClose(Self.mean(lengths), Double(players) * mu, standardError: (variance / Double(sessions)).squareRoot(), "sum of \(players) turns")
    }

    // MARK: - Log-normal turns: the timer that covers a share, and binomial expiries

    /// Turns of one log-normal action, median m and σ: the timer that covers 90% of them is
    /// exactly m·e^(σ·Φ⁻¹(0.9)); the share of turns within it is binomial(n, 0.9).
    @Test func theTimerThatCoversNinetyPercentIsTheLogNormalsQuantile() {
        let median = 45.0, sigma = 0.6
        let design = Self.design(
            .versus, phases: [Phase(name: "turn", actions: ["play"])], times: [[.logNormal(median: median, sigma: sigma)]], rounds: .fixed(10),
            personas: [Persona(name: "p"), Persona(name: "q")])
        let turns = Self.plays(design, 2_000).flatMap(\.turnSeconds)
        let timer = median * exp(sigma * Self.z90)
        let covered = turns.count { $0 <= timer }
        let n = Double(turns.count)
        Self.expectClose(Double(covered), 0.9 * n, standardError: (n * 0.9 * 0.1).squareRoot(), "turns within the exact 90% timer")
    }

    /// With a turn timer T, a log-normal turn expires with p = 1 − Φ((ln T − ln m)/σ), and a run's
    /// expiries are binomial(turns, p) (TT9).
    @Test(arguments: [30.0, 60.0, 120.0])
    func expiriesAreBinomial(timer: Double) {
        let median = 50.0, sigma = 0.8
        let design = Self.design(
            .coop, phases: [Phase(name: "all", actions: ["act"])], times: [[.logNormal(median: median, sigma: sigma)]], rounds: .fixed(4), timer: timer,
            personas: [Persona(name: "p"), Persona(name: "q"), Persona(name: "r")])
        let records = Self.plays(design, 5_000)
        let turns = records.reduce(0) { $0 + $1.turnSeconds.count }
        let expiries = records.reduce(0) { $0 + $1.expiries }
        let p = 1 - Self.phi((log(timer) - log(median)) / sigma)
        let n = Double(turns)
        #expect(turns == 5_000 * 4 * 3)
        Self.expectClose(Double(expiries), n * p, standardError: (n * p * (1 - p)).squareRoot(), "expiries at \(timer) s")
        // Without forgetting, a turn expires exactly when its actions outlast the timer.
        #expect(expiries == records.reduce(0) { $0 + $1.turnSeconds.count { $0 > timer } })
    }

    // MARK: - Forgotten readies, the timer's reminder, spread

    /// A forgotten ready delays a versus turn by the notice time (TT10): with chance f and an
    /// exponential notice of mean ν, a session of k fixed turns of t seconds lasts k·t + k·f·ν
    /// on average, and k·f readies are forgotten.
    @Test func forgottenReadiesAddTheirNoticeTime() {
        let f = 0.1, nu = 60.0, turn = 20.0, rounds = 6, players = 2, sessions = 20_000
        let design = Self.design(
            .versus, phases: [Phase(name: "turn", actions: ["play"])], times: [[.fixed(turn)]], rounds: .fixed(rounds),
            personas: (0..<players).map { Persona(name: "p\($0)", forgetReady: f, notice: .exponential(mean: nu)) })
        let records = Self.plays(design, sessions)
        let k = Double(rounds * players)
        // Each turn adds a delay D = B·E, B Bernoulli(f), E exponential(ν): Var D = f·2ν² − (fν)².
        let variance = k * (f * 2 * nu * nu - f * f * nu * nu)
        Self.expectClose(Self.mean(records.map(\.seconds)), k * turn + k * f * nu, standardError: (variance / Double(sessions)).squareRoot(), "session with forgotten readies")
        let forgotten = records.reduce(0) { $0 + $1.forgotten }
        let n = k * Double(sessions)
        Self.expectClose(Double(forgotten), n * f, standardError: (n * f * (1 - f)).squareRoot(), "forgotten readies")
    }

    /// The timer's alarm reminds a player who forgot (TT9): a 10 s turn forgotten, noticed only
    /// after 100 s, is readied when a 30 s timer rings, and that turn counts as expired; the same
    /// turn without a timer waits the whole 110 s.
    @Test func theTimersAlarmRemindsAPlayerWhoForgot() {
        let forgetful = Persona(name: "p", forgetReady: 1, notice: .fixed(100))
        let timed = Self.design(.versus, phases: [Phase(name: "turn", actions: ["play"])], times: [[.fixed(10)]], timer: 30, personas: [forgetful])
        let record = SessionPlay.play(timed, table: 0, seed: 1)
        #expect(record.seconds == 30 && record.expiries == 1 && record.forgotten == 1)
        var untimed = timed
        untimed.timings[0]?.turnTimer = nil
        #expect(SessionPlay.play(untimed, table: 0, seed: 1).seconds == 110)
        // Noticed before the alarm: no expiry, the notice time counts.
        var quick = timed
        quick.personas[0].notice = .fixed(5)
        let noticed = SessionPlay.play(quick, table: 0, seed: 1)
        #expect(noticed.seconds == 15 && noticed.expiries == 0)
    }

    /// A forgotten ready is waiting, not play (TT14): a lone player's 10 s turn, readied 100 s
    /// later, acts 10 of the session's 110 seconds.
    @Test func aForgottenReadyCountsAsWaiting() {
        let design = Self.design(
            .versus, phases: [Phase(name: "turn", actions: ["play"])], times: [[.fixed(10)]], personas: [Persona(name: "p", forgetReady: 1, notice: .fixed(100))])
        let record = SessionPlay.play(design, table: 0, seed: 4)
        #expect(record.seconds == 110 && record.acting == [10])
        #expect(abs(record.waitingShare[0] - 100.0 / 110) < 1e-12)
    }

    /// A persona's spread multiplies each turn by a factor of mean 1 (TT10): fixed 20 s turns
    /// with spread 0.5 still average 20 s, with Var = 400·(e^(σ²) − 1).
    @Test func spreadKeepsTheMeanTurn() {
        let sigma = 0.5
        let design = Self.design(
            .versus, phases: [Phase(name: "turn", actions: ["play"])], times: [[.fixed(20)]], rounds: .fixed(1), personas: [Persona(name: "p", spread: sigma)])
        let turns = Self.plays(design, 20_000).flatMap(\.turnSeconds)
        let variance = 400 * (exp(sigma * sigma) - 1)
        Self.expectClose(Self.mean(turns), 20, standardError: (variance / Double(turns.count)).squareRoot(), "mean turn with spread")
        #expect(Set(turns).count > 1000)
    }

    /// A session is a function of its seed, and each seat draws from its own stream: changing the
    /// third player's speed leaves the first two players' turns as they were.
    @Test func aSeatsDrawsAreItsOwn() {
        let base = Self.design(
            .coop, phases: [Phase(name: "all", actions: ["act"])], times: [[.logNormal(median: 30, sigma: 0.7)]], rounds: .fixed(5),
            personas: [Persona(name: "p", spread: 0.3, forgetReady: 0.2), Persona(name: "q", forgetReady: 0.2), Persona(name: "r")])
        let record = SessionPlay.play(base, table: 0, seed: 77)
        #expect(SessionPlay.play(base, table: 0, seed: 77) == record)
        #expect(SessionPlay.play(base, table: 0, seed: 78) != record)
        var slower = base
        slower.personas[2].speed = 0.5
        let changed = SessionPlay.play(slower, table: 0, seed: 77)
        func seats(_ r: SessionRecord, _ seat: Int) -> [Double] { stride(from: seat, to: r.turnSeconds.count, by: 3).map { r.turnSeconds[$0] } }
        #expect(seats(changed, 0) == seats(record, 0) && seats(changed, 1) == seats(record, 1))
        #expect(zip(seats(changed, 2), seats(record, 2)).allSatisfy { abs($0 - 2 * $1) < 1e-9 })
    }
}
