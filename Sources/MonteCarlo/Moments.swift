/// Count, mean, variance, minimum and maximum of a stream of numbers, in constant memory
/// (Welford's update; Chan, Golub and LeVeque's formula to merge two streams).
///
/// ```swift
/// var a = Moments(); a.add(1); a.add(2)
/// var b = Moments(); b.add(3)
/// a.merge(b)
/// a.mean               // 2
/// a.variance           // 1 (sample variance, n - 1)
/// ```
public struct Moments: MergeableStatistics, Hashable, Codable {
    public private(set) var count: Int = 0
    public private(set) var mean: Double = 0
    /// Sum of squared deviations from the mean.
    var m2: Double = 0
    public private(set) var minimum: Double = .infinity
    public private(set) var maximum: Double = -.infinity

    public init() {}

    @inline(__always)
    public mutating func add(_ x: Double) {
        count += 1
        let delta = x - mean
        mean += delta / Double(count)
        m2 += delta * (x - mean)
        if x < minimum { minimum = x }
        if x > maximum { maximum = x }
    }

    public mutating func merge(_ other: Moments) {
        guard other.count > 0 else { return }
        guard count > 0 else {
            self = other
            return
        }
        // Saturating: a count read from a file (a hostile part) cannot make a merge trap. Counts
        // of games actually played are nowhere near Int.max, so they add exactly.
        let total = count.addingReportingOverflow(other.count)
        let sum = total.overflow ? Int.max : total.partialValue
        let n = Double(sum)
        let delta = other.mean - mean
        mean += delta * Double(other.count) / n
        m2 += other.m2 + delta * delta * Double(count) * Double(other.count) / n
        count = sum
        minimum = Swift.min(minimum, other.minimum)
        maximum = Swift.max(maximum, other.maximum)
    }

    /// Sample variance (n − 1 in the denominator); 0 for fewer than two values.
    public var variance: Double { count > 1 ? m2 / Double(count - 1) : 0 }
    public var standardDeviation: Double { variance.squareRoot() }
}
