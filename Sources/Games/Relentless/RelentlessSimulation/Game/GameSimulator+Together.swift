import Relentless
import RelentlessGeneration

extension GameSimulator {
    /// One game of the seed for each of `simulators`, each the game ``play(seed:timeline:observe:)``
    /// plays, with the work they provably share done once (issue 44). Rounds are the seed's
    /// (``StreamPath``), so in round r:
    /// - simulators of one catalogue (``PreparedDesign/sharesTables(with:)``) and pipeline
    ///   choice whose parameters generation reads are equal (``RoundKeys``; the team's size among
    ///   them) make the same round: it is generated and numbered once for all of them (a report's
    ///   lineups of one size; a sensitivity's variants that move play, money, or an expression at
    ///   a level where its whole-number value stays);
    /// - those that also play it alike (the same team, satisfaction rules and parameters but
    ///   M1's money) have the same outcome: it is played once, and each counts its own money.
    ///
    /// A simulator of another catalogue than the first's plays its game alone.
    /// - Parameter observe: sees each simulator's rounds (by its index), each simulator's in order.
    ///   A shared round's ``GameRound/flatRound`` is made with the first simulator's design (one
    ///   sharing the simulator's tables: the same round), so it plays in a ``RoundTable`` of that
    ///   design.
    /// - Returns: each game, or the error that stopped it (which stops no other).
    public static func play(
        _ simulators: [GameSimulator], seed: UInt64, observe: (_ simulator: Int, GameRound) -> Void = { _, _ in }
    ) -> [Result<GameSummary, GameError>] {
        guard let first = simulators.first else { return [] }
        var results = [Result<GameSummary, GameError>?](repeating: nil, count: simulators.count)
        var together: [Int] = []
        for (i, simulator) in simulators.enumerated() {
            if simulator.design.sharesTables(with: first.design) {
                together.append(i)
            } else {
                results[i] = Result { () throws(GameError) in try simulator.play(seed: seed) { observe(i, $0) } }
            }
        }
        let workspaces = ThreadWorkspaces.current
        let held = workspaces.take(for: first.design)
        defer { workspaces.give(held) }
        var money = [Int](repeating: 0, count: simulators.count)  // M1: money starts at 0
        var handled = [Bool](repeating: false, count: simulators.count)
        var played: [(simulator: Int, outcome: RoundOutcome)] = []
        let rounds = together.map { simulators[$0].maxRounds }.max() ?? 0
        for r in 0..<rounds {
            var playing = false
            for i in together {
                if results[i] == nil && r == simulators[i].maxRounds {
                    results[i] = .success(GameSummary(roundsPlayed: r, money: money[i], lost: false))
                }
                handled[i] = results[i] != nil
                playing = playing || !handled[i]
            }
            guard playing else { break }
            for (n, i) in together.enumerated() where !handled[i] {
                let simulator = simulators[i]
                let parameters = simulator.roundParameters[r]
                // Every simulator that makes this round, this one first.
                let alike = together[n...].filter { j in
                    j == i || !handled[j] && simulators[j].boundsErrors[r] == nil && simulator.boundsErrors[r] == nil && simulator.generatesAlike(simulators[j], round: r)
                }
                do throws(GenerationError) {
                    if let refused = simulator.boundsErrors[r] { throw refused }
                    // The first simulator's design: a design sharing its tables makes the same
                    // round, and the workspace keeps its items.
                    try simulator.pipeline.makeRound(
                        into: &held.workspace.round, boundsChecked: first.design, parameters: parameters, seed: seed, game: 0, round: UInt64(r))
                } catch {
                    // The host cannot make this round: every game that meets it ends here.
                    for j in alike {
                        handled[j] = true
                        let stop = UnplayableRound(round: r, difficulty: parameters.difficulty, players: simulator.team.count, reason: error.description)
                        results[j] = .success(GameSummary(roundsPlayed: r, money: money[j], lost: false, unplayable: stop))
                    }
                    continue
                }
                let loaded = held.workspace.table.load(held.workspace.round)
                played.removeAll(keepingCapacity: true)
                for j in alike {
                    handled[j] = true
                    let other = simulators[j]
                    let outcome: RoundOutcome
                    if let same = played.first(where: { simulators[$0.simulator].playsAlike(other, round: r) }) {
                        outcome = same.outcome
                    } else {
                        outcome = held.workspace.table.play(loaded: loaded, parameters: other.roundParameters[r], averages: other.averages, rules: other.rules)
                        played.append((j, outcome))
                    }
                    do throws(GameError) {
                        let round = try other.round(r, outcome, of: held.workspace.round, money: money[j], seed: seed)
                        money[j] = round.money
                        observe(j, round)
                        if round.lost { results[j] = .success(GameSummary(roundsPlayed: r + 1, money: round.money, lost: true)) }
                    } catch {
                        results[j] = .failure(error)
                    }
                }
            }
        }
        for i in together where results[i] == nil {
            results[i] = .success(GameSummary(roundsPlayed: simulators[i].maxRounds, money: money[i], lost: false))
        }
        return results.map { $0! }
    }

    /// Whether `other` makes the same round r as this simulator (given tables it shares).
    func generatesAlike(_ other: GameSimulator, round r: Int) -> Bool {
        guard let choice = pipeline.choice, choice == other.pipeline.choice else { return false }
        let (a, b) = (keys(round: r), other.keys(round: r))
        return a.generationHash == b.generationHash && a.generation == b.generation
    }

    /// Whether `other` plays round r as this simulator does, given the same round.
    func playsAlike(_ other: GameSimulator, round r: Int) -> Bool {
        let (a, b) = (keys(round: r), other.keys(round: r))
        return a.playHash == b.playHash && a.play == b.play && team == other.team && rules.isSame(as: other.rules)
    }
}
