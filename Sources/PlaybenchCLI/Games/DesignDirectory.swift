import ArgumentParser
import Diagnostics
import Foundation
import GameSeam

/// A design as named on the command line: a directory, files named one by one, or nothing (the
/// default game's built-in design); with the game it is a design of.
struct DesignDirectory: DesignFolder {
    var directory: String?
    var namedFiles: [String: String]
    var game: any GameDefinition
    /// Options of the command, not of the game, that name a file in place of the design's own
    /// (`gate --balance FILE` for Balance.plist); their paths are in ``namedFiles`` too.
    var commandFileOptions: [DesignFileOption] = []

    /// The game of `directory`, from the registry; files named one by one belong to the game
    /// whose ``GameDefinition/fileOptions`` name them.
    init(_ directory: String?, namedFiles: [String: String] = [:], registry: GameRegistry = GameRegistry.active) {
        self.directory = directory
        self.namedFiles = namedFiles
        if let directory {
            game = registry.game { FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent($0)) }
        } else {
            game = registry.defaultGame
        }
    }

    /// The design with `path` read in place of its file `option.fileName` (`gate --balance FILE`).
    func naming(_ path: String?, as option: DesignFileOption) -> DesignDirectory {
        guard let path else { return self }
        var named = self
        named.namedFiles[option.option] = path
        named.commandFileOptions.append(option)
        return named
    }

    /// The design a command's DESIGN_DIR and files named one by one name.
    init(_ directory: String?, files: DesignFileOptions) {
        self.init(directory, namedFiles: files.named)
    }

    /// Where the design's reports go when a command is told no folder: Reports/<the design
    /// directory's name>, or Reports/<game> for a built-in design.
    var reportsFolder: String {
        "Reports/\(directory.map { ($0 as NSString).lastPathComponent } ?? game.name.lowercased())"
    }

    var label: String {
        if let directory { return directory }
        let designFiles = game.fileOptions.compactMap { namedFiles[$0.option] }
        if designFiles.isEmpty { return "the shipped design (built in)" }
        return designFiles.sorted().joined(separator: " and ")
    }

    /// The file a user named in place of the design's file `name` (`--catalogue FILE` for
    /// GameConfig.plist), by the options of the design's game.
    func namedPath(of name: String) -> String? {
        let option = (game.fileOptions + commandFileOptions).first { $0.fileName == name && namedFiles[$0.option] != nil }
        return option.flatMap { namedFiles[$0.option] }
    }

    /// The design's file `name`: the file named in its place, else the directory's; nil when
    /// there is nothing at that path.
    func file(_ name: String) throws(DesignFileError) -> DesignFile? {
        let path: String
        if let named = namedPath(of: name) {
            path = named
        } else {
            guard let directory else { return nil }
            try checkDirectory(directory)
            path = (directory as NSString).appendingPathComponent(name)
        }
        // Nothing found by following the path (as FileManager.fileExists sees it: a dangling
        // link is no file) is a file the design does not have; any other failure to look
        // (a symlink loop, a name too long, no permission) is the reading's to report.
        if case .failure(let failure) = FileStatus.following(path), failure.code == ENOENT { return nil }
        do {
            return DesignFile(path: path, bytes: try FileIO.read(path))
        } catch {
            throw DesignFileError(error)
        }
    }

    /// A directory that is not there, or is a file, is no design of any game.
    private func checkDirectory(_ directory: String) throws(DesignFileError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw DesignFileError(kind: .missing, path: directory, reason: "no such design directory")
        }
        guard isDirectory.boolValue else {
            let options = game.fileOptions.map { "--\($0.option)" }.joined(separator: " / ")
            throw DesignFileError(kind: .unreadable, path: directory, reason: "is a file; name the design's directory\(options.isEmpty ? "" : ", or use " + options)")
        }
    }

    /// The design's game takes every option given (`given`: each option's long name, with its
    /// dashes, and whether the user gave it); else a usage error that names where it belongs.
    func refuse(_ option: String, given: Bool, takenBy takers: [any GameDefinition]) throws {
        guard given, !takers.contains(where: { $0.name == game.name }) else { return }
        let whose = listed(takers.map(\.name))
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

extension PartProblem {
    /// Parts of a Relentless run merged into a command whose design is of a game on the seam.
    static func notTheirs(_ design: DesignDirectory) -> PartProblem {
        PartProblem(
            description: "\(design.label) is a design of \(design.game.name) (\(design.game.designFileName)); the parts are of another game's run")
    }
}
