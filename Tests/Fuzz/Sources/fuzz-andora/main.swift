import Andora
import FuzzSupport
import PropertyList

/// An Andora design (Andora.plist) from any bytes: read and checked, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAndora(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let root = try? PlistReader.read(bytes: FuzzInput.bytes(data, count)) else { return 0 }
    _ = DesignReader.read(root, file: DesignReader.fileName)
    return 0
}
