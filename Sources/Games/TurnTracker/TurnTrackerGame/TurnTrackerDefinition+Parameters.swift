import Diagnostics
import GameSeam
import TurnTracker

/// What `--set` changes and `sweep`, `tune` and `sensitivity` vary: the numbers of Sessions.plist,
/// for every game or persona at once (`turnTimer`) or for one, named in brackets
/// (`turnTimer[Carcassonne]`, `speed[steady]`), and two what-ifs (every table's players, every
/// action's time scaled). Games.plist, the app's file, has no parameter: a definition is changed
/// by editing it.
extension TurnTrackerDefinition {
    public var parameters: [ParameterDefinition] {
        [
            ParameterDefinition(name: "rounds", values: .integers(1...GameTiming.Rounds.most), effect: "rounds every game's session plays (TT7); rounds[GAME] one game's"),
            ParameterDefinition(name: "turnTimer", values: .numbers(0...86_400), effect: "seconds every game's turn timer allows, 0 for none (TT9); turnTimer[GAME] one game's"),
            ParameterDefinition(
                name: "players", values: .integers(1...ScreenLayout.phones * ScreenLayout.sectionsPerPhone),
                effect: "players at every table, its personas repeated in seat order (TT11), within each game's players; tables that become alike are told apart by their number"),
            ParameterDefinition(name: "actionScale", values: .numbers(0.01...100), effect: "every action's time × this, symmetric phases too (TT8): 1 as designed"),
            ParameterDefinition(
                name: "forgetReady", values: .numbers(0...1),
                effect: "every persona's chance to forget ready at the end of a turn (TT10); forgetReady[PERSONA], speed[PERSONA], spread[PERSONA] and notice[PERSONA] (mean seconds) one persona's"),
        ]
    }

    /// The parameters of one game, named `NAME[GAME]`.
    static let perGame: [ParameterDefinition] = [
        ParameterDefinition(name: "rounds", values: .integers(1...GameTiming.Rounds.most), effect: "rounds the game's session plays (TT7)"),
        ParameterDefinition(name: "turnTimer", values: .numbers(0...86_400), effect: "seconds the game's turn timer allows, 0 for none (TT9)"),
    ]

    /// The parameters of one persona, named `NAME[PERSONA]`.
    static let perPersona: [ParameterDefinition] = [
        ParameterDefinition(name: "speed", values: .numbers(0.01...100), effect: "the persona's actions take their time ÷ this (TT10)"),
        ParameterDefinition(name: "spread", values: .numbers(0...3), effect: "the spread of ln(the persona's turn factor) (TT10)"),
        ParameterDefinition(name: "forgetReady", values: .numbers(0...1), effect: "the persona's chance to forget ready at the end of a turn (TT10)"),
        ParameterDefinition(name: "notice", values: .numbers(0...86_400), effect: "the persona's mean seconds to press a forgotten ready, its distribution scaled (TT10)"),
    ]

    /// `base[argument]` split, or nil for a name without brackets.
    static func split(_ name: String) -> (base: String, argument: String)? {
        guard name.hasSuffix("]"), let open = name.firstIndex(of: "["), open > name.startIndex else { return nil }
        return (String(name[..<open]), String(name[name.index(after: open)..<name.index(before: name.endIndex)]))
    }

    public func parameter(named name: String) -> ParameterDefinition? {
        if let shared = parameters.first(where: { $0.name == name }) { return shared }
        guard let (base, argument) = Self.split(name), !argument.isEmpty,
            let template = (Self.perGame + Self.perPersona).first(where: { $0.name == base })
        else { return nil }
        let subject = Self.perGame.contains { $0.name == base } ? "game" : "persona"
        return ParameterDefinition(name: name, values: template.values, effect: template.effect.replacing("the \(subject)", with: argument))
    }

    /// Every parameter of one game or persona that the design's tables play, in the order of
    /// Sessions.plist: what `sensitivity` moves and `diff` compares.
    func namedParameters(of design: SessionDesign) -> [ParameterDefinition] {
        let games = Set(design.tables.map(\.game)).sorted(), personas = Set(design.tables.flatMap(\.players)).sorted()
        let names = games.flatMap { g in Self.perGame.map { "\($0.name)[\(design.games[g].name)]" } }
            + personas.flatMap { p in Self.perPersona.map { "\($0.name)[\(design.personas[p].name)]" } }
        return names.compactMap(parameter(named:))
    }

