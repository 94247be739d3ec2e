import Diagnostics
import GameSeam
import Relentless
import RelentlessBalance
import RelentlessGeneration
import RelentlessSimulation

/// The options a Relentless run is played with (`--team`, `--players`, `--max-rounds`,
/// `--start-difficulty`, `--timeline`, `--round`): declared once, read, checked against the
/// design, and made into a simulator per team.
extension PlayableRelentless {
    /// `--players N`: the size of the team (C6).
    public static let playersOption = GameOption(
        "players", .integer(1...1_000),
        help: "Team size. Default: the size of --team, else of Players.plist's defaultTeam (repeated or cut to this size when both are absent or differ).")
    /// `--team a,b,c`: a team by its personas' names; repeated, several teams.
    public static let teamOption = GameOption(
        "team", .texts, valueName: "a,b,c", picksLineups: true,
        help: "A team: personas, one per player, comma-separated (see Players.plist); repeat for several teams. Default: Players.plist's defaultTeam.")
    /// `--max-rounds N`: where a game that is still solvent stops.
    public static let maxRoundsOption = GameOption(
        "max-rounds", .integer(1...10_000), default: .integer(30), help: "Stop a game that is still solvent after this many rounds.")
    /// `--start-difficulty D`: the host's slider (M3).
    public static let startOption = GameOption(
        "start-difficulty", .number, valueName: "D",
        help: "The difficulty of the first round, the host's slider (M3). Default: minDifficultyLevel (gate: Balance.plist's startDifficulty).")
    /// `--timeline R`: a replayed game's round, action by action.
    public static let timelineOption = GameOption(
        "timeline", .integer(1...10_000), valueName: "round",
        help: "With --replay: also print every action of every player in this round (1-based, at most --max-rounds), by when it started.")
    /// `--round R`: the round a sweep's survival and money are measured after.
    public static let roundOption = GameOption(
        "round", .integer(1...10_000),
        help: "The round survival and money are measured after (at most --max-rounds). Default: 5, or --max-rounds when fewer.")
    /// `tune --coefficient k`: a number inside a parameter's expression (C5).
    public static let coefficientOption = GameOption(
        "coefficient", .integer(1...10_000), valueName: "k",
        help: "Tune the k-th number of the parameter's expression (1-based, C5) instead of its whole value.")
    /// `sensitivity --personas`: the player model's assumptions moved instead of the design.
    public static let personasOption = GameOption(
        "personas", .flag, help: "Move the team's persona parameters (the player model's assumptions) instead of the design's.")

    public var playOptions: [GameOption] {
        [Self.playersOption, Self.teamOption, Self.maxRoundsOption, Self.startOption, Self.timelineOption, Self.roundOption, Self.coefficientOption, Self.personasOption]
    }

    /// Rounds a game lasts at most when `--max-rounds` is not given.
    public static var defaultMaxRounds: Int {
        guard case .integer(let n) = maxRoundsOption.defaultValue else { preconditionFailure("--max-rounds is declared with a default") }
        return n
    }

    public func playable(_ folder: any DesignFolder, _ options: GameOptionValues) throws(PlayLoadError) -> (Playable?, [Diagnostic]) {
        let read: (design: Design?, label: String, choice: PipelineChoice, diagnostics: [Diagnostic])
        let players: (PlayerModel?, label: String, [Diagnostic])
        do throws(DesignFileError) {
            read = try RelentlessFiles.design(folder)
            players = try RelentlessFiles.players(folder)
        } catch {
            throw .file(error)
        }
        let choice = read.choice
        let diagnostics = read.diagnostics + players.2
        guard let design = read.design, let model = players.0, !diagnostics.hasErrors else { return (nil, diagnostics) }

        let maxRounds = try options.integer(Self.maxRoundsOption) ?? Self.defaultMaxRounds
        let playersWanted = try options.integer(Self.playersOption)
        var start: Double?, asked: Double?
        if let value = try options.number(Self.startOption) {
            guard StartDifficulty.allows(value, in: design.parameters) else {
                throw .option("--start-difficulty \(StartDifficulty.refusal(value, in: design.parameters)) of \(read.label)")
            }
            start = StartDifficulty.normalised(value, for: design.parameters)
            asked = value
        }
        if let start {
            // The design was read as every command reads it, on the ramp from the minimum; this
            // ramp's values are checked here (check covers every start, on a grid of them).
            let ramp = ParameterChecks.check(design.parameters, alsoUsed: choice.parametersRead, start: start).filter { $0.severity == .error }
            if !ramp.isEmpty {
                throw .unplayable(
                    reason: "cannot start at difficulty \(start.designerText) (--start-difficulty): its parameters fail on the ramp from there (M3)",
                    diagnostics: ramp)
            }
        }
        let timeline = try Self.round(options, Self.timelineOption, maxRounds: maxRounds)
        let round = try Self.round(options, Self.roundOption, maxRounds: maxRounds) ?? min(5, maxRounds)
        let teamTexts = try options.texts(Self.teamOption)
        var teams: [[Persona]] = []
        for text in teamTexts.isEmpty ? [nil] : teamTexts.map(Optional.some) {
            teams.append(try Self.team(text, players: playersWanted, model: model, parameters: design.parameters))
        }
        var playable = Playable(
            design: design, choice: choice, teams: teams, teamsNamed: !teamTexts.isEmpty, model: model, maxRounds: maxRounds, startDifficulty: start,
            startAsked: asked, timeline: timeline, round: round, teamTexts: teamTexts.isEmpty ? [nil] : teamTexts, simulators: [],
            designDirectory: folder.directory,
            named: NamedDesignFiles(folder), label: read.label, playersLabel: players.label)
        try Self.prepare(&playable)
        return (playable, diagnostics)
    }

