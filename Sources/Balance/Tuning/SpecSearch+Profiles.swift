import MonteCarlo

extension SpecSearch {
    /// A target's surrogate along one parameter, the others held at a point: its mean and a
    /// band of `confidence`, what the page draws through the answer.
    public struct Profile: Sendable, Codable, Hashable {
        public var parameter: Int
        public var target: Int
        public var x: [Double]
        public var mean: [Double]
        public var lower: [Double]
        public var upper: [Double]
    }

    /// Every target's surrogate along every parameter through `point`, from the last evaluation
    /// of each point `result` played: whole numbers along a whole-number parameter (every one
    /// when there are at most `steps`), else `steps` values evenly spread; the point's own value
    /// among them.
    public func profiles(_ result: Result, through point: [Double], steps: Int = 41) -> [Profile] {
        let surrogates = fit(result.lastEvaluations)
        let z = confidence.z
        var profiles: [Profile] = []
        for (i, d) in dimensions.enumerated() {
            let low = d.range.lowerBound, high = d.range.upperBound
            var xs = (0..<steps).map { low + (high - low) * Double($0) / Double(steps - 1) }
            if d.integral {
                let whole = Array(stride(from: low.rounded(.up), through: high.rounded(.down), by: 1))
                xs = whole.count <= steps ? whole : Array(Set(xs.map { $0.rounded() })).sorted()
            }
            // The point itself among them, so that a profile says what the surrogate makes of it.
            if !xs.contains(point[i]) { xs = (xs + [point[i]]).sorted() }
            for t in bands.indices {
                guard let surrogate = surrogates[t] else { continue }
                let predictions = xs.map { x -> (mean: Double, sd: Double) in
                    var p = point
                    p[i] = x
                    return surrogate.predict(unit(p))
                }
                profiles.append(Profile(
                    parameter: i, target: t, x: xs, mean: predictions.map(\.mean), lower: predictions.map { $0.mean - z * $0.sd },
                    upper: predictions.map { $0.mean + z * $0.sd }))
            }
        }
        return profiles
    }
}

extension SpecSearch.Result {
    /// Each point's last evaluation (on its most games), the points in lexicographic order.
    public var lastEvaluations: [SpecSearch.Evaluation] {
        var last: [[Double]: SpecSearch.Evaluation] = [:]
        for e in evaluations { last[e.point] = e }
        return last.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map(\.value)
    }
}
