/// Statistics that can be computed in pieces and combined: what lets a run of N games use all
/// cores while keeping memory flat (no per-game list) and results independent of thread count.
///
/// `merge` must be associative for the pieces the runner feeds it. The runner always merges
/// pieces in the same order (game order, a chunk at a time), so floating-point sums come out
/// bit for bit the same whatever the number of threads.
public protocol MergeableStatistics: Sendable {
    /// Folds `other`, which covers games after those of `self`, into `self`.
    mutating func merge(_ other: Self)
}
