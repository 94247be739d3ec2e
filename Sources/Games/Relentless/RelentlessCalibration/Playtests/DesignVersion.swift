import Randomness
import Relentless
import RelentlessGeneration

/// The version of a design that playtests were played on: a fingerprint of the files that make
/// its rounds (the catalogue, the parameters, the demo parameters and the pipeline, those it has). The players'
/// file is left out on purpose: it holds the personas a fit changes, not the game the people
/// played. Two designs with the same fingerprint deal the same rounds from the same seeds.
///
/// ```swift
/// DesignVersion.of([("GameConfig.plist", catalogue), ("DefaultGameParameters.plist", parameters)])
/// // "relentless-design-1:9f3c…" (16 hex digits)
/// ```
public enum DesignVersion {
    /// The files whose bytes make the version, by name.
    public static let fileNames = [
        DesignSources.catalogueFileName, DesignSources.parametersFileName, DesignSources.demoParametersFileName, PipelineChoice.fileName,
    ]
    static let prefix = "relentless-design-1:"

    /// FNV-1a over each file's name, length and bytes, in the order of ``fileNames`` (a file
    /// absent is left out): not a security measure, a guard against mixing up versions.
    public static func of(_ files: [(name: String, bytes: [UInt8])]) -> String {
        var hash = FNV1a64()
        for name in fileNames {
            guard let file = files.first(where: { $0.name == name }) else { continue }
            hash.add(name.utf8)
            hash.add([0])
            hash.add(String(file.bytes.count).utf8)
            hash.add([0])
            hash.add(file.bytes)
        }
        let hex = String(hash.value, radix: 16)
        return prefix + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
