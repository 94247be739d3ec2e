import FuzzSupport
import GameSeam
import TurnTracker
import TurnTrackerGame

/// A Turn Tracker design from any bytes: Games.plist, then Sessions.plist (the files split as
/// FuzzInput.files says; without a separator both are the input), read by GamesReader and
/// SessionsReader, which check as they read, through the game's own check, what `playbench
/// check` runs; never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTurnTracker(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let files = FuzzInput.files(FuzzInput.bytes(data, count), named: [GamesReader.fileName, SessionsReader.fileName])
    _ = try? TurnTrackerDefinition().check(MemoryDesign(files), CheckRequest())
    return 0
}
