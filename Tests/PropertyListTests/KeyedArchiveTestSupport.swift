import Diagnostics
import Testing
@testable import PropertyList

/// Keyed archives assembled by hand for the unarchiver's tests: `$objects` is `$null` followed
/// by the objects given, so the first of them is UID 1.
enum ArchiveTesting {
    static func uid(_ n: UInt64) -> PlistNode { PlistNode(.uid(n)) }

    /// A class description as NSKeyedArchiver writes it: the chain ends in NSObject.
    static func classDescription(_ name: String, superclasses: [String] = []) -> PlistNode {
        let chain = ([name] + superclasses + ["NSObject"]).map { PlistNode(.string($0)) }
        return ["$classes": PlistNode(.array(chain)), "$classname": PlistNode(.string(name))]
    }

    /// An archive of `objects` (UIDs 1...) whose `$top` maps each name to a UID.
    static func archive(_ objects: [PlistNode], top: KeyValuePairs<String, UInt64> = ["root": 1]) -> PlistNode {
        var topDictionary = PlistDictionary()
        for (name, n) in top { topDictionary[name] = uid(n) }
        return [
            "$archiver": "NSKeyedArchiver",
            "$objects": PlistNode(.array(["$null"] + objects)),
            "$top": PlistNode(.dictionary(topDictionary)),
            "$version": 100_000,
        ]
    }

    /// `archive` as a file would give it: written as binary and read back, so that values have
    /// locations; then unarchived.
    static func unarchive(_ archive: PlistNode, limits: PlistLimits = .default) throws(PlistError) -> PlistNode {
        try KeyedArchive.unarchive(PlistReader.read(bytes: BinaryPlistWriter.write(archive)), limits: limits)
    }

    /// What unarchiving `archive` (written as XML, where every value has a line of its own)
    /// throws, with the value of that file at the error's key path, to check its location by.
    static func failure(
        _ archive: PlistNode, limits: PlistLimits = .default, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> (error: PlistError, file: PlistNode)? {
        let file = try PlistReader.read(bytes: XMLPlistWriter.write(archive))
        do {
            let tree = try KeyedArchive.unarchive(file, limits: limits)
            Issue.record("expected an error, got \(tree.value)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return (error, file)
        }
    }

    /// The value at `path` in `root`: keys and indices as in an error's key path.
    static func node(_ root: PlistNode, _ path: [PlistPath.Component]) -> PlistNode? {
        var node = root
        for component in path {
            switch component {
            case .key(let key):
                guard let next = node.value.dictionary?[key] else { return nil }
                node = next
            case .index(let i):
                guard let items = node.value.array, items.indices.contains(i) else { return nil }
                node = items[i]
            }
        }
        return node
    }
}
