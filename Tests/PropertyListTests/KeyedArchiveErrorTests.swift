import Testing
@testable import PropertyList

private func uid(_ n: UInt64) -> PlistNode { ArchiveTesting.uid(n) }
private func uids(_ numbers: UInt64...) -> PlistNode { PlistNode(.array(numbers.map(uid))) }
private func classDescription(_ name: String, superclasses: [String] = []) -> PlistNode {
    ArchiveTesting.classDescription(name, superclasses: superclasses)
}
private func archive(_ objects: [PlistNode], top: KeyValuePairs<String, UInt64> = ["root": 1]) -> PlistNode {
    ArchiveTesting.archive(objects, top: top)
}

/// An archive with one key replaced (or, with nil, removed).
private func archive(_ objects: [PlistNode], replacing key: String, with value: PlistNode?) -> PlistNode {
    var file = archive(objects).value.dictionary!
    file[key] = value
    return PlistNode(.dictionary(file))
}

@Suite("Keyed archives: errors, located")
struct KeyedArchiveErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var archive: PlistNode
        /// Where the error is: its key path, and the value there whose location it must have
        /// (the archive itself for a missing key).
        var path: [PlistPath.Component]
        var message: String
        var testDescription: String { name }
    }

    static let tile = classDescription("Tile")

    static let cases: [Case] = [
        Case(name: "not a dict", archive: ["$archiver"], path: [], message: "not a keyed archive: the top level is an <array>"),
        Case(name: "no $archiver", archive: archive([], replacing: "$archiver", with: nil), path: [], message: "not a keyed archive: no $archiver key"),
        Case(name: "no $version", archive: archive([], replacing: "$version", with: nil), path: [], message: "not a keyed archive: no $version key"),
        Case(name: "no $top", archive: archive([], replacing: "$top", with: nil), path: [], message: "not a keyed archive: no $top key"),
        Case(name: "no $objects", archive: archive([], replacing: "$objects", with: nil), path: [], message: "not a keyed archive: no $objects key"),
        Case(name: "another archiver", archive: archive([], replacing: "$archiver", with: "NSArchiver"), path: [.key("$archiver")],
            message: "$archiver is \"NSArchiver\", not \"NSKeyedArchiver\""),
        Case(name: "another version", archive: archive([], replacing: "$version", with: 99), path: [.key("$version")],
            message: "$version is 99, not 100000"),
        Case(name: "$top not a dict", archive: archive([], replacing: "$top", with: [uid(1)]), path: [.key("$top")],
            message: "$top must be a dict of UIDs, not an <array>"),
        Case(name: "$objects not an array", archive: archive([], replacing: "$objects", with: ["a": 1]), path: [.key("$objects")],
            message: "$objects must be an array, not a <dict>"),
        Case(name: "$objects[0] not $null", archive: archive([], replacing: "$objects", with: ["null"]), path: [.key("$objects"), .index(0)],
            message: "$objects[0] must be the string \"$null\""),
        Case(name: "$objects empty", archive: archive([], replacing: "$objects", with: []), path: [.key("$objects")],
            message: "$objects[0] must be the string \"$null\""),
        Case(name: "UID out of range in $top", archive: archive(["x"], top: ["root": 2]), path: [.key("$top"), .key("root")],
            message: "UID 2 is out of range: $objects has 2 objects (UIDs 0...1)"),
        Case(name: "UID out of range in an array",
            archive: archive([["$class": uid(2), "NS.objects": uids(1, 9)], classDescription("NSArray")]),
            path: [.key("$objects"), .index(1), .key("NS.objects"), .index(1)],
            message: "UID 9 is out of range: $objects has 3 objects (UIDs 0...2)"),
        Case(name: "$class not a UID", archive: archive([["$class": "Tile"]]),
            path: [.key("$objects"), .index(1), .key("$class")],
            message: "$class must be a UID referring to a class description, not a <string>"),
        Case(name: "$class out of range", archive: archive([["$class": uid(50)]]),
            path: [.key("$objects"), .index(1), .key("$class")],
            message: "UID 50 is out of range"),
        Case(name: "$class refers to a string", archive: archive([["$class": uid(2)], "Tile"]),
            path: [.key("$objects"), .index(1), .key("$class")],
            message: "$class refers to $objects[2], which is a <string> and not a class (a dict with a $classname string)"),
        Case(name: "$class refers to a dict without $classname", archive: archive([["$class": uid(2)], ["$classes": ["Tile"]]]),
            path: [.key("$objects"), .index(1), .key("$class")],
            message: "$class refers to $objects[2], which is a <dict> and not a class"),
        Case(name: "$classes not an array", archive: archive([["$class": uid(2)], ["$classname": "Tile", "$classes": "Tile"]]),
            path: [.key("$objects"), .index(2), .key("$classes")],
            message: "$classes must be an array of class names, not a <string>"),
        Case(name: "$classes holding a number", archive: archive([["$class": uid(2)], ["$classname": "Tile", "$classes": ["Tile", 3]]]),
            path: [.key("$objects"), .index(2), .key("$classes"), .index(1)],
            message: "$classes must hold class names, not an <integer>"),
        Case(name: "NS.keys and NS.objects of different lengths",
            archive: archive([["$class": uid(5), "NS.keys": uids(2, 3), "NS.objects": uids(4)], "a", "b", "v", classDescription("NSDictionary")]),
            path: [.key("$objects"), .index(1), .key("NS.objects")],
            message: "NSDictionary has 2 NS.keys but 1 NS.objects: they pair up one to one"),
        Case(name: "NSMutableDictionary without NS.keys",
            archive: archive([["$class": uid(2), "NS.objects": uids()], classDescription("NSMutableDictionary", superclasses: ["NSDictionary"])]),
            path: [.key("$objects"), .index(1)],
            message: "NSMutableDictionary has no NS.keys"),
        Case(name: "NSArray without NS.objects", archive: archive([["$class": uid(2)], classDescription("NSArray")]),
            path: [.key("$objects"), .index(1)],
            message: "NSArray has no NS.objects"),
        Case(name: "NSSet whose NS.objects is no array", archive: archive([["$class": uid(2), "NS.objects": uid(0)], classDescription("NSSet")]),
            path: [.key("$objects"), .index(1), .key("NS.objects")],
            message: "NSSet's NS.objects must be an array, not an <uid>"),
        Case(name: "NSString whose NS.string is a number", archive: archive([["$class": uid(2), "NS.string": 5], classDescription("NSString")]),
            path: [.key("$objects"), .index(1), .key("NS.string")],
            message: "NSString's NS.string must be a string, not an <integer>"),
        Case(name: "NSData whose NS.data is $null", archive: archive([["$class": uid(2), "NS.data": uid(0)], classDescription("NSData")]),
            path: [.key("$objects"), .index(1), .key("NS.data")],
            message: "NSData's NS.data must be data, not $null"),
        Case(name: "NSDate without NS.time", archive: archive([["$class": uid(2)], classDescription("NSDate")]),
            path: [.key("$objects"), .index(1)],
            message: "NSDate has no NS.time"),
        Case(name: "an error deep inside, at the object's own place",
            archive: archive([["$class": uid(2), "next": uid(3)], tile, ["$class": uid(2), "next": uid(4)], ["$class": "x"]]),
            path: [.key("$objects"), .index(4), .key("$class")],
            message: "$class must be a UID"),
    ]

    @Test("Each error names what is wrong, with the key path and location of the value at fault", arguments: cases)
    func located(_ testCase: Case) throws {
        let (error, file) = try #require(try ArchiveTesting.failure(testCase.archive))
        #expect(error.message.hasPrefix(testCase.message), "\(error.message)")
        #expect(error.keyPath == PlistPath(testCase.path).description)
        let culprit = try #require(ArchiveTesting.node(file, testCase.path))
        #expect(error.location == culprit.location)
    }
}

