import ArgumentParser
import Diagnostics

/// `--lineup NAME`: one of the design's lineups, as simulate names it, for the commands that
/// answer lineup by lineup (diff, sensitivity, tune). Every game's lineups are named this way,
/// so no game declares it.
struct LineupOption: ParsableArguments {
    @Option(
        name: .customLong("lineup"),
        help: ArgumentHelp(
            "One lineup, as simulate names it: the answer for it alone. Default: every lineup (for diff, every one both designs play; tune needs one when the design plays several).",
            valueName: "name"))
    var name: String?

    /// The position of the named lineup among `names`; nil when none is named.
    func index(in names: [String]) throws(ValidationError) -> Int? {
        guard let name else { return nil }
        guard let index = names.firstIndex(of: name) else { throw refusal(among: names) }
        return index
    }

    /// The error for a name that is not one of `names` (or for no name where one is needed).
    func refusal(among names: [String]) -> ValidationError {
        let near = name.flatMap { Suggestion.nearest(to: $0, in: names) }.map { " (did you mean \"\($0)\"?)" } ?? ""
        return ValidationError("--lineup: name one of \(names.map { "\"\($0)\"" }.joined(separator: ", "))\(near)")
    }
}
