// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "MyGame",
    dependencies: [
        .package(path: "../PlaybenchPlugins"),
    ],
    targets: [
        .target(
            name: "MyGame",
            exclude: ["Design"],
            plugins: [.plugin(name: "PlaybenchCheckPlugin", package: "PlaybenchPlugins")]
        ),
    ]
)
