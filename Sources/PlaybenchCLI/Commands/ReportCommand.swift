import ArgumentParser
import Diagnostics
import Foundation
import GameSeam

struct ReportCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: "report",
        abstract: "Simulate a design with several teams and write a balance report for people and tools.",
        discussion: """
            Plays --games games of every lineup of a design, as `simulate` does (all on the same \
            seed), and writes what its game reports into --output: a self-contained \
            report.html (inline SVG charts; no script, font or network), a summary.md that fits \
            a CI job summary, and the numbers (results.json; curves.csv where the game draws \
            curves). Which lineups a report plays when none are named, and what it shows, is the \
            game's: see Games below.

            The directory is replaced as a whole, after the games: the files are written into a \
            new directory beside it, with everything else it held (a screenshot, \
            subdirectories) kept, and swapped in with one rename. Ctrl-C, or a kill, at any \
            moment leaves the previous report or the new one, complete (Ctrl-C: exit 130). A \
            second report into the same directory is refused while one runs (exit 73).

            A game that plays nothing (its Games entry says so) draws its report from the \
            design alone: --games, --seed and --threads change nothing there.

            Examples:
              playbench report                                   # the default game's shipped design → Reports/relentless
              playbench report Designs/andora                    # → Reports/andora
              playbench report Designs/mine --output /tmp/mine --games 5000
              playbench report --team casual,casual,casual --team expert,novice,casual

            \(GameHelp.command("report", GameRegistry.active))
            """)
    }

    @Argument(help: "The design directory, of any game the registry knows (see Games below). Default: the default game's design, built in.")
    var designDirectory: String?

    @Option(help: ArgumentHelp("Where to write the report. Default: Reports/<design's directory name> (Reports/<game> for a built-in design).", valueName: "dir"))
    var output: String?

    @OptionGroup var team: TeamOption

    @OptionGroup var agents: AgentsOption

    @OptionGroup var play: PlayOptions
    private var games: Int { play.games }
    private var seed: UInt64 { play.seed }
    private var threads: Int? { play.threads }

    private var chosen = ChosenDesign()

    mutating func validate() throws {
        try chosen.design(designDirectory).refuse(gameOptions)
    }

    /// The games' options this command offers, as given.
    private var gameOptions: [(name: String, value: GameOptionValue?)] { [team.given, agents.given] + play.given }

    mutating func run() throws {
        let design = chosen.design(designDirectory)
        try OutputPreflight.check(directories: [directory])
        try report(try SeamPlay.playableGame(design, command: "report"), design)
    }

    /// Plays every lineup the game reports on and writes its report's files together, after the
    /// games.
    private func report<Game: PlayableGame>(_ game: Game, _ design: DesignDirectory) throws {
        let asked = try SeamPlay.load(game, design, command: "report", options: GameOptionValues(gameOptions))
        let playable = try SeamPlay.made(design, command: "report") { () throws(PlayLoadError) in try game.reportPlayable(asked) }
        let lock = try lockDirectory()
        defer { lock.release() }
        let run = SeamPlay.run(game, playable, label: design.label, games: games, seed: seed, threads: threads, command: "report")
        guard run.isComplete else {
            Output.error("\(Interruption.word): nothing written; the previous report, if any, is as it was")
            throw ExitCode(Interruption.exitStatus)
        }
        let (files, played) = game.report(run)
        let output = try writeFiles(files.map { file in
            switch file {
            case .text(let name, let contents): (name, contents)
            case .json(let name, let value): (name, DiagnosticRenderer.json(value))
            }
        })
        let names = files.map(\.name)
        Output.standard("wrote \(output)/\(names.joined(separator: ", ")) (\(played) × \(counted(games, "game")))\n")
    }

    /// --output, else Reports/<design's directory name>, or Reports/<game> for a built-in design.
    private var directory: String {
        output ?? (chosen.value ?? DesignDirectory(designDirectory)).reportsFolder
    }

    /// The report directory for this run alone, taken before the games: a second run is refused
    /// at once, not after them.
    private func lockDirectory() throws -> OutputLock {
        try Output.exitingOnFileError { () throws(FileError) in try OutputLock(for: directory) }
    }

    /// Replaces the report directory by one with `files` (and whatever else it held); returns it.
    private func writeFiles(_ files: [(name: String, text: String)]) throws -> String {
        try Output.exitingOnFileError { () throws(FileError) in
            try DirectoryOutput.replace(directory, with: files.map { (path: $0.name, bytes: Array($0.text.utf8)) })
        }
        return directory
    }
}
