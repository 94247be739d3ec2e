import Foundation
import Randomness

/// The checksum a part carries: FNV-1a (64 bit) over the part's canonical JSON without the
/// checksum field (``SeamPartFile/canonical(_:)``: sorted keys, numbers that read back to the
/// same bits, statistics in a canonical order), written as `fnv1a64:` and 16 hex digits.
///
/// Why FNV-1a and not SHA-256: the checksum is there to catch a part changed by accident (a bit
/// flipped on disk or in transit, a file cut or spliced) or edited by hand, not to resist an
/// adversary, who could recompute any unkeyed hash, SHA-256 included; merge validates the
/// statistics themselves for that (``SeamParts/read(_:_:name:checkingChecksum:)``). FNV-1a needs no dependency, is
/// already the input fingerprint's hash, and every step of it is a bijection of its state, so a
/// change of a single byte of the canonical bytes always changes the checksum; other changes go
/// unnoticed with a chance of 2⁻⁶⁴.
///
/// Computed over the values, not over the file's bytes, so a part reformatted without changing a
/// value (whitespace, key order) still merges; any changed value does not.
enum PartChecksum {
    static let prefix = "fnv1a64:"

    /// The checksum of a part's canonical bytes without its checksum field (any part format).
    static func of(canonicalBytes bytes: [UInt8]) -> String {
        var hash = FNV1a64()
        hash.add(bytes)
        let digits = String(hash.value, radix: 16)
        return prefix + String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// A part that carries its own checksum: sealed when written, checked when read.
protocol ChecksummedPart: Encodable {
    var checksum: String? { get set }
}

extension ChecksummedPart {
    /// The canonical bytes: sorted keys, numbers that read back to the same bits.
    static func canonical(_ part: Self) throws -> [UInt8] { Array(try PartJSON.encoder.encode(part)) }

    /// The part's canonical bytes with its checksum set: what a shard writes.
    func encoded() throws -> [UInt8] {
        var sealed = self
        sealed.checksum = try checksumOfContent()
        return try Self.canonical(sealed)
    }

    /// ``PartChecksum/of(canonicalBytes:)`` of the canonical bytes without the checksum.
    func checksumOfContent() throws -> String {
        var unsealed = self
        unsealed.checksum = nil
        return PartChecksum.of(canonicalBytes: try Self.canonical(unsealed))
    }

    /// Writes the sealed part atomically: whole or not at all.
    func write(to path: String) throws(FileError) {
        let bytes: [UInt8]
        do { bytes = try encoded() } catch { throw FileError(kind: .unwritable, path: path, reason: "cannot encode the part: \(error)") }
        try FileIO.writeAtomically(bytes, to: path)
    }
}
