import Diagnostics
// The C library's log, exp and cos, not Foundation's: Foundation's ICU headers and libxml2's
// (PropertyList) clash in one module's imports on a fresh build.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import Randomness

/// How long something takes, in seconds (TT8): a fixed time, or a distribution of times from
/// which each occurrence draws its own.
///
/// ```swift
/// let grow = TimeDistribution.logNormal(median: 60, sigma: 0.5)
/// var random = RandomSource(seed: 1)
/// let seconds = grow.draw(&random)   // one Grow action's time
/// grow.median                         // 60: half the actions take longer
/// ```
///
/// Every draw consumes exactly two values of the source, whatever the kind: a design that changes
/// one distribution leaves every other draw of a game where it was, so two designs compared game
/// by game (diff, sensitivity) differ only by the change.
public enum TimeDistribution: Sendable, Hashable {
    /// Always these seconds.
    case fixed(Double)
    /// Memoryless, with this mean: as likely to end in the next second whatever has passed.
    case exponential(mean: Double)
    /// ln(time) normal: half the times are below `median`; `sigma` is the spread of ln(time)
    /// (0.5: the middle two thirds of times lie within ×/÷ 1.65 of the median).
    case logNormal(median: Double, sigma: Double)

    /// The kinds as a design names them.
    public static let kinds = ["fixed", "exponential", "lognormal"]

    /// The time half the draws stay below.
    public var median: Double {
        switch self {
        case .fixed(let seconds): seconds
        case .exponential(let mean): mean * log(2)
        case .logNormal(let median, _): median
        }
    }

    /// The mean time.
    public var mean: Double {
        switch self {
        case .fixed(let seconds): seconds
        case .exponential(let mean): mean
        case .logNormal(let median, let sigma): median * exp(sigma * sigma / 2)
        }
    }

    /// The same shape with every time × `factor`.
    public func scaled(_ factor: Double) -> TimeDistribution {
        switch self {
        case .fixed(let seconds): .fixed(seconds * factor)
        case .exponential(let mean): .exponential(mean: mean * factor)
        case .logNormal(let median, let sigma): .logNormal(median: median * factor, sigma: sigma)
        }
    }

    /// One time: the exponential by inversion, the log-normal by Box–Muller.
    public func draw(_ random: inout RandomSource) -> Double {
        let u1 = 1 - random.unit()  // (0, 1]: its logarithm is finite
        let u2 = random.unit()
        switch self {
        case .fixed(let seconds): return seconds
        case .exponential(let mean): return -mean * log(u1)
        case .logNormal(let median, let sigma): return median * exp(sigma * Self.normal(u1, u2))
        }
    }

    /// A standard normal value from two uniforms (Box–Muller; `u1` in (0, 1]).
    static func normal(_ u1: Double, _ u2: Double) -> Double {
        (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// As a design's reader would say it: "fixed 30 s", "exponential, mean 30 s",
    /// "lognormal, median 30 s, sigma 0.5".
    public var text: String {
        switch self {
        case .fixed(let seconds): "fixed \(seconds.designerSeconds) s"
        case .exponential(let mean): "exponential, mean \(mean.designerSeconds) s"
        case .logNormal(let median, let sigma): "lognormal, median \(median.designerSeconds) s, sigma \(sigma.designerText)"
        }
    }
}

extension Double {
    /// Seconds as messages write them: whole seconds without a fraction, others to a tenth.
    public var designerSeconds: String { self == rounded() ? designerText : decimalText(1) }
}