    public func value(of name: String, in playable: Playable) -> String? {
        let design = playable.design
        if let (base, argument) = Self.split(name) {
            if Self.perGame.contains(where: { $0.name == base }) {
                guard let g = design.games.firstIndex(where: { $0.name == argument }), let timing = design.timings[g] else { return nil }
                if base == "turnTimer" { return (timing.turnTimer ?? 0).designerText }
                if case .fixed(let n) = timing.rounds { return String(n) } else { return nil }
            }
            guard let persona = design.personas.first(where: { $0.name == argument }) else { return nil }
            switch base {
            case "speed": return persona.speed.designerText
            case "spread": return persona.spread.designerText
            case "forgetReady": return persona.forgetReady.designerText
            case "notice": return persona.notice.mean.designerText
            default: return nil
            }
        }
        let timings = design.timings.compactMap { $0 }
        func shared<T: Equatable>(_ values: [T]) -> T? { values.first.flatMap { first in values.allSatisfy { $0 == first } ? first : nil } }
        switch name {
        case "rounds":
            return shared(timings.map { timing -> Int? in if case .fixed(let n) = timing.rounds { n } else { nil } }).flatMap { $0 }.map(String.init)
        case "turnTimer": return shared(timings.map { $0.turnTimer ?? 0 })?.designerText
        case "players": return shared(design.tables.map(\.players.count)).map(String.init)
        case "actionScale": return design.actionScale.designerText
        case "forgetReady": return shared(design.personas.map(\.forgetReady))?.designerText
        default: return nil
        }
    }

    public func setting(_ playable: Playable, _ name: String, to value: String) throws(PlayLoadError) -> Playable {
        // sweep asks before it checks the value (PlayableGame.setting): the value's range first.
        guard let definition = parameter(named: name) else { throw .option("'\(name)' is not a parameter of Turn Tracker designs") }
        if let problem = definition.check(value) { throw .option(problem) }
        let number = Double(value) ?? 0
        if name == "turnTimer" || name.hasPrefix("turnTimer["), number > 0, number < 1 {
            throw .option("\(name) takes 0 (no timer) or 1 to 86400 seconds, not '\(value)' (TT9)")
        }
        var changed = playable
        if let (base, argument) = Self.split(name) {
            try Self.set(base, of: argument, to: number, in: &changed.design)
        } else {
            try Self.set(name, to: number, in: &changed)
        }
        return changed
    }

    /// What check refuses, settings cannot make playable: TT9's timers on the new times, each
    /// table's rounds for its players (TT7) and its length (TT11), once every setting is applied.
    public func problem(afterSetting playable: Playable) -> PlayLoadError? {
        SessionLimits.problem(of: playable.design).map { .unplayable(reason: $0, diagnostics: []) }
    }

    /// A parameter of every game, persona or table.
    private static func set(_ name: String, to number: Double, in playable: inout Playable) throws(PlayLoadError) {
        switch name {
        case "rounds":
            for g in playable.design.timings.indices { playable.design.timings[g]?.rounds = .fixed(Int(number)) }
        case "turnTimer":
            for g in playable.design.timings.indices { playable.design.timings[g]?.turnTimer = number == 0 ? nil : number }
        case "players":
            let count = Int(number)
            // Every table stays, in its place (a command names tables by their place in the
            // design); tables that become alike are told apart by their number (``lineups(of:)``).
            for t in playable.design.tables.indices {
                let table = playable.design.tables[t]
                let game = playable.design.games[table.game]
                guard game.players.contains(count) else {
                    throw .unplayable(reason: "\(game.name) allows \(game.players.lowerBound) to \(game.players.upperBound) players (TT2)", diagnostics: [])
                }
                playable.design.tables[t].players = (0..<count).map { table.players[$0 % table.players.count] }
            }
        case "actionScale": playable.design.actionScale = number
        case "forgetReady":
            for p in playable.design.personas.indices { playable.design.personas[p].forgetReady = number }
        default: throw .option("'\(name)' is not a parameter of Turn Tracker designs")
        }
    }

