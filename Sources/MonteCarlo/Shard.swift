/// One machine's share of a job split over `count` machines: shard `index` (0-based) of `count`.
///
/// A job is a list of runs, each cut into blocks (``GameBlocks``); its units are the (run, block)
/// pairs in order, run by run. Shard i takes units ⌊i·U/N⌋ ..< ⌊(i+1)·U/N⌋: contiguous, as even as
/// they can be, every unit in exactly one shard.
///
/// ```swift
/// let shard = Shard(parsing: "2/4")!            // the third of four
/// shard.work(runs: [GameBlocks(games: 2000)])   // [(run: 0, blocks: 4..<6)]
/// ```
public struct Shard: Sendable, Hashable, Codable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    /// The most shards a job is split into: far more than any cluster runs at once (each shard
    /// plays at least one block of 256 games), and few enough that a merge's bookkeeping of the
    /// parts stays small.
    public static let maxCount = 100_000

    /// Nil unless 0 ≤ index < count.
    public init?(index: Int, count: Int) {
        guard count >= 1, index >= 0, index < count else { return nil }
        self.index = index
        self.count = count
    }

    /// "I/N", as `--shard` takes it.
    public init?(parsing text: some StringProtocol) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: i, count: n)
    }

    public var description: String { "\(index)/\(count)" }

    /// This shard's units of a job of `total` units.
    public func units(of total: Int) -> Range<Int> {
        (index * total / count)..<((index + 1) * total / count)
    }

    /// This shard's blocks of each run, in order; runs it has no block of are left out.
    public func work(runs: [GameBlocks]) -> [(run: Int, blocks: Range<Int>)] { work(blockCounts: runs.map(\.count)) }

    /// The same, from the number of blocks of each run.
    public func work(blockCounts: [Int]) -> [(run: Int, blocks: Range<Int>)] {
        let mine = units(of: blockCounts.reduce(0, +))
        var work: [(run: Int, blocks: Range<Int>)] = []
        var first = 0
        for (run, count) in blockCounts.enumerated() {
            let start = max(mine.lowerBound, first)
            let end = max(start, min(mine.upperBound, first + count))
            if end > start { work.append((run, (start - first)..<(end - first))) }
            first += count
        }
        return work
    }
}
