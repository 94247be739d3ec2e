import CLibXML2
import Diagnostics

/// Turns SAX2 events into a ``PlistNode`` tree with an explicit stack (never recursion, so the
/// depth limit protects the process, not just the result).
///
/// Finished values wait on one flat stack until their container closes, which then takes its
/// slice in one allocation; dictionary keys wait on a second. Frames only mark where each open
/// container's values and keys start. The state is a struct the callbacks reach through a
/// pointer: no reference counting on the stacks and no dynamic exclusivity checks per event,
/// which is where a class-based builder spent a third of its time.
struct XMLPlistTreeBuilder {
    enum Element: Equatable {
        case plist, dict, array, key, string, integer, real, `true`, `false`, date, data
    }

    private enum ContainerKind { case plist, array, dict }

    private struct Frame {
        var kind: ContainerKind
        var location: SourceLocation
        var valueStart: Int
        var keyStart: Int
    }

    private let limits: PlistLimits
    /// A MovingStack rather than an array: no uniqueness or bounds checks on every event.
    private let frames = MovingStack<Frame>(capacity: 64)
    /// The keys of open dictionaries grown past a dozen, by frame index, for O(1) duplicate
    /// checks. Kept outside `Frame` so that frames stay plain values (no reference counting).
    private var keySets: [Int: Set<String>] = [:]
    private let values = MovingStack<PlistNode>()
    private let keys = MovingStack<(String, SourceLocation)>(capacity: 64)
    /// The leaf element collecting text, if one is open.
    private var textElement: Element?
    private var textLocation = SourceLocation.start
    private let text = TextBuffer()
    private var root: PlistNode?
    private(set) var error: PlistError?
    /// Set with `error`; the callbacks test this plain flag on every event.
    private(set) var failed = false
    /// Arrays and dictionaries currently open, for the depth limit.
    private var containerDepth = 0

    init(limits: PlistLimits) {
        self.limits = limits
    }

    func result() throws(PlistError) -> PlistNode {
        if let error { throw error }
        guard let root else { throw PlistError("no property-list value in the document", at: .start) }
        return root
    }

    private func hasPendingKey(_ frame: Frame) -> Bool {
        keys.count - frame.keyStart > values.count - frame.valueStart
    }

    // MARK: - Events

    @inline(__always)
    private mutating func start(_ name: Element?, rawName: UnsafePointer<xmlChar>?, at location: SourceLocation) -> PlistError? {
        guard let name else {
            let shown = rawName.map { String(cString: $0) } ?? "?"
            return PlistError("unknown element <\(shown)>", at: location)
        }
        if let parent = textElement {
            return PlistError("<\(name)> inside <\(parent)>; it holds text only", at: location)
        }
        if let frame = frames.last {
            switch frame.kind {
            case .plist:
                if values.count > frame.valueStart {
                    return PlistError("<plist> holds one value; found a second, <\(name)>", at: location)
                }
                if name == .key { return PlistError("<key> outside <dict>", at: location) }
            case .dict:
                let pending = hasPendingKey(frame)
                if !pending, name != .key {
                    return PlistError("<\(name)> in <dict> needs a <key> before it", at: location)
                }
                if pending, name == .key {
                    let (key, keyLocation) = keys[keys.count - 1]
                    return PlistError("key \(quotedName(key)) has no value", at: keyLocation)
                }
            case .array:
                if name == .key { return PlistError("<key> outside <dict>", at: location) }
            }
        } else {
            if root != nil { return PlistError("a second root element <\(name)>", at: location) }
            if name == .key { return PlistError("<key> outside <dict>", at: location) }
        }
        switch name {
        case .plist:
            guard frames.isEmpty else { return PlistError("<plist> nested in a value", at: location) }
            frames.append(Frame(kind: .plist, location: location, valueStart: values.count, keyStart: keys.count))
        case .dict, .array:
            containerDepth += 1
            if containerDepth > limits.maxDepth {
                return PlistError("nesting deeper than \(limits.maxDepth) levels", at: location)
            }
            frames.append(Frame(kind: name == .dict ? .dict : .array, location: location, valueStart: values.count, keyStart: keys.count))
        default:
            textElement = name
            textLocation = location
            text.removeAll()
        }
        return nil
    }

