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

    @Option(
        name: .customLong("max-rounds"),
        help: ArgumentHelp(GameHelp.option("max-rounds", "stop a game that is still solvent after this many rounds (default: 30)."), valueName: "max-rounds"))
    var maxRoundsLimit: Int?

    /// 30 unless --max-rounds says otherwise.
    var maxRounds: Int { maxRoundsLimit ?? 30 }
    /// Whether --max-rounds was given (an Andora design refuses it rather than ignore it).
    var maxRoundsGiven: Bool { maxRoundsLimit != nil }

    @OptionGroup var start: StartOption

    @OptionGroup var threading: ThreadsOption
    var threads: Int? { threading.value }

    /// The options a game takes from these, as given: what ``PlayableGame/playable(_:_:)`` reads.
    var given: [(name: String, values: [String]?)] {
        [("max-rounds", maxRoundsLimit.map { [String($0)] }), ("start-difficulty", start.value.map { [$0.designerText] })]
    }

    func validate() throws {
        guard games >= 1 && games <= 1_000_000_000 else { throw ValidationError("--games must be in 1...1000000000") }
        guard maxRounds >= 1 && maxRounds <= 10_000 else { throw ValidationError("--max-rounds must be in 1...10000") }
    }
}

extension PlayOptionValues {
    /// The options the user gave, by long name: those absent (nil or no values) are left out, so
    /// that the game's defaults apply.
    init(given: [(name: String, values: [String]?)]) {
        self.init()
        for (name, values) in given {
            if let values, !values.isEmpty { self[name] = values }
        }
    }
}
