import MonteCarlo
import RelentlessRuns

/// Per metric: the old design's games, the new design's games, and the differences new − old
/// game by game; per change, the differences (old with that change) − old. Mergeable, so a diff
/// runs on all cores in flat memory.
public struct PairedStatistics: MergeableStatistics {
    public var old: [Moments]
    public var new: [Moments]
    public var difference: [Moments]
    /// [change][metric].
    public var effects: [[Moments]]
    /// Each design's games round by round, for its horizon (``Horizon``).
    public var oldGames = SimulationStatistics()
    public var newGames = SimulationStatistics()

    public init(changes: Int) {
        let metrics = Array(repeating: Moments(), count: DiffMetric.allCases.count)
        old = metrics
        new = metrics
        difference = metrics
        effects = Array(repeating: metrics, count: changes)
    }

    mutating func record(old a: [Double], new b: [Double], changed: [[Double]?]) {
        for m in a.indices {
            old[m].add(a[m])
            new[m].add(b[m])
            difference[m].add(b[m] - a[m])
        }
        for (k, values) in changed.enumerated() {
            guard let values else { continue }
            for m in a.indices { effects[k][m].add(values[m] - a[m]) }
        }
    }

    public mutating func merge(_ other: PairedStatistics) {
        for m in old.indices {
            old[m].merge(other.old[m])
            new[m].merge(other.new[m])
            difference[m].merge(other.difference[m])
        }
        for k in effects.indices {
            for m in effects[k].indices { effects[k][m].merge(other.effects[k][m]) }
        }
        oldGames.merge(other.oldGames)
        newGames.merge(other.newGames)
    }
}
