import Foundation

/// A parameter's value as the page sets it: the text `--set NAME=VALUE` would take.
public struct ExploreEdit: Sendable, Codable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// What a page's address holds: its edits, and the lineup, games and seed chosen on the page
/// where they are not the design's defaults (nil).
public struct ExploreAddress: Sendable, Hashable {
    public var edits: [ExploreEdit]
    public var lineup: Int?
    public var games: Int?
    public var seed: UInt64?

    public init(edits: [ExploreEdit], lineup: Int? = nil, games: Int? = nil, seed: UInt64? = nil) {
        self.edits = edits
        self.lineup = lineup
        self.games = games
        self.seed = seed
    }

    /// The query the page writes (without its "?"): `set=NAME=VALUE` items, each percent-encoded,
    /// in order, then `lineup`, `games` and `seed` where set.
    public var query: String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let sets = edits.map { edit in "set=" + "\(edit.name)=\(edit.value)".addingPercentEncoding(withAllowedCharacters: allowed)! }
        let chosen = [("lineup", lineup.map(String.init)), ("games", games.map(String.init)), ("seed", seed.map(String.init))]
            .compactMap { key, value in value.map { "\(key)=\($0)" } }
        return (sets + chosen).joined(separator: "&")
    }

    /// The address `text` is, or its query alone (what ``query`` wrote, or an address holding
    /// it), or why it is not one: an item without `=`, an edit without a name, a lineup, games
    /// or seed that is no whole number. Other items are left for the page.
    public init(parsing text: String) throws(ExploreEditError) {
        var query = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let mark = query.firstIndex(of: "?") {
            query = String(query[query.index(after: mark)...])
        } else if query.contains("://") || query.hasPrefix("/") {
            query = ""  // an address without a query: the page as designed
        }
        if let hash = query.firstIndex(of: "#") { query = String(query[..<hash]) }
        self.init(edits: [])
        for item in query.split(separator: "&") where !item.isEmpty {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let key = parts[0].removingPercentEncoding, let value = parts[1].replacingOccurrences(of: "+", with: " ").removingPercentEncoding else {
                throw ExploreEditError("'\(item)' is not a query item an explore address holds (set=NAME=VALUE)")
            }
            func whole<T: FixedWidthInteger>(_: T.Type) throws(ExploreEditError) -> T {
                guard let number = T(value), number >= 0 else { throw ExploreEditError("'\(key)=\(value)': \(key) is a whole number from 0 to \(T.max)") }
                return number
            }
            switch key {
            case "set":
                guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                    throw ExploreEditError("'set=\(value)' names no parameter: an edit is set=NAME=VALUE")
                }
                edits.append(ExploreEdit(name: String(value[..<equals]), value: String(value[value.index(after: equals)...])))
            case "lineup": lineup = try whole(Int.self)
            case "games": games = try whole(Int.self)
            case "seed": seed = try whole(UInt64.self)
            default: continue
            }
        }
    }
}

/// Why an address or a request holds no edits a design can take.
public struct ExploreEditError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
