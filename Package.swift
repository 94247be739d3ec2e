// swift-tools-version:6.0
// Playbench: check, generate, simulate and report on game designs: Relentless, Andora and their kin.
//
// Sources/ reads as a table of contents. At its top, the shared engine, which knows no game
// (Tests/ArchitectureTests checks their imports and their words):
//   CLibXML2 → PropertyList, Diagnostics, Expressions, CSV, Randomness, MonteCarlo, ReportKit, Calibration
// Under Sources/Games/<Game>/, each game's own modules, named for the game:
//   Relentless: Relentless (model, pure) → RelentlessGeneration → RelentlessSimulation
//     → RelentlessRuns (played through MonteCarlo) → RelentlessBalance (gates, diffs, tuning)
//     → RelentlessReports
//   Andora: Andora (model, pure) → AndoraRuns → AndoraReports
//   Shaky Words, Turn Tracker: the same shape (model → Runs → Reports)
//   Tabula Imaginarium: TabulaImaginariumSync (its network's sync model, pure)
// and each game's <Game>Game module puts it on the seam (GameSeam). Then ShippedGames (the one module that
// imports every game, to register them) → PlaybenchCLI (the commands; Explore → ExploreServer serve the page of
// `playbench explore`) → playbench. Dependencies point one way.
import PackageDescription

/// The modules that play rounds, optimized in debug builds too: the tests play hundreds of
/// thousands of rounds (a calibration's coverage, the fairness checks), which unoptimized code
/// plays some twenty times slower (Relentless itself resolves every round's parameters). The code
/// has no `assert` that -O would drop (preconditions stay).
let playedInTests: Set<String> = ["Relentless", "RelentlessGeneration", "RelentlessSimulation", "RelentlessCalibration"]
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]
/// Andora's engine and its tests, which play tens of thousands of games move by move against a
/// plain transcription of the rules and search with MCTS: optimized, with the engine's `assert`s
/// (a legal move, checked in debug builds only) kept by `-assert-config Debug`.
let optimizedKeepingAsserts: [SwiftSetting] = [.unsafeFlags(["-O", "-assert-config", "Debug"], .when(configuration: .debug))]

