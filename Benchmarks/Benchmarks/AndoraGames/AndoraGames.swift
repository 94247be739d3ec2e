// Andora (issue 7): how fast the bitboard engine plays random games on one core, against a plain
// C engine of the same rules in the same run. "Playouts" is the engine alone (what a tree search
// runs); "two random agents" is a game as `simulate --agents random` plays it, with the agent
// dispatch and a fresh pair of agents per game (Sources/PlainCAndora: a 9×9 array, legal moves
// collected into an array, lines found by looping over a table). Targets: ≥ 500,000 random games
// per second per core, and at least twice the plain C engine's rate. Also MCTS playouts per
// second, the cost that decides how long `--agents mcts:N` takes.
//
// Both engines play the spec's rules ('first', a full target is a draw); their mean game lengths
// agree (67.3 marks), so they play the same game.
import Andora
import Benchmark
import BenchmarkSupport
import PlainCAndora
import Randomness

let benchmarks: @Sendable () -> Void = {
    let games = 100_000
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .milliseconds, warmupIterations: SmokeRun.iterations(1),
        maxDuration: .seconds(10), maxIterations: SmokeRun.iterations(20))

    Benchmark("Random games: Swift bitboard engine, playouts (100,000 games, spec rules, 1 thread)", configuration: configuration) { benchmark in
        var random = RandomSource(seed: 1)
        for _ in benchmark.scaledIterations {
            var marks = 0
            for _ in 0..<games {
                var game = Position(rules: .spec)
                game.playRandomly(using: &random)
                marks &+= game.moveCount
            }
            blackHole(marks)
        }
    }

    Benchmark("Random games: Swift bitboard engine, two random agents (100,000 games, spec rules, 1 thread)", configuration: configuration) { benchmark in
        var random = RandomSource(seed: 1)
        for _ in benchmark.scaledIterations {
            var marks = 0
            for _ in 0..<games {
                var x = Agent(.random), o = Agent(.random)
                marks &+= Game.play(rules: .spec, x: &x, o: &o, using: &random).moveCount
            }
            blackHole(marks)
        }
    }

    Benchmark("Random games: plain C engine (100,000 games, spec rules, 1 thread)", configuration: configuration) { benchmark in
        var seed: UInt64 = 1
        for _ in benchmark.scaledIterations {
            blackHole(plain_c_andora_random_games(UInt64(games), seed))
            seed &+= 1
        }
    }

    Benchmark("MCTS: one move of 10,000 playouts from the empty field", configuration: configuration) { benchmark in
        var random = RandomSource(seed: 1)
        var search = MonteCarloTreeSearch(playouts: 10_000)
        for _ in benchmark.scaledIterations {
            blackHole(search.move(in: Position(rules: .spec), using: &random))
        }
    }
}
