import ArgumentParser
import RelentlessBalance
import Diagnostics
import Relentless

/// `--start-difficulty D`: the difficulty of a game's first round, as the host sets it on the
/// settings slider (M3). One definition, included by PlayOptions (simulate, report, diff, sweep,
/// sensitivity) and by the commands with options of their own (tune, gate).
struct StartOption: ParsableArguments {
    @Option(
        name: .customLong("start-difficulty"),
        help: ArgumentHelp(
            GameHelp.option("start-difficulty", "the difficulty of the first round, the host's slider (M3). Default: minDifficultyLevel (gate: Balance.plist's startDifficulty)."),
            valueName: "D"))
    var value: Double?

    /// Whether the option was given (an Andora design refuses it rather than ignore it).
    var given: Bool { value != nil }

    /// The start to play `usable` from, checked before any game is played: nil when the option
    /// is absent or names the design's minimum (the default start, whose output is unchanged).
    /// A value that is not a difficulty of the design is a usage error (exit 64); a design whose
    /// parameters fail on the ramp from there ends the command with exit 1, for values at those
    /// difficulties were never checked (check starts from the minimum).
    func resolve(for usable: UsableDesign, command: String) throws -> Double? {
        try Self.resolve(value, for: [usable], command: command)
    }

    /// The same for several designs that play from one start (diff): D must suit each; nil only
    /// when it is every design's minimum.
    static func resolve(_ value: Double?, for designs: [UsableDesign], command: String) throws -> Double? {
        guard let value else { return nil }
        for usable in designs where !StartDifficulty.allows(value, in: usable.design.parameters) {
            let what = value.isFinite ? "is outside" : "is not a difficulty: it takes a number in"
            Output.error(
                "--start-difficulty \(value.designerText) \(what) \(StartDifficulty.range(of: usable.design.parameters)) of \(usable.label) (see 'playbench \(command) --help')")
            throw ExitCode.validationFailure
        }
        guard designs.contains(where: { StartDifficulty.normalised(value, for: $0.design.parameters) != nil }) else { return nil }
        for usable in designs { try checkRamp(from: value, of: usable) }
        return value
    }

    /// The parameter checks (C5–C8, M3) on the ramp from `start`; errors end the command.
    static func checkRamp(from start: Double, of usable: UsableDesign, source: String = "--start-difficulty") throws {
        let diagnostics = ParameterChecks.check(usable.design.parameters, alsoUsed: usable.choice.parametersRead, start: start)
        guard diagnostics.hasErrors else { return }
        Output.standard(DiagnosticRenderer.render(diagnostics.filter { $0.severity == .error }, as: .text, tool: ToolInfo()))
        Output.error(
            "\(usable.label) cannot start at difficulty \(start.designerText) (\(source)): its parameters fail on the ramp from there (\(DiagnosticRenderer.summary(diagnostics.filter { $0.severity == .error })))")
        throw ExitCode(1)
    }
}
