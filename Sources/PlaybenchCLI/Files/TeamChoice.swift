import ArgumentParser
import Diagnostics
import Foundation
import Relentless
import RelentlessSimulation
import RelentlessGame
import GameSeam

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

    /// The personas, whatever team sizes the design allows (a sweep checks each point's):
    /// Relentless's own reading of `--team` and `--players` (``PlayableRelentless``), its
    /// complaints as usage errors.
    static func personas(team: String?, players: Int?, model: PlayerModel, command: String) throws -> [Persona] {
        do throws(PlayLoadError) {
            return try PlayableRelentless.personas(team, players: players, model: model)
        } catch {
            guard case .option(let message) = error else { throw ExitCode(1) }
            throw usage(message, command: command)
        }
    }
}
