import FuzzSupport
import PropertyList
import RelentlessSimulation

/// A design's player model (Players.plist) from any bytes: read and checked, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlayers(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let root = try? PlistReader.read(bytes: FuzzInput.bytes(data, count)) else { return 0 }
    let (model, _) = PlayersReader.read(root, file: PlayersReader.fileName)
    if let model { _ = model.defaultTeam.map { model.persona(named: $0) } }
    return 0
}
