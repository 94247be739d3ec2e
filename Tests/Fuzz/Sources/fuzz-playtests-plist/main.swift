import FuzzSupport
import PropertyList
import Relentless
import RelentlessCalibration
import RelentlessGame

/// A Relentless playtest log as a property list (what `calibrate --synthetic-log` writes) from any
/// bytes: read by PlaytestLogReader against the shipped design, as `playbench check --playtests
/// Log.plist` reads it (its checks, PlaytestChecks, are the reader's); never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlaytestsPlist(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let root = try? PlistReader.read(bytes: FuzzInput.bytes(data, count)) else { return 0 }
    _ = PlaytestLogReader.read(root, file: "Log.plist", version: shipped.version, parameters: shipped.parameters)
    return 0
}

/// The built-in design's version and parameters (Designs/relentless holds the same files), read
/// once: what `check --playtests` reads a log against.
let shipped: (version: String, parameters: Parameters) = keptForTheRun {
    guard let design = (try? RelentlessFiles.design(MemoryDesign([:], directory: nil)))?.design else { fatalError("the built-in design does not read") }
    return (DesignVersion.of(BuiltInDesign.files), design.parameters)
}
