import ArgumentParser
import Diagnostics
import GameSeam

/// How many games to play and how: the options simulate, report, diff, sweep and sensitivity
/// share.
struct PlayOptions: ParsableArguments {
    @Option(help: "Games to play (per team for report, per design for diff).")
    var games: Int = 1000

    @Option(parsing: .unconditional, help: "The seed every game's seed derives from (the same for every team and design). (default: 1)", transform: SeedArgument.parse)
    var seed: UInt64 = 1

    @OptionGroup var maxRounds: MaxRoundsOption

    @OptionGroup var start: StartOption

    @OptionGroup var threading: ThreadsOption
    var threads: Int? { threading.value }

    /// The options of the games among these, as given.
    var given: [(name: String, value: GameOptionValue?)] { [maxRounds.given, start.given] }

    func validate() throws {
        guard games >= 1 && games <= 1_000_000_000 else { throw ValidationError("--games must be in 1...1000000000") }
    }

    /// For the commands whose intervals are of paired differences (diff, sensitivity): a
    /// difference's spread needs two games.
    func validatePaired() throws {
        guard games >= 2 else { throw ValidationError("--games must be at least 2") }
    }
}
