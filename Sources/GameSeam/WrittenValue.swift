import PropertyList

/// Where a design's files write a parameter, and the value as they would write it: what
/// `explore` edits to save an edited design (only that value's text changes, the file's
/// layout and comments kept) and to check an edit as `check` checks the file.
public struct WrittenValue: Sendable, Equatable {
    /// The design's file, by the name the game asks its ``DesignFolder`` for
    /// ("DefaultGameParameters.plist").
    public var file: String
    public var path: PlistPath
    public var value: PlistValue

    public init(file: String, path: PlistPath, value: PlistValue) {
        self.file = file
        self.path = path
        self.value = value
    }

    /// `text` as a design file writes a number: a whole one as an integer, else a real (what
    /// `--set` reads as a number, "1e2" too); nil for text that is no finite number.
    public static func numeric(_ text: String) -> PlistValue? {
        if let n = Int64(text) { return .integer(PlistInteger(n)) }
        guard let x = Double(text), x.isFinite else { return nil }
        return .real(x)
    }

    /// The index of the one entry where `old` and `new` differ: a value set on every entry
    /// of a list (every variant, every game) that one edit can write because it changes one
    /// entry alone. The first entry when none changes (writing it again changes nothing); nil
    /// when several change, the lists differ in length, or there is no entry.
    public static func onlyChanged<T: Equatable>(_ old: [T], to new: [T]) -> Int? {
        guard old.count == new.count else { return nil }
        let changed = old.indices.filter { old[$0] != new[$0] }
        return changed.count <= 1 ? changed.first ?? old.indices.first : nil
    }

    /// The same, every entry of `old` set to `value`.
    public static func onlyChanged<T: Equatable>(_ old: [T], toEach value: T) -> Int? {
        onlyChanged(old, to: old.map { _ in value })
    }

    /// `text` as a design file writes a number or an expression: a number as ``numeric(_:)``
    /// writes it, anything else as a string (an expression's text).
    public static func number(_ text: String) -> PlistValue {
        numeric(text) ?? .string(text)
    }
}

extension PlayableGame {
    public func written(_ name: String, value: String, in playable: Playable) -> WrittenValue? { nil }
}