    @inline(__always)
    private mutating func end() -> PlistError? {
        if let element = textElement {
            textElement = nil
            return element == .key ? endKey() : endScalar(element)
        }
        guard let frame = frames.popLast() else { return nil }
        switch frame.kind {
        case .plist:
            guard values.count > frame.valueStart else { return PlistError("<plist> holds no value", at: frame.location) }
            return finish(values.removeLast())
        case .array:
            containerDepth -= 1
            if values.count - frame.valueStart > limits.maxContainerEntries {
                return PlistError(limits.overfull("array", entries: values.count - frame.valueStart), at: frame.location)
            }
            return finish(PlistNode(.array(values.moveOut(from: frame.valueStart)), at: frame.location))
        case .dict:
            containerDepth -= 1
            if !keySets.isEmpty { keySets[frames.count] = nil }
            if hasPendingKey(frame) {
                let (key, keyLocation) = keys[keys.count - 1]
                return PlistError("key \(quotedName(key)) has no value", at: keyLocation)
            }
            // Keys and values move straight from their stacks into the entries: one allocation
            // (reserved, not `unsafeUninitializedCapacity`: see MovingStack.moveOut).
            let n = values.count - frame.valueStart
            if n > limits.maxContainerEntries { return PlistError(limits.overfull("dict", entries: n), at: frame.location) }
            var entries: [PlistDictionary.Entry] = []
            entries.reserveCapacity(n)
            for i in 0..<n {
                let (key, keyLocation) = keys.take(at: frame.keyStart + i)
                let value = values.take(at: frame.valueStart + i)
                entries.append(PlistDictionary.Entry(key: key, keyLocation: keyLocation, value: value))
            }
            values.forgetMoved(downTo: frame.valueStart)
            keys.forgetMoved(downTo: frame.keyStart)
            return finish(PlistNode(Self.convertingUID(PlistDictionary(uniqueEntries: entries)), at: frame.location))
        }
    }

    @inline(__always)
    private mutating func endKey() -> PlistError? {
        let key = String(decoding: text.bytes, as: UTF8.self)
        let last = frames.count - 1
        guard last >= 0, frames[last].kind == .dict else {
            return PlistError("<key> outside <dict>", at: textLocation)
        }
        let frame = frames[last]
        let isDuplicate = keySets[last].map { $0.contains(key) } ?? (firstLocation(of: key, from: frame.keyStart) != nil)
        if isDuplicate {
            let first = firstLocation(of: key, from: frame.keyStart) ?? textLocation
            return PlistError("duplicate key \(quotedName(key)) (first at \(first))", at: textLocation)
        }
        keys.append((key, textLocation))
        if keySets[last] != nil {
            keySets[last]?.insert(key)
        } else if keys.count - frame.keyStart > PlistDictionary.indexThreshold {
            var keySet = Set<String>(minimumCapacity: 2 * PlistDictionary.indexThreshold)
            for i in frame.keyStart..<keys.count { keySet.insert(keys[i].0) }
            keySets[last] = keySet
        }
        return nil
    }

    @inline(__always)
    private func firstLocation(of key: String, from start: Int) -> SourceLocation? {
        for i in start..<keys.count where keys[i].0 == key { return keys[i].1 }
        return nil
    }

    @inline(__always)
    private mutating func endScalar(_ element: Element) -> PlistError? {
        var problem = ""
        guard let value = XMLScalar.value(of: element.scalarKind, text: text.bytes, problem: &problem) else {
            return PlistError(problem, at: textLocation)
        }
        return finish(PlistNode(value, at: textLocation))
    }

    /// A finished value joins its container's values, or becomes the root.
    @inline(__always)
    private mutating func finish(_ node: consuming PlistNode) -> PlistError? {
        if frames.isEmpty {
            root = node
        } else {
            values.append(node)
        }
        return nil
    }

    /// CoreFoundation reads `<dict><key>CF$UID</key><integer>n</integer></dict>` as a UID; so
    /// do we, so that keyed archives survive XML ↔ binary conversion. CoreFoundation's UIDs are
    /// 32-bit; binary plists allow 64, so any non-negative integer is taken, and every UID the
    /// writers emit reads back as one.
    private static func convertingUID(_ dictionary: PlistDictionary) -> PlistValue {
        if dictionary.count == 1, let n = dictionary["CF$UID"]?.value.integer?.uint64Value {
            return .uid(n)
        }
        return .dictionary(dictionary)
    }

