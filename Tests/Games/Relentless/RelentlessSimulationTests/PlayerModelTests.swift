import RelentlessGeneration
import Relentless
import RelentlessSimulation
import Testing

/// The player model on rounds made by hand, where every time is chosen so that the outcome
/// follows from the rules and the model's stated assumptions alone (P4, P5).
///
/// The parameters make satisfaction a clock: no drain (satisfactionUnitDecrease 0), a range of
/// 0...1000, and a correct delivery changes satisfaction by timeLeft − totalTime, so a player's
/// satisfaction after its one order is 1000 − (the second the package reached the house).
@Suite("The player model on hand-made rounds (P4)")
struct PlayerModelTests {
    static func design() throws -> PreparedDesign {
        try SimulationFixtures.shipped(parameters: { text in
            [
                SimulationFixtures.replacing("satisfactionUnitDecrease", with: "<integer>0</integer>"),
                SimulationFixtures.replacing("maxSatisfaction", with: "<integer>1000</integer>"),
                SimulationFixtures.replacing("correctPackageSatisfactionChange", with: "<string>timeLeft - totalTime</string>"),
                SimulationFixtures.replacing("wrongPackageSatisfactionChange", with: "<string>-500</string>"),
            ].reduce(text) { $1($0) }
        })
    }

    /// A persona whose every time is 0 and who is never wrong, with `edit` applied.
    static func persona(_ name: String, _ edit: (inout Persona) -> Void = { _ in }) -> Persona {
        var p = Persona(
            name: name, describeSeconds: KindTable(all: 0), identifySeconds: KindTable(all: 0), findSeconds: 0, packSeconds: 0,
            assembleSeconds: 0, passSeconds: 0, misunderstandChance: KindTable(all: 0), confusionPerGroupItem: 0,
            wrongTeammateChance: 0, ordersAtOnce: 1, strategy: .earliestDeadline, hopelessOrders: .keepGoing, timeSpread: 0)
        edit(&p)
        return p
    }

    /// Fruit (the shipped catalogue's first category, one item per group): player i holds fruit
    /// i and has one order of the fruits `orders[i]` (none when empty), with `limit` seconds.
    static func round(seed: UInt64, orders: [[Int]], limit: Int = 200) -> Round {
        let fruit = 0
        let players = orders.indices.map { i in
            PlayerRound(
                warehouse: [Item(category: fruit, index: i)],
                houses: [House(factor: 1, orders: orders[i].isEmpty ? [] : [Order(items: orders[i].map { Item(category: fruit, index: $0) }, baseTimeLimit: limit)])])
        }
        let items = orders.indices.map { Item(category: fruit, index: $0) }
        return Round(
            seed: seed, game: 0, round: 0, difficulty: 1, categories: [fruit], orderItems: items, inventory: items, groupRepetitions: 0,
            players: players, packageLimit: nil, notes: [])
    }

    static func play(_ round: Round, _ design: PreparedDesign, _ team: [Persona]) -> RoundOutcome {
        let parameters = design.design.parameters.resolved(difficulty: 1, players: team.count)
        return RoundEngine.play(round, design: design, parameters: parameters, team: team, rules: SatisfactionRules(design.design.parameters))
    }

    @Test("the teammate asked spends its own time identifying, after its current action, and its own order waits meanwhile")
    func theListenerPays() throws {
        let design = try Self.design()
        // Player 0 needs player 1's fruit; player 1 is finding its own (10 s) when asked and takes 30 s to identify.
        let team = [
            Self.persona("asker"),
            Self.persona("listener") { $0.findSeconds = 10; $0.identifySeconds = KindTable(all: 30) },
            Self.persona("bystander"),
        ]
        let outcome = Self.play(Self.round(seed: 1, orders: [[1], [1], [2]]), design, team)
        // The request waits for the listener's own find (0–10), then is served 10–50 (identify
        // 30, find 10): delivered at 50.
        #expect(outcome.players[0].correct == 1 && outcome.players[0].satisfaction == 1000 - 50, "\(outcome)")
        // The listener's own order, found by 10, is handed over only after helping: at 50, not 10.
        #expect(outcome.players[1].correct == 1 && outcome.players[1].satisfaction == 1000 - 50)
        #expect(outcome.players[2].satisfaction == 1000)
        #expect(outcome.end == .allOrdersDone && outcome.endTime == 50)
        // Where the time went: the asker waited for its package 0–50; the listener found its own
        // fruit (10), listened (30) and found the asker's (10); the bystander had nothing to do.
        var asker = TimeBreakdown(), listener = TimeBreakdown(), bystander = TimeBreakdown()
        asker.waiting = 50
        listener.findingAndPacking = 20
        listener.listening = 30
        bystander.idle = 50
        #expect(outcome.players.map(\.time) == [asker, listener, bystander], "\(outcome.players.map(\.time))")
    }

