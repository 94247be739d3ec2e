import GameSeam
import RelentlessCalibration

/// The options of `playbench calibrate` for Relentless, declared once: what each does, its values
/// and default, for help, refusals and the fit's reading of them.
extension PlayableRelentless {
    enum CalibrateOption {
        static let fit = GameOption(
            "fit", .text, valueName: "keys",
            help: "The persona keys to fit, comma-separated (at most 4): \(FittablePersonaParameter.allCases.map(\.rawValue).joined(separator: ", ")). A table by kind is fitted as one factor on its four values.")
        static let range = GameOption(
            "range", .text, valueName: "ranges",
            help: "Ranges searched, KEY=LOW:HIGH, comma-separated. Default: a quarter to four times the persona's value for times and tables (misunderstandChance 0.1 to 10 times), chances 0 to max(0.5, 4×), timeSpread 0 to 1.5.")
        static let persona = GameOption(
            "persona", .text, valueName: "name",
            help: "The persona every seat plays, its other keys held at their values. Default: the first of Players.plist's defaultTeam.")
        static let perSeat = GameOption(
            "per-seat", .flag,
            help: "Fit a persona per seat (NAME-seat1, NAME-seat2, …) from the players' own counts in the logs; every playtest must seat as many. Default: one persona for the whole team.")
        static let allowEmpty = GameOption(
            "allow-empty", .flag,
            help: "Fit logs that cannot be what a table played (every count 0, as a log template; a round ending after its time), which check --playtests warns of. Default: refuse them.")
        static let name = GameOption("name", .text, valueName: "name", help: "The fitted persona's name in the Players.plist written. Default: PERSONA-fitted.")
        static let replicates = GameOption(
            "replicates", .integer(2...10_000), default: .integer(40), help: "Simulated studies per candidate (at least twice the keys fitted and two).")
        static let pilot = GameOption(
            "pilot", .integer(10...1_000_000), default: .integer(400),
            help: "Studies simulated once each from the ranges searched, to reduce the summaries to one per key fitted (at least ten per summary).")
        static let candidates = GameOption("candidates", .integer(10...100_000), default: .integer(200), help: "Candidates per stage of the sampler.")
        static let stages = GameOption("stages", .integer(1...50), default: .integer(4), help: "Stages of the sampler.")
        static let draws = GameOption("draws", .integer(9...100_000), default: .integer(199), help: "Studies played from the fit for the predictive check.")
        static let level = GameOption("level", .number, default: .number(0.9), help: "The intervals' credible level, in (0, 1).")
        static let seed = GameOption("seed", .seed, default: .seed(1), help: "The seed of the sampler and of every simulated game.")
        static let syntheticLog = GameOption(
            "synthetic-log", .text, valueName: "persona",
            help: "Print a log of --playtests games of --rounds rounds that a team of --players PERSONA plays, and exit: fit it back to see what a study of that size pins down.")
        static let sbc = GameOption(
            "sbc", .integer(1...100_000), valueName: "N",
            help: "Check the fit instead of making one (simulation-based calibration; --coverage is its former name): N times, true values drawn from the ranges searched, a study of --playtests × --rounds simulated from them and fitted; prints whether the truth's ranks among the posterior's draws are uniform, and how often intervals at 50/80/90/95% and --level held it. Writes sbc.json and sbc.html.")
        static let playtests = GameOption("playtests", .integer(1...10_000), default: .integer(24), help: "Playtests a synthetic log or an --sbc study's studies hold.")
        static let rounds = GameOption(
            "rounds", .integer(1...PlaytestLogReader.maxRounds), default: .integer(5), help: "Rounds each of those playtests lasts at most.")
        static let players = GameOption("players", .integer(1...64), help: "Players in each of those playtests. Default: Players.plist's defaultTeam's size.")

        static let all = [
            fit, range, persona, perSeat, allowEmpty, name, replicates, pilot, candidates, stages, draws, level, seed, syntheticLog, sbc, playtests, rounds,
            players,
        ]
    }

    public var calibrateOptions: [GameOption] { CalibrateOption.all }
}
