import BigInt
import Diagnostics
import PropertyList

/// The four kinds of item categories (C2). Their order is the order of the root keys.
public enum CategoryKind: String, CaseIterable, Sendable, Hashable {
    case stateful, titled, rhythmic, assembled

    /// The catalogue root key holding categories of this kind.
    public var rootKey: String { rawValue + "Items" }

    public var isAtomic: Bool { self != .assembled }
}

/// One state of a stateful category: an item of its own (C3: a group of one).
public struct ItemState: Hashable, Sendable {
    public var identifier: String
    public var imageString: String
}

/// One rhythmic item: a state sequence looped with a unit duration (C2).
public struct Rhythm: Hashable, Sendable {
    public var unitDuration: Int
    public var stateSequence: [Int]
}

/// One category of the catalogue, as the designer wrote it, with where it was written.
public struct Category: Sendable {
    public enum Content: Sendable {
        case stateful(states: [ItemState])
        case titled(groups: [[String]], imageString: String)
        case rhythmic(groups: [[Rhythm]], stateImageStrings: [String])
        /// `parts` are category names, repeated for multiples; `partsImageStrings` maps each
        /// distinct part to its images.
        case assembled(parts: [String], depth: Int, mainImageString: String, partsImageStrings: [String: [String]])
    }

    public var name: String
    public var kind: CategoryKind
    public var isInventoryItem: Bool
    public var isOrderItem: Bool
    public var content: Content
    /// Where the category's dictionary starts, and its key path (`assembledItems[1]`).
    public var location: SourceLocation
    public var path: PlistPath
    /// Locations of the values of the category's keys (for messages about one field).
    public var keyLocations: [String: SourceLocation]
    /// Where each entry of `parts` was written, for messages about one part.
    public var partLocations: [SourceLocation] = []

    public func location(of key: String) -> SourceLocation { keyLocations[key] ?? location }

    /// The part category names, repeats included; empty for atomic kinds.
    public var parts: [String] {
        if case .assembled(let parts, _, _, _) = content { parts } else { [] }
    }

    public var declaredDepth: Int? {
        if case .assembled(_, let depth, _, _) = content { depth } else { nil }
    }

    /// Items of an atomic category (C3); nil for assembled ones, whose count depends on parts.
    public var atomicItemCount: Int? {
        switch content {
        case .stateful(let states): states.count
        case .titled(let groups, _): groups.reduce(0) { $0 + $1.count }
        case .rhythmic(let groups, _): groups.reduce(0) { $0 + $1.count }
        case .assembled: nil
        }
    }

    /// Groups of an atomic category (C3): one per state for stateful, the designer's groups otherwise.
    public var atomicGroupSizes: [Int]? {
        switch content {
        case .stateful(let states): Array(repeating: 1, count: states.count)
        case .titled(let groups, _): groups.map(\.count)
        case .rhythmic(let groups, _): groups.map(\.count)
        case .assembled: nil
        }
    }

    /// How many groups ``atomicGroupSizes`` lists, without listing them.
    public var atomicGroupCount: Int? {
        switch content {
        case .stateful(let states): states.count
        case .titled(let groups, _): groups.count
        case .rhythmic(let groups, _): groups.count
        case .assembled: nil
        }
    }

    /// How many images a part of this category needs in an assembled item's `partsImageStrings`:
    /// one per state for stateful and rhythmic parts, one for titled and assembled (seed manual).
    public var partImageCount: Int {
        switch content {
        case .stateful(let states): states.count
        case .rhythmic(_, let images): images.count
        case .titled, .assembled: 1
        }
    }
}
