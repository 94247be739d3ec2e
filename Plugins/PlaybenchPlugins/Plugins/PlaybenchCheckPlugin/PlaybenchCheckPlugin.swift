import Foundation
import PackagePlugin

/// Checks a target's game designs at build time: `playbench check` runs on every design
/// directory of the target, its findings printed as a compiler prints them
/// (`path:line:column: error: … [rule]`, the lines SwiftPM and Xcode list as the build's
/// diagnostics), and an error fails the build.
///
/// A design is found by name: a directory of the target that holds a game's design file (the
/// names below), or a directory named in a `PlaybenchCheck.plist` beside the target's sources
/// (`designs`, paths relative to that file; `warningsAsErrors`, a Boolean). Each check is one
/// build command whose inputs are the design's files and whose output is a Swift file of one
/// comment that `check --build-stamp` writes only when the design passes: the build compiles it,
/// so the check runs before the target and again only when a design file changes.
@main
struct PlaybenchCheckPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "playbench")
        return try DesignSearch(root: target.directoryURL).commands(tool: tool.url, workDirectory: context.pluginWorkDirectoryURL)
    }
}

extension DesignSearch {
    /// The commands, or the configuration's mistake as a diagnostic located at its file (an
    /// IDE shows it there) before the plugin fails.
    func commands(tool: URL, workDirectory: URL) throws -> [Command] {
        do {
            return try buildCommands(tool: tool, workDirectory: workDirectory)
        } catch let error as PluginError {
            Diagnostics.error(error.description, file: error.file)
            // The diagnostic said what; the failure stops the build without saying it twice.
            throw PluginError("PlaybenchCheckPlugin stopped: \(error.file.map { ($0 as NSString).lastPathComponent } ?? "its configuration") has a mistake")
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension PlaybenchCheckPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let tool = try context.tool(named: "playbench")
        let root = context.xcodeProject.directoryURL
        return try DesignSearch(root: root).commands(tool: tool.url, workDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif

/// The designs under a directory and the check command of each.
struct DesignSearch {
    /// The file that marks a design directory, one per game Playbench ships
    /// (`GameDefinition.designFileName`; PlaybenchCLITests' ProjectIntegrationTests holds this list to the
    /// registry's).
    static let designFileNames: Set<String> = ["GameConfig.plist", "Andora.plist", "ShakyWords.plist", "Games.plist", "TabulaMap.plist"]
    /// The optional file naming designs elsewhere (and whether warnings fail the build).
    static let configFileName = "PlaybenchCheck.plist"

    var root: URL

    struct Config {
        var designs: [URL] = []
        var warningsAsErrors = false
    }

    func buildCommands(tool: URL, workDirectory: URL) throws -> [Command] {
        let config = try readConfig()
        var designs = config.designs
        for directory in markedDirectories() where !designs.contains(where: { $0.standardizedFileURL == directory.standardizedFileURL }) {
            designs.append(directory)
        }
        return designs.enumerated().map { index, design in
            // The stamp's name says which design it is for, so a build log reads.
            let stamp = workDirectory.appending(path: "PlaybenchCheck\(index)_\(Self.identifier(design.lastPathComponent)).swift")
            var arguments = ["check", design.path(percentEncoded: false), "--quiet", "--build-stamp", stamp.path(percentEncoded: false)]
            if config.warningsAsErrors { arguments.append("--warnings-as-errors") }
            return .buildCommand(
                displayName: "playbench check \(design.lastPathComponent)",
                executable: tool, arguments: arguments,
                inputFiles: Self.files(in: design), outputFiles: [stamp])
        }
    }

    /// Directories under the root (hidden ones and build folders skipped) that hold a design file.
    private func markedDirectories() -> [URL] {
        var found: [URL] = []
        let keys: [URLResourceKey] = [.isDirectoryKey]
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles]) else { return [] }
        for case let url as URL in walk {
            if url.lastPathComponent == ".build" { walk.skipDescendants(); continue }
            if Self.designFileNames.contains(url.lastPathComponent) { found.append(url.deletingLastPathComponent()) }
        }
        return found.sorted { $0.path < $1.path }
    }

    private func readConfig() throws -> Config {
        let file = root.appending(path: Self.configFileName)
        guard let data = FileManager.default.contents(atPath: file.path(percentEncoded: false)) else { return Config() }
        guard let plist = try? PropertyListSerialization.propertyList(from: data, format: nil), let dict = plist as? [String: Any] else {
            throw PluginError("\(file.path(percentEncoded: false)): not a property list with a dictionary at its root (keys: designs, warningsAsErrors)", file: file.path(percentEncoded: false))
        }
        var config = Config()
        for (key, value) in dict {
            switch (key, value) {
            case ("designs", let paths as [String]):
                config.designs = paths.map { root.appending(path: $0, directoryHint: .isDirectory).standardizedFileURL }
            case ("warningsAsErrors", let flag as Bool):
                config.warningsAsErrors = flag
            default:
                throw PluginError("\(file.path(percentEncoded: false)): key \"\(key)\" is not one of designs (an array of paths), warningsAsErrors (a Boolean)", file: file.path(percentEncoded: false))
            }
        }
        return config
    }

    /// A design's files: the check reads nothing else, so nothing else reruns it.
    private static func files(in design: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: design.path(percentEncoded: false))) ?? []
        return names.filter { $0.hasSuffix(".plist") }.sorted().map { design.appending(path: $0) }
    }

    private static func identifier(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}

struct PluginError: Error, CustomStringConvertible {
    var description: String
    /// The file the mistake is in.
    var file: String?
    init(_ description: String, file: String? = nil) {
        self.description = description
        self.file = file
    }
}
