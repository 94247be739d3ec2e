import ArgumentParser
import Balance

/// `--set NAME=VALUE`, repeatable: the design played with parameters set to one value each, as
/// its file would write them (a number or an expression; `sweep`'s `--set` takes several values
/// and is its own). What `explore` names for its edits.
struct SettingOption: ParsableArguments {
    @Option(
        name: .customLong("set"),
        help: ArgumentHelp(
            "Play the design with a parameter set to one value, as its file would write it: a number or an expression (repeat for more; 'playbench params' lists them). explore names its edits this way.",
            valueName: "name=value"))
    var texts: [String] = []

    var isEmpty: Bool { texts.isEmpty }

    /// Each as a name and its one value, the value as written (an expression may hold commas).
    func settings() throws -> [(name: String, value: String)] {
        try texts.map { text in
            do throws(SettingError) {
                let (name, value) = try SettingText.split(text, example: "dailyExpense=400")
                guard !name.isEmpty, !value.isEmpty else { throw SettingError(text, "write name=value, e.g. dailyExpense=400") }
                return (name, value)
            } catch {
                throw ValidationError(error.description)
            }
        }
    }
}
