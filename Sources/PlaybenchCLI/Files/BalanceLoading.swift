import RelentlessBalance
import Diagnostics
import Foundation
import PropertyList
import Relentless
import RelentlessSimulation

/// A design's `Balance.plist`: the design directory's own, or the shipped one for the built-in
/// design.
enum BalanceLoading {
    /// The path `--balance` or the design names; nil for the built-in design's own file.
    static func path(designDirectory: String?, balance: String?) -> String? {
        if let balance { return balance }
        return designDirectory.map { ($0 as NSString).appendingPathComponent(BalanceReader.fileName) }
    }

    /// Whether the design has a Balance.plist to check (`check` reads it only when present).
    static func exists(designDirectory: String?) -> Bool {
        guard let path = path(designDirectory: designDirectory, balance: nil) else { return true }
        return FileManager.default.fileExists(atPath: path)
    }

    /// The plan, the file's label, and what is wrong with it, its teams and starts checked
    /// against `parameters` when given. A missing file is a FileError (exit 66) whose reason says
    /// what to write.
    static func load(
        designDirectory: String?, balance: String?, players: PlayerModel?, parameters: Parameters?
    ) throws(FileError) -> (BalancePlan?, label: String, [Diagnostic]) {
        var label = "\(DesignFiles.builtInLabel)/\(BalanceReader.fileName)"
        var bytes = PackageResources.Balance_plist
        if let path = path(designDirectory: designDirectory, balance: balance) {
            label = path
            guard FileManager.default.fileExists(atPath: path) else {
                throw FileError(
                    kind: .missing, path: path,
                    reason: "no such file: a gate needs balance targets; write them as the README's \"Balance gates\" shows (playbench init DIR writes a commented one), or name a file with --balance")
            }
            bytes = try FileIO.read(path)
        }
        do throws(PlistError) {
            let (plan, diagnostics) = BalanceReader.read(
                try PlistReader.read(bytes: bytes), file: label, personas: players?.names, teamSizes: parameters?.teamSizes,
                difficulties: parameters.flatMap(StartDifficulty.range))
            return (plan, label, diagnostics)
        } catch {
            return (nil, label, [error.diagnostic(file: label)])
        }
    }
}
