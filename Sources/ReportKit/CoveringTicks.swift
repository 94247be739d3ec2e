extension SVGChart {
    /// Round ticks (1, 2 or 5 × 10^k apart) whose first and last lie at or beyond every finite
    /// value: the axis of a chart whose bars or whiskers must all fit. A single value gets a
    /// margin of 10% (or ±1 at zero).
    ///
    /// ```swift
    /// SVGChart.coveringTicks([0, 0.13, -0.04])   // [-0.05, 0, 0.05, 0.1, 0.15]
    /// ```
    static func coveringTicks(_ values: [Double]) -> [Double] {
        let xs = values.filter(\.isFinite)
        guard var low = xs.min(), var high = xs.max() else { return [0, 1] }
        if low == high {
            let pad = low == 0 ? 1 : abs(low) * 0.1
            low -= pad
            high += pad
        }
        var ticks = SVGChart.ticks(low...high)
        guard ticks.count >= 2 else { return [low, high] }
        // SVGChart.ticks stays inside the range; extend by whole steps until the ticks cover it.
        let step = ticks[1] - ticks[0]
        while ticks[0] > low + step * 1e-9 { ticks.insert(ticks[0] - step, at: 0) }
        while ticks[ticks.count - 1] < high - step * 1e-9 { ticks.append(ticks[ticks.count - 1] + step) }
        return ticks.map { abs($0) < step * 1e-9 ? 0 : $0 }
    }
}