let package = Package(
    name: "Playbench",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "playbench", targets: ["playbench"]),
        .library(name: "PropertyList", targets: ["PropertyList"]),
        .library(name: "Expressions", targets: ["Expressions"]),
        .library(name: "Relentless", targets: ["Relentless"]),
        .library(name: "RelentlessGeneration", targets: ["RelentlessGeneration"]),
        .library(name: "RelentlessSimulation", targets: ["RelentlessSimulation"]),
        .library(name: "MonteCarlo", targets: ["MonteCarlo"]),
        .library(name: "RelentlessRuns", targets: ["RelentlessRuns"]),
        .library(name: "RelentlessBalance", targets: ["RelentlessBalance"]),
        .library(name: "RelentlessReports", targets: ["RelentlessReports"]),
        .library(name: "Randomness", targets: ["Randomness"]),
        .library(name: "ReportKit", targets: ["ReportKit"]),
        .library(name: "Andora", targets: ["Andora"]),
        .library(name: "AndoraRuns", targets: ["AndoraRuns"]),
        .library(name: "AndoraReports", targets: ["AndoraReports"]),
        // For the fuzz targets (Tests/Fuzz), which read parts as `playbench merge` does.
        .library(name: "PlaybenchCLI", targets: ["PlaybenchCLI"]),
        .library(name: "GameSeam", targets: ["GameSeam"]),
        .library(name: "AndoraGame", targets: ["AndoraGame"]),
        .library(name: "RelentlessGame", targets: ["RelentlessGame"]),
        .library(name: "ShakyWords", targets: ["ShakyWords"]),
        .library(name: "ShakyWordsRuns", targets: ["ShakyWordsRuns"]),
        .library(name: "ShakyWordsReports", targets: ["ShakyWordsReports"]),
        .library(name: "ShakyWordsGame", targets: ["ShakyWordsGame"]),
        .library(name: "TurnTracker", targets: ["TurnTracker"]),
        .library(name: "TurnTrackerRuns", targets: ["TurnTrackerRuns"]),
        .library(name: "TurnTrackerReports", targets: ["TurnTrackerReports"]),
        .library(name: "TurnTrackerGame", targets: ["TurnTrackerGame"]),
        .library(name: "TabulaImaginariumSync", targets: ["TabulaImaginariumSync"]),
        .library(name: "TabulaImaginarium", targets: ["TabulaImaginarium"]),
        .library(name: "TabulaImaginariumReports", targets: ["TabulaImaginariumReports"]),
        .library(name: "TabulaImaginariumGame", targets: ["TabulaImaginariumGame"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/attaswift/BigInt", from: "6.0.1"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        // `swift package generate-documentation --target PlaybenchCLI` builds the designer's
        // reference (Sources/PlaybenchCLI/Playbench.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // `playbench explore`'s local web server: small and without dependencies of its own (a
        // fresh build adds seconds, where a server on SwiftNIO adds minutes to every CI run).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
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
        // Evaluated for every parameter of every round played (Relentless's expressions): optimized as playedInTests are.
        .target(name: "Expressions", dependencies: ["Diagnostics"], swiftSettings: optimizedInDebug),
        // Tables in CSV files, each cell with its line and column, for a game's readers.
        .target(name: "CSV", dependencies: ["Diagnostics"]),
        // Reproducible random draws (xoshiro256**, fixed sampling helpers) for any game.
        .target(name: "Randomness"),
        // A growable buffer of plain values whose reads and writes are a load or a store, for an
        // engine's per-round state; every member inlinable, so that the engine specializes it.
        .target(name: "EngineBuffers"),
        // What every game's report is built of: SVG charts, self-contained HTML pages, text tables.
        .target(name: "ReportKit", dependencies: ["Diagnostics"]),
        // The seam between the commands and every game: what a game implements (GameDefinition),
        // the design's files as a command found them, and the registry of games.
        .target(name: "GameSeam", dependencies: ["Calibration", "Diagnostics", "MonteCarlo", "PropertyList", "Randomness", "ReportKit"]),
        // Plays N games of anything on all cores into mergeable statistics.
        .target(name: "MonteCarlo", dependencies: [.product(name: "Histogram", package: "hdrhistogram-swift")]),
        // Balance questions for any game: bands and verdicts, the sequential gate and its looks,
        // gates on the metrics of games that play through the seam, and their reports.
        .target(name: "Balance", dependencies: ["Diagnostics", "PropertyList", "MonteCarlo", "GameSeam", "ReportKit"]),
        // A design held open for a page (`playbench explore`), for any game: its parameters as
        // controls, edits checked as `--set` is, the design and its edited self played side by
        // side on the same seeds, block by block (no I/O: the server hands it requests).
        .target(name: "Explore", dependencies: ["Balance", "Diagnostics", "GameSeam", "MonteCarlo", "PropertyList"]),
        // The local web server of `playbench explore`: the page, its API, the runs it plays.
        .target(name: "ExploreServer", dependencies: ["Balance", "Explore", "MonteCarlo", .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "FlyingSocks", package: "FlyingFox")]),
        // Fitting a model's parameters to observed summaries by simulation, for any game: synthetic
        // likelihoods, a population Monte-Carlo posterior, the predictive check's distance.
        .target(name: "Calibration", dependencies: ["Randomness"], swiftSettings: optimizedInDebug),
        // Relentless (Sources/Games/Relentless): the model and its checks (pure), generation of
        // rounds (G1–G8, solvability), the engine and player model, runs through MonteCarlo, balance
        // questions with confidence intervals (gates, diffs, sweeps, tuning; pure), and reports.
        relentless(
            "Relentless", ["Diagnostics", "PropertyList", "Expressions", .product(name: "BigInt", package: "BigInt")],
            resources: [.embedInCode("Relentless.docc/RelentlessRules.md")]),
        relentless("RelentlessGeneration", ["Diagnostics", "PropertyList", "Relentless", "Randomness", .product(name: "BigInt", package: "BigInt")]),
        relentless("RelentlessSimulation", ["Diagnostics", "EngineBuffers", "PropertyList", "Expressions", "Relentless", "RelentlessGeneration", "Randomness"]),
        relentless("RelentlessRuns", ["Relentless", "RelentlessGeneration", "RelentlessSimulation", "MonteCarlo"]),
        relentless("RelentlessCalibration", ["Calibration", "CSV", "Diagnostics", "PropertyList", "MonteCarlo", "Relentless", "RelentlessGeneration", "RelentlessSimulation", "RelentlessBalance"]),
        relentless("RelentlessBalance", ["Balance", "GameSeam", "Diagnostics", "PropertyList", "Relentless", "RelentlessGeneration", "RelentlessSimulation", "MonteCarlo", "RelentlessRuns"]),
        relentless(
            "RelentlessReports", [
                "Balance", "Diagnostics", "GameSeam", "MonteCarlo", "PropertyList", "Relentless", "RelentlessGeneration", "RelentlessSimulation", "RelentlessRuns",
                "RelentlessBalance", "RelentlessCalibration", "ReportKit",
            ]),
        // Relentless on the seam (GameSeam): its built-in design, its files read through the
        // design folder a command hands it, its check, and its games through PlayableGame.
        relentless(
            "RelentlessGame", [
                "GameSeam", "Balance", "Diagnostics", "PropertyList", "MonteCarlo", "Relentless", "RelentlessGeneration", "RelentlessSimulation", "RelentlessRuns",
                "RelentlessBalance", "RelentlessReports", "RelentlessCalibration", "RelentlessStarter", .product(name: "BigInt", package: "BigInt"),
            ],
            resources: [.embedInCode("BuiltInDesign")]),
        // The starter design `playbench init` writes, as property lists (its own module: the
        // built-in design's files have the same names).
        relentless("RelentlessStarter", [], resources: [.embedInCode("Design")]),
        // Andora (Sources/Games/Andora), ultimate tic-tac-toe (seeds/002): rules on bitboards,
        // agents and the design file (pure), matches through MonteCarlo, reports.
        andora("Andora", ["Diagnostics", "PropertyList", "Randomness"], resources: [.embedInCode("Andora.docc/AndoraRules.md")]),
        andora("AndoraRuns", ["Andora", "MonteCarlo", "Randomness"]),
        andora("AndoraReports", ["Andora", "AndoraRuns", "MonteCarlo", "ReportKit"]),
        // Andora on the seam (GameSeam): what the commands call.
        andora("AndoraGame", ["Andora", "AndoraRuns", "AndoraReports", "GameSeam", "MonteCarlo", "PropertyList", "Diagnostics"]),
        // Shaky Words (Sources/Games/ShakyWords), the team quiz of scrambled letters (seeds/003):
        // quiz packs, rules and teams with their checks, the generators and one game's race (pure),
        // its statistics through MonteCarlo, reports.
        shakyWords(
            "ShakyWords", ["Diagnostics", "PropertyList", "Expressions", "Randomness", .product(name: "BigInt", package: "BigInt")],
            resources: [.embedInCode("ShakyWords.docc/ShakyWordsRules.md")]),
        shakyWords("ShakyWordsRuns", ["ShakyWords", "GameSeam", "MonteCarlo", "Randomness"]),
        shakyWords("ShakyWordsReports", ["ShakyWords", "ShakyWordsRuns", "GameSeam", "MonteCarlo", "ReportKit", "Diagnostics"]),
        // Shaky Words on the seam (GameSeam): what the commands call.
        shakyWords("ShakyWordsGame", ["ShakyWords", "ShakyWordsRuns", "ShakyWordsReports", "GameSeam", "MonteCarlo", "PropertyList", "Diagnostics", "Randomness"]),
        // Turn Tracker (Sources/Games/TurnTracker), the app that tracks phases and turns of a board
        // game (seeds/000): the app's game definitions, its screen layouts and its state machine
        // explored, what a simulation needs beside them, generators and one session's play (pure),
        // its statistics through MonteCarlo, reports.
        turnTracker("TurnTracker", ["Diagnostics", "PropertyList", "Expressions", "Randomness"], resources: [.embedInCode("TurnTracker.docc/TurnTrackerRules.md")]),
        turnTracker("TurnTrackerRuns", ["TurnTracker", "GameSeam", "MonteCarlo"]),
        turnTracker("TurnTrackerReports", ["TurnTracker", "TurnTrackerRuns", "GameSeam", "MonteCarlo", "ReportKit", "Diagnostics"]),
        // Turn Tracker on the seam (GameSeam): what the commands call.
        turnTracker("TurnTrackerGame", ["TurnTracker", "TurnTrackerRuns", "TurnTrackerReports", "GameSeam", "MonteCarlo", "PropertyList", "Diagnostics", "Randomness"]),
        // Tabula Imaginarium (Sources/Games/TabulaImaginarium), the iPad map app of seeds/004: the
        // sync model of its network (pure): a host relaying edits, first-come token grabs, resyncs,
        // and Session.plist's reader.
        tabula("TabulaImaginariumSync", ["Diagnostics", "PropertyList", "Randomness", "MonteCarlo"], resources: [.embedInCode("TabulaImaginariumSync.docc/TabulaSyncRules.md")]),
        // Tabula Imaginarium (Sources/Games/TabulaImaginarium), the iPad app that draws role-playing
        // maps during play and shares them live (seeds/004): its maps' four layers, their file and
        // checks, and a generator of maps (pure); the map drawn as a page; the app on the seam.
        tabula("TabulaImaginarium", ["Diagnostics", "PropertyList", "Randomness"], resources: [.embedInCode("TabulaImaginarium.docc/TabulaMapRules.md")]),
        tabula("TabulaImaginariumReports", ["TabulaImaginarium", "ReportKit"]),
        tabula("TabulaImaginariumGame", ["TabulaImaginarium", "TabulaImaginariumReports", "TabulaImaginariumSync", "GameSeam", "MonteCarlo", "ReportKit", "PropertyList", "Diagnostics"]),
        // The games `playbench` ships, registered in one place: the only module that imports them all.
        .target(name: "ShippedGames", dependencies: ["GameSeam", "AndoraGame", "RelentlessGame", "ShakyWordsGame", "TurnTrackerGame", "TabulaImaginariumGame"]),
        // The commands: the shared modules and the registry of shipped games, no game's own module
        // (Tests/ArchitectureTests holds the declared dependencies to the imports).
        .target(
            name: "PlaybenchCLI",
            dependencies: [
                "Balance", "Calibration", "Diagnostics", "Explore", "ExploreServer", "GameSeam", "MonteCarlo", "PropertyList", "Randomness", "ReportKit", "ShippedGames",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
        ),
        .executableTarget(name: "playbench", dependencies: ["PlaybenchCLI"]),
        .target(
            name: "TestSupport",
            dependencies: ["Diagnostics", "PropertyList", "Relentless", "RelentlessSimulation", "RelentlessRuns", "MonteCarlo"],
            path: "Tests/TestSupport"
        ),
        // The smallest game on the seam (the reference's "Adding a game"), and playbench with it.
        .target(name: "ExampleGame", dependencies: ["GameSeam", "PropertyList", "Diagnostics", "MonteCarlo", "Randomness"], path: "Tests/ExampleGame"),
        .executableTarget(name: "playbench-example", dependencies: ["ExampleGame", "GameSeam", "PlaybenchCLI"], path: "Tests/ExampleGameTool"),
        .testTarget(name: "PropertyListTests", dependencies: ["PropertyList", "TestSupport"]),
        .testTarget(name: "ExpressionsTests", dependencies: ["Expressions", "Relentless", "TestSupport"]),
        .testTarget(name: "RelentlessTests", dependencies: ["Relentless", "TestSupport"], path: "Tests/Games/Relentless/RelentlessTests"),
        .testTarget(name: "RelentlessGenerationTests", dependencies: ["RelentlessGeneration", "Relentless", "Randomness", "TestSupport"], path: "Tests/Games/Relentless/RelentlessGenerationTests"),
        .testTarget(name: "RandomnessTests", dependencies: ["Randomness"]),
        .testTarget(name: "EngineBuffersTests", dependencies: ["EngineBuffers", "Randomness"]),
        .testTarget(name: "MonteCarloTests", dependencies: ["MonteCarlo"]),
        // Its coverage tests fit 1,000 linear-normal models in the test's own code: optimized.
        .testTarget(name: "CalibrationTests", dependencies: ["Calibration", "MonteCarlo", "Randomness"], swiftSettings: optimizedInDebug),
        .testTarget(
            name: "RelentlessCalibrationTests",
            dependencies: ["RelentlessCalibration", "Calibration", "Relentless", "RelentlessGeneration", "RelentlessSimulation", "PropertyList", "Diagnostics", "MonteCarlo", "TestSupport"],
            path: "Tests/Games/Relentless/RelentlessCalibrationTests"),
        .testTarget(name: "BalanceTests", dependencies: ["Balance", "MonteCarlo", "GameSeam", "PropertyList", "Diagnostics"]),
        .testTarget(
            name: "RelentlessSimulationTests",
            dependencies: ["RelentlessSimulation", "EngineBuffers", "RelentlessRuns", "MonteCarlo", "RelentlessGeneration", "Randomness", "Relentless", "PropertyList", "Diagnostics", "TestSupport"], path: "Tests/Games/Relentless/RelentlessSimulationTests"),
        .testTarget(
            name: "RelentlessBalanceTests",
            dependencies: ["Balance", "RelentlessBalance", "MonteCarlo", "RelentlessSimulation", "RelentlessRuns", "Relentless", "RelentlessGeneration", "PropertyList", "Diagnostics", "TestSupport"], path: "Tests/Games/Relentless/RelentlessBalanceTests"),
        .testTarget(
            name: "RelentlessReportsTests",
            dependencies: ["Balance", "RelentlessReports", "ReportKit", "MonteCarlo", "RelentlessSimulation", "RelentlessRuns", "Relentless", "RelentlessGeneration", "PropertyList", "TestSupport"], path: "Tests/Games/Relentless/RelentlessReportsTests"),
        .testTarget(
            name: "RelentlessGameTests",
            dependencies: [
                "RelentlessGame", "GameSeam", "Balance", "Relentless", "RelentlessBalance", "RelentlessGeneration", "RelentlessSimulation", "RelentlessRuns", "MonteCarlo",
                "RelentlessReports", "Diagnostics", "PropertyList", "TestSupport",
            ],
            path: "Tests/Games/Relentless/RelentlessGameTests"),
        .testTarget(name: "ReportKitTests", dependencies: ["ReportKit", "Diagnostics"]),
        .testTarget(
            name: "AndoraTests", dependencies: ["Andora", "AndoraRuns", "AndoraReports", "MonteCarlo", "Randomness", "PropertyList", "Diagnostics"], path: "Tests/Games/Andora/AndoraTests",
            swiftSettings: optimizedKeepingAsserts),
        .testTarget(
            name: "ShakyWordsTests", dependencies: ["ShakyWords", "ShakyWordsRuns", "ShakyWordsReports", "Expressions", "Randomness", "PropertyList", "Diagnostics", "MonteCarlo", .product(name: "BigInt", package: "BigInt")],
            path: "Tests/Games/ShakyWords/ShakyWordsTests"),
        .testTarget(name: "TurnTrackerTests", dependencies: ["TurnTracker", "TurnTrackerRuns", "TurnTrackerReports", "Expressions", "Randomness", "PropertyList", "Diagnostics", "MonteCarlo"], path: "Tests/Games/TurnTracker/TurnTrackerTests"),
        .testTarget(name: "TabulaImaginariumSyncTests", dependencies: ["TabulaImaginariumSync", "Randomness", "MonteCarlo", "PropertyList", "Diagnostics"], path: "Tests/Games/TabulaImaginarium/TabulaImaginariumSyncTests"),
        .testTarget(
            name: "TabulaImaginariumTests", dependencies: ["TabulaImaginarium", "TabulaImaginariumReports", "Randomness", "PropertyList", "Diagnostics", "TestSupport"],
            path: "Tests/Games/TabulaImaginarium/TabulaImaginariumTests"),
        .testTarget(name: "ArchitectureTests"),
        .testTarget(name: "GameSeamTests", dependencies: ["GameSeam"]),
        .testTarget(
            name: "ExploreTests",
            dependencies: ["Explore", "ExploreServer", "ExampleGame", "TabulaImaginariumGame", "RelentlessGame", "GameSeam", "MonteCarlo", "Balance", "Diagnostics", "PropertyList"]),
        // What every game on the seam must do, asked of each game (Andora, Coin).
        .testTarget(name: "GameConformanceTests", dependencies: ["GameSeam", "AndoraGame", "RelentlessGame", "ShakyWordsGame", "TurnTrackerGame", "TabulaImaginariumGame", "ExampleGame", "PlaybenchCLI", "MonteCarlo", "TestSupport"]),
        .testTarget(
            name: "PlaybenchCLITests",
            dependencies: [
                "PlaybenchCLI", "playbench", "playbench-example", "ExampleGame", "GameSeam", "TestSupport", "PropertyList", "MonteCarlo", "RelentlessRuns",
                // The readers whose key lists the reference must cover (ReferenceTests).
                "Relentless", "RelentlessGeneration", "RelentlessSimulation", "RelentlessBalance", "RelentlessCalibration", "Andora", "AndoraGame", "Balance", "ShakyWords", "ShakyWordsGame", "TurnTracker",
                "TurnTrackerGame", "RelentlessGame", "TabulaImaginarium", "TabulaImaginariumSync", "TabulaImaginariumGame",
            ]),
    ]
)

