import Diagnostics

/// One value to write at a key path of a property list, for ``XMLPlistText/applying(_:to:)``.
///
/// Equatable, not Hashable: ``PlistValue`` is not Hashable (its equality treats NaNs as equal
/// and dictionaries as unordered, which a hash would have to follow).
public struct PlistTextEdit: Sendable, Equatable {
    public var path: PlistPath
    /// A string, integer, real or boolean; other values are refused.
    public var value: PlistValue

    public init(path: PlistPath, value: PlistValue) {
        self.path = path
        self.value = value
    }
}

/// Why ``XMLPlistText`` cannot make an edit: the file is not an XML plist (binary or JSON), the
/// path leads nowhere (a missing key in the middle, an index out of range, a step into a
/// scalar), the target is an array or dictionary, or the value is not a scalar.
public struct PlistTextEditError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// The file cannot be edited as UTF-8 XML text; says what it is instead
        /// ("a binary property list", "a JSON property list", …).
        case notXML(String)
        /// The property-list reader refuses the file; its message.
        case unreadable(String)
        /// A key before the path's last step is missing from the dict at `in`.
        case missingKey(String, in: PlistPath)
        /// The array at `in` has `count` items, none at the index.
        case indexOutOfRange(Int, count: Int, in: PlistPath)
        /// The value at `at` (of type `typeName`) cannot take the step: a key into an array, an
        /// index into a dict, any step into a scalar.
        case noSuchStep(PlistPath.Component, at: PlistPath, typeName: String)
        /// The path ends at a value that is not a leaf element (an array, a dict, a UID).
        case containerTarget(typeName: String)
        /// The new value is not a string, integer, real or boolean.
        case notAScalar(typeName: String)
        /// The new value or key holds text XML 1.0 cannot represent.
        case unwritable(String)
        /// The editor's own check failed: the element it found or the file it wrote is not what
        /// the reader says. A bug guard; it should never be seen.
        case internalMismatch(String)
    }

    /// The edit's path; empty for problems with the whole file.
    public var path: PlistPath
    public var reason: Reason

    public init(path: PlistPath, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        let target = "cannot set \(Self.shown(path))"
        switch reason {
        case .notXML(let what):
            return "cannot edit \(what) as text: only UTF-8 XML property lists keep their layout when edited"
        case .unreadable(let message):
            return "cannot edit a file the property-list reader refuses: \(message)"
        case .missingKey(let key, let parent):
            return "\(target): \(Self.shown(parent)) has no key \"\(key)\""
        case .indexOutOfRange(let index, let count, let parent):
            return "\(target): \(Self.shown(parent)) has \(count) item\(count == 1 ? "" : "s"), so no [\(index)]"
        case .noSuchStep(let step, let at, let typeName):
            let wanted = switch step {
            case .key(let key): "key \"\(key)\""
            case .index(let index): "item [\(index)]"
            }
            return "\(target): \(Self.shown(at)) is \(Self.article(typeName)), which has no \(wanted)"
        case .containerTarget(let typeName):
            return "\(target): it is \(Self.article(typeName)); only a string, integer, real, boolean, date or data value can be replaced"
        case .notAScalar(let typeName):
            return "\(target) to \(Self.article(typeName)): only a string, integer, real or boolean can be written"
        case .unwritable(let why):
            return "\(target): \(why)"
        case .internalMismatch(let why):
            return "\(target): \(why) (a bug in the property-list text editor)"
        }
    }

    private static func shown(_ path: PlistPath) -> String { path.depth == 0 ? "the root value" : path.description }

    private static func article(_ typeName: String) -> String {
        ((typeName.first.map { "aeio".contains($0) } ?? false) ? "an " : "a ") + typeName
    }
}

