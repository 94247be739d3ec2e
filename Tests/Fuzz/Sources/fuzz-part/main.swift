import FuzzSupport
import MonteCarlo
import PlaybenchCLI
import RelentlessRuns

/// A shard's part (what `playbench merge` reads) from any bytes, its checksum not required (the
/// fuzzer cannot compute one): refused or accepted, never a trap; an accepted part's blocks merge
/// (with themselves too, for larger counts) and answer every question a report asks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPart(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let blocks = try? PartReader.blocks(of: FuzzInput.bytes(data, count), name: "part", checkingChecksum: false) else { return 0 }
    var whole = SimulationStatistics()
    GameBlocks.fold(blocks.map(\.statistics), into: &whole)
    var twice = whole
    twice.merge(whole)
    for statistics in [whole, twice] {
        for q in [0, 0.1, 0.5, 0.9, 1] { _ = statistics.finalMoney.exemplar(atQuantile: q) }
        _ = (statistics.finalMoneyMoments.standardDeviation, statistics.roundsReached.variance)
        for (r, round) in statistics.rounds.enumerated() {
            _ = statistics.aliveShare(after: r)
            _ = (round.money.quantile(0.5), round.moneyMoments.variance, round.satisfaction.standardDeviation, round.endTime.mean)
        }
    }
    return 0
}
