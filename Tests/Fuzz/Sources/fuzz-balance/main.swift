import FuzzSupport
import PropertyList
import RelentlessBalance
import RelentlessGame

/// A design's balance targets (Balance.plist) from any bytes, in every game's form or the older
/// one: read and checked against the shipped design's personas, team sizes and difficulties,
/// never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBalance(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let root = try? PlistReader.read(bytes: FuzzInput.bytes(data, count)) else { return 0 }
    _ = BalanceFile.read(root, file: BalanceReader.fileName, personas: ["idle", "novice", "casual", "expert", "perfect"], teamSizes: 3...6, difficulties: 1...10)
    _ = BalanceFile.read(root, file: BalanceReader.fileName, personas: nil, teamSizes: nil, difficulties: nil)
    return 0
}
