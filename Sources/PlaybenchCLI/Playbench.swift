import ArgumentParser
import GameSeam

/// The `playbench` command: check, generate, simulate and report on game designs.
public struct Playbench: ParsableCommand {
    // Computed, not stored: the games it lists are the registry's of this run (``main(registry:)``).
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "playbench",
            abstract: "Check and balance game designs (the party game Relentless, Andora, Shaky Words, Turn Tracker, …) before you ship them.",
            discussion: """
                \(GameHelp.list(GameRegistry.active))

                A Relentless design is a directory with GameConfig.plist (the item catalogue), \
                DefaultGameParameters.plist (numbers and expressions in diffLevel) and, optionally, \
                DemoGameParameters.plist. Commands that take a DESIGN_DIR use the shipped Relentless \
                design (built into this binary) when you leave it out. An Andora design (such as \
                Designs/andora) compares rule variants played by agents (--agents random, greedy, mcts:N). \
                A Shaky Words design (such as Designs/shaky-words) holds QuizPacks.plist (the questions) \
                and ShakyWords.plist (the rules, modelled teams and their contests). A Turn Tracker design \
                (such as Designs/turn-tracker) holds Games.plist (the app's game definitions) and \
                Sessions.plist (rounds, action times, turn timers, personas and the tables that play).

                Exit codes: 0 success; 1 the design or file has errors; 64 bad command-line usage; \
                65 parts that do not fit together (merge); 66 an input file is missing; 73 an output cannot be written (or \
                another run is writing its directory); 74 an input cannot be read, or an output's bytes (standard output's \
                too) cannot be written; 130 interrupted (Ctrl-C), 143 by SIGTERM, 129 by SIGHUP: each stops a run \
                as Ctrl-C does, leaving every output the old one or the new one, whole, and no temporary or lock file.

                Rule ids in messages ([C4], [R1.4], [SW5], …) name a rule of the design's game. \
                `playbench check --explain-rule C4` prints one, from that game's rules in the designer's \
                reference (Sources/PlaybenchCLI/Playbench.docc/Rules.md says where each game's are).
                """,
            version: ToolInfo().version,
            subcommands: [
                InitCommand.self, CheckCommand.self, GenerateCommand.self, SimulateCommand.self, ReportCommand.self, GateCommand.self,
                DiffCommand.self, ExploreCommand.self, SweepCommand.self, TuneCommand.self, SensitivityCommand.self, CalibrateCommand.self, MergeCommand.self, ParamsCommand.self,
                PlistCommand.self,
            ]
        )
    }

    public init() {}
}
