import Diagnostics
import OrderedCollections

/// A property-list dictionary: keys in source order, each with the position of its `<key>`.
///
/// Key order is kept so that writing a file back and reporting "the third key" both match what
/// the designer sees in their editor. Equality ignores order, as a dictionary's should.
public struct PlistDictionary: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var value: PlistNode
        public var keyLocation: SourceLocation

        public static func == (a: Entry, b: Entry) -> Bool { a.value == b.value }
    }

    public private(set) var entries: OrderedDictionary<String, Entry>

    public init() { entries = [:] }

    public init(minimumCapacity: Int) { entries = OrderedDictionary(minimumCapacity: minimumCapacity) }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    public var keys: OrderedSet<String> { entries.keys }

    public subscript(key: String) -> PlistNode? {
        get { entries[key]?.value }
        set {
            if let newValue {
                let keyLocation = entries[key]?.keyLocation ?? newValue.location
                entries[key] = Entry(value: newValue, keyLocation: keyLocation)
            } else {
                entries[key] = nil
            }
        }
    }

    /// Where the key was written; for a key added in code, the value's location.
    public func keyLocation(_ key: String) -> SourceLocation? { entries[key]?.keyLocation }

    /// Adds a key read from a file. Returns false, changing nothing, when the key is already there.
    @discardableResult
    public mutating func insertNew(_ key: String, _ value: PlistNode, keyLocation: SourceLocation) -> Bool {
        guard entries.index(forKey: key) == nil else { return false }
        entries[key] = Entry(value: value, keyLocation: keyLocation)
        return true
    }

    /// (key, value) pairs in source order.
    public var pairs: some Collection<(key: String, value: PlistNode)> {
        entries.elements.lazy.map { (key: $0.key, value: $0.value.value) }
    }

    public static func == (a: PlistDictionary, b: PlistDictionary) -> Bool {
        guard a.count == b.count else { return false }
        for (key, entry) in a.entries {
            guard let other = b.entries[key], other == entry else { return false }
        }
        return true
    }
}
