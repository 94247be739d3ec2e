// The simulator (issue 4): simulated rounds per second per core for the shipped design with four
// `casual` players, against generating the very same rounds alone (the ratio simulation costs on
// top of generation); and 10,000 whole games on one and on two threads (the speed-up, and the
// absolute time a designer waits). Targets (issue 20): ≥ 100,000 rounds/s per core; generation and
// simulation within 1.5× of generation alone; 2 threads ≥ 1.8× one thread.
//
// The workload: 100 games of the shipped design capped at 30 rounds. A casual team never goes
// broke on the shipped design, so every game plays all 30 rounds and "the same rounds" is exact:
// round r of game g is generated from (game seed g, round r) with round r's difficulty (M3) in
// both benchmarks.
import Benchmark
import BenchmarkSupport
import Foundation
import RelentlessGeneration
import MonteCarlo
import PropertyList
import Relentless
import RelentlessSimulation
import RelentlessRuns

let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func shippedBytes(_ name: String) -> [UInt8] {
    Array((try? Data(contentsOf: repository.appendingPathComponent("Designs/relentless/\(name)"))) ?? Data())
}

struct Workload: Sendable {
    let simulator: GameSimulator
    let seeds: [UInt64]
    static let games = 100
    static let rounds = 30

    init?() {
        let result = DesignLoader.load(DesignSources(
            catalogue: .init(name: "GameConfig.plist", bytes: shippedBytes(DesignSources.catalogueFileName)),
            parameters: .init(name: "DefaultGameParameters.plist", bytes: shippedBytes(DesignSources.parametersFileName))))
        guard let design = result.design, !result.diagnostics.hasErrors, let prepared = try? PreparedDesign(design),
            let tree = try? PlistReader.read(bytes: shippedBytes(PlayersReader.fileName)),
            let model = PlayersReader.read(tree, file: PlayersReader.fileName).0, let casual = model.persona(named: "casual")
        else { return nil }
        simulator = GameSimulator(design: prepared, team: Array(repeating: casual, count: 4), maxRounds: Self.rounds)
        let gameSeeds = GameSeeds(runSeed: 1)
        seeds = (0..<Self.games).map { gameSeeds.seed(game: UInt64($0)) }
    }
}

let benchmarks: @Sendable () -> Void = {
    // One iteration = 3,000 rounds; throughput is reported per iteration (×1000 scaling off).
    let rounds = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .milliseconds, warmupIterations: SmokeRun.iterations(1),
        maxDuration: .seconds(10), maxIterations: SmokeRun.iterations(15))

    // Generated as the simulator generates them: held flat, into one round's buffers reused.
    Benchmark("Rounds: generate only (100 games × 30 rounds, shipped design, 4 players)", configuration: rounds) { benchmark, workload in
        var round = FlatRound()
        for _ in benchmark.scaledIterations {
            for seed in workload.seeds {
                for r in 0..<Workload.rounds {
                    try? workload.simulator.pipeline.makeRound(
                        into: &round, workload.simulator.design, parameters: workload.simulator.roundParameters[r], seed: seed, game: 0,
                        round: UInt64(r))
                    blackHole(round.orders.entries.count)
                }
            }
        }
    } setup: { () throws -> Workload in
        guard let workload = Workload() else { throw CancellationError() }
        return workload
    }

    Benchmark("Rounds: generate and simulate (100 games × 30 rounds, 4 casual players)", configuration: rounds) { benchmark, workload in
        for _ in benchmark.scaledIterations {
            for seed in workload.seeds {
                let game = try? workload.simulator.play(seed: seed)
                precondition(game?.roundsPlayed == Workload.rounds, "a casual team went broke; the workload is not the same rounds")
                blackHole(game)
            }
        }
    } setup: { () throws -> Workload in
        guard let workload = Workload() else { throw CancellationError() }
        return workload
    }

    let games = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident], timeUnits: .milliseconds, warmupIterations: 0,
        maxDuration: .seconds(30), maxIterations: SmokeRun.iterations(3))
    let batchGames = SmokeRun.size(10_000, smoke: 200)
    for threads in [1, 2] {
        Benchmark("Games: 10,000 games of 4 casual players on \(threads) thread\(threads == 1 ? "" : "s")", configuration: games) { benchmark, workload in
            for _ in benchmark.scaledIterations {
                let simulator = workload.simulator
                blackHole(
                    try? MonteCarloRunner(threads: threads).run(
                        blocks: GameBlocks(games: batchGames), seeds: GameSeeds(runSeed: 1), empty: { SimulationStatistics() }
                    ) { (game: UInt64, seed: UInt64, statistics: inout SimulationStatistics) throws(GameError) in
                        let summary = try simulator.play(seed: seed) { statistics.record($0) }
                        statistics.record(summary, game: game)
                    })
            }
        } setup: { () throws -> Workload in
            guard let workload = Workload() else { throw CancellationError() }
            return workload
        }
    }
}
