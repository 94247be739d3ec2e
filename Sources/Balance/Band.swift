import Diagnostics

/// The values a target accepts: at least, at most, or between (edges included).
///
/// ```swift
/// let band = Band(atLeast: 0.4, atMost: 0.6)
/// band.verdict(for: 0.45...0.55)  // .met: the whole interval is inside
/// band.verdict(for: 0.61...0.70)  // .missed: the whole interval is outside
/// band.verdict(for: 0.55...0.65)  // .undecided: it straddles an edge
/// ```
public struct Band: Sendable, Hashable, Codable {
    public var atLeast: Double?
    public var atMost: Double?

    public init(atLeast: Double? = nil, atMost: Double? = nil) {
        self.atLeast = atLeast
        self.atMost = atMost
    }

    public func contains(_ x: Double) -> Bool { (atLeast.map { x >= $0 } ?? true) && (atMost.map { x <= $0 } ?? true) }

    /// Met when the interval lies inside the band, missed when it lies wholly outside, and
    /// undecided while it straddles an edge (more games narrow it).
    public func verdict(for interval: ClosedRange<Double>) -> Verdict {
        if contains(interval.lowerBound) && contains(interval.upperBound) { return .met }
        if let low = atLeast, interval.upperBound < low { return .missed }
        if let high = atMost, interval.lowerBound > high { return .missed }
        return .undecided
    }

    /// "between 40% and 60%", "at least 200".
    public func describe(asShare: Bool) -> String {
        func text(_ x: Double) -> String { asShare ? "\((x * 100).designerText)%" : x.designerText }
        switch (atLeast, atMost) {
        case let (low?, high?): return "between \(text(low)) and \(text(high))"
        case let (low?, nil): return "at least \(text(low))"
        case let (nil, high?): return "at most \(text(high))"
        case (nil, nil): return "(any value)"
        }
    }
}

/// What the gate says of a target.
public enum Verdict: String, Sendable, Hashable, Codable {
    /// The interval lies inside the band.
    case met
    /// The interval lies outside the band: the design misses the target.
    case missed
    /// The interval still straddles an edge when the gate's cap on games is reached.
    case undecided
}
