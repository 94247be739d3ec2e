// swift-tools-version:6.1
// Playbench's SwiftPM plugins built from source (README, "Use it in your project"): a game's
// package that depends on this one by path checks its designs as it builds, and runs any
// playbench command through `swift package playbench …`. The plugins run the playbench product
// of this checkout, built first (minutes, once).
//
// Released, the same plugin sources sit on the prebuilt binary instead: .ci/artifact-bundle
// writes that package (also named PlaybenchPlugins, so a target names the plugin alike either
// way), as SwiftLint's SwiftLintPlugins is on SwiftLint's binary. The plugins are not targets of
// Playbench's own package: SwiftPM builds a plugin's tool a second time, for the host, in every
// build of the package that declares it, which would double every `swift build` and `swift test`.
import PackageDescription

let package = Package(
    name: "PlaybenchPlugins",
    platforms: [.macOS(.v15)],
    products: [
        .plugin(name: "PlaybenchCheckPlugin", targets: ["PlaybenchCheckPlugin"]),
        .plugin(name: "PlaybenchCommandPlugin", targets: ["PlaybenchCommandPlugin"]),
    ],
    dependencies: [
        .package(name: "Playbench", path: "../.."),
    ],
    targets: [
        .plugin(
            name: "PlaybenchCheckPlugin", capability: .buildTool(),
            dependencies: [.product(name: "playbench", package: "Playbench")]),
        .plugin(
            name: "PlaybenchCommandPlugin",
            capability: .command(
                intent: .custom(verb: "playbench", description: "Run a playbench command (check, simulate, report, …) on the package's designs")),
            dependencies: [.product(name: "playbench", package: "Playbench")]),
    ]
)