    @inline(__always)
    private mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>, _ context: xmlParserCtxtPtr) -> PlistError? {
        if let element = textElement {
            text.append(bytes)
            // Refused as it grows, before a huge string costs its memory.
            if text.count > limits.maxStringBytes, element == .string || element == .key {
                return PlistError(limits.overlong(element == .key ? "key" : "string", bytes: nil), at: textLocation)
            }
            return nil
        }
        guard let first = bytes.firstIndex(where: { !$0.isPlistSpace }) else { return nil }
        return PlistError("text outside a value element", at: XMLPosition.textStart(of: bytes, from: first, context))
    }

    // MARK: - libxml2 glue

    private mutating func fail(_ error: PlistError, _ context: xmlParserCtxtPtr) {
        if !failed {
            self.error = error
            failed = true
        }
        xmlStopParser(context)
    }

    /// Records the first error without stopping the parser: for errors raised from inside
    /// libxml2's input machinery, where stopping would leave it reading input it just freed.
    private mutating func record(_ error: PlistError) {
        if !failed {
            self.error = error
            failed = true
        }
    }

    /// For the thread's structured error handler during a parse (user data: the parser context):
    /// the errors libxml2 raises without a parser context, such as input its encoding converter
    /// cannot convert. Recorded, not stopped on (the parser fails by itself right after, and the
    /// first error is the one reported); without this handler libxml2 prints them to stderr.
    static let contextlessError: xmlStructuredErrorFunc = { userData, error in
        guard let (builder, context) = XMLPlistTreeBuilder.attached(userData), let error else { return }
        guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        builder.pointee.record(XMLPosition.error(from: error.pointee, context))
    }

    /// The builder the parse context carries, or nil once it has failed (no more work then).
    private static func attached(_ ctx: UnsafeMutableRawPointer?) -> (UnsafeMutablePointer<XMLPlistTreeBuilder>, xmlParserCtxtPtr)? {
        guard let ctx else { return nil }
        let context = ctx.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let opaque = context.pointee._private else { return nil }
        return (opaque.assumingMemoryBound(to: XMLPlistTreeBuilder.self), context)
    }

    /// Built per parse: a C struct of function pointers is not Sendable, so it is not a global.
    static func makeSAXHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { ctx, localName, _, _, _, _, _, _, _ in
            guard let (builder, context) = XMLPlistTreeBuilder.attached(ctx), !builder.pointee.failed else { return }
            let element = XMLPlistTreeBuilder.Element(localName)
            let location = if let element {
                XMLPosition.elementStart(context, nameLength: element.nameLength)
            } else {
                XMLPosition.elementStart(context)
            }
            if let error = builder.pointee.start(element, rawName: localName, at: location) {
                builder.pointee.fail(error, context)
            }
        }
        handler.endElementNs = { ctx, _, _, _ in
            guard let (builder, context) = XMLPlistTreeBuilder.attached(ctx), !builder.pointee.failed else { return }
            if let error = builder.pointee.end() { builder.pointee.fail(error, context) }
        }
        handler.characters = { ctx, chars, length in
            guard let (builder, context) = XMLPlistTreeBuilder.attached(ctx), !builder.pointee.failed,
                let chars, length > 0
            else { return }
            let bytes = UnsafeBufferPointer(start: chars, count: Int(length))
            if let error = builder.pointee.characters(bytes, context) {
                builder.pointee.fail(error, context)
            }
        }
        handler.entityDecl = { ctx, name, _, _, _, _ in
            guard let (builder, context) = XMLPlistTreeBuilder.attached(ctx) else { return }
            let shown = name.map { String(cString: $0) } ?? "?"
            builder.pointee.fail(PlistError(
                "entity declaration \"\(shown)\" refused: property lists use only the predefined entities",
                at: XMLPosition.current(context)), context)
        }
        handler.reference = { ctx, name in
            guard let (builder, context) = XMLPlistTreeBuilder.attached(ctx) else { return }
            let shown = name.map { String(cString: $0) } ?? "?"
            builder.pointee.fail(PlistError("undefined entity &\(shown);", at: XMLPosition.current(context)), context)
        }
        handler.serror = { userData, error in
            // With a structured handler libxml2 passes the parser context as user data.
            guard let (builder, context) = XMLPlistTreeBuilder.attached(userData), let error else { return }
            guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            builder.pointee.fail(XMLPosition.error(from: error.pointee, context), context)
        }
        return handler
    }
}

extension XMLPlistTreeBuilder.Element {
    /// Matches libxml2's interned element name without building a String.
    @inline(__always)
    init?(_ name: UnsafePointer<xmlChar>?) {
        guard let name else { return nil }
        func equals(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            let bytes = literal.utf8Start
            for i in 0..<count where name[i] != bytes[i] { return false }
            return name[count] == 0
        }
        switch name[0] {
        case UInt8(ascii: "k") where equals("key"): self = .key
        case UInt8(ascii: "s") where equals("string"): self = .string
        case UInt8(ascii: "i") where equals("integer"): self = .integer
        case UInt8(ascii: "d") where equals("dict"): self = .dict
        case UInt8(ascii: "d") where equals("date"): self = .date
        case UInt8(ascii: "d") where equals("data"): self = .data
        case UInt8(ascii: "a") where equals("array"): self = .array
        case UInt8(ascii: "r") where equals("real"): self = .real
        case UInt8(ascii: "t") where equals("true"): self = .true
        case UInt8(ascii: "f") where equals("false"): self = .false
        case UInt8(ascii: "p") where equals("plist"): self = .plist
        default: return nil
        }
    }

    /// The length of the tag name.
    var nameLength: Int {
        switch self {
        case .key: 3
        case .dict, .real, .true, .date, .data: 4
        case .plist, .array, .false: 5
        case .string: 6
        case .integer: 7
        }
    }

    var scalarKind: XMLScalar.Kind {
        switch self {
        case .integer: .integer
        case .real: .real
        case .true: .true
        case .false: .false
        case .date: .date
        case .data: .data
        default: .string
        }
    }
}