/// Edits scalar values of an XML property list as text, keeping every other byte.
///
/// `playbench explore --save-to` writes a designer's edited design into a new folder where only
/// the edited values' text changes: comments, indentation, key order, blank lines and entity
/// spellings stay as the designer wrote them, so that a diff shows the edit and nothing else.
/// Writing the tree back with ``XMLPlistWriter`` would lose all of that.
///
/// ```swift
/// let before = Array("<plist><dict><!-- cap --><key>max</key><integer>4</integer></dict></plist>".utf8)
/// let after = try XMLPlistText.applying(
///     [PlistTextEdit(path: PlistPath([.key("max")]), value: .real(4.5))], to: before)
/// // "<plist><dict><!-- cap --><key>max</key><real>4.5</real></dict></plist>"
/// ```
///
/// Each edit's element is found where the reader says it starts (every ``PlistNode`` keeps the
/// line and column of its element's `<`), and the text is re-read afterwards to check the result.
public enum XMLPlistText {
    /// `bytes` with each edit's value written at its path, every other byte kept.
    ///
    /// An existing value's element is replaced whole by the new value's (its type may change);
    /// a key missing from an existing dict is added as that dict's last entry, laid out like
    /// its other entries. Edits may come in any order; of two edits to one path the last wins.
    public static func applying(_ edits: [PlistTextEdit], to bytes: [UInt8]) throws(PlistTextEditError) -> [UInt8] {
        if let what = refusal(bytes) { throw PlistTextEditError(path: PlistPath(), reason: .notXML(what)) }
        let tree: PlistNode
        do {
            tree = try PlistReader.read(bytes: bytes)
        } catch {
            throw PlistTextEditError(path: PlistPath(), reason: .unreadable(error.description))
        }
        let text = XMLText(bytes)
        var splices: [Splice] = []
        // New keys per dict (by the dict's offset), in the order their edits first came, so
        // that all of one dict's new entries go in with one splice.
        var newEntries: [Int: (dict: PlistNode, path: PlistPath, entries: [(key: [UInt8], element: [UInt8])])] = [:]
        var expected = tree
        for edit in lastPerPath(edits) {
            let element = try elementText(edit.value, path: edit.path)
            switch try locate(edit.path, in: tree) {
            case .existing(let node):
                splices.append(Splice(range: try text.elementRange(of: node, path: edit.path), replacement: element))
            case .newKey(let key, let dict):
                let start = try text.elementStart(of: dict, path: edit.path)
                let entry = (key: try escaped(key, path: edit.path), element: element)
                newEntries[start, default: (dict, edit.path, [])].entries.append(entry)
            }
            setValue(edit.value, at: edit.path.components[...], in: &expected)
        }
        for (dict, path, entries) in newEntries.values {
            splices.append(try text.insertion(of: entries, into: dict, path: path))
        }
        // From the end backwards, so that every offset found in the original stays valid.
        var output = bytes
        var applied = bytes.count
        for splice in splices.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            guard splice.range.upperBound <= applied else {
                throw PlistTextEditError(path: edits.last?.path ?? PlistPath(), reason: .internalMismatch("two edits overlap in the text"))
            }
            output.replaceSubrange(splice.range, with: splice.replacement)
            applied = splice.range.lowerBound
        }
        guard let reread = try? PlistReader.read(bytes: output), reread == expected else {
            throw PlistTextEditError(
                path: edits.last?.path ?? PlistPath(), reason: .internalMismatch("the edited file does not read back as the edited values"))
        }
        return output
    }

    /// Why `bytes` cannot be edited as UTF-8 XML text, or nil when they may be. Text this
    /// writes is UTF-8, and positions are converted to byte offsets as UTF-8.
    private static func refusal(_ bytes: [UInt8]) -> String? {
        if PlistReader.isBinary(bytes) { return "a binary property list" }
        // UTF-16 and UTF-32, with a byte-order mark or without (a NUL among the first bytes).
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.prefix(4).contains(0) {
            return "a UTF-16 or UTF-32 file"
        }
        let body = bytes.starts(with: XMLText.byteOrderMark) ? bytes.dropFirst(3) : bytes[...]
        let first = body.first { !$0.isPlistSpace }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return "a JSON property list" }
        if let encoding = declaredEncoding(body), !["utf-8", "utf8"].contains(encoding.lowercased()) {
            return "a file in \(encoding)"
        }
        return nil
    }

    /// The `encoding` of the XML declaration, if the file has one that names it.
    private static func declaredEncoding(_ body: ArraySlice<UInt8>) -> String? {
        guard body.starts(with: "<?xml".utf8),
            let end = body.indices.first(where: { body[$0] == UInt8(ascii: ">") }),
            let name = XMLText.firstIndex(of: Array("encoding".utf8), in: body[..<end])
        else { return nil }
        var i = name + "encoding".utf8.count
        while i < end, body[i].isPlistSpace || body[i] == UInt8(ascii: "=") { i += 1 }
        guard i < end, body[i] == UInt8(ascii: "\"") || body[i] == UInt8(ascii: "'"),
            let close = body[(i + 1)..<end].firstIndex(of: body[i])
        else { return nil }
        return String(decoding: body[(i + 1)..<close], as: UTF8.self)
    }

    /// Each path once, where it first came, with the value of its last edit.
    private static func lastPerPath(_ edits: [PlistTextEdit]) -> [PlistTextEdit] {
        var unique: [PlistTextEdit] = []
        var slot: [PlistPath: Int] = [:]
        for edit in edits {
            if let i = slot[edit.path] {
                unique[i].value = edit.value
            } else {
                slot[edit.path] = unique.count
                unique.append(edit)
            }
        }
        return unique
    }

    private enum Target {
        case existing(PlistNode)
        /// The path's last key, missing from the dict it names.
        case newKey(String, in: PlistNode)
    }

    private static func locate(_ path: PlistPath, in root: PlistNode) throws(PlistTextEditError) -> Target {
        func fail(_ reason: PlistTextEditError.Reason) -> PlistTextEditError { PlistTextEditError(path: path, reason: reason) }
        var node = root
        for (depth, step) in path.components.enumerated() {
            let here = PlistPath(Array(path.components.prefix(depth)))
            switch (step, node.value) {
            case (.key(let key), .dictionary(let dictionary)):
                if let child = dictionary[key] {
                    node = child
                } else if depth == path.depth - 1 {
                    return .newKey(key, in: node)
                } else {
                    throw fail(.missingKey(key, in: here))
                }
            case (.index(let index), .array(let items)):
                guard items.indices.contains(index) else { throw fail(.indexOutOfRange(index, count: items.count, in: here)) }
                node = items[index]
            default:
                throw fail(.noSuchStep(step, at: here, typeName: node.value.typeName))
            }
        }
        switch node.value {
        case .array, .dictionary, .uid: throw fail(.containerTarget(typeName: node.value.typeName))
        default: return .existing(node)
        }
    }

    /// Sets `value` at `path` in `node`, as the edited file must read back; the path is one
    /// ``locate(_:in:)`` has found.
    private static func setValue(_ value: PlistValue, at path: ArraySlice<PlistPath.Component>, in node: inout PlistNode) {
        guard let step = path.first else {
            node.value = value
            return
        }
        switch (step, node.value) {
        case (.key(let key), .dictionary(var dictionary)):
            var child = dictionary[key] ?? PlistNode(value)
            setValue(value, at: path.dropFirst(), in: &child)
            dictionary[key] = child
            // The reader takes a dict of one non-negative integer `CF$UID` for a keyed-archive UID.
            if dictionary.count == 1, let uid = dictionary["CF$UID"]?.value.integer?.uint64Value {
                node.value = .uid(uid)
            } else {
                node.value = .dictionary(dictionary)
            }
        case (.index(let index), .array(var items)) where items.indices.contains(index):
            setValue(value, at: path.dropFirst(), in: &items[index])
            node.value = .array(items)
        default:
            break
        }
    }

    /// The element a value is written as.
    private static func elementText(_ value: PlistValue, path: PlistPath) throws(PlistTextEditError) -> [UInt8] {
        switch value {
        case .string(let string): Array("<string>".utf8) + (try escaped(string, path: path)) + Array("</string>".utf8)
        case .integer(let integer): Array("<integer>\(integer)</integer>".utf8)
        // The writer's shortest round-tripping text; its exponents (`1e-05`) are ones the reader takes.
        case .real(let real): Array("<real>\(XMLPlistWriter.realText(real))</real>".utf8)
        case .boolean(let flag): Array((flag ? "<true/>" : "<false/>").utf8)
        default: throw PlistTextEditError(path: path, reason: .notAScalar(typeName: value.typeName))
        }
    }

    /// Text as XML character data, escaped as ``XMLPlistWriter`` escapes it.
    private static func escaped(_ text: String, path: PlistPath) throws(PlistTextEditError) -> [UInt8] {
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": bytes += "&amp;".utf8
            case "<": bytes += "&lt;".utf8
            case ">": bytes += "&gt;".utf8
            // A literal CR would read back as a line feed.
            case "\r": bytes += "&#13;".utf8
            case "\t", "\n": bytes.append(UInt8(scalar.value))
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                let code = String(scalar.value, radix: 16, uppercase: true)
                throw PlistTextEditError(path: path, reason: .unwritable("the text holds U+\(code), which XML cannot represent"))
            default:
                bytes += String(scalar).utf8
            }
        }
        return bytes
    }
}

