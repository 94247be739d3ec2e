import Diagnostics
/// Why a round could not be made, naming the rule and the categories involved.
///
/// ```swift
/// do { _ = try Pipeline.default.makeRound(prepared, parameters: p, seed: 7) }
/// catch { print(error) }  // 6 players need 6 distinct warehouse items; this round's categories can supply at most 2 (Siren) [G4]
/// ```
///
/// Errors are values: the CLI prints ``description``; the solvability checker turns them into
/// diagnostics with ``rule`` and ``suggestion``.
public enum GenerationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A part is unknown or the parts form a cycle (C4). `check` reports these first.
    case invalidDesign(category: String, reason: String)
    /// An assembled item would have more than `limit` atomic parts (C3).
    case itemTooLarge(category: String, limit: Int)
    /// No category has order items, so G1 has nothing to choose.
    case noOrderCategories
    /// A round parameter is outside what a rule can use.
    case invalidParameter(key: String, value: String, requirement: String, rule: String)
    /// G4: the chosen categories cannot stock one distinct item per player, however often G2 repeats.
    case notEnoughInventory(players: Int, supply: Int, categories: [String])
    /// G4: the categories could stock every player, but `repetitions` repetitions of G2 did not.
    case inventoryStillShort(players: Int, found: Int, supply: Int, repetitions: Int, categories: [String])

    public var rule: String {
        switch self {
        case .invalidDesign: "C4"
        case .itemTooLarge: "C3"
        case .noOrderCategories: "G1"
        case .invalidParameter(_, _, _, let rule): rule
        case .notEnoughInventory, .inventoryStillShort: "G4"
        }
    }

    /// The categories the error is about, in the order it names them: where a check locates it.
    public var categories: [String] {
        switch self {
        case .invalidDesign(let category, _), .itemTooLarge(let category, _): [category]
        case .notEnoughInventory(_, _, let categories), .inventoryStillShort(_, _, _, _, let categories): categories
        case .noOrderCategories, .invalidParameter: []
        }
    }

    public var message: String {
        switch self {
        case .invalidDesign(let category, let reason):
            return "category \"\(category)\" cannot be generated: \(reason)"
        case .itemTooLarge(let category, let limit):
            return "an item of \"\(category)\" has more than \(limit) atomic parts, more than any round can hold"
        case .noOrderCategories:
            return "no category has order items, so a round has nothing to order"
        case .invalidParameter(let key, let value, let requirement, _):
            return "\(key) is \(value) for this round; \(requirement)"
        case .notEnoughInventory(let players, let supply, let categories):
            return "\(players) players need \(players) distinct warehouse items; this round's categories can supply at most \(supply) (\(categories.joined(separator: ", ")))"
        case .inventoryStillShort(let players, let found, let supply, let repetitions, let categories):
            return "\(players) players need \(players) distinct warehouse items; after \(repetitions) repetitions of G2 this round's categories gave \(found) of the \(supply) they can supply (\(categories.joined(separator: ", ")))"
        }
    }

    /// What a designer can do about it.
    public var suggestion: String? {
        switch self {
        case .notEnoughInventory, .inventoryStillShort:
            "add inventory items to these categories, choose more categories or groups per round, or allow fewer players"
        case .noOrderCategories: "make at least one category an order item"
        case .itemTooLarge: "use fewer or shallower parts"
        case .invalidDesign: "run playbench check for the details"
        case .invalidParameter: nil
        }
    }

    public var description: String { "\(message) [\(rule)]" }
}

extension GenerationError {
    /// The error as a message about the design's catalogue (the file whose contents caused it).
    public func diagnostic(file: String) -> Diagnostic {
        Diagnostic(.error, message, file: file, rule: rule, suggestion: suggestion)
    }
}
