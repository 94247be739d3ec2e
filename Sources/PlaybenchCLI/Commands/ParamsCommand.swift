import ArgumentParser
import RelentlessBalance
import Diagnostics
import Foundation
import PropertyList
import Relentless
import RelentlessGame

struct ParamsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "params",
        abstract: "Every parameter's value at every difficulty a game reaches, as the game uses it.",
        discussion: """
            Reads a design's DefaultGameParameters.plist and evaluates every key at every \
            difficulty of the ramp (M3: from minDifficultyLevel, or --start-difficulty, adding \
            difficultyChange after each round up to maxDifficultyLevel): the designer's value or \
            expression, else the fallback of C6, and for integer-valued keys (counts, times, \
            money, team sizes) the ceiling C7 takes, as generation and play use it. Each row \
            says where its value came from (the text written in the file, or "fallback: …") and \
            whether C7 changed it; a note under the text table gives an example of each ceiling \
            ("satisfactionToMoneyTranslation: … 2.2 → 3"). The satisfaction changes are \
            expressions in the order's variables, evaluated per delivery (P5, P6): shown, not \
            evaluated.

            Examples:
              playbench params                              # the shipped design
              playbench params Designs/mine                 # a design directory
              playbench params --parameters My.plist        # one parameters file
              playbench params Designs/mine --demo          # its DemoGameParameters.plist (C1)
              playbench params --start-difficulty 4 --format csv > ramp.csv
              playbench params --format markdown >> $GITHUB_STEP_SUMMARY

            Formats: text (an aligned table; reals to 4 decimals), csv (key, type, from, then one \
            column per difficulty, full precision), markdown. Only the parameters file is read: \
            the catalogue plays no part in the values.

            Exits 0 with the table, 1 when the parameters have errors (printed as check prints \
            them), 64 on bad usage (--start-difficulty outside the design's range, --players \
            outside its team sizes), 66 when the file is missing, 74 when it cannot be read.
            """)

    @Argument(help: "The design directory. Default: the shipped Relentless design, built in.")
    var designDirectory: String?

    @Option(
        name: .customLong("parameters"),
        help: ArgumentHelp("This parameters file instead of a design directory's.", valueName: "file"))
    var parametersFile: String?

    @Flag(help: "The design's DemoGameParameters.plist (demo mode, C1) instead of DefaultGameParameters.plist.")
    var demo = false

    @Option(help: ArgumentHelp("The team size the values are for; only probOfSelectingAssembledItem's fallback (1 / numberOfPlayers) depends on it. Default: minNumOfPlayers.", valueName: "N"))
    var players: Int?

    @OptionGroup var start: StartOption

    @Option(help: "Output: text (an aligned table), csv, markdown.")
    var format: ParamsFormat = .text

    func validate() throws {
        if designDirectory != nil, parametersFile != nil {
            throw ValidationError("give a design directory or --parameters FILE, not both")
        }
        if demo, parametersFile != nil {
            throw ValidationError("--demo reads a design's DemoGameParameters.plist; with --parameters, name that file instead")
        }
    }

    func run() throws {
        let name = demo ? DesignSources.demoParametersFileName : DesignSources.parametersFileName
        let (file, label) = try Output.exitingOnFileError { () throws(FileError) -> (DesignSources.File, String) in
            if let path = parametersFile ?? designDirectory.map({ ($0 as NSString).appendingPathComponent(name) }) {
                let file = DesignSources.File(name: path, bytes: try FileIO.read(path))
                return (file, file.name)
            }
            let builtIn = BuiltInDesign.file(name).map(DesignSources.File.init)
            return (builtIn ?? DesignSources.File(name: name, bytes: []), "the shipped design's \(name) (built in)")
        }
        var diagnostics: [Diagnostic]
        var parameters = Parameters(file: file.name)
        do throws(PlistError) {
            (parameters, diagnostics) = ParametersReader.read(try PlistReader.read(bytes: file.bytes), file: file.name)
        } catch {
            diagnostics = [error.diagnostic(file: file.name)]
        }
        if !diagnostics.hasErrors {
            if let value = start.value, !StartDifficulty.allows(value, in: parameters) {
                let what = value.isFinite ? "is outside" : "is not a difficulty: it takes a number in"
                Output.error("--start-difficulty \(value.designerText) \(what) \(StartDifficulty.range(of: parameters)) of \(label) (see 'playbench params --help')")
                throw ExitCode.validationFailure
            }
            // The values of a ramp the game could not play would mislead: its errors first.
            diagnostics += ParameterChecks.check(parameters, start: start.value).filter { $0.severity == .error }
        }
        guard !diagnostics.hasErrors else {
            Output.standard(DiagnosticRenderer.render(diagnostics.filter { $0.severity == .error }, as: .text, tool: ToolInfo()))
            Output.error("\(label) has errors (\(DiagnosticRenderer.summary(diagnostics))); run playbench check for details")
            throw ExitCode(1)
        }
        let sizes = parameters.teamSizes
        let team = players ?? sizes?.lowerBound ?? 3
        if let sizes, !sizes.contains(team) {
            Output.error("--players \(team) is outside the design's team sizes \(sizes.lowerBound)...\(sizes.upperBound) (minNumOfPlayers...maxNumOfPlayers)")
            throw ExitCode.validationFailure
        }
        let schedule = ParameterSchedule(parameters, start: StartDifficulty.normalised(start.value, for: parameters), players: team)
        Output.standard(ParameterScheduleText.render(schedule, label: label, start: StartDifficulty.normalised(start.value, for: parameters), as: format))
    }
}
