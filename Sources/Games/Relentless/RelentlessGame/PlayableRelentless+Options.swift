import Diagnostics
import GameSeam
import MonteCarlo
import Relentless
import RelentlessBalance
import RelentlessGeneration
import RelentlessReports
import RelentlessRuns
import RelentlessSimulation

/// The options a Relentless run is played with (`--team`, `--players`, `--max-rounds`,
/// `--start-difficulty`, `--timeline`, `--round`): read, checked against the design, and made
/// into a simulator per team.
extension PlayableRelentless {
    /// Rounds a game lasts at most when `--max-rounds` is not given (as the commands' default).
    public static let defaultMaxRounds = 30

    public func playable(_ folder: any DesignFolder, _ options: PlayOptionValues) throws(PlayLoadError) -> (Playable?, [Diagnostic]) {
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

        let maxRounds = try Self.integer(options, "max-rounds", in: 1...10_000) ?? Self.defaultMaxRounds
        let playersWanted = try Self.integer(options, "players", in: 1...1_000)
        var start: Double?, asked: Double?
        if let text = options["start-difficulty"]?.last {
            guard let value = Double(text), StartDifficulty.allows(value, in: design.parameters) else {
                let what = Double(text)?.isFinite == true ? "is outside" : "is not a difficulty: it takes a number in"
                throw .option("--start-difficulty \(text) \(what) \(StartDifficulty.range(of: design.parameters)) of \(read.label)")
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
        let timeline = try Self.integer(options, "timeline", in: 1...maxRounds)
        let round = try Self.integer(options, "round", in: 1...maxRounds) ?? min(5, maxRounds)
        let teamTexts = options["team"] ?? []
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

    static func integer(_ options: PlayOptionValues, _ name: String, in range: ClosedRange<Int>) throws(PlayLoadError) -> Int? {
        guard let text = options[name]?.last else { return nil }
        guard let value = Int(text), range.contains(value) else { throw .option("--\(name) takes a whole number in \(range.lowerBound)...\(range.upperBound), not '\(text)'") }
        return value
    }

    /// The design prepared for generation, a simulator per team; a design that cannot be
    /// prepared is an option error that says why.
    static func prepare(_ playable: inout Playable) throws(PlayLoadError) {
        let prepared: PreparedDesign
        do throws(GenerationError) { prepared = try PreparedDesign(playable.design) } catch { throw .option(error.description) }
        playable.simulators = playable.lineupTeams.indices.map { k in
            GameSimulator(
                design: prepared, team: playable.lineupTeams[k], maxRounds: playable.maxRounds, startDifficulty: playable.start(of: k),
                pipeline: playable.choice.pipeline)
        }
    }
}
