/// How many times each whole value occurred, kept sorted by value so that it merges exactly and
/// encodes the same bytes whatever order games were merged in.
public struct CountTable: Sendable, Hashable, Codable {
    public private(set) var values: [Int] = []
    public private(set) var counts: [Int] = []

    public init() {}

    public mutating func add(_ value: Int, count: Int = 1) {
        var low = 0, high = values.count
        while low < high {
            let mid = (low + high) / 2
            if values[mid] < value { low = mid + 1 } else { high = mid }
        }
        if low < values.count, values[low] == value {
            counts[low] += count
        } else {
            values.insert(value, at: low)
            counts.insert(count, at: low)
        }
    }

    public mutating func merge(_ other: CountTable) {
        for (value, count) in zip(other.values, other.counts) { add(value, count: count) }
    }

    public var total: Int { counts.reduce(0, +) }

    /// The smallest value with at least a share `q` of the counts at or below it (0 < q ≤ 1).
    public func quantile(_ q: Double) -> Int? {
        let total = total
        guard total > 0 else { return nil }
        let needed = max(1, Int((q * Double(total)).rounded(.up)))
        var seen = 0
        for (value, count) in zip(values, counts) {
            seen += count
            if seen >= needed { return value }
        }
        return values.last
    }

    /// Why a decoded table cannot be one that adding values made, or nil.
    public var invariantViolation: String? {
        guard values.count == counts.count else { return "values and counts differ in length" }
        guard zip(values, values.dropFirst()).allSatisfy({ $0 < $1 }) else { return "values out of order" }
        guard counts.allSatisfy({ $0 > 0 }) else { return "a count below 1" }
        return nil
    }
}
