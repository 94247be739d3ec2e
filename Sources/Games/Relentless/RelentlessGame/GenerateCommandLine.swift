import Diagnostics
import GameSeam
import RelentlessGeneration

/// "playbench COMMAND [DIR] [--catalogue FILE …]": the start of every command Playbench prints for
/// a design, naming it as the user did.
enum DesignCommandWords {
    static func of(_ command: String, designDirectory: String?, files: NamedDesignFiles) -> [String] {
        ["playbench", command] + (designDirectory.map { [ShellWord.quoted($0)] } ?? []) + files.words
    }
}

/// `playbench generate …` for one round, options at their defaults left out: the one place the
/// commands that reproduce a round are spelled, for `generate` itself, for `check`'s sampled
/// findings and for `simulate`'s unplayable rounds.
public enum GenerateCommandLine {
    public static func of(
        designDirectory: String?, files: NamedDesignFiles = .none, players: Int, difficulty: Double, seed: UInt64, game: UInt64 = 0,
        round: UInt64 = 0, orders: OrderMakerChoice? = nil, items: ItemAllocatorChoice? = nil, explain: Bool = false
    ) -> String {
        var words = DesignCommandWords.of("generate", designDirectory: designDirectory, files: files)
        words += ["--players", String(players), "--difficulty", difficulty.designerText, "--seed", String(seed)]
        if game != 0 { words += ["--game", String(game)] }
        if round != 0 { words += ["--round", String(round)] }
        if let orders { words += ["--orders", orders.rawValue] }
        if let items { words += ["--items", items.rawValue] }
        if explain { words.append("--explain") }
        return words.joined(separator: " ")
    }
}

/// `playbench simulate … --replay SEED` for one game; the one place it is spelled. A start
/// other than the minimum is part of the game (M3): without it the replay would be another.
public enum ReplayCommandLine {
    public static func of(
        designDirectory: String?, files: NamedDesignFiles = .none, names: [String], maxRounds: Int, startDifficulty: Double?, seed gameSeed: UInt64
    ) -> String {
        var words = DesignCommandWords.of("simulate", designDirectory: designDirectory, files: files)
        words += ["--team", names.joined(separator: ",")]
        if maxRounds != PlayableRelentless.defaultMaxRounds { words += ["--max-rounds", String(maxRounds)] }
        // designerText is Swift's shortest round-trip form: the replay starts at exactly this start.
        if let startDifficulty { words += ["--start-difficulty", startDifficulty.designerText] }
        words += ["--replay", String(gameSeed)]
        return words.joined(separator: " ")
    }
}

/// A witness plan per order of a round (P4), or the reason there is none: what
/// `generate --explain` and `check --explain` print.
public enum BuildPlanText {
    public static func render(_ round: Round, _ prepared: PreparedDesign) -> String {
        var text = "\nbuild plans (P4):\n"
        let supply = BuildPlan.Supply(round, design: prepared)
        for (p, player) in round.players.enumerated() {
            for (h, house) in player.houses.enumerated() {
                for (o, order) in house.orders.enumerated() {
                    text += "  player \(p + 1), house \(h + 1), order \(o + 1):\n"
                    if let plan = supply.plan(for: order) {
                        text += plan.describe(prepared, indent: "    ") + "\n"
                    } else {
                        text += "    no plan: some item is neither in a warehouse nor assemblable from them\n"
                    }
                }
            }
        }
        return text
    }
}
