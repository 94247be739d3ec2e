import MonteCarlo

extension PairedMoments {
    /// What is wrong with these moments as one block of `games` games of the design and its
    /// variants (`played[k]`: whether variant k plays; one that makes no design records
    /// nothing), with `metrics` values a game; nil when a run could have recorded them. For
    /// moments read from a file (a shard's part), which must not be trusted.
    public func invariantViolation(games: Int, metrics: Int, played: [Bool]) -> String? {
        guard base.count == metrics, values.count == played.count, differences.count == played.count,
            values.allSatisfy({ $0.count == metrics }), differences.allSatisfy({ $0.count == metrics })
        else {
            return "moments of \(base.count) metrics and \(values.count) variants, not \(metrics) and \(played.count)"
        }
        for (m, moments) in base.enumerated() {
            if let why = moments.invariantViolation { return "the design's metric \(m): \(why)" }
            guard moments.count == games else { return "the design's metric \(m) counts \(moments.count) games of \(games)" }
        }
        for (k, plays) in played.enumerated() {
            for m in 0..<metrics {
                for (what, moments) in [("values", values[k][m]), ("differences", differences[k][m])] {
                    if let why = moments.invariantViolation { return "variant \(k)'s \(what) of metric \(m): \(why)" }
                    let expected = plays ? games : 0
                    guard moments.count == expected else {
                        return "variant \(k)'s \(what) of metric \(m) count \(moments.count) games, not \(expected)\(plays ? "" : " (the variant makes no design)")"
                    }
                }
            }
        }
        return nil
    }
}