    /// `--team a,b,c` (nil: Players.plist's default team, repeated or cut to `players`), of a
    /// size the design allows (C6).
    static func team(_ text: String?, players: Int?, model: PlayerModel, parameters: Parameters) throws(PlayLoadError) -> [Persona] {
        let team = try personas(text, players: players, model: model)
        guard let sizes = parameters.teamSizes else { throw .option("the design's team sizes cannot be read; run playbench check") }
        guard sizes.contains(team.count) else {
            let range = "\(sizes.lowerBound)...\(sizes.upperBound)"
            guard text == nil && players == nil else { throw .option("a team of \(team.count) is outside the design's team sizes \(range)") }
            let line = model.defaultTeamLocation.map { " (line \($0.line))" } ?? ""
            throw .option("Players.plist's defaultTeam\(line) is a team of \(team.count), outside the design's team sizes \(range): give --team or --players")
        }
        return team
    }

    /// The personas of `--team a,b,c` (nil: Players.plist's default team, repeated or cut to
    /// `players`), whatever team sizes a design allows (a sweep checks each point's).
    public static func personas(_ text: String?, players: Int?, model: PlayerModel) throws(PlayLoadError) -> [Persona] {
        var names = text.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(Self.trimmed) } ?? model.defaultTeam
        if let players, players != names.count {
            guard text == nil else { throw .option("--team names \(counted(names.count, "player")) but --players is \(players)") }
            guard !model.defaultTeam.isEmpty else { throw .option("Players.plist's defaultTeam is empty: give --team") }
            names = (0..<players).map { model.defaultTeam[$0 % model.defaultTeam.count] }
        }
        guard !names.isEmpty, !names.contains(where: \.isEmpty) else { throw .option("--team has an empty name: give persona names separated by single commas") }
        var team: [Persona] = []
        for name in names {
            guard let persona = model.persona(named: name) else {
                let hint = Suggestion.nearest(to: name, in: model.names).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw .option("unknown persona \"\(name)\"\(hint); Players.plist has \(model.names.joined(separator: ", "))")
            }
            team.append(persona)
        }
        return team
    }

    /// A name of `--team` without the spaces and tabs around it (not line breaks: a name
    /// with one is no persona's).
    static func trimmed(_ text: Substring) -> String {
        func isSpace(_ c: Character) -> Bool { c == "\t" || c.unicodeScalars.allSatisfy { $0.properties.generalCategory == .spaceSeparator } }
        var text = text
        while let first = text.first, isSpace(first) { text.removeFirst() }
        while let last = text.last, isSpace(last) { text.removeLast() }
        return String(text)
    }

    /// A round option's value, which must be one the games play.
    static func round(_ options: GameOptionValues, _ option: GameOption, maxRounds: Int) throws(PlayLoadError) -> Int? {
        guard let round = try options.integer(option) else { return nil }
        guard round <= maxRounds else { throw .option("--\(option.name) must be a round in 1...\(maxRounds) (--max-rounds)") }
        return round
    }

    /// The design prepared for generation, a simulator per team; a design that cannot be
    /// prepared is an option error that says why. A variant of a prepared playable (its
    /// parameters or teams changed, its catalogue not) shares the prepared tables.
    static func prepare(_ playable: inout Playable) throws(PlayLoadError) {
        let prepared: PreparedDesign
        if let shared = playable.simulators.first?.design.sharingTables(with: playable.design) {
            prepared = shared
        } else {
            do throws(GenerationError) { prepared = try PreparedDesign(playable.design) } catch { throw .option(error.description) }
        }
        playable.simulators = playable.lineupTeams.indices.map { k in
            GameSimulator(
                design: prepared, team: playable.lineupTeams[k], maxRounds: playable.maxRounds, startDifficulty: playable.start(of: k),
                pipeline: playable.choice.pipeline)
        }
    }
}
