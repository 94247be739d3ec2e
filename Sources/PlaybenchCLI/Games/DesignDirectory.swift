import ArgumentParser
import Foundation
import GameSeam

/// A design as named on the command line: a directory, files named one by one, or nothing (the
/// default game's built-in design); with the game it is a design of.
struct DesignDirectory: DesignFolder {
    var directory: String?
    var namedFiles: [String: String]
    var game: any GameDefinition

    /// The game of `directory`, from the registry; files named one by one belong to the game
    /// whose ``GameDefinition/fileOptions`` name them.
    init(_ directory: String?, namedFiles: [String: String] = [:], registry: GameRegistry = ShippedGames.active) {
        self.directory = directory
        self.namedFiles = namedFiles
        if let directory {
            game = registry.game { FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent($0)) }
        } else {
            game = registry.defaultGame
        }
    }

    /// The design a command's DESIGN_DIR and --catalogue/--parameters name.
    init(_ directory: String?, files: DesignFileOptions) {
        var namedFiles: [String: String] = [:]
        namedFiles["catalogue"] = files.catalogue
        namedFiles["parameters"] = files.parameters
        self.init(directory, namedFiles: namedFiles)
    }

    var label: String {
        if let directory { return directory }
        if namedFiles.isEmpty { return "the shipped design (built in)" }
        return namedFiles.values.sorted().joined(separator: " and ")
    }

    func file(_ name: String) throws(DesignFileError) -> DesignFile? {
        guard let directory else { return nil }
        let path = (directory as NSString).appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return DesignFile(path: path, bytes: try FileIO.read(path))
        } catch {
            throw DesignFileError(error)
        }
    }

    /// The design's game takes every option given (`given`: each option's long name, with its
    /// dashes, and whether the user gave it); else a usage error that names where it belongs.
    func refuse(_ option: String, given: Bool, takenBy takers: [any GameDefinition]) throws {
        guard given, !takers.contains(where: { $0.name == game.name }) else { return }
        let whose = takers.map(\.name).joined(separator: " and ")
        let article = game.name.first.map { "AEIOU".contains($0) } == true ? "an" : "a"
        let design = directory.map { "\($0) is \(article) \(game.name) design (\(game.designFileName))" } ?? "this is \(article) \(game.name) design"
        throw ValidationError("\(option) is an option for \(whose.isEmpty ? "no" : whose) designs; \(design)")
    }
}

extension FileError {
    init(_ error: DesignFileError) {
        self.init(kind: error.kind == .missing ? .missing : .unreadable, path: error.path, reason: error.reason)
    }
}

extension DesignFileError {
    /// A file of a design that could not be read, as the seam says it (a missing input or not).
    init(_ error: FileError) {
        self.init(kind: error.kind == .missing ? .missing : .unreadable, path: error.path, reason: error.reason)
    }
}

extension MergedParts.Problem {
    /// Parts of a Relentless run merged into a command whose design is of a game on the seam.
    static func notTheirs(_ design: DesignDirectory) -> MergedParts.Problem {
        MergedParts.Problem(
            description: "\(design.label) is a design of \(design.game.name) (\(design.game.designFileName)); the parts are of another game's run")
    }
}
