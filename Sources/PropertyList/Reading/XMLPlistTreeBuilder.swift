import CLibXML2
import Diagnostics

/// Turns SAX2 events into a ``PlistNode`` tree with an explicit stack (never recursion, so the
/// depth limit protects the process, not just the result).
final class XMLPlistTreeBuilder {
    fileprivate enum Element: Equatable {
        case plist, dict, array, key, string, integer, real, `true`, `false`, date, data
    }

    private enum Frame {
        case plist(location: SourceLocation, value: PlistNode?)
        case array(location: SourceLocation, items: [PlistNode])
        case dict(location: SourceLocation, dictionary: PlistDictionary, pendingKey: (String, SourceLocation)?)
        /// A leaf element collecting its text.
        case text(Element, location: SourceLocation)
    }

    private let limits: PlistLimits
    private var stack: [Frame] = []
    private var text: [UInt8] = []
    private var root: PlistNode?
    private var error: PlistError?
    /// The array/dictionary nesting currently open, for the depth limit.
    private var containerDepth = 0

    init(limits: PlistLimits) {
        self.limits = limits
        stack.reserveCapacity(64)
        text.reserveCapacity(256)
    }

    func result() throws(PlistError) -> PlistNode {
        if let error { throw error }
        guard let root else { throw PlistError("no property-list value in the document", at: .start) }
        return root
    }

    // MARK: - Events

    private func start(_ name: Element?, rawName: UnsafePointer<xmlChar>?, at location: SourceLocation) -> PlistError? {
        guard let name else {
            let shown = rawName.map { String(cString: $0) } ?? "?"
            return PlistError("unknown element <\(shown)>", at: location)
        }
        switch stack.last {
        case .text(let parent, _):
            return PlistError("<\(name)> inside <\(parent)>; it holds text only", at: location)
        case .plist(_, .some):
            return PlistError("<plist> holds one value; found a second, <\(name)>", at: location)
        case .dict(_, _, let pendingKey):
            if pendingKey == nil, name != .key {
                return PlistError("<\(name)> in <dict> needs a <key> before it", at: location)
            }
            if let (key, keyLocation) = pendingKey, name == .key {
                return PlistError("key \"\(key)\" has no value", at: keyLocation)
            }
        case nil:
            if root != nil { return PlistError("a second root element <\(name)>", at: location) }
        default:
            if name == .key { return PlistError("<key> outside <dict>", at: location) }
        }
        switch name {
        case .plist:
            guard stack.isEmpty else { return PlistError("<plist> nested in a value", at: location) }
            stack.append(.plist(location: location, value: nil))
        case .dict, .array:
            containerDepth += 1
            if containerDepth > limits.maxDepth {
                return PlistError("nesting deeper than \(limits.maxDepth) levels", at: location)
            }
            stack.append(name == .dict
                ? .dict(location: location, dictionary: PlistDictionary(), pendingKey: nil)
                : .array(location: location, items: []))
        default:
            text.removeAll(keepingCapacity: true)
            stack.append(.text(name, location: location))
        }
        return nil
    }

    private func end() -> PlistError? {
        guard let frame = stack.popLast() else { return nil }
        switch frame {
        case .plist(let location, let value):
            guard let value else { return PlistError("<plist> holds no value", at: location) }
            return finish(value)
        case .array(let location, let items):
            containerDepth -= 1
            return finish(PlistNode(.array(items), at: location))
        case .dict(let location, let dictionary, let pendingKey):
            containerDepth -= 1
            if let (key, keyLocation) = pendingKey {
                return PlistError("key \"\(key)\" has no value", at: keyLocation)
            }
            return finish(PlistNode(convertingUID(dictionary), at: location))
        case .text(.key, let location):
            let key = String(decoding: text, as: UTF8.self)
            guard case .dict(let dictLocation, let dictionary, nil) = stack.popLast() else {
                return PlistError("<key> outside <dict>", at: location)
            }
            if dictionary.keys.contains(key) {
                let first = dictionary.keyLocation(key) ?? location
                return PlistError("duplicate key \"\(key)\" (first at \(first))", at: location)
            }
            stack.append(.dict(location: dictLocation, dictionary: dictionary, pendingKey: (key, location)))
            return nil
        case .text(let element, let location):
            switch XMLScalar.value(of: element.scalarKind, text: text) {
            case .success(let value): return finish(PlistNode(value, at: location))
            case .failure(let message): return PlistError(message.text, at: location)
            }
        }
    }

