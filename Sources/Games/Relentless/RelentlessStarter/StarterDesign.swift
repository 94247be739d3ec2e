/// The design `playbench init` writes: a small Relentless design that `check` accepts and
/// `simulate` plays, every key commented with the rule it follows, to start a design from. Its
/// files are Design/*.plist beside this file, as a designer edits them, built into the module.
///
/// What it shows: all four kinds of item (stateful `fruit`, `wheel`, `crate`; titled `book`;
/// rhythmic `lamp`; assembled `cart`, `lampCart` holding a cart, and `parade` holding a
/// lampCart: nested two levels, C4), parameters with expressions in `diffLevel` (C5) that C7
/// ceils, personas of its own (one extending another, one extending a shipped persona) and two
/// balance targets. Tests check, simulate and gate what `init` writes, check Design/ itself, and
/// hold every key in it to one the readers know.
public enum StarterDesign {
    /// File names and contents, in the order a designer reads them.
    public static let files: [(name: String, bytes: [UInt8])] = [
        ("GameConfig.plist", PackageResources.GameConfig_plist),
        ("DefaultGameParameters.plist", PackageResources.DefaultGameParameters_plist),
        ("Players.plist", PackageResources.Players_plist),
        ("Balance.plist", PackageResources.Balance_plist),
    ]
}
