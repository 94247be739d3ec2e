import ArgumentParser
import Balance
import Diagnostics
import Foundation
import GameSeam

struct GateCommand: SeamShardableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: "gate",
        abstract: "Fail a build when a design misses its balance targets (Balance.plist).",
        discussion: """
            A design's Balance.plist lists targets such as "4 casual players: between 40% and \
            60% of teams alive after round 5" or "random against random: at most half the \
            games drawn". The gate plays games of each lineup a target names and measures each \
            target with a confidence interval: a range that holds the true value (what \
            infinitely many games would give) with high confidence.

            How a verdict is reached, in plain words:
              met        the whole interval lies inside the target's band
              missed     the whole interval lies outside the band: the design really misses it
              undecided  the interval still straddles an edge of the band
            A target is never called missed on a noisy estimate that merely looks outside: while \
            an interval straddles an edge, the gate plays more games (doubling, from firstGames \
            up to maxGames in Balance.plist), which narrows it, until it can decide. If the cap \
            is reached first, the target is undecided: the design sits on the edge of the band, \
            and more games would be needed to tell. Intervals are widened to account for every \
            target and every look, so that all verdicts of a run together are right with the \
            file's confidence (95% by default).

            Balance.plist keys every game shares: confidence, firstGames (500), maxGames (8000), \
            seed (1), targets: each with name (optional), a metric and atLeast and/or atMost \
            (shares as 0.4 for 40%). What a target names besides (a lineup, a team, a round) \
            and which metrics there are is the game's: see Games below and the reference's \
            "Balance targets".

            On a cluster, --shard I/N plays one N-th of every lineup's games, up to maxGames (a \
            shard cannot stop early: the looks need every shard's games); 'playbench merge' then \
            takes the looks in order and stops where one machine would have stopped, with the \
            same verdicts, reports and exit code.

            Examples:
              playbench gate                                       # the default game's shipped design
              playbench gate Designs/mine --junit gate.xml --markdown gate.md
              playbench gate Designs/mine --balance strict.plist --fail-on-undecided
              playbench gate Designs/andora

            Exits 0 when no target is missed (undecided targets are reported, and fail only with \
            --fail-on-undecided), 1 when a target is missed or a file has errors, 64 on bad \
            usage, 66 when Balance.plist is missing, 73 when a report cannot be written, 130 \
            when interrupted (no report is written).

            \(GameHelp.command("gate", GameRegistry.active))
            """)
    }

    @Argument(help: "The design directory, of any game the registry knows (see Games below). Default: the default game's design, built in.")
    var designDirectory: String?

    @Option(help: ArgumentHelp("Targets from this file instead of the design's Balance.plist.", valueName: "file"))
    var balance: String?

    @Option(help: ArgumentHelp("Also write the verdicts as a JUnit XML report (one test case per target).", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Also write the verdicts as Markdown (for a CI job summary or a pull-request comment).", valueName: "file"))
    var markdown: String?

    @Option(help: "Standard output: text (for people) or json (every verdict and interval, for tools).")
    var format: SimulationFormat = .text

    @Option(parsing: .unconditional, help: "Override the seed of Balance.plist.", transform: SeedArgument.parse)
    var seed: UInt64?

    @OptionGroup var start: StartOption

    @OptionGroup var threading: ThreadsOption
    var threads: Int? { threading.value }

    @Flag(help: "Exit 1 when a target is undecided too.")
    var failOnUndecided = false

    @OptionGroup var sharding: ShardOptions

    private var chosen = ChosenDesign()

    mutating func validate() throws {
        try chosen.design(designDirectory).refuse(play)
    }

    mutating func run() throws {
        try OutputPreflight.check(files: [junit, markdown])
        let design = chosen.design(designDirectory)
        try gate(try SeamPlay.playableGame(design, command: "gate"), design)
    }

    mutating func execute(seamParts: SeamParts) throws {
        try OutputPreflight.check(files: [junit, markdown])
        let design = chosen.design(designDirectory)
        try gate(try SeamPlay.playableGame(design, command: "gate"), design, parts: seamParts)
    }

    /// Writes the reports, prints the verdicts, and exits 1 when the build must fail.
    private func finish(_ verdicts: GateVerdicts, json: some Encodable, balanceLabel: String) throws {
        try Output.exitingOnFileError { () throws(FileError) in
            if let junit { try FileIO.write(Array(GateJUnit.render(verdicts, balanceFile: balanceLabel).utf8), to: junit) }
            if let markdown { try FileIO.write(Array(GateMarkdown.render(verdicts).utf8), to: markdown) }
        }
        Output.standard(format == .json ? DiagnosticRenderer.json(json) : GateText.render(verdicts))
        if verdicts.missed > 0 || (failOnUndecided && verdicts.undecided > 0) { throw ExitCode(1) }
    }

    /// The gate of a game: its Balance.plist's targets on its lineups' metrics, played here, by
    /// one shard of a cluster job, or taken from the merged `parts` of one.
    private func gate<Game: PlayableGame>(_ game: Game, _ design: DesignDirectory, parts: SeamParts? = nil) throws {
        let base = try SeamPlay.load(game, design, command: "gate", options: GameOptionValues(play))
        let reading = try SeamPlay.gatePlan(game, design, balance: balance, playable: base)
        var (plan, playable) = try reading.usable()
        if let seed { plan.settings.seed = seed }
        let gate = MetricGate(game: game, playable: playable, plan: plan)
        let label = reading.label
        if sharding.shard != nil || parts != nil {
            // The targets decide which lineups play and how far: their file is part of the job.
            let inputs = try SeamPlay.fingerprint(game, design, more: [(name: "balance targets", bytes: reading.bytes)])
            let all = SeamPlay.Run.all(game, playable)
            let runs = gate.playedLineups.map { all[$0] }
            if let shard = try sharding.resolve() {
                try SeamPlay.writePart(
                    game, runs: runs, shard: shard, options: sharding, blocks: gate.blocks, seed: plan.settings.seed, threads: threads,
                    inputs: inputs)
            } else if let parts {
                let played = try parts.blockStatistics(game, runs: runs, blocks: gate.blocks, inputs: inputs)
                let result = gate.run(design: design.label, played: played)
                try finish(result.verdicts, json: result, balanceLabel: label)
            }
            return
        }
        let interruption = Interruption()
        let bar = ProgressBar(label: "gate")
        let result = gate.run(
            design: design.label, threads: threads, cancellation: interruption.cancellation
        ) { _, done, total in bar.update(done: done, total: total) }
        bar.finish()
        // The games are over: Ctrl-C now ends the process at once (each report is the old one or
        // the new one, whole).
        interruption.end()
        guard let result else {
            Output.error("\(Interruption.word): no verdict and no report written")
            throw ExitCode(Interruption.exitStatus)
        }
        try finish(result.verdicts, json: result, balanceLabel: label)
    }

    /// The options of the games played that the user gave.
    private var play: [(name: String, value: GameOptionValue?)] { [start.given] }
}
