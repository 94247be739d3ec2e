// swift-tools-version:6.0
// Playbench: check, generate and simulate designs of the party game Relentless and its kin.
//
// Modules, dependencies pointing one way (DEVELOPERS.md):
//   CLibXML2 → PropertyList → Expressions → Relentless (game model, pure) → Generation → Simulation
//   → SimulationRuns (Simulation played through MonteCarlo, which knows no game) → Balance (gates, diffs)
//   → Reporting → PlaybenchCLI → playbench
//   Andora (game model, pure) → AndoraRuns (Andora played through MonteCarlo) → AndoraReports → PlaybenchCLI
// `Diagnostics` (source locations and located messages) sits under all of them.
//
// Shared by every game, and knowing none: Diagnostics, PropertyList, Expressions, Randomness,
// MonteCarlo, ReportKit (Tests/ArchitectureTests checks their imports). Relentless's modules:
// Relentless, Generation, Simulation, SimulationRuns, Balance, Reporting. Andora's: Andora,
// AndoraRuns, AndoraReports.
import PackageDescription

let package = Package(
    name: "Playbench",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "playbench", targets: ["playbench"]),
        .library(name: "PropertyList", targets: ["PropertyList"]),
        .library(name: "Expressions", targets: ["Expressions"]),
        .library(name: "Relentless", targets: ["Relentless"]),
        .library(name: "Generation", targets: ["Generation"]),
        .library(name: "Simulation", targets: ["Simulation"]),
        .library(name: "MonteCarlo", targets: ["MonteCarlo"]),
        .library(name: "SimulationRuns", targets: ["SimulationRuns"]),
        .library(name: "Balance", targets: ["Balance"]),
        .library(name: "Reporting", targets: ["Reporting"]),
        .library(name: "Randomness", targets: ["Randomness"]),
        .library(name: "ReportKit", targets: ["ReportKit"]),
        .library(name: "Andora", targets: ["Andora"]),
        .library(name: "AndoraRuns", targets: ["AndoraRuns"]),
        .library(name: "AndoraReports", targets: ["AndoraReports"]),
        // For the fuzz targets (Tests/Fuzz), which read parts as `playbench merge` does.
        .library(name: "PlaybenchCLI", targets: ["PlaybenchCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/attaswift/BigInt", from: "6.0.1"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        // `swift package generate-documentation --target PlaybenchCLI` builds the designer's
        // reference (Sources/PlaybenchCLI/Playbench.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(name: "Diagnostics"),
        .target(
            name: "PropertyList",
            dependencies: [
                "CLibXML2", "Diagnostics",
            ],
            // Double's rounding calls libm; Foundation links it for most programs, not for all.
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        .target(name: "Expressions", dependencies: ["Diagnostics"]),
        // Reproducible random draws (xoshiro256**, fixed sampling helpers) for any game.
        .target(name: "Randomness"),
        // What every game's report is built of: SVG charts, self-contained HTML pages, text tables.
        .target(name: "ReportKit"),
        .target(
            name: "Relentless",
            dependencies: [
                "Diagnostics", "PropertyList", "Expressions",
                .product(name: "BigInt", package: "BigInt"),
            ]
        ),
        .target(name: "Generation", dependencies: ["Diagnostics", "PropertyList", "Relentless", "Randomness", .product(name: "BigInt", package: "BigInt")]),
        // Game-agnostic: plays N games of anything on all cores into mergeable statistics.
        .target(name: "MonteCarlo", dependencies: [.product(name: "Histogram", package: "hdrhistogram-swift")]),
        .target(name: "Simulation", dependencies: ["Diagnostics", "PropertyList", "Expressions", "Relentless", "Generation", "Randomness"]),
        .target(name: "SimulationRuns", dependencies: ["Relentless", "Generation", "Simulation", "MonteCarlo"]),
        // Balance questions with confidence intervals: gates on targets (Balance.plist), paired
        // differences between two designs. Pure: no I/O.
        .target(
            name: "Balance",
            dependencies: ["Diagnostics", "PropertyList", "Relentless", "Generation", "Simulation", "MonteCarlo", "SimulationRuns"]),
        // Balance reports: HTML with inline SVG, Markdown, CSV, JSON and JUnit, from simulation statistics.
        .target(name: "Reporting", dependencies: ["MonteCarlo", "Simulation", "SimulationRuns", "Balance", "ReportKit"]),
        // Andora, ultimate tic-tac-toe (seeds/002): rules on bitboards, agents, the design file. Pure.
        .target(name: "Andora", dependencies: ["Diagnostics", "PropertyList", "Randomness"]),
        .target(name: "AndoraRuns", dependencies: ["Andora", "MonteCarlo", "Randomness"]),
        .target(name: "AndoraReports", dependencies: ["Andora", "AndoraRuns", "MonteCarlo", "ReportKit"]),
        .target(
            name: "PlaybenchCLI",
            dependencies: [
                "Diagnostics", "PropertyList", "Expressions", "Relentless", "Generation", "Simulation", "MonteCarlo", "SimulationRuns", "Balance", "Reporting",
                "Andora", "AndoraRuns", "AndoraReports", "ReportKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The reference's Rules article is also what `check --explain-rule` prints.
            resources: [.embedInCode("DefaultDesign"), .embedInCode("Playbench.docc/Rules.md")]
        ),
        .executableTarget(name: "playbench", dependencies: ["PlaybenchCLI"]),
        .target(
            name: "TestSupport",
            dependencies: ["Diagnostics", "PropertyList", "Relentless"],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "PropertyListTests", dependencies: ["PropertyList", "TestSupport"]),
        .testTarget(name: "ExpressionsTests", dependencies: ["Expressions", "Relentless", "TestSupport"]),
        .testTarget(name: "RelentlessTests", dependencies: ["Relentless", "TestSupport"]),
        .testTarget(name: "GenerationTests", dependencies: ["Generation", "Relentless", "Randomness", "TestSupport"]),
        .testTarget(name: "RandomnessTests", dependencies: ["Randomness"]),
        .testTarget(name: "MonteCarloTests", dependencies: ["MonteCarlo"]),
        .testTarget(
            name: "SimulationTests",
            dependencies: ["Simulation", "SimulationRuns", "MonteCarlo", "Generation", "Randomness", "Relentless", "PropertyList", "Diagnostics", "TestSupport"]),
        .testTarget(
            name: "BalanceTests",
            dependencies: ["Balance", "MonteCarlo", "Simulation", "SimulationRuns", "Relentless", "Generation", "PropertyList", "Diagnostics", "TestSupport"]),
        .testTarget(
            name: "ReportingTests",
            dependencies: ["Reporting", "ReportKit", "MonteCarlo", "Simulation", "SimulationRuns", "Relentless", "Generation", "PropertyList", "TestSupport"]),
        .testTarget(name: "ReportKitTests", dependencies: ["ReportKit"]),
        .testTarget(name: "AndoraTests", dependencies: ["Andora", "AndoraRuns", "AndoraReports", "MonteCarlo", "Randomness", "PropertyList", "Diagnostics"]),
        .testTarget(name: "ArchitectureTests"),
        .testTarget(
            name: "PlaybenchCLITests",
            dependencies: [
                "PlaybenchCLI", "playbench", "TestSupport", "PropertyList", "MonteCarlo", "SimulationRuns",
                // The readers whose key lists the reference must cover (ReferenceTests).
                "Relentless", "Generation", "Simulation", "Balance", "Andora",
            ]),
    ]
)
