import Andora
import Diagnostics
import GameSeam
import PropertyList

/// Andora, ultimate tic-tac-toe (seeds/002; rule ids R…), on the seam: a directory with
/// Andora.plist, its rule variants and the matchups of agents that play them.
struct AndoraDefinition: GameDefinition {
    let name = "Andora"
    let summary = "ultimate tic-tac-toe (seeds/002)"
    let designFileName = DesignReader.fileName
    let commands = [
        "check": "its rule variants (R1.4, R1.9.2) and matchups of agents",
        "simulate": "every variant and matchup played: shares of X, O and draws, first-player advantage, length",
        "report": "the same as a report (HTML, Markdown, JSON) with the answer to the strategy question",
    ]
    let fileOptions: [DesignFileOption] = []
    let checkOptions: Set<CheckOption> = []

    func check(_ design: any DesignFolder, _ request: CheckRequest) throws(DesignFileError) -> CheckResult {
        guard let file = try design.file(designFileName) else {
            throw DesignFileError(kind: .missing, path: design.label, reason: "no \(designFileName)")
        }
        let (found, diagnostics): (Design?, [Diagnostic])
        do throws(PlistError) {
            (found, diagnostics) = DesignReader.read(try PlistReader.read(bytes: file.bytes), file: file.path)
        } catch {
            (found, diagnostics) = (nil, [error.diagnostic(file: file.path)])
        }
        return CheckResult(diagnostics: diagnostics, summary: found.map(AndoraDesignFile.describe))
    }
}
