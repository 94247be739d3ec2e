import Calibration

/// Why a fit cannot start.
public enum CalibrationError: Error, Sendable, Equatable, CustomStringConvertible {
    case nothingToFit
    case tooFewReplicates(Int, needed: Int)
    case tooFewPilotStudies(Int, needed: Int)
    case zeroBase(FittablePersonaParameter, persona: String)
    case badRange(FittablePersonaParameter, ClosedRange<Double>)
    case noPlaytests
    case perSeatNeedsOneTeamSize([Int])
    case perSeatNeedsPlayers

    public var description: String {
        switch self {
        case .nothingToFit: "name the persona keys to fit with --fit (\(FittablePersonaParameter.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .tooFewReplicates(let n, let needed):
            "--replicates must be at least \(needed), twice the parameters fitted and two (the synthetic likelihood estimates the covariance of a summary per parameter; fewer make intervals too narrow), not \(n)"
        case .tooFewPilotStudies(let n, let needed):
            "--pilot must be at least \(needed), ten per summary the logs give (the projection of the summaries onto the parameters is fitted to them), not \(n)"
        case .zeroBase(let key, let persona):
            "\(key.rawValue) of \(persona) is 0, so no range can be taken around it: give one with --range \(key.rawValue)=LOW:HIGH"
        case .badRange(let key, let range):
            "the range of \(key.rawValue), \(range.lowerBound)...\(range.upperBound), must be finite and not empty\(key.scale == .logarithmic ? ", and above 0 (it is fitted on a logarithmic scale)" : "")"
        case .noPlaytests: "the logs hold no playtest"
        case .perSeatNeedsOneTeamSize(let sizes):
            "--per-seat fits a persona per seat, so every playtest must seat as many; these seat \(sizes.map(String.init).joined(separator: ", "))"
        case .perSeatNeedsPlayers: "--per-seat needs the players' own counts (each round's players) in the logs; these note only the team's"
        }
    }
}
