import ArgumentParser

/// `--start-difficulty D`: the difficulty of a game's first round, as the host sets it on the
/// settings slider (M3). One definition, included by PlayOptions (simulate, report, diff, sweep,
/// sensitivity) and by the commands with options of their own (tune, gate); the game that takes
/// it reads it and says what is wrong with a value.
struct StartOption: ParsableArguments {
    @Option(
        name: .customLong("start-difficulty"),
        help: ArgumentHelp(
            GameHelp.option("start-difficulty", "the difficulty of the first round, the host's slider (M3). Default: minDifficultyLevel (gate: Balance.plist's startDifficulty)."),
            valueName: "D"))
    var value: Double?

    /// Whether the option was given (a design of a game that has no start refuses it).
    var given: Bool { value != nil }

}
