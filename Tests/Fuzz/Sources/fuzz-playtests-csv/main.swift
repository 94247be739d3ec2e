import FuzzSupport
import Relentless
import RelentlessCalibration
import RelentlessGame

/// A Relentless playtest log as CSV (a row per round) from any bytes: read by PlaytestCSVReader
/// against the shipped design, as `playbench check --playtests log.csv` reads it (its checks,
/// PlaytestChecks, are the reader's); never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlaytestsCSV(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = PlaytestCSVReader.read(bytes: FuzzInput.bytes(data, count), file: "log.csv", version: shipped.version, parameters: shipped.parameters)
    return 0
}

/// The built-in design's version and parameters (Designs/relentless holds the same files), read
/// once: what `check --playtests` reads a log against.
let shipped: (version: String, parameters: Parameters) = keptForTheRun {
    guard let design = (try? RelentlessFiles.design(MemoryDesign([:], directory: nil)))?.design else { fatalError("the built-in design does not read") }
    return (DesignVersion.of(BuiltInDesign.files), design.parameters)
}
