import ArgumentParser
import Dispatch
import Explore
import Diagnostics
import ExploreServer
import Foundation
import GameSeam
import MonteCarlo
import Synchronization

struct ExploreCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: "explore",
        abstract: "A live what-if page for a design: edit its parameters in a browser and watch the numbers follow.",
        discussion: """
            Starts a local web server for one design and prints its address: open it in a \
            browser. The page lists every parameter the design's game lets --set change, each \
            with its documented effect, its value as the design writes it (an expression stays \
            an expression, edited as text) and a control for its values. Move one, and the \
            design and its edited self are played side by side on the same seeds (common \
            random numbers): the game's curves of both overlaid (teams alive, money and the \
            like, round by round, where the game draws them), every metric of both with its 95% \
            interval, and each per-game metric's paired difference with its interval, refined \
            as blocks of games finish. A newer edit stops the run of an older one at once. An \
            edit the design cannot take is marked beside its field with the message check \
            gives for the design's files with the edit written in (file, line, column, rule \
            id), and nothing is played until it is fixed.

            The page names the commands that print its numbers exactly (simulate, with --set \
            for the edits, the same --games and --seed), and its address carries the edits: \
            send it to a colleague on the same machine or paste it into an issue, and \
            '--edits ADDRESS' opens the page with them again (and with its lineup, games and \
            seed). With --save-to DIR the page's "Save as" writes the edited design into DIR: \
            every file of the design, with only the edited values' text changed.

            Safe by default: the server listens on 127.0.0.1 only (--host to change), on a \
            free port unless --port names one; it serves the design named at start and opens \
            no path a browser names; request bodies are at most 64 KiB, at most 2 runs play at \
            once (later ones wait their turn), and a run plays at most --max-games games. A \
            closed page stops its run. Ctrl-C stops the server (exit 130); explore writes no \
            file but the saves into --save-to's folder, each whole or not at all.

            Examples:
              playbench explore                                # the default game's shipped design
              playbench explore Designs/andora --port 8080
              playbench explore --team expert,casual,novice --team casual,casual,casual   # two teams to choose between
              playbench explore Designs/relentless --edits 'http://127.0.0.1:8080/?set=dailyExpense%3D400'
              playbench explore Designs/relentless --save-to Designs/relentless-tuned

            Exits 130 when stopped by Ctrl-C, 1 when the design has errors, 64 on bad usage \
            (edits the design cannot take, a design whose game does not compare games one by \
            one), 66 when the design directory is missing, 69 when the address cannot be \
            listened on (a port in use).

            \(GameHelp.command("explore", GameRegistry.active))
            """)
    }

    @Argument(help: "The design directory, of any game the registry knows (see Games below). Default: the default game's design, built in.")
    var designDirectory: String?

    @Option(help: ArgumentHelp("The address to listen on: 127.0.0.1 (this machine only), or another of this machine's addresses.", valueName: "address"))
    var host: String = "127.0.0.1"

    @Option(help: ArgumentHelp("The port to listen on; 0 (the default) picks a free one.", valueName: "port"))
    var port: Int = 0

    @Option(help: ArgumentHelp("Games a run plays until the page asks for more.", valueName: "games"))
    var games: Int = 1000

    @Option(help: ArgumentHelp("The most games the page may ask a run for.", valueName: "games"))
    var maxGames: Int = 100_000

    @Option(parsing: .unconditional, help: "The seed the page starts with: every game's seed derives from it. (default: 1)", transform: SeedArgument.parse)
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Open the page with these edits: an explore page's address (or its query), or a file holding one.", valueName: "address-or-file"))
    var edits: String?

    @Option(help: ArgumentHelp("Where the page's \"Save as\" writes the edited design: a new or empty folder outside the design explored, written whole or not at all, each file as the design's with only the edited values' text changed. Without it the page does not save.", valueName: "dir"))
    var saveTo: String?

    @OptionGroup var threading: ThreadsOption

    @OptionGroup var players: PlayersOption

    @OptionGroup var team: TeamOption

    @OptionGroup var agents: AgentsOption

    @OptionGroup var maxRounds: MaxRoundsOption

    @OptionGroup var start: StartOption

    private var chosen = ChosenDesign()

    mutating func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be in 0...65535 (0: a free port), not \(port)") }
        guard maxGames >= 2, maxGames <= 10_000_000 else { throw ValidationError("--max-games must be in 2...10000000, not \(maxGames)") }
        guard games >= 2, games <= maxGames else { throw ValidationError("--games must be in 2...\(maxGames) (--max-games), not \(games)") }
        try chosen.design(designDirectory).refuse(gameOptions)
        if let saveTo, let designDirectory, Self.isWithin(saveTo, designDirectory) {
            throw ValidationError("--save-to \(saveTo) is in the design being explored: save the edited design into a folder of its own")
        }
    }

    /// The games' options of the design played, as given: the lineups the page chooses among
    /// (validate refuses those its game does not take).
    private var gameOptions: [(name: String, value: GameOptionValue?)] {
        [team.given, players.given, agents.given, maxRounds.given, start.given]
    }

    /// The options as a command line writes them, for the commands the page names.
    static func words(_ options: [(name: String, value: GameOptionValue?)]) -> [String] {
        options.flatMap { name, value -> [String] in
            switch value {
            case nil: []
            case .texts(let texts): texts.flatMap { ["--\(name)", $0] }
            case let value?: ["--\(name)"] + value.words
            }
        }
    }

    /// Whether `path` is `directory` or inside it (symbolic links and `..` resolved; a folder
    /// that exists elsewhere under another name is refused anyway, as it is not empty).
    static func isWithin(_ path: String, _ directory: String) -> Bool {
        func resolved(_ path: String) -> String { URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path }
        let (inner, outer) = (resolved(path), resolved(directory))
        return inner == outer || inner.hasPrefix(outer.hasSuffix("/") ? outer : outer + "/")
    }

    mutating func run() throws {
        let design = chosen.design(designDirectory)
        try explore(try SeamPlay.comparingGame(design, command: "explore"), design)
    }

    private func explore<Game: ComparingGame>(_ game: Game, _ design: DesignDirectory) throws {
        guard !game.gameMetrics.isEmpty else { throw Output.usage("explore compares games one by one: \(game.name) names no metric every game has a value of") }
        let options = GameOptionValues(gameOptions)
        let playable = try SeamPlay.load(game, design, command: "explore", options: options)
        // An address's lineup, games and seed are the page's choices where it names them.
        let opened = try edits.map(Self.address) ?? ExploreAddress(edits: [])
        let lineups = game.lineups(of: playable).count
        if let lineup = opened.lineup, lineup >= lineups {
            throw Output.usage("--edits: lineup=\(lineup), but the design plays \(lineups) \(game.lineupNoun)\(lineups == 1 ? "" : "s") (0...\(lineups - 1))")
        }
        if let games = opened.games, !(2...maxGames).contains(games) {
            throw Output.usage("--edits: games=\(games), but a run plays 2...\(maxGames) games (--max-games)")
        }
        // The folder saves go to: new or empty, and this server's alone while it serves.
        let saveLock = try saveTo.map { target in
            try Output.exitingOnFileError { () throws(FileError) in
                let lock = try OutputLock(for: target)
                do throws(FileError) { try NewDirectory.refuseExisting(target, for: "explore --save-to") } catch {
                    lock.release()
                    throw error
                }
                return lock
            }
        }
        defer { saveLock?.release() }
        let snapshot = try Output.exitingOnDesignFileError { () throws(DesignFileError) in try DesignSnapshot(design, of: game) }
        let session = ComparingExploreSession(
            game, playable, label: design.label, directory: designDirectory, games: opened.games ?? games, maxGames: maxGames, seed: opened.seed ?? seed,
            edits: opened.edits, lineup: opened.lineup ?? 0, files: ExploreFiles(folder: snapshot, options: options) { folder in Self.check(folder, of: game) }, saveTo: saveTo, commandOptions: Self.words(gameOptions))
        let problems = session.problems(opened.edits)
        guard problems.isEmpty else {
            throw Output.usage("--edits: " + problems.map { ($0.name.map { "\($0): " } ?? "") + $0.message }.joined(separator: "; "))
        }
        let server: ExploreServer
        do {
            server = try ExploreServer(
                session: session, page: ExplorePage.html, host: host, port: UInt16(port), threads: threading.value, saver: saveTo.map { Self.saver(snapshot, into: $0) })
        } catch {
            throw Output.usage("--host \(host): not an address to listen on (\(error))")
        }
        let interruption = Interruption()
        defer { interruption.end() }
        // The first to know says whether the server listens: it does, or run() failed (a port in use).
        let listening = FirstAnswer<Result<(host: String, port: UInt16), any Error>>()
        let serving = Task {
            do { try await server.run() } catch { listening.give(.failure(error)) }
        }
        Task {
            do { listening.give(.success(try await server.waitUntilListening())) } catch { listening.give(.failure(error)) }
        }
        switch listening.wait() {
        case .failure(let error):
            Output.error("explore: cannot listen on \(host):\(port): \(error.localizedDescription)")
            throw ExitCode(69)
        case .success(let address):
            let shown = address.host.contains(":") ? "[\(address.host)]" : address.host
            let query = opened.query.isEmpty ? "" : "?" + opened.query
            Output.standard("explore: \(game.name), \(design.label), at http://\(shown):\(address.port)/\(query) (Ctrl-C stops)\n")
        }
        while !interruption.cancellation.isCancelled { usleep(50_000) }
        let stopped = DispatchSemaphore(value: 0)
        Task {
            await server.stop()
            serving.cancel()
            stopped.signal()
        }
        // The server's stop waits up to 5 s for the runs, then 1 s for the connections.
        _ = stopped.wait(timeout: .now() + 8)
        Output.error("explore: stopped")
        throw ExitCode(Interruption.exitStatus)
    }

    /// What `check` finds in a design held in memory (an edited one): the game's check with its
    /// defaults, and the balance targets.
    static func check(_ folder: any DesignFolder, of game: any GameDefinition) -> [Diagnostic] {
        do throws(DesignFileError) {
            return try DesignCheck.run(folder, game: game, request: CheckRequest(forPeople: false)).diagnostics
        } catch {
            return [Diagnostic(.error, error.description)]
        }
    }

    /// Writes an edited design into `target` whole (``DirectoryOutput``): every file of the
    /// design as it was read, the edited ones as edited. One save at a time.
    static func saver(_ snapshot: DesignSnapshot, into target: String) -> ExploreServer.Saver {
        let saving = Mutex(())
        return { edited in
            try saving.withLock { _ throws(FileError) in
                var files = snapshot.files.map { (path: $0.name, bytes: $0.file.bytes) }
                for file in edited.files {
                    if let k = files.firstIndex(where: { $0.path == file.name }) { files[k].bytes = file.bytes } else { files.append((file.name, file.bytes)) }
                }
                try DirectoryOutput.replace(target, with: files)
                return target
            }
        }
    }

    /// The address of `--edits`: a file's text when it names a regular file, else the text itself.
    static func address(_ text: String) throws -> ExploreAddress {
        var address = text
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: text, isDirectory: &isDirectory), !isDirectory.boolValue {
            do throws(FileError) {
                address = String(decoding: try FileIO.read(text), as: UTF8.self)
            } catch {
                throw Output.failure(error)
            }
        }
        do throws(ExploreEditError) {
            return try ExploreAddress(parsing: address)
        } catch {
            throw Output.usage("--edits: \(error)")
        }
    }
}

/// The first of several answers one thread waits for.
private final class FirstAnswer<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)
    private let given = DispatchSemaphore(value: 0)

    func give(_ answer: Value) {
        let first = value.withLock { value in
            guard value == nil else { return false }
            value = answer
            return true
        }
        if first { given.signal() }
    }

    func wait() -> Value {
        given.wait()
        return value.withLock { $0! }
    }
}