    /// A parameter of the game or persona named `argument`.
    private static func set(_ base: String, of argument: String, to number: Double, in design: inout SessionDesign) throws(PlayLoadError) {
        if perGame.contains(where: { $0.name == base }) {
            guard let g = design.games.firstIndex(where: { $0.name == argument }) else {
                throw .option("'\(argument)' is not a game of the design (\(design.games.map(\.name).joined(separator: ", ")))")
            }
            guard design.timings[g] != nil else { throw .option("\(argument) has no session settings in Sessions.plist (TT7)") }
            if base == "rounds" { design.timings[g]?.rounds = .fixed(Int(number)) } else { design.timings[g]?.turnTimer = number == 0 ? nil : number }
            return
        }
        guard let p = design.personas.firstIndex(where: { $0.name == argument }) else {
            throw .option("'\(argument)' is not a persona of the design (\(design.personas.map(\.name).joined(separator: ", ")))")
        }
        switch base {
        case "speed": design.personas[p].speed = number
        case "spread": design.personas[p].spread = number
        case "forgetReady": design.personas[p].forgetReady = number
        default:
            let notice = design.personas[p].notice
            design.personas[p].notice = notice.mean > 0 ? notice.scaled(number / notice.mean) : .fixed(number)
        }
    }

    /// Every action's time, then each number of a game or persona that a table plays, moved
    /// down and up alone by `step`.
    public func moves(of playable: Playable, step: Double, subject: String?) -> ParameterMoves<Playable> {
        let moved = ([parameter(named: "actionScale")].compactMap { $0 } + namedParameters(of: playable.design)).compactMap { move($0, of: playable, step: step) }
        return ParameterMoves(moves: moved, sentence: Self.movesSentence(step) + ", each game's and persona's own")
    }

    /// Every number of a game or persona, and the players and action scale, that differ between
    /// the designs, each applied alone; and each game whose action times differ, its times alone.
    public func changes(from old: Playable, to new: Playable) -> DesignChanges<Playable> {
        var names: [ParameterDefinition] = ["players", "actionScale"].compactMap(parameter(named:))
        for p in namedParameters(of: old.design) + namedParameters(of: new.design) where !names.contains(where: { $0.name == p.name }) { names.append(p) }
        var changes = names.compactMap { change($0, from: old, to: new) }
        for (g, game) in old.design.games.enumerated() {
            guard let before = old.design.timings[g], let n = new.design.games.firstIndex(where: { $0 == game }), let after = new.design.timings[n],
                before.actionTimes != after.actionTimes
            else { continue }
            var design = old
            design.design.timings[g]?.actionTimes = after.actionTimes
            let details = zip(game.phases, zip(before.actionTimes, after.actionTimes)).flatMap { phase, times in
                zip(phase.actions, zip(times.0, times.1)).compactMap { action, pair in pair.0 == pair.1 ? nil : "\(phase.name)/\(action): \(pair.0.text) → \(pair.1.text)" }
            }
            changes.append(Self.change("actionSeconds[\(game.name)]", old: "as designed", new: "\(counted(details.count, "action")) changed", details: details, design))
        }
        // Rounds as a range or an expression, which no number parameter holds.
        for (g, game) in old.design.games.enumerated() {
            guard let before = old.design.timings[g], let n = new.design.games.firstIndex(where: { $0 == game }), let after = new.design.timings[n],
                before.rounds.text != after.rounds.text, value(of: "rounds[\(game.name)]", in: old) == nil || value(of: "rounds[\(game.name)]", in: new) == nil
            else { continue }
            var design = old
            design.design.timings[g]?.rounds = after.rounds
            changes.append(Self.change("rounds[\(game.name)]", old: before.rounds.text, new: after.rounds.text, design))
        }
        // A notice time of another shape with the same mean, which notice[PERSONA] does not see.
        for (p, persona) in old.design.personas.enumerated() {
            guard let other = new.design.personas.first(where: { $0.name == persona.name }), other.notice != persona.notice, other.notice.mean == persona.notice.mean
            else { continue }
            var design = old
            design.design.personas[p].notice = other.notice
            changes.append(Self.change("notice[\(persona.name)]", old: persona.notice.text, new: other.notice.text, design))
        }
        return DesignChanges(changes: changes, nothing: "no number of a game or persona differs")
    }

    /// A change applied alone to the old design, refused when that design breaks a limit (TT7,
    /// TT9, TT11) as a setting would be.
    private static func change(_ name: String, old: String, new: String, details: [String] = [], _ design: Playable) -> DesignChanges<Playable>.Change {
        if let problem = SessionLimits.problem(of: design.design) {
            return .init(name: name, old: old, new: new, details: details, design: nil, reason: "alone it makes no design: \(problem)")
        }
        return .init(name: name, old: old, new: new, details: details, design: design)
    }
}
