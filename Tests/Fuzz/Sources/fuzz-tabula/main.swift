import FuzzSupport
import GameSeam
import TabulaImaginarium
import TabulaImaginariumGame
import TabulaImaginariumSync

/// A Tabula Imaginarium design from any bytes: TabulaMap.plist, Session.plist, then
/// Generator.plist (the files split as FuzzInput.files says; without a separator each is the
/// input), read by MapReader (and checked, MapChecks), SessionReader and GeneratorReader through
/// the game's own check, what `playbench check` runs: the session against the map, and maps
/// generated from the generator's parameters (two samples, not check's twenty, to keep each input
/// quick; the code is the same); never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTabula(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let files = FuzzInput.files(FuzzInput.bytes(data, count), named: [MapReader.fileName, SessionReader.fileName, GeneratorReader.fileName])
    _ = try? TabulaImaginariumDefinition().check(MemoryDesign(files), CheckRequest(samples: 2))
    return 0
}
