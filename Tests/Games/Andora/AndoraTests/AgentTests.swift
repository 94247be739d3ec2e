import Randomness
import Testing

@testable import Andora

@Suite struct AgentTests {
    /// X to move in mini-field 2 and one mark from a line of three mini-fields (R1.9.1).
    static let xWinsAt2_2 = """
        XXX XXX XX.
        OO. OO. OO.
        ... ... ...
        """ + "\n" + String(repeating: "... ... ...\n", count: 6)

    @Test(arguments: [AgentKind.greedy, .mcts(playouts: 300)])
    func takesAWinningMove(kind: AgentKind) {
        let p = Diagram.position(Self.xWinsAt2_2, mover: .x, target: 2)
        for seed in 0..<UInt64(20) {
            var random = RandomSource(seed: seed)
            var agent = Agent(kind)
            #expect(agent.move(in: p, using: &random) == Move(field: 2, cell: 2))
        }
    }

    /// X to move in mini-field 8. O holds mini-fields 0 and 1 and completes mini-field 2 (and the
    /// game) by marking cell 2 there; every cell of mini-field 8 but cell 2 sends O to a mini-field
    /// where it cannot win, and 8.3 … 8.8 are open.
    static let mustNotSendOTo2 = """
        OOO OOO OO.
        ... ... ...
        ... ... ...
        """ + "\n" + String(repeating: "... ... ...\n", count: 6)

    @Test func greedyDoesNotHandTheOpponentAWin() {
        let p = Diagram.position(Self.mustNotSendOTo2, mover: .x, target: 8)
        for seed in 0..<UInt64(50) {
            var random = RandomSource(seed: seed)
            var agent = Agent(.greedy)
            let move = agent.move(in: p, using: &random)
            #expect(move.field == 8 && move.cell != 2)
        }
    }

    @Test func randomAgentSpreadsOverTheLegalMoves() {
        let p = Position(rules: .spec).playing(Move(field: 4, cell: 4))
        var random = RandomSource(seed: 3)
        var agent = Agent(.random)
        var seen = Set<Move>()
        for _ in 0..<500 { seen.insert(agent.move(in: p, using: &random)) }
        #expect(seen == Set(p.legalMoves))
    }

    /// Score of `a` against `b` over `games` games, seats swapped, on fixed seeds.
    static func score(_ a: AgentKind, _ b: AgentKind, games: Int, rules: Rules = .spec) -> Double {
        var points = 0.0
        for game in 0..<games {
            var random = RandomSource(seed: UInt64(1000 + game))
            var first = Agent(a), second = Agent(b)
            let aIsX = game % 2 == 0
            let end = aIsX
                ? Game.play(rules: rules, x: &first, o: &second, using: &random)
                : Game.play(rules: rules, x: &second, o: &first, using: &random)
            switch end.outcome.winner {
            case .none: points += 0.5
            case .some(let w): if (w == .x) == aIsX { points += 1 }
            }
        }
        return points / Double(games)
    }

    @Test func greedyBeatsRandom() {
        #expect(Self.score(.greedy, .random, games: 200) > 0.65)
    }

    @Test func searchBeatsGreedyAndRandom() {
        #expect(Self.score(.mcts(playouts: 300), .random, games: 40) > 0.8)
        #expect(Self.score(.mcts(playouts: 300), .greedy, games: 40) > 0.6)
    }

    @Test func moreSearchPlaysBetter() {
        #expect(Self.score(.mcts(playouts: 800), .mcts(playouts: 50), games: 40) > 0.6)
    }

    @Test func aGameIsAFunctionOfItsSeed() {
        func moves(_ seed: UInt64) -> [Move] {
            var random = RandomSource(seed: seed)
            var x = Agent(.mcts(playouts: 100)), o = Agent(.greedy)
            var played: [Move] = []
            _ = Game.play(rules: .spec, x: &x, o: &o, using: &random) { _, move in played.append(move) }
            return played
        }
        #expect(moves(5) == moves(5))
        #expect(moves(5) != moves(6))
    }

    @Test func agentNamesRoundTrip() {
        for text in ["random", "greedy", "mcts:1", "mcts:1000", "mcts:1000000"] { #expect(AgentKind(text)?.description == text) }
        #expect(AgentKind("mcts") == .mcts(playouts: AgentKind.defaultPlayouts))
        for bad in ["", "Random", "mcts:0", "mcts:-5", "mcts:1000001", "mcts:x", "minimax"] { #expect(AgentKind(bad) == nil) }
        #expect(Matchup("mcts:1000,random") == Matchup(.mcts(playouts: 1000), .random))
        #expect(Matchup("greedy")?.isSelfPlay == true)
        #expect(Matchup(" greedy , random ") == Matchup(.greedy, .random))
        #expect(Matchup("a,b,c") == nil && Matchup("random,") == nil)
        let m = Matchup(.greedy, .random)
        #expect(m.xAgent(game: 0) == .greedy && m.oAgent(game: 0) == .random)
        #expect(m.xAgent(game: 1) == .random && m.oAgent(game: 1) == .greedy)
    }
}

@Suite struct RandomGameTests {
    /// Two random agents take the playout's shortcut unless someone watches the moves; both ways
    /// must draw the same moves.
    @Test(arguments: [Rules.spec, Rules(strategy: .any, whenTargetIsFull: .playAnywhere)])
    func theShortcutPlaysTheSameGames(rules: Rules) {
        for seed in 0..<UInt64(300) {
            var a = RandomSource(seed: seed), b = RandomSource(seed: seed)
            var x1 = Agent(.random), o1 = Agent(.random), x2 = Agent(.random), o2 = Agent(.random)
            var watched = 0
            let fast = Game.play(rules: rules, x: &x1, o: &o1, using: &a)
            let slow = Game.play(rules: rules, x: &x2, o: &o2, using: &b) { _, _ in watched += 1 }
            #expect(fast == slow)
            #expect(watched == slow.moveCount)
            #expect(a.next() == b.next())
        }
    }
}
