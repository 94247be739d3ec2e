import FuzzSupport
import PropertyList

/// The XML property-list reader on any bytes: it reads or throws, never traps; what it reads
/// writes in both formats and reads back to the same values.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlistXML(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let node = try? XMLPlistReader.read(bytes: FuzzInput.bytes(data, count)) else { return 0 }
    PlistRoundTrip.check(node)
    return 0
}
