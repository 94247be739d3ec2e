import GameSeam
import Relentless
import RelentlessBalance
import RelentlessSimulation

/// The shipped design compiled into the tool, so that `playbench check` works from any directory
/// and a design directory may leave out the files it does not change (Players.plist,
/// Balance.plist). `Designs/relentless` holds the same files.
public enum BuiltInDesign {
    /// The directory messages give its files: not a path, so that nobody looks for a file they
    /// do not have (a compiler's `<built-in>`).
    public static let directoryLabel = "<built-in>"

    /// How messages name the whole design.
    public static let label = "the shipped design (built in)"

    /// Every file, by name, in a fixed order (a part's fingerprint lists them so).
    public static let files: [(name: String, bytes: [UInt8])] = [
        (DesignSources.catalogueFileName, PackageResources.GameConfig_plist),
        (DesignSources.parametersFileName, PackageResources.DefaultGameParameters_plist),
        (DesignSources.demoParametersFileName, PackageResources.DemoGameParameters_plist),
        (PlayersReader.fileName, PackageResources.Players_plist),
        (BalanceReader.fileName, PackageResources.Balance_plist),
    ]

    /// The built-in file `name`, named as messages show it (`<built-in>/Players.plist`).
    public static func file(_ name: String) -> DesignFile? {
        files.first { $0.name == name }.map { DesignFile(path: "\(directoryLabel)/\($0.name)", bytes: $0.bytes) }
    }

    /// The built-in file `name`, which exists (the names above).
    static func required(_ name: String) -> DesignFile {
        guard let file = file(name) else { preconditionFailure("no built-in \(name)") }
        return file
    }
}
