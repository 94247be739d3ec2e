// swift-tools-version:6.1
// Benchmarks for Playbench, kept in their own package so that `swift build` / `swift test` of the
// main package never pull in ordo-one/benchmark. Run from this directory:
//
//     swift package --allow-writing-to-package-directory benchmark     (tables)
//     ./ratios.sh                                                      (tables reduced to the target ratios)
//
// See README.md for what is compared and what the ratios mean.
import PackageDescription

let package = Package(
    name: "PlaybenchBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // The main package (identity "playbench" is its manifest name; the product is PropertyList).
        .package(name: "Playbench", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // libxml2 for the floor, declared here rather than borrowed from the main package's
        // CLibXML2 so the floor depends on nothing of Playbench's.
        .systemLibrary(
            name: "CLibXML2Floor",
            path: "Sources/CLibXML2Floor",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // The floor: a bare libxml2 SAX2 pass whose callbacks do nothing. Its header exposes no
        // libxml2 types, so the benchmark never imports two module maps over the same headers.
        .target(
            name: "SAX2Floor",
            dependencies: ["CLibXML2Floor"],
            path: "Sources/SAX2Floor"
        ),
        // libplist, the binary reader's reference (Debian's libplist-dev, 2.2 on bookworm).
        .systemLibrary(
            name: "CLibPlist",
            path: "Sources/CLibPlist",
            pkgConfig: "libplist-2.0",
            providers: [.apt(["libplist-dev"]), .brew(["libplist"])]
        ),
        // plist_from_bin and plist_free behind a header of opaque pointers, as SAX2Floor hides
        // libxml2's types.
        .target(
            name: "LibplistReader",
            dependencies: ["CLibPlist"],
            path: "Sources/LibplistReader"
        ),
        // The generated catalogue and the exact peak-resident-memory probe, shared by the
        // benchmark and the profiling driver.
        .target(
            name: "BenchmarkSupport",
            dependencies: [.product(name: "PropertyList", package: "Playbench")],
            path: "Sources/BenchmarkSupport"
        ),
        // The same parses without the benchmark harness, for perf / valgrind.
        .executableTarget(
            name: "parse-driver",
            dependencies: [
                "BenchmarkSupport", "SAX2Floor", "LibplistReader", .product(name: "PropertyList", package: "Playbench"),
            ],
            path: "Sources/parse-driver"
        ),
        .executableTarget(
            name: "PlistParsing",
            dependencies: [
                "BenchmarkSupport",
                "SAX2Floor",
                "LibplistReader",
                .product(name: "PropertyList", package: "Playbench"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/PlistParsing",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        // Round generation and sampled solvability (issue 3).
        .executableTarget(
            name: "RoundGeneration",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "RelentlessGeneration", package: "Playbench"),
                .product(name: "Relentless", package: "Playbench"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/RoundGeneration",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        // `playbench check` with default sampling (issue 20): the whole check on the shipped
        // design and on Designs/bundles (about 10^65 items), beside generating the same rounds.
        .executableTarget(
            name: "DesignCheck",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "RelentlessGame", package: "Playbench"),
                .product(name: "RelentlessGeneration", package: "Playbench"),
                .product(name: "Relentless", package: "Playbench"),
                .product(name: "GameSeam", package: "Playbench"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/DesignCheck",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        // The simulator (issue 4): rounds per second against generation alone, and 10,000 games
        // on one and two threads.
        .executableTarget(
            name: "GameSimulation",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "RelentlessGeneration", package: "Playbench"),
                .product(name: "Relentless", package: "Playbench"),
                .product(name: "PropertyList", package: "Playbench"),
                .product(name: "RelentlessSimulation", package: "Playbench"),
                .product(name: "MonteCarlo", package: "Playbench"),
                .product(name: "RelentlessRuns", package: "Playbench"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/GameSimulation",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        // Andora (issue 7): random games per second per core of the bitboard engine against a
        // plain C engine of the same rules (the reference, in the same run), and MCTS playouts.
        .target(name: "PlainCAndora", path: "Sources/PlainCAndora"),
        .executableTarget(
            name: "AndoraGames",
            dependencies: [
                "BenchmarkSupport",
                "PlainCAndora",
                .product(name: "Andora", package: "Playbench"),
                .product(name: "Randomness", package: "Playbench"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/AndoraGames",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ]
)
