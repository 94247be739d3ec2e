import Diagnostics
import Foundation
import PropertyList
import RelentlessSimulation

/// A design's `Players.plist`: the design directory's own, else the shipped one (built in).
enum PlayersLoading {
    /// What `check` reads: the design directory's own Players.plist, or the shipped one for the
    /// built-in design; nothing for a directory without one (simulate then uses the shipped one).
    static func loadForCheck(designDirectory: String?) throws(FileError) -> (PlayerModel?, [Diagnostic]) {
        if let designDirectory {
            let path = (designDirectory as NSString).appendingPathComponent(PlayersReader.fileName)
            guard FileManager.default.fileExists(atPath: path) else { return (nil, []) }
        }
        let (model, _, diagnostics) = try load(designDirectory: designDirectory)
        return (model, diagnostics)
    }

    /// The model, the label of the file it came from, and what is wrong with the file.
    static func load(designDirectory: String?) throws(FileError) -> (PlayerModel?, label: String, [Diagnostic]) {
        var name = "\(DesignFiles.builtInLabel)/\(PlayersReader.fileName)"
        var bytes = PackageResources.Players_plist
        // The personas a design's own file may extend (`base`); the shipped file extends its own.
        var shipped: [Persona] = []
        if let designDirectory {
            let path = (designDirectory as NSString).appendingPathComponent(PlayersReader.fileName)
            if FileManager.default.fileExists(atPath: path) {
                name = path
                bytes = try FileIO.read(path)
                shipped = shippedPersonas
            }
        }
        do {
            let (model, diagnostics) = PlayersReader.read(try PlistReader.read(bytes: bytes), file: name, shipped: shipped)
            return (model, name, diagnostics)
        } catch {
            return (nil, name, [error.diagnostic(file: name)])
        }
    }

    /// The shipped Players.plist's personas (built in, and known to read cleanly: a test reads it).
    static var shippedPersonas: [Persona] {
        guard let root = try? PlistReader.read(bytes: PackageResources.Players_plist) else { return [] }
        return PlayersReader.read(root, file: PlayersReader.fileName).0?.personas ?? []
    }
}
