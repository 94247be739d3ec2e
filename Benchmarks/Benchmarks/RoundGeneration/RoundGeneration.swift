// Round generation (issue 3): rounds per second on one core for the shipped design at its
// maximum difficulty and team size, the same for a design whose largest assembled category has
// more than 10^60 items, and one sampled solvability check (`playbench check`'s default of 200
// rounds per team size and reachable difficulty). Targets: ≥ 50,000 rounds/s; a check under 5 s.
import Benchmark
import BenchmarkSupport
import Foundation
import RelentlessGeneration
import Relentless

/// The repository root, from this file's path (the benchmark runs from the Benchmarks package).
let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func shippedFile(_ name: String) -> String {
    (try? String(contentsOf: repository.appendingPathComponent("Designs/relentless/\(name)"), encoding: .utf8)) ?? ""
}

/// The shipped design, or with `grandParade` added: twelve parades, 349,920^12 ≈ 3.4 × 10^66 items.
func prepared(huge: Bool) -> PreparedDesign? {
    var catalogue = shippedFile(DesignSources.catalogueFileName)
    if huge, let end = catalogue.range(of: "\t</array>\n</dict>\n</plist>", options: .backwards) {
        let parts = String(repeating: "\t\t\t\t<string>parade</string>\n", count: 12)
        let grand = """
            \t\t<dict>
            \t\t\t<key>category</key><string>grandParade</string>
            \t\t\t<key>parts</key>
            \t\t\t<array>
            \(parts)\t\t\t</array>
            \t\t\t<key>isInventoryItem</key><false/>
            \t\t\t<key>isOrderItem</key><true/>
            \t\t\t<key>depth</key><integer>3</integer>
            \t\t\t<key>mainImageString</key><string>grandParade</string>
            \t\t\t<key>partsImageStrings</key><dict><key>parade</key><array><string>parade</string></array></dict>
            \t\t</dict>

            """
        catalogue.insert(contentsOf: grand, at: end.lowerBound)
    }
    let result = DesignLoader.load(DesignSources(
        catalogue: .init(name: "GameConfig.plist", bytes: Array(catalogue.utf8)),
        parameters: .init(name: "DefaultGameParameters.plist", bytes: Array(shippedFile(DesignSources.parametersFileName).utf8))))
    guard let design = result.design, !result.diagnostics.hasErrors else { return nil }
    return try? PreparedDesign(design)
}

let benchmarks: @Sendable () -> Void = {
    let roundsConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: SmokeRun.iterations(1),
        scalingFactor: .kilo, maxDuration: .seconds(5), maxIterations: SmokeRun.iterations(20))

    for (label, huge) in [("shipped design", false), ("design with 3.4e66 items", true)] {
        Benchmark("Generate rounds: \(label), difficulty 10, 6 players", configuration: roundsConfiguration) { benchmark, design in
            let parameters = design.design.parameters.resolved(difficulty: 10, players: 6)
            var round: UInt64 = 0
            for _ in benchmark.scaledIterations {
                round &+= 1
                blackHole(try? Pipeline.default.makeRound(design, parameters: parameters, seed: 1, round: round))
            }
        } setup: { () throws -> PreparedDesign in
            guard let design = prepared(huge: huge) else { throw CancellationError() }
            return design
        }
    }

    Benchmark(
        "Check solvability by sampling: shipped design, 200 rounds per team size and difficulty",
        configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, warmupIterations: 0, maxDuration: .seconds(20), maxIterations: SmokeRun.iterations(3))
    ) { benchmark, design in
        for _ in benchmark.scaledIterations {
            blackHole(SamplingSolvability.check(design, samples: 200, seed: 1))
        }
    } setup: { () throws -> PreparedDesign in
        guard let design = prepared(huge: false) else { throw CancellationError() }
        return design
    }
}
