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
    ///   - files: files named one by one instead of a directory (check, generate, simulate).
    ///   - choosing: the command's options applied to the design's Pipeline.plist.
    ///   - more: problems with other files the command reads (Players.plist).
    static func load(
        _ designDirectory: String?, files: NamedDesignFiles = .none, choosing: (PipelineChoice) -> PipelineChoice = { $0 },
        more: [Diagnostic] = []
    ) throws -> UsableDesign {
        let folder = DesignDirectory(designDirectory, named: files)
        let (sources, label) = try Output.exitingOnDesignFileError { () throws(DesignFileError) in try RelentlessFiles.sources(folder) }
        let (designChoice, pipelineProblems) = try Output.exitingOnDesignFileError { () throws(DesignFileError) in try RelentlessFiles.pipeline(folder) }
        let choice = choosing(designChoice)
        let result = DesignLoader.load(sources, alsoUsed: choice.parametersRead)
        let diagnostics = result.diagnostics + pipelineProblems + more
        guard let design = result.design, !diagnostics.hasErrors else {
            Output.standard(DiagnosticRenderer.render(diagnostics.filter { $0.severity != .note }, as: .text, tool: ToolInfo()))
            Output.error("\(label) has errors (\(DiagnosticRenderer.summary(diagnostics))); run playbench check for details")
            throw ExitCode(1)
        }
        return UsableDesign(design: design, label: label, choice: choice)
    }
}
