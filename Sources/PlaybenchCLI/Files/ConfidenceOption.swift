import ArgumentParser
import MonteCarlo

/// `--confidence C`: the level of every interval a command reports. One definition and one
/// bound for every command that takes it (diff, sensitivity, sweep, tune).
struct ConfidenceOption: ParsableArguments {
    @Option(name: .customLong("confidence"), help: ArgumentHelp("Confidence of every interval, in (0.5, 1).", valueName: "confidence"))
    var value: Double = 0.95

    var level: Confidence { Confidence(value) }

    func validate() throws {
        guard value > 0.5 && value < 1 else { throw ValidationError("--confidence must be between 0.5 and 1, e.g. 0.95") }
    }
}
