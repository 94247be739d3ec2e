import Diagnostics
import GameSeam
import TurnTracker

/// What `--set` changes and `sweep`, `tune` and `sensitivity` vary: the numbers of Sessions.plist
/// that every game or persona of the design shares, and two what-ifs (every table's players, every
/// action's time scaled). Games.plist, the app's file, has no parameter: a definition is changed
/// by editing it.
extension TurnTrackerDefinition {
    public var parameters: [ParameterDefinition] {
        [
            ParameterDefinition(name: "rounds", values: .integers(1...GameTiming.Rounds.most), effect: "rounds every game's session plays (TT7)"),
            ParameterDefinition(name: "turnTimer", values: .numbers(0...86_400), effect: "seconds every game's turn timer allows, 0 for none (TT9)"),
            ParameterDefinition(name: "players", values: .integers(1...ScreenLayout.phones * ScreenLayout.sectionsPerPhone), effect: "players at every table, its personas repeated in seat order (TT11); within each game's players"),
            ParameterDefinition(name: "actionScale", values: .numbers(0.01...100), effect: "every action's time × this, symmetric phases too (TT8): 1 as designed"),
            ParameterDefinition(name: "forgetReady", values: .numbers(0...1), effect: "every persona's chance to forget ready at the end of a turn (TT10)"),
        ]
    }

    public func value(of name: String, in playable: Playable) -> String? {
        let design = playable.design
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
        var changed = playable
        let number = Double(value) ?? 0
        switch name {
        case "rounds":
            for g in changed.design.timings.indices { changed.design.timings[g]?.rounds = .fixed(Int(number)) }
        case "turnTimer":
            for g in changed.design.timings.indices { changed.design.timings[g]?.turnTimer = number == 0 ? nil : number }
        case "players":
            let count = Int(number)
            for t in changed.design.tables.indices {
                let table = changed.design.tables[t]
                let game = changed.design.games[table.game]
                guard game.players.contains(count) else {
                    throw .unplayable(reason: "players \(count): \(game.name) allows \(game.players.lowerBound) to \(game.players.upperBound) (TT2)", diagnostics: [])
                }
                guard changed.design.timings[table.game]?.rounds.range(players: count) != nil else {
                    throw .unplayable(reason: "players \(count): \(game.name)'s rounds give no whole number in 1...\(GameTiming.Rounds.most) (TT7)", diagnostics: [])
                }
                changed.design.tables[t].players = (0..<count).map { table.players[$0 % table.players.count] }
            }
            // Two tables that differ only beyond the new count would now be one.
            let names = changed.design.tables.map(changed.design.name(of:))
            if Set(names).count < names.count {
                throw .unplayable(reason: "players \(count): two tables become the same (\(names.first { name in names.count { $0 == name } > 1 } ?? ""))", diagnostics: [])
            }
            changed.ownTables = changed.design.tables.count
        case "actionScale": changed.design.actionScale = number
        case "forgetReady":
            for p in changed.design.personas.indices { changed.design.personas[p].forgetReady = number }
        default: throw .option("'\(name)' is not a parameter of Turn Tracker designs")
        }
        // What check refuses, a setting cannot make playable: TT9 again, on the new times and timers.
        for (game, timing) in zip(changed.design.games, changed.design.timings) {
            guard let timing, let timer = timing.turnTimer, let problem = TimerCheck.problem(timer, timing, game, scale: changed.design.actionScale) else { continue }
            throw .unplayable(reason: "\(name) \(value): \(game.name): \(problem) (TT9)", diagnostics: [])
        }
        return changed
    }
}
