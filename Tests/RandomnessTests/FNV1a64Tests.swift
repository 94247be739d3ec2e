import Randomness
import Testing

/// FNV-1a 64 against the reference vectors published with the algorithm (Noll's test suite,
/// http://www.isthe.com/chongo/src/fnv/test_fnv.c): seed keys and part checksums depend on it
/// giving these values everywhere.
@Suite struct FNV1a64Tests {
    @Test(arguments: [
        ("", 0xcbf2_9ce4_8422_2325 as UInt64),
        ("a", 0xaf63_dc4c_8601_ec8c),
        ("foobar", 0x8594_4171_f739_67e8),
    ])
    func referenceVectors(text: String, expected: UInt64) {
        #expect(FNV1a64.hash(text) == expected)
    }

    @Test func addingInPiecesEqualsHashingTheWhole() {
        var hash = FNV1a64()
        hash.add("foo".utf8)
        hash.add("bar".utf8)
        #expect(hash.value == FNV1a64.hash("foobar"))
    }
}
