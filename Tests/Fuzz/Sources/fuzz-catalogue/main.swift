import FuzzSupport
import PropertyList
import Relentless

/// A design's catalogue (GameConfig.plist) from any bytes: read and checked (C2–C4), never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalogue(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let root = try? PlistReader.read(bytes: FuzzInput.bytes(data, count)) else { return 0 }
    let (catalogue, _) = CatalogueReader.read(root, file: DesignSources.catalogueFileName)
    _ = CatalogueChecks.check(catalogue)
    return 0
}
