import ArgumentParser
import Diagnostics
import Foundation
import Balance
import GameSeam
import PropertyList

/// What the commands that play share for every game on the seam (``PlayableGame``): the design
/// made ready with the user's options, and its lineups played here with a progress bar and
/// Ctrl-C.
enum SeamPlay {
    /// The playable design; its problems are printed as `check` prints them and end the command
    /// (exit 1), an option value that makes no sense for it is a usage error (64), a file that
    /// cannot be read 66 or 74.
    static func load<Game: PlayableGame>(_ game: Game, _ design: DesignDirectory, command: String, options: GameOptionValues) throws -> Game.Playable {
        let loaded = try made(design, command: command) { () throws(PlayLoadError) in try game.playable(design, options) }
        guard let playable = loaded.0, !loaded.1.hasErrors else {
            Output.standard(DiagnosticRenderer.render(loaded.1, as: .text, tool: ToolInfo()))
            Output.error("\(design.label) has errors (\(DiagnosticRenderer.summary(loaded.1))); run playbench check\(design.directory.map { " " + ShellWord.quoted($0) } ?? "") for details")
            throw ExitCode(1)
        }
        return playable
    }

    /// What `body` makes of the design; why it could not, printed, ends the command: an option
    /// value that makes no sense (64), a file that cannot be read (66, 74), a design that cannot
    /// be played as asked (1).
    static func made<Made>(_ design: DesignDirectory, command: String, _ body: () throws(PlayLoadError) -> Made) throws -> Made {
        do throws(PlayLoadError) {
            return try body()
        } catch {
            switch error {
            case .option(let message):
                Output.error("\(message) (see 'playbench \(command) --help')")
                throw ExitCode.validationFailure
            case .file(let file):
                throw Output.failure(FileError(file))
            case .unplayable(let reason, let diagnostics):
                Output.standard(DiagnosticRenderer.render(diagnostics, as: .text, tool: ToolInfo()))
                Output.error("\(design.label) \(reason)")
                throw ExitCode(1)
            }
        }
    }

    /// The game of `design`, which must be one whose games are played; else a usage error.
    static func playableGame(_ design: DesignDirectory, command: String) throws -> any PlayableGame {
        guard let game = design.game as? any PlayableGame else {
            throw ValidationError("\(command) plays games: \(design.label) is a design of \(design.game.name), which Playbench checks but does not play")
        }
        return game
    }

    /// The game of `design`, which must be one whose games compare one by one (``ComparingGame``);
    /// else a usage error.
    static func comparingGame(_ design: DesignDirectory, command: String) throws -> any ComparingGame {
        let game = try playableGame(design, command: command)
        guard let comparing = game as? any ComparingGame else {
            throw ValidationError("\(command) compares games one by one: \(game.name) names no metric every game has a value of")
        }
        return comparing
    }

    /// The game of `design`, which must be one whose single games print (``ReplayingGame``), for
    /// `--replay`; else a usage error.
    static func replayingGame(_ design: DesignDirectory, command: String) throws -> any ReplayingGame {
        let game = try playableGame(design, command: command)
        guard let replaying = game as? any ReplayingGame else {
            throw ValidationError("--replay prints one game: \(game.name) games are not printed one by one")
        }
        return replaying
    }

    /// Every lineup's games, played here on all cores with a progress bar; Ctrl-C ends the games
    /// early and the run says it is interrupted.
    static func run<Game: PlayableGame>(
        _ game: Game, _ playable: Game.Playable, label: String, games: Int, seed: UInt64, threads: Int?, command: String
    ) -> PlayedRun<Game> {
        let interruption = Interruption()
        let progress = ProgressBar(label: command)
        let clock = ContinuousClock.now
        let played = game.play(playable, games: games, seed: seed, threads: threads, cancellation: interruption.cancellation) { done, total in
            progress.update(done: done, total: total)
        }
        progress.finish()
        interruption.end()
        let elapsed = ContinuousClock.now - clock
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let how = String(format: "%.2f s on %d thread%@", seconds, played.threads, played.threads == 1 ? "" : "s")
        return PlayedRun(
            playable: playable, lineups: game.lineups(of: playable), statistics: played.statistics, seed: seed, gamesRequested: games, how: how,
            label: label, interrupted: !played.complete, threads: threads)
    }
}

extension SeamPlay {
    /// `gate --balance FILE`: a file read in place of the design's Balance.plist.
    static let balanceOption = DesignFileOption(option: "balance", fileName: MetricGateReader.fileName)