@Suite("Keyed archives: limits")
struct KeyedArchiveLimitTests {
    /// Objects 1...n, each referring twice (`left`, `right`) to the next; object n + 1 is a
    /// string. Resolved, level k holds 2^k copies of each deeper object: the whole tree has
    /// V(n) values with V(0) = 1 (the string) and V(k) = 2 + 2·V(k − 1) (the dict, its $class,
    /// two subtrees), so V(n) = 3·2^n − 2, plus one for the top: 3·2^n − 1.
    static func doublingDAG(_ n: Int) -> PlistNode {
        var objects: [PlistNode] = (1...n).map { k in
            ["$class": uid(UInt64(n + 2)), "left": uid(UInt64(k + 1)), "right": uid(UInt64(k + 1))]
        }
        objects.append("end")
        objects.append(classDescription("Pair"))
        return archive(objects)
    }

    @Test("A doubling DAG resolves to exactly 3·2^n − 1 values: allowed at that limit, refused one below")
    func exactValueCount() throws {
        let n = 8
        var limits = PlistLimits()
        limits.maxUnarchivedValues = 3 * (1 << n) - 1
        let tree = try ArchiveTesting.unarchive(Self.doublingDAG(n), limits: limits)
        #expect(Self.count(tree) == 3 * (1 << n) - 1)
        limits.maxUnarchivedValues -= 1
        let (error, _) = try #require(try ArchiveTesting.failure(Self.doublingDAG(n), limits: limits))
        #expect(error.message.hasPrefix("the archive resolves to more than \(limits.maxUnarchivedValues) values"))
    }

