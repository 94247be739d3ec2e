import ArgumentParser
import Diagnostics
import Foundation
import Relentless
import RelentlessSimulation

/// Teams from the command line (`--team a,b,c`, `--players N`) and the design's Players.plist.
enum TeamChoice {
    /// The personas, one per player; usage errors (exit 64) for unknown names or a team size
    /// outside the design's range.
    ///
    /// - Parameters:
    ///   - team: `--team`, comma-separated names; nil for the file's default team.
    ///   - players: `--players`: with no `--team`, the default team repeated or cut to this size.
    static func resolve(
        team: String?, players: Int?, model: PlayerModel, design: Design, command: String
    ) throws -> [Persona] {
        let personas = try self.personas(team: team, players: players, model: model, command: command)
        guard let sizes = design.parameters.teamSizes else {
            Output.error("the design's team sizes cannot be read; run playbench check")
            throw ExitCode(1)
        }
        guard sizes.contains(personas.count) else {
            throw usage("a team of \(personas.count) is outside the design's team sizes \(sizes.lowerBound)...\(sizes.upperBound)", command: command)
        }
        return personas
    }

    private static func usage(_ message: String, command: String) -> ExitCode {
        Output.error("\(message) (see 'playbench \(command) --help')")
        return ExitCode.validationFailure
    }

    /// The personas, whatever team sizes the design allows (a sweep checks each point's).
    static func personas(team: String?, players: Int?, model: PlayerModel, command: String) throws -> [Persona] {
        func usage(_ message: String) -> ExitCode { Self.usage(message, command: command) }
        var names = team.map { $0.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) } } ?? model.defaultTeam
        if let players, players != names.count {
            guard team == nil else { throw usage("--team names \(counted(names.count, "player")) but --players is \(players)") }
            names = (0..<players).map { model.defaultTeam[$0 % model.defaultTeam.count] }
        }
        if names.contains(where: \.isEmpty) || names.isEmpty {
            throw usage("--team has an empty name: give persona names separated by single commas")
        }
        var personas: [Persona] = []
        for name in names {
            guard let persona = model.persona(named: name) else {
                let hint = Suggestion.nearest(to: name, in: model.names).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw usage("unknown persona \"\(name)\"\(hint); Players.plist has \(model.names.joined(separator: ", "))")
            }
            personas.append(persona)
        }
        return personas
    }
}
