import Diagnostics
import Foundation
import Relentless

/// Each assumption of the player model, as the `Players.plist` key that carries it: what it
/// says about real players, and how to move it down and up to measure what it does to a
/// design's numbers (`playbench sensitivity --personas`).
///
/// ```swift
/// let (low, high) = PersonaParameter.describeSeconds.moved(casual, step: 0.1)!  // ×0.9, ×1.1
/// PersonaParameter.hopelessOrders.text(of: casual)   // "dropAndStartAnother"
/// ```
///
/// Numbers are multiplied by 1 ± step (chances capped at 1); `ordersAtOnce` moves by one; a
/// choice (strategy, hopeless orders) moves to the alternatives, the first and the last other
/// value, so that both sides are another reading of the same assumption.
public enum PersonaParameter: String, CaseIterable, Sendable {
    case describeSeconds, identifySeconds, findSeconds, packSeconds, assembleSeconds, passSeconds
    case misunderstandChance, confusionPerGroupItem, wrongTeammateChance
    case ordersAtOnce, strategy, hopelessOrders, timeSpread

    /// The assumption of the model the key carries, in a designer's words.
    public var assumption: String {
        switch self {
        case .describeSeconds: "putting an item into words takes time, more for titles and rhythms than for a state"
        case .identifySeconds: "the teammate asked spends its own time making out which item is meant"
        case .findSeconds: "finding an item in one's own warehouse takes time"
        case .packSeconds: "adding an item to a package takes time"
        case .assembleSeconds: "each Assemble action takes time"
        case .passSeconds: "passing a package to a teammate, back or to a house takes time"
        case .misunderstandChance: "a description is sometimes taken for another item"
        case .confusionPerGroupItem: "items of one group in the round make that more likely (C3)"
        case .wrongTeammateChance: "a player does not know who holds an item and sometimes asks the wrong teammate"
        case .ordersAtOnce: "a player works on this many orders at once"
        case .strategy: "a player starts the most urgent order (or the smallest) first"
        case .hopelessOrders: "what a player does with an order it cannot finish in time"
        case .timeSpread: "action times vary from one action to the next"
        }
    }

    /// The persona's value as `Players.plist` writes it (a kind table as its four numbers).
    public func text(of persona: Persona) -> String {
        // A moved value to 6 significant digits: 3.3, not 3.3000000000000003.
        func number(_ x: Double) -> String {
            guard x.isFinite, x != 0 else { return x.designerText }
            let scale = pow(10, 5 - floor(log10(abs(x))))
            return ((x * scale).rounded() / scale).designerText
        }
        func kinds(_ table: KindTable) -> String { CategoryKind.allCases.map { number(table[$0]) }.joined(separator: "/") }
        return switch self {
        case .describeSeconds: kinds(persona.describeSeconds)
        case .identifySeconds: kinds(persona.identifySeconds)
        case .findSeconds: number(persona.findSeconds)
        case .packSeconds: number(persona.packSeconds)
        case .assembleSeconds: number(persona.assembleSeconds)
        case .passSeconds: number(persona.passSeconds)
        case .misunderstandChance: kinds(persona.misunderstandChance)
        case .confusionPerGroupItem: number(persona.confusionPerGroupItem)
        case .wrongTeammateChance: number(persona.wrongTeammateChance)
        case .ordersAtOnce: String(persona.ordersAtOnce)
        case .strategy: persona.strategy.rawValue
        case .hopelessOrders: persona.hopelessOrders.rawValue
        case .timeSpread: number(persona.timeSpread)
        }
    }

    /// The persona with this parameter moved down and up; nil when neither move changes it
    /// (a zero time scaled, an idle player's strategy).
    public func moved(_ persona: Persona, step: Double) -> (low: Persona, high: Persona)? {
        var (low, high) = (persona, persona)
        func scale(_ path: WritableKeyPath<Persona, Double>, cap: Double = .infinity) {
            low[keyPath: path] = min(cap, persona[keyPath: path] * (1 - step))
            high[keyPath: path] = min(cap, persona[keyPath: path] * (1 + step))
        }
        func scale(_ path: WritableKeyPath<Persona, KindTable>, cap: Double = .infinity) {
            for kind in CategoryKind.allCases {
                low[keyPath: path][kind] = min(cap, persona[keyPath: path][kind] * (1 - step))
                high[keyPath: path][kind] = min(cap, persona[keyPath: path][kind] * (1 + step))
            }
        }
        func alternatives<T: CaseIterable & Equatable>(_ current: T) -> (T, T)? {
            let others = T.allCases.filter { $0 != current }
            guard let first = others.first, let last = others.last else { return nil }
            return (first, last)
        }
        switch self {
        case .describeSeconds: scale(\.describeSeconds)
        case .identifySeconds: scale(\.identifySeconds)
        case .findSeconds: scale(\.findSeconds)
        case .packSeconds: scale(\.packSeconds)
        case .assembleSeconds: scale(\.assembleSeconds)
        case .passSeconds: scale(\.passSeconds)
        case .misunderstandChance: scale(\.misunderstandChance, cap: 1)
        case .confusionPerGroupItem: scale(\.confusionPerGroupItem, cap: 1)
        case .wrongTeammateChance: scale(\.wrongTeammateChance, cap: 1)
        case .timeSpread: scale(\.timeSpread)
        case .ordersAtOnce:
            low.ordersAtOnce = max(0, persona.ordersAtOnce - 1)
            high.ordersAtOnce = persona.ordersAtOnce + 1
        case .strategy:
            guard let (a, b) = alternatives(persona.strategy) else { return nil }
            (low.strategy, high.strategy) = (a, b)
        case .hopelessOrders:
            guard let (a, b) = alternatives(persona.hopelessOrders) else { return nil }
            (low.hopelessOrders, high.hopelessOrders) = (a, b)
        }
        return low == persona && high == persona ? nil : (low, high)
    }
}