    /// The bytes of the balance targets: `--balance FILE`, else the design's Balance.plist; a
    /// missing file says what to write.
    static func balanceFile(_ design: DesignDirectory, balance: String?) throws(FileError) -> (bytes: [UInt8], label: String) {
        if let balance { return (try FileIO.read(balance), balance) }
        let found: DesignFile?
        do throws(DesignFileError) { found = try design.file(MetricGateReader.fileName) } catch { throw FileError(error) }
        guard let found else {
            let path = design.directory.map { ($0 as NSString).appendingPathComponent(MetricGateReader.fileName) } ?? MetricGateReader.fileName
            throw FileError(
                kind: .missing, path: path,
                reason: "no such file: a gate needs balance targets; write them as the reference's \"Balance targets\" shows, or name a file with --balance")
        }
        return (found.bytes, found.path)
    }

    /// The targets of a balance file, checked against the design's lineups and the game's metrics.
    static func readPlan<Game: PlayableGame>(
        _ bytes: [UInt8], label: String, game: Game, playable: Game.Playable
    ) -> (MetricGatePlan?, [Diagnostic]) {
        do throws(PlistError) {
            return MetricGateReader.read(
                try PlistReader.read(bytes: bytes, limits: .design), file: label, lineups: game.lineups(of: playable).map(\.name), metrics: game.metrics,
                metric: game.metric(named:))
        } catch {
            return (nil, [error.diagnostic(file: label)])
        }
    }

    /// The gate's plan of `design` (`--balance FILE` named in it): read by the game when it plans
    /// its gate itself (``GatePlanning``), else its lineup targets by ``MetricGateReader``.
    static func gatePlan<Game: PlayableGame>(_ game: Game, _ design: DesignDirectory, balance: String?, playable: Game.Playable) throws -> GatePlanReading<Game> {
        let named = design.naming(balance, as: balanceOption)
        if let own = try Output.exitingOnDesignFileError({ () throws(DesignFileError) in try game.ownGatePlan(named, for: playable) }) { return own }
        let (bytes, label) = try Output.exitingOnFileError { () throws(FileError) in try balanceFile(design, balance: balance) }
        let (plan, diagnostics) = readPlan(bytes, label: label, game: game, playable: playable)
        return GatePlanReading(plan: plan, playable: playable, diagnostics: diagnostics, label: label, bytes: bytes)
    }
}

extension GatePlanReading {
    /// The plan and the design it plays, once the file has no errors: its errors printed (exit 1)
    /// otherwise. Its warnings and notes (an older form's conversion, say) go to standard error,
    /// so that a command's JSON on standard output stays what tools read.
    func usable() throws -> (plan: MetricGatePlan, playable: Game.Playable) {
        guard let plan, let playable, !diagnostics.hasErrors else {
            Output.standard(DiagnosticRenderer.render(diagnostics.filter { $0.severity != .note }, as: .text, tool: ToolInfo()))
            Output.error("\(label) has errors (\(DiagnosticRenderer.summary(diagnostics)))")
            throw ExitCode(1)
        }
        let advice = diagnostics.filter { $0.severity != .error }
        if !advice.isEmpty { Output.standardError(DiagnosticRenderer.render(advice, as: .text, tool: ToolInfo())) }
        return (plan, playable)
    }
}

extension DesignDirectory {
    /// Refuses option `--name` when given and this design's game declares no option of that name
    /// (a command's own reading of it: sweep's team sizes).
    func refuse(playOption name: String, given: Bool, registry: GameRegistry = GameRegistry.active) throws {
        try refuse("--\(name)", given: given, takenBy: registry.games(declaring: name))
    }

    /// Refuses, by name, every option given that this design's game does not take, saying which
    /// games do (`options` by their declarations, ``GameDefinition/playOptions`` unless `declared`
    /// says which; `files` by ``GameDefinition/fileOptions``), and a value outside the game's
    /// declaration of its option.
    func refuse(
        _ options: [(name: String, value: GameOptionValue?)], of declared: (any GameDefinition) -> [GameOption]? = { $0.playOptions },
        files: [(option: String, given: Bool)] = [], registry: GameRegistry = GameRegistry.active
    ) throws {
        for (name, value) in options {
            guard let value else { continue }
            try refuse("--\(name)", given: true, takenBy: registry.games(declaring: name, in: declared))
            if let problem = declared(game)?.first(where: { $0.name == name })?.problem(with: value) { throw ValidationError(problem) }
        }
        for (option, given) in files {
            try refuse("--\(option)", given: given, takenBy: registry.games.filter { $0.fileOptions.contains { $0.option == option } })
        }
    }
}
