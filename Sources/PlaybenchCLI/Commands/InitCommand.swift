import ArgumentParser
import Foundation

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Start a Relentless design: a commented starter directory that check accepts and simulate plays.",
        discussion: """
            Writes a small, complete design into DIR, every key commented with what it does and \
            the rule it follows (RULES.md C2–C8, G, P, M), to edit into your own, the way \
            `swift package init` starts a package:

              GameConfig.plist             the item catalogue: all four kinds of item (stateful, \
            titled, rhythmic, assembled), and an assembled item nested two levels (a parade \
            holds a lampCart, which holds a cart, which holds a crate and two wheels; C4)
              DefaultGameParameters.plist  numbers and expressions in diffLevel (C5), ceiled \
            where a key is a whole number (C7), on a difficulty ramp (M3)
              Players.plist                personas simulate plays with: one written in full, \
            one extending it (base), one extending a shipped persona
              Balance.plist                two balance targets for gate

            Examples:
              playbench init Designs/mine
              playbench check Designs/mine
              playbench params Designs/mine
              playbench simulate Designs/mine --games 200

            DIR must not exist, or be an empty directory: init never overwrites a design. The \
            files are written into a new directory beside DIR and put in place with one rename, \
            so DIR gets all of them or none (Ctrl-C or a failure leaves it as it was).

            Exits 0 when written, 64 on bad usage, 73 when DIR exists and is not an empty \
            directory, or cannot be created (or another run is writing it), 74 when a file's \
            bytes cannot be written, 130 when interrupted.
            """)

    @Argument(help: ArgumentHelp("The design directory to create (new, or empty).", valueName: "DIR"))
    var directory: String

    func run() throws {
        let lock = try Output.exitingOnFileError { () throws(FileError) in try OutputLock(for: directory) }
        defer { lock.release() }
        // Checked under the lock: no other run can write DIR between this look and the rename.
        try Output.exitingOnFileError { () throws(FileError) in try Self.refuseExisting(directory) }
        try Output.exitingOnFileError { () throws(FileError) in
            try DirectoryOutput.replace(directory, with: StarterDesign.files.map { (path: $0.name, bytes: Array($0.text.utf8)) })
        }
        Output.standard(
            "wrote a starter Relentless design to \(directory): \(StarterDesign.files.map(\.name).joined(separator: ", "))\n"
                + "next: playbench check \(directory); playbench params \(directory); playbench simulate \(directory) --games 200\n")
    }

    /// A design is never written over: DIR may be missing or an empty directory (exit 73 otherwise).
    static func refuseExisting(_ directory: String) throws(FileError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw FileError(kind: .unwritable, path: directory, reason: "exists and is not a directory; init writes a new design into a new or empty directory")
        }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw FileError(kind: .unwritable, path: directory, reason: "cannot be listed: \(error.localizedDescription)")
        }
        guard entries.isEmpty else {
            let shown = entries.sorted().prefix(3).joined(separator: ", ") + (entries.count > 3 ? ", …" : "")
            throw FileError(
                kind: .unwritable, path: directory,
                reason: "is not empty (\(shown)); init never overwrites a design: name a new or empty directory")
        }
    }
}
