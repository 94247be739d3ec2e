import ArgumentParser
import Balance
import RelentlessBalance
import Diagnostics
import Foundation
import GameSeam
import RelentlessGeneration
import RelentlessReports
import RelentlessSimulation
import RelentlessGame

struct GateCommand: ShardableCommand, SeamShardableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: "gate",
        abstract: "Fail a build when a design misses its balance targets (Balance.plist).",
        discussion: """
            A design's Balance.plist lists targets such as "4 casual players: between 40% and \
            60% of teams alive after round 5" or "4 experts: median money after round 10 at \
            least 200". The gate plays games with each team a target names and measures each \
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

            Balance.plist keys: confidence, firstGames (500), maxGames (8000), seed (1), \
            maxRounds (30), startDifficulty (M3: where games start, by default \
            minDifficultyLevel; --start-difficulty overrides it), targets: each with name \
            (optional), team ("casual,casual,expert"), metric (survival | medianMoney | \
            meanMoney | meanRounds | drift | ruin | unplayable), round (for survival and the money \
            metrics), atLeast and/or atMost (shares as 0.4 for 40%), startDifficulty \
            (optional: this target's games start there). drift (money a round at the top \
            difficulty) and ruin (the share of games eventually lost) look beyond maxRounds, \
            extrapolated from the rounds at the top of the difficulty ramp; their games must \
            play two rounds there (README, "Beyond the horizon"). unplayable is the share of \
            games ended by a round the host could not make (G4's items running short, say).

            On a cluster, --shard I/N plays one N-th of every team's (or lineup's) games, up to \
            maxGames (a shard cannot stop early: the looks need every shard's games); 'playbench merge' then \
            takes the looks in order and stops where one machine would have stopped, with the \
            same verdicts, reports and exit code.

            Examples:
              playbench gate                                       # the shipped design
              playbench gate Designs/mine --junit gate.xml --markdown gate.md
              playbench gate Designs/mine --balance strict.plist --fail-on-undecided

            Exits 0 when no target is missed (undecided targets are reported, and fail only with \
            --fail-on-undecided), 1 when a target is missed or a file has errors, 64 on bad \
            usage, 66 when Balance.plist is missing, 73 when a report cannot be written, 130 \
            when interrupted (no report is written).

            \(GameHelp.command("gate", ShippedGames.active))
            """)
    }

    @Argument(help: "The design directory. Default: the shipped Relentless design, built in.")
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

    @Option(help: "Threads to play on. Default: every core. Never changes the result.")
    var threads: Int?

    @Flag(help: "Exit 1 when a target is undecided too.")
    var failOnUndecided = false

    @OptionGroup var sharding: ShardOptions

    func validate() throws {
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1") }
        let chosen = DesignDirectory(designDirectory)
        try chosen.refuse(play: [("start-difficulty", start.value != nil), ("shard", sharding.shard != nil)])
    }

    func execute(merged: MergedParts?) throws {
        try OutputPreflight.check(files: [junit, markdown])
        let chosen = DesignDirectory(designDirectory)
        if let game = chosen.game as? any PlayableGame, !ShippedGames.hasOwnPath(game) {
            if merged != nil { throw MergedParts.Problem.notTheirs(chosen) }
            try gate(game, chosen)
            return
        }
        let playable = try PlayableDesign.load(designDirectory)
        let (usable, model) = (playable.usable, playable.players)
        let (plan, balanceLabel, balanceProblems) = try Output.exitingOnDesignFileError { () throws(DesignFileError) in
            try RelentlessFiles.balance(chosen.naming(balance, as: SeamPlay.balanceOption), players: model, parameters: usable.design.parameters)
        }
        guard var plan, !balanceProblems.hasErrors else {
            Output.standard(DiagnosticRenderer.render(balanceProblems.filter { $0.severity != .note }, as: .text, tool: ToolInfo()))
            Output.error("\(balanceLabel) has errors (\(DiagnosticRenderer.summary(balanceProblems)))")
            throw ExitCode(1)
        }
        if let seed { plan.seed = seed }
        if let value = start.value {
            // Like --seed, it overrides the file's startDifficulty; a target's own stays its own.
            _ = try StartOption.resolve(value, for: [usable], command: "gate")
            plan.startDifficulty = value
        }
        let gate = Gate(plan: plan, design: playable.prepared, pipeline: usable.choice.pipeline) { model.persona(named: $0) }
        // A target beyond the horizon that the games cannot measure is refused before any game.
        let unreachable = gate.unreachableTargets
        if !unreachable.isEmpty {
            for (target, reason) in unreachable { Output.error("\(target.source ?? balanceLabel): \(target.metric.rawValue) of \(TeamLabel.of(target.team)): \(reason)") }
            throw ExitCode(1)
        }
        // Values on the ramps from the file's starts were never checked (check starts from the minimum).
        for difficulty in Set(gate.groups.compactMap(\.start)).sorted() where difficulty != start.value {
            try StartOption.checkRamp(from: difficulty, of: usable, source: "startDifficulty in \(balanceLabel)")
        }
        let inputs = InputFingerprint.of(designDirectory: designDirectory, more: balance.map { [$0] } ?? [])
        if let shard = try sharding.resolve() {
            try ShardPart.write(
                shard, options: sharding, runs: gate.runs, seed: plan.seed, threads: threads, inputs: inputs, designDirectory: designDirectory)
            return
        }
        if let merged {
            try merged.verify(inputs: inputs, runs: gate.runs)
            try finish(try gate.run(design: usable.label, source: merged), balanceLabel: balanceLabel)
            return
        }
        let interruption = Interruption()
        let bar = ProgressBar(label: "gate")
        let result: GateResult?
        do {
            result = try gate.run(design: usable.label, threads: threads, cancellation: interruption.cancellation) { _, done, total in
                bar.update(done: done, total: total)
            }
        } catch {
            bar.finish()
            interruption.end()
            throw GameFailure.failure(error, designDirectory: designDirectory)
        }
        bar.finish()
        guard let result else {
            interruption.end()
            Output.error("interrupted: no verdict and no report written")
            throw ExitCode(Interruption.exitStatus)
        }
        // The games are over: Ctrl-C now ends the process at once (each report is the old one or
        // the new one, whole).
        interruption.end()
        try finish(result, balanceLabel: balanceLabel)
    }

    /// Writes the reports, prints the verdicts, and exits 1 when the build must fail.
    private func finish(_ result: GateResult?, balanceLabel: String) throws {
        guard let result else { return }
        try finish(result.verdicts, json: result, balanceLabel: balanceLabel)
    }

    private func finish(_ verdicts: GateVerdicts, json: some Encodable, balanceLabel: String) throws {
        try Output.exitingOnFileError { () throws(FileError) in
            if let junit { try FileIO.write(Array(GateJUnit.render(verdicts, balanceFile: balanceLabel).utf8), to: junit) }
            if let markdown { try FileIO.write(Array(GateMarkdown.render(verdicts).utf8), to: markdown) }
        }
        Output.standard(format == .json ? DiagnosticRenderer.json(json) : GateText.render(verdicts))
        if verdicts.missed > 0 || (failOnUndecided && verdicts.undecided > 0) { throw ExitCode(1) }
    }

    func execute(seamParts: SeamParts) throws {
        let chosen = DesignDirectory(designDirectory)
        guard let game = chosen.game as? any PlayableGame else {
            throw MergedParts.Problem(description: "the parts are of a game on the seam; \(chosen.label) is a design of \(chosen.game.name)")
        }
        try OutputPreflight.check(files: [junit, markdown])
        try gate(game, chosen, parts: seamParts)
    }

    /// The gate of a game on the seam: its Balance.plist's targets on its lineups' metrics,
    /// played here, by one shard of a cluster job, or taken from the merged `parts` of one.
    private func gate<Game: PlayableGame>(_ game: Game, _ design: DesignDirectory, parts: SeamParts? = nil) throws {
        let playable = try SeamPlay.load(game, design, command: "gate", options: [:])
        let (file, label) = try Output.exitingOnFileError { () throws(FileError) in try SeamPlay.balanceFile(design, balance: balance) }
        let (read, problems) = SeamPlay.readPlan(file, label: label, game: game, playable: playable)
        guard var plan = read, !problems.hasErrors else {
            Output.standard(DiagnosticRenderer.render(problems.filter { $0.severity != .note }, as: .text, tool: ToolInfo()))
            Output.error("\(label) has errors (\(DiagnosticRenderer.summary(problems)))")
            throw ExitCode(1)
        }
        if let seed { plan.settings.seed = seed }
        let gate = MetricGate(game: game, playable: playable, plan: plan)
        if sharding.shard != nil || parts != nil {
            // The targets decide which lineups play and how far: their file is part of the job.
            let inputs = try SeamPlay.fingerprint(game, design, more: [(name: "balance targets", bytes: file)])
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
        interruption.end()
        guard let result else {
            Output.error("interrupted: no verdict and no report written")
            throw ExitCode(Interruption.exitStatus)
        }
        try finish(result.verdicts, json: result, balanceLabel: label)
    }
}