    @Test("Markers count as the values they are: {\"$ref\": \"/root\"} is two")
    func markersCount() throws {
        // The top, the object, its $class, the marker and its pointer.
        let selfHolding = archive([["$class": uid(2), "me": uid(1)], classDescription("Node")])
        var limits = PlistLimits()
        limits.maxUnarchivedValues = 5
        #expect(Self.count(try ArchiveTesting.unarchive(selfHolding, limits: limits)) == 5)
        limits.maxUnarchivedValues = 4
        #expect(throws: PlistError.self) { try ArchiveTesting.unarchive(selfHolding, limits: limits) }
    }

    @Test("A doubling DAG 64 levels deep (2^64 leaves) is refused after the limit's worth of work, not expanded")
    func exponentialDAGRefused() throws {
        var limits = PlistLimits()
        limits.maxUnarchivedValues = 100_000
        let (error, _) = try #require(try ArchiveTesting.failure(Self.doublingDAG(64), limits: limits))
        #expect(error.message.hasPrefix("the archive resolves to more than 100000 values"))
    }

    /// Objects 1...n, each `next` the following one; object n's next is $null.
    static func chain(_ n: Int) -> PlistNode {
        var objects: [PlistNode] = (1...n).map { k in
            ["$class": uid(UInt64(n + 1)), "next": uid(k < n ? UInt64(k + 1) : 0)]
        }
        objects.append(classDescription("Link"))
        return archive(objects)
    }

    @Test("Nesting: object k sits k levels down; 511 objects fit the default 512 levels, and the writers take the tree")
    func depthLimit() throws {
        #expect(PlistLimits.default.maxDepth == 512)
        let deepest = try ArchiveTesting.unarchive(Self.chain(511))
        #expect(throws: Never.self) { try XMLPlistWriter.write(deepest) }
        #expect(throws: Never.self) { try JSONPlistWriter.write(deepest) }
        let (error, _) = try #require(try ArchiveTesting.failure(Self.chain(512)))
        #expect(error.message == "the resolved archive nests deeper than 512 levels")
        #expect(error.keyPath == "$objects[512]")

        var limits = PlistLimits()
        limits.maxDepth = 20
        #expect(throws: Never.self) { try ArchiveTesting.unarchive(Self.chain(19), limits: limits) }
        #expect(throws: PlistError.self) { try ArchiveTesting.unarchive(Self.chain(20), limits: limits) }
    }

    /// Values in a tree, containers included.
    static func count(_ node: PlistNode) -> Int {
        switch node.value {
        case .array(let items): 1 + items.reduce(0) { $0 + count($1) }
        case .dictionary(let dictionary): 1 + dictionary.pairs.reduce(0) { $0 + count($1.value) }
        default: 1
        }
    }
}
