import Calibration
import RelentlessSimulation

/// The persona keys `calibrate --fit` can fit: the times and chances of the player model. A
/// table by kind is fitted as one factor on all four kinds (their ratios kept: the logs say how
/// fast a team was, not which kinds slowed it), a time on a logarithmic scale, a chance on a
/// linear one. Whole numbers and choices (`ordersAtOnce`, `strategy`, `hopelessOrders`) are a
/// persona's habits, not magnitudes: compare them with `diff` rather than fit them.
public enum FittablePersonaParameter: String, CaseIterable, Sendable {
    case describeSeconds, identifySeconds, findSeconds, packSeconds, assembleSeconds, passSeconds
    case misunderstandChance, confusionPerGroupItem, wrongTeammateChance, timeSpread

    /// A factor on the base persona's table, rather than a value of its own.
    public var isTableFactor: Bool {
        switch self {
        case .describeSeconds, .identifySeconds, .misunderstandChance: true
        default: false
        }
    }

    /// What the fitted number is, for tables and help.
    public var fittedQuantity: String {
        switch self {
        case .describeSeconds, .identifySeconds: "factor on the base's seconds by kind"
        case .misunderstandChance: "factor on the base's chances by kind (each capped at 1)"
        case .findSeconds, .packSeconds, .assembleSeconds, .passSeconds: "seconds"
        case .confusionPerGroupItem, .wrongTeammateChance: "chance"
        case .timeSpread: "σ of the log-normal factor"
        }
    }

    /// The range searched by default, around the base persona's value: times and factors from a
    /// quarter to four times it, chances from 0 to the larger of 0.5 and four times it (at most
    /// 1), the spread from 0 to 1.5.
    public func defaultRange(around base: Persona) -> ClosedRange<Double>? {
        switch self {
        case .describeSeconds, .identifySeconds: return 0.25...4
        case .misunderstandChance: return 0.1...10
        case .findSeconds, .packSeconds, .assembleSeconds, .passSeconds:
            let x = value(in: base)
            return x > 0 ? (x / 4)...(x * 4) : nil
        case .confusionPerGroupItem, .wrongTeammateChance: return 0...min(1, max(0.5, 4 * value(in: base)))
        case .timeSpread: return 0...1.5
        }
    }

    public var scale: FittedParameter.Scale {
        switch self {
        case .confusionPerGroupItem, .wrongTeammateChance, .timeSpread: .linear
        default: .logarithmic
        }
    }

    /// The persona's value of a scalar key (1 for a table: the factor of the base itself).
    public func value(in persona: Persona) -> Double {
        switch self {
        case .describeSeconds, .identifySeconds, .misunderstandChance: 1
        case .findSeconds: persona.findSeconds
        case .packSeconds: persona.packSeconds
        case .assembleSeconds: persona.assembleSeconds
        case .passSeconds: persona.passSeconds
        case .confusionPerGroupItem: persona.confusionPerGroupItem
        case .wrongTeammateChance: persona.wrongTeammateChance
        case .timeSpread: persona.timeSpread
        }
    }

    /// `persona` with this key set to `x` (a table: the base's table times `x`).
    public func applying(_ x: Double, to persona: inout Persona, base: Persona) {
        func scaled(_ table: KindTable, cap: Double = .infinity) -> KindTable {
            KindTable(
                stateful: min(cap, table.stateful * x), titled: min(cap, table.titled * x), rhythmic: min(cap, table.rhythmic * x),
                assembled: min(cap, table.assembled * x))
        }
        switch self {
        case .describeSeconds: persona.describeSeconds = scaled(base.describeSeconds)
        case .identifySeconds: persona.identifySeconds = scaled(base.identifySeconds)
        case .misunderstandChance: persona.misunderstandChance = scaled(base.misunderstandChance, cap: 1)
        case .findSeconds: persona.findSeconds = x
        case .packSeconds: persona.packSeconds = x
        case .assembleSeconds: persona.assembleSeconds = x
        case .passSeconds: persona.passSeconds = x
        case .confusionPerGroupItem: persona.confusionPerGroupItem = x
        case .wrongTeammateChance: persona.wrongTeammateChance = x
        case .timeSpread: persona.timeSpread = x
        }
    }
}
