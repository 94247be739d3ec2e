import AndoraGame
import AndoraRuns
import FuzzSupport
import GameSeam
import MonteCarlo
import PlaybenchCLI
import RelentlessGame
import RelentlessRuns

/// A shard's part of a game on the seam (Andora's or Relentless's, what `playbench merge` reads)
/// from any bytes, its checksum not required: refused or accepted, never a trap; an accepted
/// part's blocks fold (with themselves too, for larger counts) and give every metric's estimate.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSeamPart(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(data, count)
    for statistics in estimated(AndoraDefinition(), bytes) {
        for q in [0.1, 0.5, 0.9] { _ = statistics.lengthQuantile(q) }
    }
    for statistics in estimated(PlayableRelentless(), bytes) {
        for q in [0, 0.1, 0.5, 0.9, 1] { _ = statistics.finalMoney.exemplar(atQuantile: q) }
        for (r, round) in statistics.rounds.enumerated() {
            _ = statistics.aliveShare(after: r)
            _ = (round.money.quantile(0.5), round.moneyMoments.variance, round.satisfaction.standardDeviation, round.endTime.mean)
        }
    }
    return 0
}

/// The part's blocks folded, and folded with themselves, each estimated on every metric of the
/// game; none when the part is refused.
func estimated<Game: PlayableGame>(_ game: Game, _ bytes: [UInt8]) -> [Game.Statistics] {
    guard let whole = SeamPartFuzzing.folded(game, bytes) else { return [] }
    var twice = whole
    twice.merge(whole)
    for statistics in [whole, twice] {
        for metric in game.metrics { _ = game.estimate(metric.name, of: statistics, confidence: .ninetyFive) }
    }
    return [whole, twice]
}
