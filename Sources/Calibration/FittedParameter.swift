#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Randomness

/// One unknown of a model being fitted: its name and the range a fit searches, with a flat prior
/// over that range on the parameter's own scale.
///
/// ```swift
/// let seconds = FittedParameter(name: "findSeconds", range: 0.5...12, scale: .logarithmic)
/// seconds.internalValue(of: 3)   // log 3: the sampler works on this scale
/// ```
///
/// Times and other positive magnitudes are fitted on a logarithmic scale (a flat prior on the
/// log: doubling is as likely as halving, and 1 s to 2 s weighs as much as 4 s to 8 s);
/// chances and other bounded quantities on a linear one.
public struct FittedParameter: Sendable, Hashable {
    public enum Scale: String, Sendable, Hashable, Codable {
        case linear, logarithmic
    }

    public var name: String
    public var range: ClosedRange<Double>
    public var scale: Scale

    /// Nil when the range is empty, not finite, or not positive on a logarithmic scale.
    public init?(name: String, range: ClosedRange<Double>, scale: Scale) {
        guard range.lowerBound.isFinite, range.upperBound.isFinite, range.lowerBound < range.upperBound else { return nil }
        if scale == .logarithmic && range.lowerBound <= 0 { return nil }
        self.name = name
        self.range = range
        self.scale = scale
    }

    /// The value on the scale the prior is flat on.
    public func internalValue(of x: Double) -> Double { scale == .logarithmic ? log(x) : x }

    /// The value a point of the internal scale stands for.
    public func value(ofInternal u: Double) -> Double { scale == .logarithmic ? exp(u) : u }

    /// The prior's range on the internal scale.
    public var internalRange: ClosedRange<Double> { internalValue(of: range.lowerBound)...internalValue(of: range.upperBound) }

    /// A draw from the flat prior, on the internal scale.
    public func internalDraw(_ random: inout RandomSource) -> Double {
        let box = internalRange
        return box.lowerBound + random.unit() * (box.upperBound - box.lowerBound)
    }
}
