import Diagnostics
import MonteCarlo

/// A number a game's statistics measure, which a gate can hold to a band.
public struct MetricDefinition: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A share, written as 0.4 for 40% and shown as a percentage: of games (Wilson interval),
        /// or a mean share of something else, such as of a round's time (normal interval).
        case proportion
        /// A mean over games (normal interval).
        case mean
        /// A quantile over games (order-statistic interval).
        case quantile
    }

    /// How targets and tables name it ("drawShare").
    public var name: String
    public var kind: Kind
    /// What it measures, in a phrase ("share of games drawn (R1.9.2)").
    public var summary: String
    /// Decimals a value other than a share is shown with: enough to tell apart the values a
    /// design can have (a shares' percentages always show one).
    public var decimals: Int
    /// Why games can give no value, for tables and messages ("no team was solvent after round
    /// 6"); nil for no reason to give.
    public var withoutValue: String?
    /// Whether no value means the least the metric can be (no team left to have money): a gate
    /// then calls its target missed, and a search takes it as below any target. False (the
    /// default): no value says nothing, and a target stays undecided.
    public var noValueIsLeast: Bool
    /// How a table's column names it, shorter than ``summary`` ("alive after 5"); nil for its name.
    public var column: String?

    public init(
        name: String, kind: Kind, summary: String, decimals: Int = 2, withoutValue: String? = nil, noValueIsLeast: Bool = false, column: String? = nil
    ) {
        self.name = name
        self.kind = kind
        self.summary = summary
        self.decimals = decimals
        self.withoutValue = withoutValue
        self.noValueIsLeast = noValueIsLeast
        self.column = column
    }

    /// The metric's name without its argument ("survival" of "survival(5)"): an id for a page's
    /// section.
    public var family: String { String(name.prefix { $0 != "(" }) }

    /// A value for people: shares as percentages with one decimal, others with ``decimals``.
    public func text(_ value: Double) -> String {
        kind == .proportion ? (value * 100).decimalText(1) + "%" : value.decimalText(decimals)
    }
}

/// A metric measured on games: its value, an interval that holds it at a confidence level, and
/// how many values it rests on.
public struct MetricEstimate: Sendable, Hashable, Codable {
    public var value: Double
    public var lower: Double
    public var upper: Double
    public var sample: Int

    public init(value: Double, interval: ClosedRange<Double>, sample: Int) {
        self.value = value
        lower = interval.lowerBound
        upper = interval.upperBound
        self.sample = sample
    }

    public var interval: ClosedRange<Double> { lower...upper }

    /// A share with its Wilson interval.
    public static func share(_ proportion: Proportion, _ confidence: Confidence) -> MetricEstimate? {
        guard proportion.trials > 0 else { return nil }
        return MetricEstimate(value: proportion.value, interval: proportion.interval(confidence), sample: proportion.trials)
    }

    /// A mean with its normal interval (nil under two values).
    public static func mean(_ moments: Moments, _ confidence: Confidence) -> MetricEstimate? {
        guard let interval = moments.meanInterval(confidence) else { return nil }
        return MetricEstimate(value: moments.mean, interval: interval, sample: moments.count)
    }
}
