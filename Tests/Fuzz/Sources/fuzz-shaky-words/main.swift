import FuzzSupport
import GameSeam
import ShakyWords
import ShakyWordsGame

/// A Shaky Words design from any bytes: QuizPacks.plist, then ShakyWords.plist (the files split
/// as FuzzInput.files says; without a separator both are the input), read by QuizPacksReader and
/// DesignReader and checked (DesignChecks) by the game's own check, what `playbench check` runs;
/// never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShakyWords(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let files = FuzzInput.files(FuzzInput.bytes(data, count), named: [QuizPacksReader.fileName, DesignReader.fileName])
    _ = try? ShakyWordsDefinition().check(MemoryDesign(files), CheckRequest())
    return 0
}
