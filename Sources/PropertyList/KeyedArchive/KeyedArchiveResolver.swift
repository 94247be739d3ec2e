import Diagnostics

/// Follows UIDs through `$objects`, writing the object graph out as a tree (the conventions are
/// ``KeyedArchive``'s). Recursive: the recursion is as deep as the tree it builds, which is
/// refused past ``PlistLimits/maxDepth``, so the stack stays bounded; every value it makes counts
/// against ``PlistLimits/maxUnarchivedValues``, so the time does too.
///
/// Paths in errors are where the value at fault is in the archive (`$objects[4].NS.objects[1]`);
/// the tokens it keeps are where a value goes in the tree it builds, for `$ref` markers.
struct KeyedArchiveResolver {
    private let objects: [PlistNode]
    private let limits: PlistLimits
    /// Class descriptions already read, by UID: an archive names a few classes many times.
    private var classes: [UInt64: ArchivedClass] = [:]
    /// The escaped JSON-pointer tokens of the value being built.
    private var outputTokens: [String] = []
    /// The UIDs being written out on the current path, each with the length of its pointer.
    private var inProgress: [UInt64: Int] = [:]
    private var valuesMade = 0

    init(objects: [PlistNode], limits: PlistLimits) {
        self.objects = objects
        self.limits = limits
    }

    mutating func resolveTop(_ top: PlistDictionary, at location: SourceLocation) throws(PlistError) -> PlistNode {
        let path = PlistPath([.key("$top")])
        try made(at: location, path, container: true)
        return PlistNode(.dictionary(try resolveEntries(of: top, path)), at: location)
    }

    // MARK: Values

