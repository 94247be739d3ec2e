import Diagnostics

/// The four keys that make a plist a keyed archive, checked before any UID is followed.
struct KeyedArchiveHeader {
    /// The only archiver and version whose layout this reader knows.
    static let archiver = "NSKeyedArchiver"
    static let version = 100_000

    let top: PlistDictionary
    let topLocation: SourceLocation
    let objects: [PlistNode]

    init(_ root: PlistNode) throws(PlistError) {
        guard let archive = root.value.dictionary else {
            throw PlistError(
                "not a keyed archive: the top level is \(article(root.value.typeName)), not a dict with $archiver, $version, $top and $objects",
                at: root.location)
        }
        func required(_ key: String) throws(PlistError) -> PlistNode {
            guard let value = archive[key] else {
                throw PlistError("not a keyed archive: no \(key) key (an NSKeyedArchiver archive has $archiver, $version, $top and $objects)", at: root.location)
            }
            return value
        }

        let archiver = try required("$archiver")
        guard archiver.value.string == Self.archiver else {
            throw PlistError(
                "$archiver is \(Self.shown(archiver.value)), not \"\(Self.archiver)\": only NSKeyedArchiver archives are read",
                at: archiver.location, keyPath: "$archiver")
        }
        let version = try required("$version")
        guard version.value.integer?.int64Value == Int64(Self.version) else {
            throw PlistError(
                "$version is \(Self.shown(version.value)), not \(Self.version), the only version NSKeyedArchiver writes",
                at: version.location, keyPath: "$version")
        }
        let top = try required("$top")
        guard let topDictionary = top.value.dictionary else {
            throw PlistError("$top must be a dict of UIDs, not \(article(top.value.typeName))", at: top.location, keyPath: "$top")
        }
        let objects = try required("$objects")
        guard let objectList = objects.value.array else {
            throw PlistError("$objects must be an array, not \(article(objects.value.typeName))", at: objects.location, keyPath: "$objects")
        }
        guard let first = objectList.first, first.value.string == "$null" else {
            throw PlistError(
                "$objects[0] must be the string \"$null\" (what UID 0 stands for)",
                at: objectList.first?.location ?? objects.location, keyPath: objectList.isEmpty ? "$objects" : "$objects[0]")
        }
        self.top = topDictionary
        self.topLocation = top.location
        self.objects = objectList
    }

    /// A header value as a message quotes it: strings and numbers as written, others by type.
    private static func shown(_ value: PlistValue) -> String {
        switch value {
        case .string(let text): "\"\(text)\""
        case .integer(let n): n.description
        default: article(value.typeName)
        }
    }
}
