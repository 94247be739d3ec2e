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
private func unarchive(_ archive: PlistNode) throws -> PlistNode { try ArchiveTesting.unarchive(archive) }

/// Archives built by hand, resolved, and compared with the tree written out here: what
/// NSKeyedUnarchiver would hand back, in the conventions of ``KeyedArchive``.
@Suite("Keyed archives: the resolved tree")
struct KeyedArchiveTests {
    @Test("Foundation collections, strings, data, dates and plain numbers become plain values")
    func foundationValues() throws {
        let objects: [PlistNode] = [
            ["$class": uid(16), "NS.keys": uids(2, 3, 4, 5, 6, 7, 8), "NS.objects": uids(9, 10, 11, 12, 13, 14, 15)],
            "names", "count", "title", "blob", "when", "ratio", "flag",
            ["$class": uid(19), "NS.objects": uids(17, 18, 17)],
            42,
            ["$class": uid(20), "NS.string": "Map one"],
            ["$class": uid(21), "NS.data": PlistNode(.data([1, 2, 3]))],
            ["$class": uid(22), "NS.time": 86_400.5],
            0.25,
            true,
            classDescription("NSMutableDictionary", superclasses: ["NSDictionary"]),
            "grass", "rock",
            classDescription("NSArray"),
            classDescription("NSMutableString", superclasses: ["NSString"]),
            classDescription("NSData"),
            classDescription("NSDate"),
        ]
        let expected: PlistNode = [
            "root": [
                "names": ["grass", "rock", "grass"],
                "count": 42,
                "title": "Map one",
                "blob": PlistNode(.data([1, 2, 3])),
                "when": PlistNode(.date(PlistDate(secondsSinceReferenceDate: 86_400.5))),
                "ratio": 0.25,
                "flag": true,
            ]
        ]
        let tree = try unarchive(archive(objects))
        #expect(tree == expected)
        // NSDictionary keeps the archive's key order.
        #expect(Array(try #require(tree.value.dictionary?["root"]?.value.dictionary).keys)
            == ["names", "count", "title", "blob", "when", "ratio", "flag"])
    }

    @Test("An object is a dict led by $class, in archive order; $null leaves its key out, and is a marker in an array")
    func objectsAndNull() throws {
        let objects: [PlistNode] = [
            ["$class": uid(2), "name": uid(3), "owner": uid(0), "tags": uid(4), "size": 7],
            classDescription("Tile"),
            "grass",
            ["$class": uid(5), "NS.objects": uids(3, 0)],
            classDescription("NSMutableSet", superclasses: ["NSSet"]),
        ]
        let tree = try unarchive(archive(objects, top: ["root": 1, "nothing": 0]))
        let expected: PlistNode = [
            "root": ["$class": "Tile", "name": "grass", "tags": ["grass", ["$null": true]], "size": 7]
        ]
        #expect(tree == expected)
        let root = try #require(tree.value.dictionary?["root"]?.value.dictionary)
        #expect(Array(root.keys) == ["$class", "name", "tags", "size"])
    }

    @Test("A cycle A → B → A: the way back is a $ref to the ancestor's JSON pointer, from whichever end it is entered")
    func cycle() throws {
        let objects: [PlistNode] = [
            ["$class": uid(3), "name": uid(4), "next": uid(2)],
            ["$class": uid(3), "name": uid(5), "next": uid(1)],
            classDescription("Node"),
            "A", "B",
        ]
        let tree = try unarchive(archive(objects, top: ["first": 1, "second": 2]))
        let expected: PlistNode = [
            "first": ["$class": "Node", "name": "A", "next": ["$class": "Node", "name": "B", "next": ["$ref": "/first"]]],
            "second": ["$class": "Node", "name": "B", "next": ["$class": "Node", "name": "A", "next": ["$ref": "/second"]]],
        ]
        #expect(tree == expected)
    }

    @Test("An object that holds itself, and an array that holds itself")
    func selfReference() throws {
        let node = try unarchive(archive([["$class": uid(2), "me": uid(1)], classDescription("Node")]))
        #expect(node == ["root": ["$class": "Node", "me": ["$ref": "/root"]]])

        let array = try unarchive(archive([["$class": uid(2), "NS.objects": uids(1)], classDescription("NSMutableArray", superclasses: ["NSArray"])]))
        #expect(array == ["root": [["$ref": "/root"]]])
    }

    @Test("A shared object is written out in full at each use; a cycle inside it points to the copy it is in")
    func sharedObject() throws {
        let tile: PlistNode = ["$class": "Tile", "name": "grass"]
        let shared = try unarchive(archive([
            ["$class": uid(3), "NS.objects": uids(2, 2)],
            ["$class": uid(4), "name": uid(5)],
            classDescription("NSArray"),
            classDescription("Tile"),
            "grass",
        ]))
        #expect(shared == ["root": [tile, tile]])

        let sharedCycle = try unarchive(archive([
            ["$class": uid(3), "NS.objects": uids(2, 2)],
            ["$class": uid(4), "me": uid(2)],
            classDescription("NSArray"),
            classDescription("Node"),
        ]))
        #expect(sharedCycle == ["root": [["$class": "Node", "me": ["$ref": "/root/0"]], ["$class": "Node", "me": ["$ref": "/root/1"]]]])
    }

    @Test("Pointer tokens escape / and ~ (RFC 6901), and keys with dots stay whole")
    func pointerEscapes() throws {
        let tree = try unarchive(archive([
            ["$class": uid(5), "NS.keys": uids(2), "NS.objects": uids(3)],
            "a/b",
            ["$class": uid(6), "c~d": uid(4)],
            ["$class": uid(6), "NS.back": uid(3), "up": uid(1)],
            classDescription("NSDictionary"),
            classDescription("Node"),
        ]))
        let expected: PlistNode = [
            "root": ["a/b": ["$class": "Node", "c~d": ["$class": "Node", "NS.back": ["$ref": "/root/a~1b"], "up": ["$ref": "/root"]]]]
        ]
        #expect(tree == expected)
    }

    @Test("$classes is kept when it says more than the class and NSObject; a subclass of a Foundation class stays an object")
    func classChains() throws {
        let tree = try unarchive(archive([
            ["$class": uid(2), "NS.objects": uids(3), "extra": 5],
            classDescription("TileList", superclasses: ["NSArray"]),
            "grass",
        ]))
        let expected: PlistNode = [
            "root": ["$class": "TileList", "$classes": ["TileList", "NSArray", "NSObject"], "NS.objects": ["grass"], "extra": 5]
        ]
        #expect(tree == expected)

        let bare = try unarchive(archive([["$class": uid(2)], ["$classname": "Tile"]]))
        #expect(bare == ["root": ["$class": "Tile"]])
    }

    @Test("An NSDictionary whose keys are not distinct strings is shown as an object, its keys resolved")
    func dictionaryWithOtherKeys() throws {
        let numbers = try unarchive(archive([
            ["$class": uid(4), "NS.keys": uids(2), "NS.objects": uids(3)],
            7, "seven",
            classDescription("NSDictionary"),
        ]))
        #expect(numbers == ["root": ["$class": "NSDictionary", "NS.keys": [7], "NS.objects": ["seven"]]])

        let repeated = try unarchive(archive([
            ["$class": uid(4), "NS.keys": uids(2, 2), "NS.objects": uids(3, 3)],
            "k", "v",
            classDescription("NSDictionary"),
        ]))
        #expect(repeated == ["root": ["$class": "NSDictionary", "NS.keys": ["k", "k"], "NS.objects": ["v", "v"]]])
    }

    @Test("XML archives ({CF$UID: n}) resolve as binary ones do")
    func xmlArchive() throws {
        let text = XMLTesting.document("""
            <dict>
            \t<key>$archiver</key><string>NSKeyedArchiver</string>
            \t<key>$version</key><integer>100000</integer>
            \t<key>$top</key><dict><key>root</key><dict><key>CF$UID</key><integer>1</integer></dict></dict>
            \t<key>$objects</key>
            \t<array>
            \t\t<string>$null</string>
            \t\t<dict>
            \t\t\t<key>$class</key><dict><key>CF$UID</key><integer>2</integer></dict>
            \t\t\t<key>NS.string</key><string>hello</string>
            \t\t</dict>
            \t\t<dict><key>$classname</key><string>NSString</string></dict>
            \t</array>
            </dict>
            """)
        #expect(try KeyedArchive.unarchive(XMLTesting.read(text)) == ["root": "hello"])
    }

    @Test("JSON archives ({\"CF$UID\": n}, as the JSON writer spells a UID) resolve too")
    func jsonArchive() throws {
        let text = #"""
            {"$archiver": "NSKeyedArchiver", "$version": 100000, "$top": {"root": {"CF$UID": 1}},
             "$objects": ["$null", {"$class": {"CF$UID": 2}, "me": {"CF$UID": 1}, "n": {"CF$UID": 3}},
                          {"$classname": "Node"}, 5]}
            """#
        let tree = try KeyedArchive.unarchive(JSONPlistReader.read(bytes: Array(text.utf8)))
        #expect(tree == ["root": ["$class": "Node", "me": ["$ref": "/root"], "n": 5]])
    }

    /// A self-holding NSMutableArray assembled byte by byte, so that neither writer is the oracle:
    /// `$objects` = ["$null", {$class: UID 2, NS.objects: [UID 1]}, {$classname: NSMutableArray}].
    @Test("A binary archive written byte by byte")
    func byteByByte() throws {
        var builder = BPlistBuilder()
        let ascii = BPlistBuilder.ascii
        func uidObject(_ n: UInt8) -> [UInt8] { [0x80, n] }
        builder.add(builder.dict([1, 2, 3, 4], [5, 6, 7, 8]))           // 0: the archive
        builder.add(ascii("$archiver"))                                // 1
        builder.add(ascii("$version"))                                 // 2
        builder.add(ascii("$top"))                                     // 3
        builder.add(ascii("$objects"))                                 // 4
        builder.add(ascii("NSKeyedArchiver"))                          // 5
        builder.add(BPlistBuilder.int(100_000))                        // 6
        builder.add(builder.dict([9], [10]))                           // 7: $top
        builder.add(builder.array([11, 12, 13]))                       // 8: $objects
        builder.add(ascii("root"))                                     // 9
        builder.add(uidObject(1))                                      // 10: UID 1
        builder.add(ascii("$null"))                                    // 11: $objects[0]
        builder.add(builder.dict([14, 16], [15, 17]))                  // 12: $objects[1]
        builder.add(builder.dict([18], [19]))                          // 13: $objects[2]
        builder.add(ascii("$class"))                                   // 14
        builder.add(uidObject(2))                                      // 15: UID 2
        builder.add(ascii("NS.objects"))                               // 16
        builder.add(builder.array([10]))                               // 17: [UID 1]
        builder.add(ascii("$classname"))                               // 18
        builder.add(ascii("NSMutableArray"))                           // 19
        let file = try BinaryPlistReader.read(bytes: builder.build())
        #expect(try KeyedArchive.unarchive(file) == ["root": [["$ref": "/root"]]])
    }
}
