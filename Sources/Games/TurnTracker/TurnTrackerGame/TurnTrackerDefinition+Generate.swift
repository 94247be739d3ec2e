import Diagnostics
import GameSeam
import Randomness
import TurnTracker

/// `playbench generate` for Turn Tracker: a game's view for a number of players (its sections and
/// their orientations, phone by phone) and a session's sequence of phases and turns.
extension TurnTrackerDefinition: GeneratingGame {
    /// `generate --definition NAME`.
    public static let definitionOption = GameOption(
        "definition", .text, valueName: "name", help: "Which game definition of Games.plist, by name. Default: the first.")
    /// `generate --players N`.
    public static let playersOption = GameOption(
        "players", .integer(1...1_000), help: "How many play, within the game definition's players (TT2). Default: the fewest.")
    public var generateOptions: [GameOption] { [Self.definitionOption, Self.playersOption] }

    public func generate(_ folder: any DesignFolder, _ request: GenerateRequest) throws(ContentError) -> GeneratedContent {
        let (found, diagnostics, games): (Playable?, [Diagnostic], [TrackedGame]?)
        do throws(DesignFileError) { (found, diagnostics, games) = try read(folder, requireSessions: false) } catch { throw .file(error) }
        guard let games, !diagnostics.hasErrors else { throw .design(label: folder.label, diagnostics: diagnostics) }
        let chosen = try request.options.usage.text(Self.definitionOption) ?? games[0].name
        guard let index = games.firstIndex(where: { $0.name == chosen }) else {
            let near = Suggestion.nearest(to: chosen, in: games.map(\.name)).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw .usage("--definition '\(chosen)' is not a game of \(GamesReader.fileName): \(games.map(\.name).joined(separator: ", "))\(near)")
        }
        let game = games[index]
        let players = try request.options.usage.integer(Self.playersOption) ?? game.players.lowerBound
        guard game.players.contains(players) else {
            throw .usage("--players takes a whole number in \(game.players.lowerBound)...\(game.players.upperBound), the players \(game.name) allows (TT2), not \(players)")
        }
        let seed = request.seed
        // Without Sessions.plist a session is one round: the app's file holds no count of rounds.
        let rounds = found.flatMap { $0.design.timings[index]?.rounds.range(players: players) } ?? 1...1
        var random = RandomSource(seed: seed)
        let layoutGenerator = LayoutGeneration(players: players)
        let sequence = SessionSequence(game: game, players: players, rounds: rounds)
        guard let layout = layoutGenerator.generate(&random) else { throw .usage("\(players) players fit no phones the app can connect (TT2)") }
        let session = sequence.generate(&random)
        var command = "playbench generate \(ShellWord.quoted(folder.directory ?? folder.label)) --definition \(ShellWord.quoted(game.name)) --players \(players)"
        if rounds.count > 1 { command += " --seed \(seed)" }
        switch request.format {
        case .text:
            var out = "\(game.name) for \(counted(players, "player")) (replay: \(command))\n\n"
            out += "\(Self.sentence(layoutGenerator.summary)): \(counted(layout.phones.count, "phone"))\n"
            for (i, phone) in layout.phones.enumerated() {
                out += "  phone \(i + 1): " + phone.map { "seat \($0.player + 1) at \($0.orientation.rawValue)°" }.joined(separator: ", ") + "\n"
            }
            out += "\n\(Self.sentence(sequence.summary))\(rounds.count > 1 ? "; seed \(seed) drew \(session.rounds)" : ""): \(counted(session.steps.count, "step")) in all\n"
            for step in session.steps where step.round == 0 { out += "  " + Self.describe(step, game, players: players) + "\n" }
            if session.rounds > 1 { out += "  … rounds 2 to \(session.rounds) the same\n" }
            return .text(out)
        case .json:
            return .json(GeneratedSession(
                game: game.name, players: players, replay: command,
                phones: layout.phones.map { $0.map { .init(seat: $0.player + 1, orientation: $0.orientation.rawValue) } }, rounds: session.rounds,
                steps: session.steps.map { step in
                    let seat: Int? = if case .player(let p) = step.turn { p + 1 } else { nil }
                    let turn: String = switch step.turn {
                    case .everyone: "everyone"
                    case .together: "together"
                    case .player: "player"
                    }
                    return .init(round: step.round + 1, phase: game.phases[step.phase].name, turn: turn, seat: seat)
                }))
        case .plist:
            throw .usage("Turn Tracker writes no property lists: use --format text or json")
        }
    }

    /// A generator's summary as the start of a sentence.
    static func sentence(_ summary: String) -> String { summary.prefix(1).uppercased() + summary.dropFirst() }

    /// A step in words, with the presses that end it (seeds/000).
    static func describe(_ step: SessionStep, _ game: TrackedGame, players: Int) -> String {
        let phase = game.phases[step.phase]
        let actions = phase.actions.joined(separator: ", ")
        switch step.turn {
        case .everyone:
            return "\(phase.name): every player at once (\(actions)); the last of \(players) readies moves on"
        case .together:
            return "\(phase.name), symmetric: together (\(actions)); one ready moves on"
        case .player(let seat):
            return "\(phase.name): seat \(seat + 1)'s turn (\(actions)); their ready passes the turn"
        }
    }
}

/// `generate --format json`: the view's phones and a session's steps, for tools.
struct GeneratedSession: Encodable, Sendable {
    struct Section: Encodable, Sendable {
        var seat: Int
        var orientation: Int
    }

    struct Step: Encodable, Sendable {
        var round: Int
        var phase: String
        var turn: String
        var seat: Int?
    }

    var game: String
    var players: Int
    var replay: String
    var phones: [[Section]]
    var rounds: Int
    var steps: [Step]
}
