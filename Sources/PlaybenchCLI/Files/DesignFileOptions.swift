import ArgumentParser
import Foundation
import RelentlessGame

extension NamedDesignFiles {
    /// A design directory and files are two designs: naming both is a usage error.
    func validate(designDirectory: String?) throws {
        if designDirectory != nil, given {
            throw ValidationError("give a design directory or --catalogue/--parameters files, not both")
        }
    }
}

/// The command-line options of ``NamedDesignFiles``, shared by check, generate and simulate.
struct DesignFileOptions: ParsableArguments {
    @Option(
        name: .customLong("catalogue"),
        help: ArgumentHelp(
            "Use this catalogue file (GameConfig.plist) instead of a design directory, with the built-in parameters unless --parameters is given.",
            valueName: "file"))
    var catalogue: String?

    @Option(
        name: .customLong("parameters"),
        help: ArgumentHelp(
            "Use this parameters file (DefaultGameParameters.plist) instead of a design directory, with the built-in catalogue unless --catalogue is given.",
            valueName: "file"))
    var parameters: String?

    var named: NamedDesignFiles { NamedDesignFiles(catalogue: catalogue, parameters: parameters) }
}
