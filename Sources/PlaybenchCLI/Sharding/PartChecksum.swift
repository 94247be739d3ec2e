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