    /// Attaches a finished value to its parent (or makes it the root).
    private func finish(_ node: PlistNode) -> PlistError? {
        switch stack.popLast() {
        case nil:
            root = node
        case .plist(let location, _):
            stack.append(.plist(location: location, value: node))
        case .array(let location, var items):
            items.append(node)
            stack.append(.array(location: location, items: items))
        case .dict(let location, var dictionary, let pendingKey):
            guard let (key, keyLocation) = pendingKey else {
                return PlistError("value without a <key>", at: node.location)
            }
            dictionary.insertNew(key, node, keyLocation: keyLocation)
            stack.append(.dict(location: location, dictionary: dictionary, pendingKey: nil))
        case .text(let element, let location):
            return PlistError("value inside <\(element)>", at: location)
        }
        return nil
    }

    /// CoreFoundation reads `<dict><key>CF$UID</key><integer>n</integer></dict>` as a UID; so
    /// do we, so that keyed archives survive XML ↔ binary conversion. CoreFoundation's UIDs are
    /// 32-bit; binary plists allow 64, so any non-negative integer is taken, and every UID the
    /// writers emit reads back as one.
    private func convertingUID(_ dictionary: PlistDictionary) -> PlistValue {
        if dictionary.count == 1, let n = dictionary["CF$UID"]?.value.integer?.uint64Value {
            return .uid(n)
        }
        return .dictionary(dictionary)
    }

    private func characters(_ bytes: UnsafeBufferPointer<UInt8>, _ context: xmlParserCtxtPtr) -> PlistError? {
        if case .text = stack.last {
            text.append(contentsOf: bytes)
            return nil
        }
        guard let first = bytes.firstIndex(where: { !$0.isPlistSpace }) else { return nil }
        return PlistError("text outside a value element", at: XMLPosition.textStart(context, trailingBytes: bytes.count - first))
    }

    // MARK: - libxml2 glue

    fileprivate func fail(_ error: PlistError, _ context: xmlParserCtxtPtr) {
        if self.error == nil { self.error = error }
        xmlStopParser(context)
    }

    fileprivate static func attached(_ ctx: UnsafeMutableRawPointer?) -> (XMLPlistTreeBuilder, xmlParserCtxtPtr)? {
        guard let ctx else { return nil }
        let context = ctx.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let opaque = context.pointee._private else { return nil }
        return (Unmanaged<XMLPlistTreeBuilder>.fromOpaque(opaque).takeUnretainedValue(), context)
    }

    /// Built per parse: a C struct of function pointers is not Sendable, so it is not a global.
    static func makeSAXHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { ctx, localName, _, _, _, _, _, _, _ in
            guard let (builder, context) = XMLPlistTreeBuilder.attached(ctx), builder.error == nil else { return }
            let location = XMLPosition.elementStart(context)
            if let error = builder.start(XMLPlistTreeBuilder.Element(localName), rawName: localName, at: location) {
                builder.fail(error, context)
            }
        }
        handler.endElementNs = { ctx, _, _, _ in
            guard let (builder, context) = XMLPlistTreeBuilder.attached(ctx), builder.error == nil else { return }
            if let error = builder.end() { builder.fail(error, context) }
        }
        handler.characters = { ctx, chars, length in
            guard let (builder, context) = XMLPlistTreeBuilder.attached(ctx), builder.error == nil, let chars, length > 0 else { return }
            let bytes = UnsafeBufferPointer(start: chars, count: Int(length))
            if let error = builder.characters(bytes, context) {
                builder.fail(error, context)
            }
        }
        handler.entityDecl = { ctx, name, _, _, _, _ in
            guard let (builder, context) = XMLPlistTreeBuilder.attached(ctx) else { return }
            let shown = name.map { String(cString: $0) } ?? "?"
            builder.fail(PlistError(
                "entity declaration \"\(shown)\" refused: property lists use only the predefined entities",
                at: XMLPosition.current(context)), context)
        }
        handler.reference = { ctx, name in
            guard let (builder, context) = XMLPlistTreeBuilder.attached(ctx) else { return }
            let shown = name.map { String(cString: $0) } ?? "?"
            builder.fail(PlistError("undefined entity &\(shown);", at: XMLPosition.current(context)), context)
        }
        handler.serror = { userData, error in
            // With a structured handler libxml2 passes the parser context as user data.
            guard let (builder, context) = XMLPlistTreeBuilder.attached(userData), let error else { return }
            guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            builder.fail(XMLPosition.error(from: error.pointee, context), context)
        }
        return handler
    }
}

extension XMLPlistTreeBuilder.Element {
    /// Matches libxml2's interned element name without building a String.
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
