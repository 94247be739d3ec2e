import ArgumentParser
import Diagnostics
import MonteCarlo

/// `--threads N`: how many threads play games. One definition and one bound for every command
/// that plays (PlayOptions' commands, gate, tune, calibrate); a result never depends on it.
struct ThreadsOption: ParsableArguments {
    @Option(
        name: .customLong("threads"),
        help: ArgumentHelp("Threads to play on, 1 to 4 × this machine's cores. Default: every core. Never changes the result.", valueName: "threads"))
    var value: Int?

    /// More threads than this only add contention: each plays whole blocks of games.
    static var most: Int { max(1, MonteCarloRunner.availableProcessors) * 4 }

    func validate() throws {
        guard let value else { return }
        guard value >= 1, value <= Self.most else {
            throw ValidationError(
                "--threads must be in 1...\(Self.most) (4 × this machine's \(counted(MonteCarloRunner.availableProcessors, "core"))); got \(value)")
        }
    }
}
