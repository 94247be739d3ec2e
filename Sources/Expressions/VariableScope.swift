/// The variables an expression may use, in slot order: the name at index `i` is read from slot
/// `i` of `VariableValues` when the expression is evaluated.
///
/// A scope can also list names that are variables *elsewhere* (in another scope of the same
/// game), so that using one gives "only available in …" instead of "unknown variable", and so
/// that misspellings of them still get a suggestion.
///
/// ```swift
/// let scope = VariableScope(["x", "y"])
/// let e = try Expression(parsing: "x * y", variables: scope)
/// var values = VariableValues()
/// values[0] = 3   // x
/// values[1] = 4   // y
/// e.evaluate(values)  // 12.0
/// ```
public struct VariableScope: Sendable, Hashable {
    /// A name that is a variable somewhere else, and where it is available (for the message
    /// `variable "timeLeft" is only available in <availableIn>`).
    public struct Elsewhere: Sendable, Hashable {
        public var name: String
        public var availableIn: String

        public init(_ name: String, availableIn: String) {
            self.name = name
            self.availableIn = availableIn
        }
    }

    /// The allowed names; a name's index is its slot.
    public let names: [String]
    /// Names that are variables elsewhere, in the order suggestions prefer them.
    public let elsewhere: [Elsewhere]

    /// A scope of `names` in slot order. At most `VariableValues.capacity` names, no duplicates,
    /// each an identifier (`[A-Za-z_][A-Za-z0-9_]*`): a scope is written by a programmer, so a
    /// violation is a programming error and traps.
    public init(_ names: [String], elsewhere: [Elsewhere] = []) {
        precondition(names.count <= VariableValues.capacity,
                     "a scope holds at most \(VariableValues.capacity) variables, got \(names.count)")
        precondition(Set(names).count == names.count, "duplicate variable in scope \(names)")
        precondition(names.allSatisfy(Self.isIdentifier), "a variable name must be an identifier: \(names)")
        self.names = names
        self.elsewhere = elsewhere.filter { !names.contains($0.name) }
    }

    /// The slot of `name`, or nil when it is not in this scope.
    public func slot(of name: String) -> Int? {
        names.firstIndex(of: name)
    }

    /// Where `name` is available, when it is a variable of another scope.
    public func availability(of name: String) -> String? {
        elsewhere.first { $0.name == name }?.availableIn
    }

    /// Every name worth suggesting for a misspelling: this scope's first, so that a tie prefers
    /// a variable that would actually work here.
    var suggestionCandidates: [String] {
        names + elsewhere.map(\.name)
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return name.utf8.allSatisfy { b in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: "_")
        }
    }
}
