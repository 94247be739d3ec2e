/// FNV-1a, 64 bit (Fowler, Noll, Vo): xor a byte in, multiply by the FNV prime. The one hash of
/// fixed spellings that must give the same value on every platform and Swift version (Swift's
/// `Hasher` is seeded per process): seed keys of lineups and rule variants, input fingerprints
/// and part checksums.
///
/// ```swift
/// FNV1a64.hash("a")                  // 0xaf63dc4c8601ec8c
/// var hash = FNV1a64(); hash.add(bytes); hash.value
/// ```
public struct FNV1a64: Sendable {
    @usableFromInline var state: UInt64 = 0xcbf2_9ce4_8422_2325

    public var value: UInt64 { state }

    @inlinable public init() {}

    // Inlinable so that callers in other modules (part checksums over whole files) get a loop
    // specialised for their byte sequence, not a generic call per byte.
    @inlinable
    public mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            state ^= UInt64(byte)
            state = state &* 0x0000_0100_0000_01b3
        }
    }

    /// The hash of `text`'s UTF-8 bytes.
    @inlinable
    public static func hash(_ text: String) -> UInt64 {
        var hash = FNV1a64()
        hash.add(text.utf8)
        return hash.value
    }
}
