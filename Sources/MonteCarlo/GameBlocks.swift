/// How a run's games are grouped for merging: consecutive blocks of ``standardSize`` games, cut
/// afresh at each of a few boundaries (a gate's looks). A run's statistics are the blocks'
/// statistics folded in block order (``fold(_:into:)``), whoever played each block.
///
/// That fixed structure is what lets a run be split: a shard of a cluster job plays some blocks,
/// another machine the rest, and `playbench merge` folds the parts to exactly the numbers one
/// machine would have produced. It does not depend on the thread count or the number of shards.
///
/// ```swift
/// let blocks = GameBlocks(cuts: [500, 1000])   // a gate looking after 500 and 1000 games
/// blocks.count                                  // 4: 0..<256, 256..<500, 500..<756, 756..<1000
/// blocks[1]                                     // 256..<500
/// blocks.indices(upTo: 500)                     // 0..<2
/// ```
public struct GameBlocks: RandomAccessCollection, Sendable, Hashable {
    /// Games per block: small enough that a shard's part is a few blocks, large enough that a part
    /// file of a long run stays small.
    public static let standardSize = 256

    /// Segment ends, increasing; the first segment starts at game 0.
    public let cuts: [Int]
    public let size: Int
    /// Blocks before each segment (a prefix sum, one entry per segment plus the total).
    private let firstBlock: [Int]

    /// Blocks of games `0..<cuts.last`, cut at every cut. Non-increasing or non-positive cuts are
    /// dropped.
    public init(cuts: [Int], size: Int = GameBlocks.standardSize) {
        var kept: [Int] = []
        for cut in cuts where cut > (kept.last ?? 0) { kept.append(cut) }
        self.cuts = kept
        self.size = Swift.max(1, size)
        var first = [0]
        var start = 0
        for end in kept {
            first.append(first[first.count - 1] + (end - start + self.size - 1) / self.size)
            start = end
        }
        firstBlock = first
    }

    /// Blocks of games `0..<games`.
    public init(games: Int, size: Int = GameBlocks.standardSize) { self.init(cuts: [games], size: size) }

    public var games: Int { cuts.last ?? 0 }
    public var startIndex: Int { 0 }
    public var endIndex: Int { firstBlock[firstBlock.count - 1] }

    public subscript(block: Int) -> Range<Int> {
        precondition(block >= 0 && block < endIndex, "block \(block) out of 0..<\(endIndex)")
        // The segment holding the block: the last one whose first block is at or before it.
        var low = 0, high = cuts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if firstBlock[mid] <= block { low = mid } else { high = mid - 1 }
        }
        let segmentStart = low == 0 ? 0 : cuts[low - 1]
        let start = segmentStart + (block - firstBlock[low]) * size
        return start..<Swift.min(cuts[low], start + size)
    }

    /// The blocks that hold games `0..<games`; `games` must be 0 or a cut.
    public func indices(upTo games: Int) -> Range<Int> {
        guard games > 0 else { return 0..<0 }
        guard let segment = cuts.firstIndex(of: games) else { preconditionFailure("\(games) is not a cut of \(cuts)") }
        return 0..<firstBlock[segment + 1]
    }

    /// The one way blocks are combined: in order, each merged into what came before. The runner
    /// and `playbench merge` both fold with this, so their results agree bit for bit.
    public static func fold<Statistics: MergeableStatistics>(_ blocks: some Sequence<Statistics>, into statistics: inout Statistics) {
        for block in blocks { statistics.merge(block) }
    }
}
