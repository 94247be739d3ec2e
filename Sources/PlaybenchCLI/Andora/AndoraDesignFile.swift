import Andora
import ArgumentParser
import Diagnostics
import Foundation
import PropertyList
import ReportKit

/// An Andora design: a directory holding `Andora.plist` (seeds/002, Designs/andora). Commands that
/// take a DESIGN_DIR play Andora when the directory holds that file, Relentless otherwise.
struct AndoraDesignFile {
    var design: Design
    /// How messages name the design: the directory as the user wrote it.
    var label: String

    /// The Andora.plist of `directory`, if it has one.
    static func path(in directory: String?) -> String? {
        guard let directory else { return nil }
        let path = (directory as NSString).appendingPathComponent(DesignReader.fileName)
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// Reads and checks the file: the design (nil when it has errors) and every diagnostic.
    static func read(_ path: String) throws(FileError) -> (Design?, [Diagnostic]) {
        let bytes = try FileIO.read(path)
        do throws(PlistError) {
            return DesignReader.read(try PlistReader.read(bytes: bytes), file: path)
        } catch {
            return (nil, [error.diagnostic(file: path)])
        }
    }

    /// The design of `directory`'s Andora.plist; its problems are printed as `check` prints them
    /// and end the command with exit 1.
    static func load(_ directory: String, path: String) throws -> AndoraDesignFile {
        let (design, diagnostics) = try Output.exitingOnFileError { () throws(FileError) in try read(path) }
        guard let design, !diagnostics.hasErrors else {
            Output.standard(DiagnosticRenderer.render(diagnostics, as: .text, tool: ToolInfo()))
            Output.error("\(directory) has errors (\(DiagnosticRenderer.summary(diagnostics))); run playbench check \(directory) for details")
            throw ExitCode(1)
        }
        return AndoraDesignFile(design: design, label: directory)
    }

    /// What `check` prints under a design without errors.
    static func describe(_ design: Design) -> String {
        var text = "Andora design: \(counted(design.variants.count, "variant"))\n"
        for v in design.variants { text += "  \(v.name): mini-field strategy \(v.rules.strategy.rawValue) (R1.4), full target: \(v.rules.whenTargetIsFull.rawValue)\n" }
        text += "matchups: \(design.matchups.map(\.label).joined(separator: "; "))\n"
        return text
    }

    /// Options that mean something only for Relentless: naming one for an Andora design is a
    /// usage error, never silently ignored.
    static func rejectRelentlessOptions(_ options: [(name: String, given: Bool)], directory: String) throws {
        if let option = options.first(where: \.given) {
            throw ValidationError("\(option.name) is an option for Relentless designs; \(directory) is an Andora design (\(DesignReader.fileName))")
        }
    }
}
