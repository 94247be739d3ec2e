// `playbench check` with default sampling (issue 20): the whole check as the command runs it
// (files read and checked, C2–C8, then static and sampled solvability: 200 rounds per team size
// and reachable difficulty), on the shipped design and on Benchmarks/Designs/bundles, a design of
// about 1.2 × 10^65 items. Target: each under 1.5 s. Since that target is in seconds, each is run
// beside a reference from the same run: generating the very rounds the check samples, and
// nothing else, so that check ≈ k × generation carries over between machines.
import Benchmark
import BenchmarkSupport
import Foundation
import GameSeam
import Relentless
import RelentlessGame
import RelentlessGeneration

/// The repository root, from this file's path (the benchmark runs from the Benchmarks package).
let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A design directory read into memory once, so that each measured check reads its bytes as the
/// command reads the files, without the disk.
struct DesignInMemory: DesignFolder {
    var directory: String?
    var files: [String: [UInt8]]

    var label: String { directory ?? "" }
    var namedFiles: [String: String] { [:] }

    /// Every file of `path` (relative to the repository, and named so in messages, as on the command line).
    init(_ path: String) throws {
        directory = path
        let url = repository.appendingPathComponent(path)
        files = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: url.path) {
            files[name] = Array(try Data(contentsOf: url.appendingPathComponent(name)))
        }
    }

    func file(_ name: String) throws(DesignFileError) -> DesignFile? {
        files[name].map { DesignFile(path: "\(label)/\(name)", bytes: $0) }
    }
}

/// What setup refuses to measure: a design that does not load, or a check that finds errors
/// (then it would stop early, or sample nothing, and measure less than a designer waits for).
struct NotMeasurable: Error, CustomStringConvertible {
    var description: String
}

/// The check `playbench check DESIGN` runs: the registered game's, with the command's defaults.
func check(_ design: DesignInMemory) throws -> CheckResult {
    try PlayableRelentless().check(design, CheckRequest())
}

/// The rounds the check samples, made and dropped: `SamplingSolvability`'s loop without its
/// checks (every team size and reachable difficulty, rounds 0..<200 of game `level`, seed 1).
struct SampledRounds {
    var prepared: PreparedDesign
    var pipeline: Pipeline
    static let samples = 200
    static let seed: UInt64 = 1

    init(_ design: DesignInMemory) throws {
        let read = try RelentlessFiles.design(design)
        guard let loaded = read.design, !read.diagnostics.hasErrors else { throw NotMeasurable(description: "\(design.label) has errors") }
        prepared = try PreparedDesign(loaded)
        pipeline = read.choice.pipeline
    }

    /// Makes every sampled round; returns how many were made.
    func generate() -> Int {
        let parameters = prepared.design.parameters
        guard let teams = parameters.teamSizes else { return 0 }
        var made = 0
        for (level, difficulty) in parameters.reachableDifficulties().enumerated() {
            for players in teams {
                let roundParameters = parameters.resolved(difficulty: difficulty, players: players)
                for s in 0..<Self.samples {
                    let round = try? pipeline.makeRound(
                        prepared, parameters: roundParameters, seed: Self.seed, game: UInt64(level), round: UInt64(s))
                    if round != nil { made += 1 }
                    blackHole(round)
                }
            }
        }
        return made
    }
}

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal], timeUnits: .milliseconds, warmupIterations: SmokeRun.iterations(1),
        maxDuration: .seconds(30), maxIterations: SmokeRun.iterations(7))

    for (label, path) in [("shipped design", "Designs/relentless"), ("1.2e65-item design", "Benchmarks/Designs/bundles")] {
        Benchmark("Check: \(label), default sampling (200)", configuration: configuration) { benchmark, design in
            for _ in benchmark.scaledIterations { blackHole(try? check(design)) }
        } setup: { () throws -> DesignInMemory in
            let design = try DesignInMemory(path)
            let result = try check(design)
            guard !result.diagnostics.contains(where: { $0.severity == .error }), result.summary != nil else {
                throw NotMeasurable(description: "check of \(path) found errors: \(result.diagnostics.filter { $0.severity == .error })")
            }
            return design
        }

        Benchmark("Reference: \(label), generate the sampled rounds only", configuration: configuration) { benchmark, rounds in
            for _ in benchmark.scaledIterations { blackHole(rounds.generate()) }
        } setup: { () throws -> SampledRounds in
            let rounds = try SampledRounds(DesignInMemory(path))
            // 19 reachable difficulties × 4 team sizes × 200 rounds, every one made.
            guard rounds.generate() == 19 * 4 * SampledRounds.samples else { throw NotMeasurable(description: "\(path): a sampled round failed") }
            return rounds
        }
    }
}
