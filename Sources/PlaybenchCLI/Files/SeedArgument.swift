import ArgumentParser

/// Options that take a whole number of 64 bits (`--seed`, `--replay`, `generate --game` and
/// `--round`): parsed unconditionally, so that `--seed -1` reaches this check instead of reading
/// as an unknown option ("Missing value"), and refused with the range they take.
///
///     @Option(parsing: .unconditional, help: "…", transform: SeedArgument.parse)
///     var seed: UInt64 = 1
enum SeedArgument {
    static func parse(_ text: String) throws -> UInt64 {
        guard let value = UInt64(text) else {
            throw ValidationError("it must be a whole number in 0...18446744073709551615 (0 to 2^64 − 1)")
        }
        return value
    }
}
