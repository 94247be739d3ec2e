import Diagnostics

/// A property-list dictionary: keys in source order, each with the position of its `<key>`.
///
/// Key order is kept so that writing a file back and reporting "the third key" both match what
/// the designer sees in their editor. Equality ignores order, as a dictionary's should.
///
/// Storage is one array of entries. Nearly every dictionary in a design has a handful of keys,
/// where a linear scan beats hashing and one allocation beats the three of a hashed ordered
/// dictionary; a hash index is built only past ``indexThreshold`` keys, so large dictionaries
/// stay O(1) per lookup. (Measured: the tree builder spent a third of its time in hashed inserts.)
public struct PlistDictionary: Sendable, Equatable {
    public struct Entry: Sendable {
        public var key: String
        public var keyLocation: SourceLocation
        public var value: PlistNode
    }

    public private(set) var entries: [Entry]
    /// Key → position in `entries`; nil while the dictionary is small.
    private var index: [String: Int]?

    static let indexThreshold = 12

    public init() { entries = [] }

    /// Entries whose keys are known to be distinct (a reader has checked them).
    init(uniqueEntries: [Entry]) {
        entries = uniqueEntries
        rebuildIndex()
    }

    /// Room for `capacity` entries, for a reader that knows how many keys follow.
    mutating func reserveCapacity(_ capacity: Int) { entries.reserveCapacity(capacity) }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    /// Keys in source order.
    public var keys: some RandomAccessCollection<String> { entries.lazy.map(\.key) }

    public func contains(_ key: String) -> Bool { position(of: key) != nil }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        // A plain loop: `firstIndex(where:)` copied each entry it looked at.
        for i in entries.indices where entries[i].key == key { return i }
        return nil
    }

    public subscript(key: String) -> PlistNode? {
        get { position(of: key).map { entries[$0].value } }
        set {
            if let i = position(of: key) {
                if let newValue {
                    entries[i].value = newValue
                } else {
                    entries.remove(at: i)
                    rebuildIndex()
                }
            } else if let newValue {
                append(Entry(key: key, keyLocation: newValue.location, value: newValue))
            }
        }
    }

    /// Where the key was written; for a key added in code, the value's location.
    public func keyLocation(_ key: String) -> SourceLocation? { position(of: key).map { entries[$0].keyLocation } }

    /// Adds a key read from a file. Returns false, changing nothing, when the key is already there.
    @discardableResult
    public mutating func insertNew(_ key: String, _ value: PlistNode, keyLocation: SourceLocation) -> Bool {
        guard position(of: key) == nil else { return false }
        append(Entry(key: key, keyLocation: keyLocation, value: value))
        return true
    }

    /// Adds an entry whose key is not in the dictionary yet.
    mutating func append(_ entry: consuming Entry) {
        // The index first, so that the entry is moved into `entries`, not copied.
        if index != nil { index?[entry.key] = entries.count }
        entries.append(entry)
        if index == nil, entries.count > Self.indexThreshold { rebuildIndex() }
    }

    private mutating func rebuildIndex() {
        guard entries.count > Self.indexThreshold else {
            index = nil
            return
        }
        var built: [String: Int] = [:]
        built.reserveCapacity(entries.count)
        for (i, entry) in entries.enumerated() { built[entry.key] = i }
        index = built
    }

    /// (key, value) pairs in source order.
    public var pairs: some RandomAccessCollection<(key: String, value: PlistNode)> {
        entries.lazy.map { (key: $0.key, value: $0.value) }
    }

    public static func == (a: PlistDictionary, b: PlistDictionary) -> Bool {
        guard a.count == b.count else { return false }
        for entry in a.entries {
            guard let other = b[entry.key], other == entry.value else { return false }
        }
        return true
    }
}