/// A module of Relentless's, kept under Sources/Games/Relentless.
func relentless(_ name: String, _ dependencies: [Target.Dependency], resources: [Resource]? = nil) -> Target {
    .target(
        name: name, dependencies: dependencies, path: "Sources/Games/Relentless/\(name)", resources: resources,
        swiftSettings: playedInTests.contains(name) ? optimizedInDebug : nil)
}


/// A module of Andora's, kept under Sources/Games/Andora.
func andora(_ name: String, _ dependencies: [Target.Dependency], resources: [Resource]? = nil) -> Target {
    .target(name: name, dependencies: dependencies, path: "Sources/Games/Andora/\(name)", resources: resources, swiftSettings: name == "Andora" ? optimizedKeepingAsserts : nil)
}

/// A module of Shaky Words', kept under Sources/Games/ShakyWords.
func shakyWords(_ name: String, _ dependencies: [Target.Dependency], resources: [Resource]? = nil) -> Target {
    .target(name: name, dependencies: dependencies, path: "Sources/Games/ShakyWords/\(name)", resources: resources)
}

/// A module of Tabula Imaginarium's, kept under Sources/Games/TabulaImaginarium.
func tabula(_ name: String, _ dependencies: [Target.Dependency], resources: [Resource]? = nil) -> Target {
    .target(name: name, dependencies: dependencies, path: "Sources/Games/TabulaImaginarium/\(name)", resources: resources)
}

/// A module of Turn Tracker's, kept under Sources/Games/TurnTracker.
func turnTracker(_ name: String, _ dependencies: [Target.Dependency], resources: [Resource]? = nil) -> Target {
    .target(name: name, dependencies: dependencies, path: "Sources/Games/TurnTracker/\(name)", resources: resources)
}

// Every file imports the modules whose members it uses (SE-0444): an import list says what a
// file depends on, and the build fails when one is missing.
for target in package.targets where target.type != .plugin && target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
