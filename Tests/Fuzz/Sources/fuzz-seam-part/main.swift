import AndoraGame
import AndoraRuns
import FuzzSupport
import MonteCarlo
import PlaybenchCLI

/// A shard's part of a game on the seam (Andora's, what `playbench merge` reads) from any bytes,
/// its checksum not required: refused or accepted, never a trap; an accepted part's blocks fold
/// (with themselves too, for larger counts) and give every metric's estimate.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSeamPart(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let blocks = SeamPartFuzzing.andoraBlocks(FuzzInput.bytes(data, count)) else { return 0 }
    var whole = MatchStatistics()
    GameBlocks.fold(blocks, into: &whole)
    var twice = whole
    twice.merge(whole)
    let game = AndoraDefinition()
    for statistics in [whole, twice] {
        for metric in game.metrics { _ = game.estimate(metric.name, of: statistics, confidence: .ninetyFive) }
        for q in [0.1, 0.5, 0.9] { _ = statistics.lengthQuantile(q) }
    }
    return 0
}
