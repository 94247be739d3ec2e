import Foundation

/// A parameter's value as the page sets it: the text `--set NAME=VALUE` would take.
public struct ExploreEdit: Sendable, Codable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Edits as a page's address carries them: `set=NAME=VALUE` items of a query, each
    /// percent-encoded, in order ("?set=dailyExpense%3D400&set=roundTime%3D200").
    public static func query(_ edits: [ExploreEdit]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return edits.map { edit in
            "set=" + "\(edit.name)=\(edit.value)".addingPercentEncoding(withAllowedCharacters: allowed)!
        }.joined(separator: "&")
    }

    /// The edits of an address or of its query alone (what ``query(_:)`` wrote, or an address
    /// holding it), or why there are none: an item other than `set`, or one without a name.
    public static func edits(fromAddress text: String) -> Result<[ExploreEdit], ExploreEditError> {
        var query = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let mark = query.firstIndex(of: "?") {
            query = String(query[query.index(after: mark)...])
        } else if query.contains("://") || query.hasPrefix("/") {
            query = ""  // an address without a query: the page as designed
        }
        if let hash = query.firstIndex(of: "#") { query = String(query[..<hash]) }
        var edits: [ExploreEdit] = []
        for item in query.split(separator: "&") where !item.isEmpty {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let key = parts[0].removingPercentEncoding, let value = parts[1].replacingOccurrences(of: "+", with: " ").removingPercentEncoding else {
                return .failure(ExploreEditError("'\(item)' is not a query item an explore address holds (set=NAME=VALUE)"))
            }
            guard key == "set" else { continue }
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                return .failure(ExploreEditError("'set=\(value)' names no parameter: an edit is set=NAME=VALUE"))
            }
            edits.append(ExploreEdit(name: String(value[..<equals]), value: String(value[value.index(after: equals)...])))
        }
        return .success(edits)
    }
}

/// Why an address or a request holds no edits a design can take.
public struct ExploreEditError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
