import Foundation
import MonteCarlo
import RelentlessRuns

/// Reads one part as `playbench merge` does: its format, its checksum, then what it says
/// (``PartFile/validate(name:checkingChecksum:)``). Whatever the bytes, it returns a part that is
/// safe to merge or throws a ``MergedParts/Problem`` naming the part and the reason; it never
/// traps (Tests/Fuzz runs it on mutated parts).
///
/// ```swift
/// let blocks = try PartReader.blocks(of: bytes, name: "part-0-of-4.json")
/// ```
public enum PartReader {
    /// The statistics of the part's blocks, each valid on its own. `checkingChecksum: false` is for
    /// the fuzz target, which could not reach past a checksum it cannot compute.
    public static func blocks(of bytes: [UInt8], name: String, checkingChecksum: Bool = true) throws -> [PartBlock] {
        try read(bytes, name: name, checkingChecksum: checkingChecksum).blocks
    }

    static func read(_ bytes: [UInt8], name: String, checkingChecksum: Bool = true) throws(MergedParts.Problem) -> PartFile {
        // The format first: an older part lacks fields and is named as older, not as broken.
        let format: String
        do {
            format = try PartFile.format(of: bytes)
        } catch {
            throw MergedParts.Problem(description: "\(name): not a playbench part (\(reason(error)))")
        }
        if PartFile.olderFormats.contains(format) {
            throw MergedParts.Problem(
                description: "\(name): a part of an older playbench (format '\(format)', without a checksum); this playbench reads \(PartFile.currentFormat): play the shard again")
        }
        guard format == PartFile.currentFormat else {
            throw MergedParts.Problem(description: "\(name): a part of format '\(format)'; this playbench reads \(PartFile.currentFormat)")
        }
        let part: PartFile
        do {
            part = try PartFile.decode(bytes)
        } catch {
            throw MergedParts.Problem(description: "\(name): not a playbench part (\(reason(error)))")
        }
        try part.validate(name: name, checkingChecksum: checkingChecksum)
        return part
    }

    /// A decoding error as a reader can act on it: where in the part, and what.
    static func reason(_ error: Error) -> String {
        func at(_ path: [CodingKey]) -> String {
            guard !path.isEmpty else { return "" }
            let spelled = path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            return String(spelled.drop { $0 == "." }) + ": "
        }
        switch error {
        case DecodingError.dataCorrupted(let context): return at(context.codingPath) + context.debugDescription
        case DecodingError.keyNotFound(let key, let context): return at(context.codingPath) + "no '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return at(context.codingPath) + context.debugDescription
        default: return "\(error)"
        }
    }
}
