import ArgumentParser
import Diagnostics
import Foundation
import GameSeam

struct InitCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: "init",
        abstract: "Start a design: a commented starter directory that check accepts and simulate plays.",
        discussion: """
            Writes a small, complete design of a game (--game; default: the default game) into \
            DIR, every key commented with what it does and the rule it follows, to edit into \
            your own, the way `swift package init` starts a package. What the starter holds is \
            the game's: see Games below.

            Examples:
              playbench init Designs/mine
              playbench check Designs/mine
              playbench params Designs/mine
              playbench simulate Designs/mine --games 200

            DIR must not exist, or be an empty directory: init never overwrites a design. The \
            files are written into a new directory beside DIR and put in place with one rename, \
            so DIR gets all of them or none (Ctrl-C or a failure leaves it as it was).

            Exits 0 when written, 64 on bad usage (a game with no starter design), 73 when DIR \
            exists and is not an empty directory, or cannot be created (or another run is \
            writing it), 74 when a file's bytes cannot be written, 130 when interrupted.

            \(GameHelp.command("init", GameRegistry.active))
            """)
    }

    @Argument(help: ArgumentHelp("The design directory to create (new, or empty).", valueName: "DIR"))
    var directory: String

    @Option(help: ArgumentHelp("The game whose starter design to write, by name. Default: the default game.", valueName: "name"))
    var game: String?

    /// The game asked for.
    private func chosen() throws -> any GameDefinition {
        let registry = GameRegistry.active
        guard let game else { return registry.defaultGame }
        guard let found = registry.game(named: game) else {
            throw ValidationError("--game \(game): one of \(registry.games.map(\.name).joined(separator: ", "))")
        }
        return found
    }

    func validate() throws {
        let chosen = try chosen()
        guard !chosen.starterDesign.isEmpty else {
            let with = GameRegistry.active.games.filter { !$0.starterDesign.isEmpty }.map(\.name)
            throw ValidationError("init has no starter design for \(chosen.name) (\(with.isEmpty ? "no game has one" : "it has one for " + listed(with)))")
        }
    }

    func run() throws {
        let chosen = try chosen(), files = chosen.starterDesign
        let lock = try Output.exitingOnFileError { () throws(FileError) in try OutputLock(for: directory) }
        defer { lock.release() }
        // Checked under the lock: no other run can write DIR between this look and the rename.
        try Output.exitingOnFileError { () throws(FileError) in try NewDirectory.refuseExisting(directory, for: "init") }
        try Output.exitingOnFileError { () throws(FileError) in
            try DirectoryOutput.replace(directory, with: files.map { (path: $0.name, bytes: Array($0.text.utf8)) })
        }
        let names: [String] = files.map(\.name)
        let next: [String] = ["check \(directory)", "params \(directory)", "simulate \(directory) --games 200"].map { "playbench " + $0 }
        Output.standard("wrote a starter \(chosen.name) design to \(directory): \(names.joined(separator: ", "))\nnext: \(next.joined(separator: "; "))\n")
    }
}