    /// The value `node` stands for; nil for `$null`.
    private mutating func resolve(_ node: PlistNode, _ path: PlistPath) throws(PlistError) -> PlistNode? {
        if let uid = Self.reference(node) { return try follow(uid, from: node, path) }
        switch node.value {
        case .array(let items):
            try made(at: node.location, path, container: true)
            var resolved: [PlistNode] = []
            resolved.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                resolved.append(try resolveElement(item, path.appending(i), token: String(i)))
            }
            return PlistNode(.array(resolved), at: node.location)
        case .dictionary(let dictionary):
            if let classReference = dictionary["$class"] {
                return try resolveObject(dictionary, classReference, node, path)
            }
            try made(at: node.location, path, container: true)
            return PlistNode(.dictionary(try resolveEntries(of: dictionary, path)), at: node.location)
        default:
            try made(at: node.location, path, container: false)
            return node
        }
    }

    /// An array's element: `$null` has no key to leave out, so it becomes a marker.
    private mutating func resolveElement(_ node: PlistNode, _ path: PlistPath, token: String) throws(PlistError) -> PlistNode {
        outputTokens.append(token)
        defer { outputTokens.removeLast() }
        if let value = try resolve(node, path) { return value }
        return try marker("$null", .boolean(true), at: node.location, path)
    }

    /// A dictionary's entries, resolved; those that are `$null` are left out.
    private mutating func resolveEntries(of dictionary: PlistDictionary, _ path: PlistPath, skipping skipped: String? = nil) throws(PlistError) -> PlistDictionary {
        var resolved = PlistDictionary()
        resolved.reserveCapacity(dictionary.count)
        for entry in dictionary.entries where entry.key != skipped {
            outputTokens.append(JSONPointer.token(entry.key))
            defer { outputTokens.removeLast() }
            if let value = try resolve(entry.value, path.appending(entry.key)) {
                resolved.insertNew(entry.key, value, keyLocation: entry.keyLocation)
            }
        }
        return resolved
    }

    /// The UID `node` is: a UID, or `{"CF$UID": n}` as JSON holds one (the XML reader already
    /// reads that dict as a UID, as CoreFoundation does; the JSON reader leaves it a dict).
    private static func reference(_ node: PlistNode) -> UInt64? {
        switch node.value {
        case .uid(let uid): uid
        case .dictionary(let dictionary) where dictionary.count == 1: dictionary["CF$UID"]?.value.integer?.uint64Value
        default: nil
        }
    }

    /// The object a UID refers to, or a `$ref` marker when it is already being written out above.
    private mutating func follow(_ uid: UInt64, from reference: PlistNode, _ path: PlistPath) throws(PlistError) -> PlistNode? {
        let index = try objectIndex(uid, reference, path)
        if index == 0 { return nil }
        if let ancestorLength = inProgress[uid] {
            return try marker("$ref", .string(JSONPointer.pointer(outputTokens[..<ancestorLength])), at: reference.location, path)
        }
        inProgress[uid] = outputTokens.count
        defer { inProgress[uid] = nil }
        return try resolve(objects[index], PlistPath([.key("$objects"), .index(index)]))
    }

    private func objectIndex(_ uid: UInt64, _ reference: PlistNode, _ path: PlistPath) throws(PlistError) -> Int {
        guard uid < UInt64(objects.count) else {
            throw PlistError(
                "UID \(uid) is out of range: $objects has \(objects.count) objects (UIDs 0...\(objects.count - 1))",
                at: reference.location, keyPath: path.description)
        }
        return Int(uid)
    }

    /// `{"$null": true}` or `{"$ref": POINTER}`, located where the archive stands for it.
    private mutating func marker(_ key: String, _ value: PlistValue, at location: SourceLocation, _ path: PlistPath) throws(PlistError) -> PlistNode {
        try made(at: location, path, container: true)
        try made(at: location, path, container: false)
        var dictionary = PlistDictionary()
        dictionary.insertNew(key, PlistNode(value, at: location), keyLocation: location)
        return PlistNode(.dictionary(dictionary), at: location)
    }

    /// Counts a value about to be made against the limits.
    private mutating func made(at location: SourceLocation, _ path: PlistPath, container: Bool) throws(PlistError) {
        valuesMade += 1
        guard valuesMade <= limits.maxUnarchivedValues else {
            throw PlistError(
                "the archive resolves to more than \(limits.maxUnarchivedValues) values: an object referred to from several places is written out at each, and sharing nested in sharing multiplies",
                at: location, keyPath: path.description)
        }
        // As the writers count: a container whose pointer has maxDepth tokens is too deep.
        guard !container || outputTokens.count < limits.maxDepth else {
            throw PlistError("the resolved archive nests deeper than \(limits.maxDepth) levels", at: location, keyPath: path.description)
        }
    }

    // MARK: Objects

    /// An archived object: the plain value of a Foundation class, or a dict led by its class.
    private mutating func resolveObject(
        _ object: PlistDictionary, _ classReference: PlistNode, _ node: PlistNode, _ path: PlistPath
    ) throws(PlistError) -> PlistNode {
        let archivedClass = try classDescription(classReference, path.appending("$class"))
        if let foundation = FoundationObject(className: archivedClass.name),
            let value = try resolveFoundation(foundation, archivedClass.name, object, node, path)
        {
            return value
        }
        try made(at: node.location, path, container: true)
        var resolved = PlistDictionary()
        try made(at: classReference.location, path, container: false)
        resolved.insertNew("$class", PlistNode(.string(archivedClass.name), at: classReference.location),
            keyLocation: object.keyLocation("$class") ?? node.location)
        if archivedClass.chainIsInformative, !object.contains("$classes") {
            resolved.insertNew("$classes", try classChain(archivedClass, at: classReference.location, path), keyLocation: classReference.location)
        }
        for entry in try resolveEntries(of: object, path, skipping: "$class").entries {
            resolved.insertNew(entry.key, entry.value, keyLocation: entry.keyLocation)
        }
        return PlistNode(.dictionary(resolved), at: node.location)
    }

    /// `$classes` as it is written out: the class's names, counted like any values.
    private mutating func classChain(_ archivedClass: ArchivedClass, at location: SourceLocation, _ path: PlistPath) throws(PlistError) -> PlistNode {
        outputTokens.append("$classes")
        defer { outputTokens.removeLast() }
        try made(at: location, path, container: true)
        var names: [PlistNode] = []
        for name in archivedClass.chain {
            try made(at: location, path, container: false)
            names.append(PlistNode(.string(name), at: location))
        }
        return PlistNode(.array(names), at: location)
    }

    private mutating func classDescription(_ reference: PlistNode, _ path: PlistPath) throws(PlistError) -> ArchivedClass {
        guard let uid = Self.reference(reference) else {
            throw PlistError(
                "$class must be a UID referring to a class description, not \(article(reference.value.typeName))",
                at: reference.location, keyPath: path.description)
        }
        if let known = classes[uid] { return known }
        let index = try objectIndex(uid, reference, path)
        let description = try ArchivedClass(
            objects[index], at: PlistPath([.key("$objects"), .index(index)]), referredFrom: reference, path)
        classes[uid] = description
        return description
    }

    /// The plain value of a Foundation object; nil when it has none (an NSDictionary whose keys
    /// are not distinct strings), to be shown as an object instead.
    private mutating func resolveFoundation(
        _ kind: FoundationObject, _ className: String, _ object: PlistDictionary, _ node: PlistNode, _ path: PlistPath
    ) throws(PlistError) -> PlistNode? {
        switch kind {
        case .array:
            let items = try member("NS.objects", of: object, className, node, path)
            return try resolve(PlistNode(.array(items), at: node.location), path.appending("NS.objects"))
        case .dictionary:
            let keys = try member("NS.keys", of: object, className, node, path)
            let values = try member("NS.objects", of: object, className, node, path)
            guard keys.count == values.count else {
                throw PlistError(
                    "\(className) has \(keys.count) NS.keys but \(values.count) NS.objects: they pair up one to one",
                    at: object["NS.objects"]?.location ?? node.location, keyPath: path.appending("NS.objects").description)
            }
            guard let names = plainKeyNames(keys) else { return nil }
            try made(at: node.location, path, container: true)
            var resolved = PlistDictionary()
            resolved.reserveCapacity(names.count)
            for (i, name) in names.enumerated() {
                outputTokens.append(JSONPointer.token(name))
                defer { outputTokens.removeLast() }
                if let value = try resolve(values[i], path.appending("NS.objects").appending(i)) {
                    resolved.insertNew(name, value, keyLocation: keys[i].location)
                }
            }
            return PlistNode(.dictionary(resolved), at: node.location)
        case .string:
            let text = try scalar("NS.string", "a string", of: object, className, node, path) { $0.string }
            return PlistNode(.string(text), at: node.location)
        case .data:
            let bytes = try scalar("NS.data", "data", of: object, className, node, path) { $0.data }
            return PlistNode(.data(bytes), at: node.location)
        case .date:
            let seconds = try scalar("NS.time", "a number", of: object, className, node, path) { $0.number }
            return PlistNode(.date(PlistDate(secondsSinceReferenceDate: seconds)), at: node.location)
        }
    }

    /// The array stored under `key`, which a Foundation collection must have.
    private func member(
        _ key: String, of object: PlistDictionary, _ className: String, _ node: PlistNode, _ path: PlistPath
    ) throws(PlistError) -> [PlistNode] {
        guard let value = object[key] else {
            throw PlistError("\(className) has no \(key)", at: node.location, keyPath: path.description)
        }
        guard let items = value.value.array else {
            throw PlistError("\(className)'s \(key) must be an array, not \(article(value.value.typeName))",
                at: value.location, keyPath: path.appending(key).description)
        }
        return items
    }

    /// The scalar under `key` (stored in place or behind a UID), of the type `extract` takes.
    private mutating func scalar<T>(
        _ key: String, _ expected: String, of object: PlistDictionary, _ className: String, _ node: PlistNode, _ path: PlistPath,
        _ extract: (PlistValue) -> T?
    ) throws(PlistError) -> T {
        guard let stored = object[key] else {
            throw PlistError("\(className) has no \(key)", at: node.location, keyPath: path.description)
        }
        let value = try resolve(stored, path.appending(key))
        guard let value, let extracted = extract(value.value) else {
            throw PlistError("\(className)'s \(key) must be \(expected), not \(value.map { article($0.value.typeName) } ?? "$null")",
                at: stored.location, keyPath: path.appending(key).description)
        }
        return extracted
    }

    /// The keys of an NSDictionary as strings, when each is a UID of a plain string and no two
    /// are the same; nil otherwise.
    private func plainKeyNames(_ keys: [PlistNode]) -> [String]? {
        var names: [String] = []
        names.reserveCapacity(keys.count)
        var seen = Set<String>()
        for key in keys {
            guard let uid = Self.reference(key), uid > 0, uid < UInt64(objects.count),
                let name = objects[Int(uid)].value.string, seen.insert(name).inserted
            else { return nil }
            names.append(name)
        }
        return names
    }
}
