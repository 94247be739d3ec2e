import Calibration
import RelentlessSimulation

/// What a fit found: each parameter's value and interval, the persona at the medians, and the
/// predictive check.
public struct CalibrationResult: Sendable {
    public var fitted: [FittedValue]
    /// The base persona with every fitted key at its posterior median: one for the whole team,
    /// or one per seat.
    public var personas: [Persona]
    /// How many equally weighted candidates the posterior is worth (few: rough intervals).
    public var effectiveSampleSize: Double
    public var predictive: PredictiveCheck
    /// The weighted population the intervals are read from: what a simulation-based
    /// calibration ranks the truth in (``Calibration/WeightedPosterior/rank(_:of:)``).
    public var posterior: WeightedPosterior
    public var settings: PersonaCalibration.Settings
    public var playtests: Int
    public var rounds: Int
}

/// One fitted parameter.
public struct FittedValue: Sendable, Hashable {
    public var parameter: FittablePersonaParameter
    /// The seat (0-based) in a per-seat fit; nil for the whole team.
    public var seat: Int?
    public var median: Double
    /// The central credible interval at the fit's level.
    public var interval: ClosedRange<Double>
    /// The range searched (the flat prior's support).
    public var range: ClosedRange<Double>
    /// The share of that range the interval covers, on the fitting scale.
    public var shareOfRange: Double
    /// False when the logs leave the parameter about as uncertain as before (the interval covers
    /// more than half the range searched).
    public var pinnedDown: Bool
}
