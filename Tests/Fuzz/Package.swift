// swift-tools-version:6.0
// Playbench's libFuzzer targets: a package of its own, so that `swift build` and `swift test` of
// the main package (two folders up, by path) never build them. Built and run by run.sh:
//   Tests/Fuzz/run.sh [target] [seconds]
// with `swift build --sanitize fuzzer --sanitize address`. Each target is one executable whose
// LLVMFuzzerTestOneInput feeds the bytes to one reader (README.md, "Fuzzing").
import PackageDescription

/// One libFuzzer executable; `-parse-as-library`, so that libFuzzer's `main` is the program's.
func fuzzTarget(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: "Playbench") },
        swiftSettings: [.unsafeFlags(["-parse-as-library"])])
}

let package = Package(
    name: "PlaybenchFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Playbench", path: "../..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "PropertyList", package: "Playbench"), .product(name: "GameSeam", package: "Playbench")]),
        fuzzTarget("fuzz-plist-xml", ["PropertyList"]),
        fuzzTarget("fuzz-plist-binary", ["PropertyList"]),
        fuzzTarget("fuzz-plist-unarchive", ["PropertyList"]),
        fuzzTarget("fuzz-expression", ["Expressions"]),
        fuzzTarget("fuzz-catalogue", ["PropertyList", "Relentless"]),
        fuzzTarget("fuzz-parameters", ["PropertyList", "Relentless"]),
        fuzzTarget("fuzz-players", ["PropertyList", "RelentlessSimulation"]),
        fuzzTarget("fuzz-balance", ["PropertyList", "RelentlessBalance", "RelentlessGame"]),
        fuzzTarget("fuzz-andora", ["PropertyList", "Andora"]),
        fuzzTarget("fuzz-seam-part", ["PlaybenchCLI", "GameSeam", "AndoraGame", "AndoraRuns", "RelentlessGame", "RelentlessRuns", "MonteCarlo"]),
        fuzzTarget("fuzz-plist-json", ["PropertyList"]),
        // A design of several files: one input holds them all (FuzzInput.files), read by the game's check.
        fuzzTarget("fuzz-shaky-words", ["GameSeam", "ShakyWords", "ShakyWordsGame"]),
        fuzzTarget("fuzz-turn-tracker", ["GameSeam", "TurnTracker", "TurnTrackerGame"]),
        fuzzTarget("fuzz-tabula", ["GameSeam", "TabulaImaginarium", "TabulaImaginariumSync", "TabulaImaginariumGame"]),
        // RelentlessCalibration, which reads playtest logs, is no product: it comes with RelentlessGame.
        fuzzTarget("fuzz-playtests-plist", ["PropertyList", "Relentless", "RelentlessGame"]),
        fuzzTarget("fuzz-playtests-csv", ["Relentless", "RelentlessGame"]),
    ]
)