/// Bytes that replace a range of the original file.
private struct Splice {
    var range: Range<Int>
    var replacement: [UInt8]
}

/// The original file's bytes, with what the editor needs to find its way in them.
private struct XMLText {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    let bytes: [UInt8]
    /// The offset of each line's first byte. Lines end at LF only (a CR is a character on its
    /// line, as libxml2 counts), and libxml2 does not count the byte-order mark: line 1 starts
    /// after it.
    let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [bytes.starts(with: Self.byteOrderMark) ? 3 : 0]
        for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(i + 1) }
        lineStarts = starts
    }

    /// The byte offset of a location the XML reader reported: the column counts characters
    /// (UTF-8 sequences), not bytes.
    func offset(of location: SourceLocation) -> Int? {
        guard location.line >= 1, location.line <= lineStarts.count, location.column >= 1 else { return nil }
        var i = lineStarts[location.line - 1]
        for _ in 1..<location.column {
            guard i < bytes.count, bytes[i] != UInt8(ascii: "\n") else { return nil }
            i += 1
            while i < bytes.count, bytes[i] & 0xC0 == 0x80 { i += 1 }
        }
        return i
    }

    /// Where `node`'s element starts, checked to be a start tag of the element its value is
    /// written as.
    func elementStart(of node: PlistNode, path: PlistPath) throws(PlistTextEditError) -> Int {
        let name = switch node.value {
        case .boolean(let flag): flag ? "true" : "false"
        case .uid: "dict"
        default: node.value.typeName
        }
        guard let start = offset(of: node.location), isStartTag(name, at: start) else {
            throw PlistTextEditError(path: path, reason: .internalMismatch("no <\(name)> where the reader put it (\(node.location))"))
        }
        return start
    }

    /// The bytes of `node`'s element, from its `<` to the end of its closing tag.
    func elementRange(of node: PlistNode, path: PlistPath) throws(PlistTextEditError) -> Range<Int> {
        let start = try elementStart(of: node, path: path)
        guard let end = elementEnd(from: start) else {
            throw PlistTextEditError(path: path, reason: .internalMismatch("the element at \(node.location) does not end"))
        }
        return start..<end
    }

    private func isStartTag(_ name: String, at offset: Int) -> Bool {
        let tag = [UInt8(ascii: "<")] + Array(name.utf8)
        let after = offset + tag.count
        guard after < bytes.count, bytes[offset..<after].elementsEqual(tag) else { return false }
        return bytes[after] == UInt8(ascii: ">") || bytes[after] == UInt8(ascii: "/") || bytes[after].isPlistSpace
    }

    /// The end of the element whose start tag begins at `start`: past its matching end tag, or
    /// past the start tag itself when it closes itself. Comments, CDATA sections and processing
    /// instructions are skipped whole, so that a `</string>` or `<key>` inside them is not taken
    /// for a tag; the file is well-formed (the reader took it), so no other text holds a `<`.
    func elementEnd(from start: Int) -> Int? {
        var depth = 0
        var i = start
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else {
                guard let next = bytes[i...].firstIndex(of: UInt8(ascii: "<")) else { return nil }
                i = next
                continue
            }
            if let skipped = end(of: "<!--", "-->", at: i) ?? end(of: "<![CDATA[", "]]>", at: i) ?? end(of: "<?", "?>", at: i) {
                i = skipped
            } else if bytes[i...].starts(with: "</".utf8) {
                guard let close = bytes[i...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
                i = close + 1
                depth -= 1
                if depth == 0 { return i }
            } else {
                guard let close = startTagEnd(from: i) else { return nil }
                i = close + 1
                if bytes[close - 1] != UInt8(ascii: "/") { depth += 1 } else if depth == 0 { return i }
            }
        }
        return nil
    }

    /// When a construct opened by `open` starts at `i`, the offset just past its `close`.
    private func end(of open: String, _ close: String, at i: Int) -> Int? {
        guard bytes[i...].starts(with: open.utf8) else { return nil }
        let closing = Array(close.utf8)
        guard let found = Self.firstIndex(of: closing, in: bytes[(i + open.utf8.count)...]) else { return bytes.count }
        return found + closing.count
    }

    /// The `>` of the start tag at `i`, past any quoted attribute value (which may hold a `>`).
    private func startTagEnd(from i: Int) -> Int? {
        var quote: UInt8?
        for j in (i + 1)..<bytes.count {
            let byte = bytes[j]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return j
            }
        }
        return nil
    }

    static func firstIndex(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard let first = needle.first, needle.count <= haystack.count else { return nil }
        var i = haystack.startIndex
        while let candidate = haystack[i...].firstIndex(of: first), candidate + needle.count <= haystack.endIndex {
            if haystack[candidate..<(candidate + needle.count)].elementsEqual(needle) { return candidate }
            i = candidate + 1
        }
        return nil
    }

    // MARK: New entries

    /// The splice that adds `entries` (escaped keys and their value elements) at the end of
    /// `dict`, each on a line of its own, laid out like the dict's last entry.
    func insertion(of entries: [(key: [UInt8], element: [UInt8])], into dict: PlistNode, path: PlistPath) throws(PlistTextEditError) -> Splice {
        let range = try elementRange(of: dict, path: path)
        let newline = lineEnding
        let indent: [UInt8], separator: [UInt8]
        if let last = dict.value.dictionary?.entries.last {
            // Copy the last entry's layout: its key line's indentation, and what lies between
            // its key and its value when that is only white space.
            guard let keyStart = offset(of: last.keyLocation), isStartTag("key", at: keyStart), let keyEnd = elementEnd(from: keyStart),
                let valueStart = offset(of: last.value.location), keyEnd <= valueStart
            else {
                throw PlistTextEditError(path: path, reason: .internalMismatch("no <key> where the reader put it (\(last.keyLocation))"))
            }
            indent = indentation(ofLineAt: keyStart)
            let between = bytes[keyEnd..<valueStart]
            separator = between.allSatisfy(\.isPlistSpace) ? Array(between) : newline + indent
        } else {
            indent = indentation(ofLineAt: range.lowerBound) + indentUnit
            separator = newline + indent
        }
        let lines = entries.map { indent + Array("<key>".utf8) + $0.key + Array("</key>".utf8) + separator + $0.element }

        if bytes[range.upperBound - 2] == UInt8(ascii: "/") {
            // `<dict/>`: the empty dict opens up around its new entries.
            let closing = newline + indentation(ofLineAt: range.lowerBound) + Array("</dict>".utf8)
            let opened = Array("<dict>".utf8) + lines.flatMap { newline + $0 } + closing
            return Splice(range: range, replacement: opened)
        }
        // The end tag's `<` is the element's last: no other `<` can follow it inside the element.
        guard let close = bytes[range].lastIndex(of: UInt8(ascii: "<")) else {
            throw PlistTextEditError(path: path, reason: .internalMismatch("no </dict> in the dict at \(dict.location)"))
        }
        let lineStart = self.lineStart(of: close)
        if bytes[lineStart..<close].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
            // `</dict>` on a line of its own: the entries go on lines just above it.
            return Splice(range: lineStart..<lineStart, replacement: lines.flatMap { $0 + newline })
        }
        // `</dict>` after other text on its line: it moves to a line of its own below them.
        return Splice(range: close..<close, replacement: lines.flatMap { newline + $0 } + newline + indentation(ofLineAt: close))
    }

    private func lineStart(of offset: Int) -> Int {
        let start = bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return start == 0 && bytes.starts(with: Self.byteOrderMark) ? min(3, offset) : start
    }

    /// The spaces and tabs that open the line holding `offset`.
    private func indentation(ofLineAt offset: Int) -> [UInt8] {
        Array(bytes[lineStart(of: offset)...].prefix { $0 == 0x20 || $0 == 0x09 })
    }

    /// The file's line ending: CRLF when its first line ends so, else LF.
    private var lineEnding: [UInt8] {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return [0x0A] }
        return newline > 0 && bytes[newline - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A]
    }

    /// One level of the file's indentation, for the first entry of an empty dict: the shortest
    /// indentation of a line that starts with a tag (a tab when no line is indented).
    private var indentUnit: [UInt8] {
        var shortest: [UInt8]?
        for start in lineStarts {
            let indent = bytes[start...].prefix { $0 == 0x20 || $0 == 0x09 }
            guard !indent.isEmpty, indent.endIndex < bytes.count, bytes[indent.endIndex] == UInt8(ascii: "<") else { continue }
            if indent.count < shortest?.count ?? .max { shortest = Array(indent) }
        }
        return shortest ?? [0x09]
    }
}
