import ArgumentParser
import Diagnostics
import RelentlessGeneration
import Relentless
import RelentlessGame
import GameSeam

/// A design that `generate` and `simulate` can use: its files read, its pipeline chosen, and no
/// errors. Otherwise the problems are printed as `check` prints them and the command exits 1.
struct UsableDesign {
    var design: Design
    /// How messages name the design ("Designs/mine", "the shipped design (…)").
    var label: String
    var choice: PipelineChoice

    /// - Parameters:
    ///   - files: files named one by one instead of a directory (check, simulate).
    ///   - more: problems with other files the command reads (Players.plist).
    static func load(_ designDirectory: String?, files: NamedDesignFiles = .none, more: [Diagnostic] = []) throws -> UsableDesign {
        let folder = DesignDirectory(designDirectory, named: files)
        let read = try Output.exitingOnDesignFileError { () throws(DesignFileError) in try RelentlessFiles.design(folder) }
        let diagnostics = read.diagnostics + more
        guard let design = read.design, !diagnostics.hasErrors else { throw DiagnosticRenderer.designHasErrors(diagnostics, label: read.label) }
        return UsableDesign(design: design, label: read.label, choice: read.choice)
    }
}