    @Test("two requests reaching one teammate at the same instant are served in a drawn order, each first half the time (binomial, α = 0.001)")
    func simultaneousRequestsAreDrawn() throws {
        let design = try Self.design()
        let team = [
            Self.persona("a"),
            Self.persona("listener") { $0.identifySeconds = KindTable(all: 30) },
            Self.persona("b"),
        ]
        var firstServed = [0, 0]
        let seeds = 400
        for seed in 1...seeds {
            // Players 0 and 2 both need player 1's fruit, and ask at 0 s.
            let outcome = Self.play(Self.round(seed: UInt64(seed), orders: [[1], [1], [1]]), design, team)
            let done = [outcome.players[0].satisfaction, outcome.players[2].satisfaction]
            #expect(done.sorted() == [1000 - 60, 1000 - 30], "seed \(seed): one is served 0–30, the other 30–60")
            firstServed[done[0] > done[1] ? 0 : 1] += 1
        }
        // Under fairness the count is Binomial(400, 1/2): mean 200, sd 10; |z| < 3.29.
        #expect(abs(Double(firstServed[0]) - 200) < 3.29 * 10, "\(firstServed)")
    }

    @Test("a wrong teammate listens, finds nothing and passes the package back; the asker then asks the holder (P4)")
    func theWrongTeammate() throws {
        let design = try Self.design()
        // The asker always asks wrong first (chance 1; the only teammate not holding the fruit is player 2).
        let team = [
            Self.persona("asker") { $0.wrongTeammateChance = 1; $0.passSeconds = 1 },
            Self.persona("holder") { $0.identifySeconds = KindTable(all: 5) },
            Self.persona("wrong") { $0.identifySeconds = KindTable(all: 7) },
        ]
        let outcome = Self.play(Self.round(seed: 3, orders: [[1], [], []]), design, team)
        // Pass 0–1, the wrong teammate 1–8, pass again 8–9, the holder 9–14, the delivery pass 14–15.
        #expect(outcome.players[0].correct == 1 && outcome.players[0].satisfaction == 1000 - 15)
    }

    @Test("an order the player cannot finish in time: kept (it times out), handed over unfinished (a wrong delivery), or never started", arguments: HopelessOrderPolicy.allCases)
    func hopelessOrders(policy: HopelessOrderPolicy) throws {
        let design = try Self.design()
        // Player 0 needs the fruits of players 1 and 2, 10 s of describing each, in a 15 s order:
        // 20 s of work it can foresee. Its teammates help in no time.
        let team = [Self.persona("asker") { $0.describeSeconds = KindTable(all: 10); $0.hopelessOrders = policy }, Self.persona("b"), Self.persona("c")]
        let outcome = Self.play(Self.round(seed: 4, orders: [[1, 2], [], []], limit: 15), design, team)
        let player = outcome.players[0]
        switch policy {
        case .keepGoing:
            // Described 0–10, helped, describing again 10–20: the order runs out at 15 (P6), the
            // round's last, so the round ends there (P7).
            #expect(player.timedOut == 1 && player.wrong == 0 && player.gaveUp == 0, "\(player)")
        case .deliverWhatItHas:
            // Nothing else to do, so it starts; after its first action (10 s) it sees 10 s more
            // would end at 20 > 15 and hands the package over as it is: wrong at 10 s (P5).
            #expect(player.wrong == 1 && player.timedOut == 0 && player.gaveUp == 1 && player.satisfaction == 1000 - 500, "\(player)")
        case .dropAndStartAnother:
            // It never starts an order it cannot finish: the order times out untouched.
            #expect(player.timedOut == 1 && player.wrong == 0 && player.gaveUp == 0 && player.discarded == 0, "\(player)")
        }
        #expect(outcome.endTime == (policy == .deliverWhatItHas ? 10 : 15))
    }
}

/// G8: "A round without a limit has none": the original only sent a limit when there was one,
/// so an earlier round's limit could linger on the phones. The engine reuses one table for a
/// game's rounds; a round must play the same on it as on a fresh one.
@Suite("A package limit does not outlive its round (G8)")
struct PackageLimitCarryOverTests {
    @Test("rounds played one after another on one table equal each played alone, across limited and unlimited rounds")
    func noLingeringLimit() throws {
        let design = try SimulationFixtures.shipped(parameters: SimulationFixtures.replacing("probOfHavingPackageLimit", with: "<real>0.5</real>"))
        let parameters = design.design.parameters.resolved(difficulty: 10, players: 4)
        let team = try SimulationFixtures.team("casual", "expert", "novice", "casual")
        let rules = SatisfactionRules(design.design.parameters)
        var table = RoundTable(design: design)
        var previousLimited = false
        var limitedThenNot = 0
        for seed: UInt64 in 1...40 {
            let round = try Pipeline.default.makeRound(design, parameters: parameters, seed: seed)
            let reused = table.play(round, parameters: parameters, team: team, rules: rules)
            let fresh = RoundEngine.play(round, design: design, parameters: parameters, team: team, rules: rules)
            #expect(reused == fresh, "seed \(seed)")
            if previousLimited && round.packageLimit == nil { limitedThenNot += 1 }
            previousLimited = round.packageLimit != nil
        }
        #expect(limitedThenNot >= 3, "the rounds must include limited rounds followed by unlimited ones")
    }
}
