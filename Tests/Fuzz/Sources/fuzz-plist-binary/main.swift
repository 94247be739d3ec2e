import FuzzSupport
import PropertyList

/// The binary property-list reader on any bytes: it reads or throws, never traps; what it reads
/// writes in both formats and reads back to the same values.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlistBinary(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let node = try? BinaryPlistReader.read(bytes: FuzzInput.bytes(data, count)) else { return 0 }
    PlistRoundTrip.check(node)
    return 0
}
