import GameSeam

/// The design `playbench init` writes: a small Relentless design that `check` accepts and
/// `simulate` plays, every key commented with the rule it follows, to start a design from.
///
/// ```swift
/// for file in StarterDesign.files { print(file.name, file.text.count) }
/// ```
///
/// What it shows: all four kinds of item (stateful `fruit`, `wheel`, `crate`; titled `book`;
/// rhythmic `lamp`; assembled `cart`, `lampCart` holding a cart, and `parade` holding a
/// lampCart: nested two levels, C4), parameters with expressions in `diffLevel` (C5) that C7 ceils, personas of its own (one
/// extending another, one extending a shipped persona) and two balance targets. A test checks,
/// simulates and gates what `init` writes, and that every key in it is one the readers know.
enum StarterDesign {
    /// File names and contents (each ending in a newline), in the order a designer reads them.
    static let files: [StarterFile] = [
        ("GameConfig.plist", gameConfig),
        ("DefaultGameParameters.plist", parameters),
        ("Players.plist", players),
        ("Balance.plist", balance),
    ].map { StarterFile(name: $0.0, text: $0.1 + "\n") }
}
