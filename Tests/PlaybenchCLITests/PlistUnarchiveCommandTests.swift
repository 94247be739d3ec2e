import Foundation
import PropertyList
import TestSupport
import Testing

@Suite("playbench plist convert --unarchive")
struct PlistUnarchiveCommandTests {
    /// A list of two tiles whose second refers back to the list, as NSKeyedArchiver writes it.
    static let archive: PlistNode = [
        "$archiver": "NSKeyedArchiver",
        "$version": 100_000,
        "$top": ["root": PlistNode(.uid(1))],
        "$objects": [
            "$null",
            ["$class": PlistNode(.uid(2)), "NS.objects": PlistNode(.array([PlistNode(.uid(3)), PlistNode(.uid(5))]))],
            ["$classname": "NSMutableArray", "$classes": ["NSMutableArray", "NSArray", "NSObject"]],
            ["$class": PlistNode(.uid(4)), "name": "grass", "owner": PlistNode(.uid(0))],
            ["$classname": "Tile", "$classes": ["Tile", "NSObject"]],
            ["$class": PlistNode(.uid(4)), "name": "rock", "list": PlistNode(.uid(1))],
        ],
    ]

    static func write(_ node: PlistNode, as format: PlistFormat, in directory: URL, _ name: String) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try Data(PlistWriter.write(node, as: format)).write(to: url)
        return url
    }

    @Test("A binary archive to JSON on standard output: the graph resolved, the cycle a $ref, $null left out")
    func toJSON() throws {
        let directory = try Fixtures.temporaryDirectory("unarchive-json")
        let source = try Self.write(Self.archive, as: .binary, in: directory, "Map.bplist")
        let result = try CommandRunner.playbench(["plist", "convert", source.path, "--unarchive", "--to", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? NSDictionary)
        let expected: NSDictionary = [
            "root": [
                ["$class": "Tile", "name": "grass"],
                ["$class": "Tile", "name": "rock", "list": ["$ref": "/root"]],
            ]
        ]
        #expect(object == expected)
    }

    @Test("An XML archive to XML with -o: replaced atomically, and the same tree as from binary")
    func toXMLFile() throws {
        let directory = try Fixtures.temporaryDirectory("unarchive-xml")
        let xmlSource = try Self.write(Self.archive, as: .xml, in: directory, "Map.plist")
        let binarySource = try Self.write(Self.archive, as: .binary, in: directory, "Map.bplist")
        let fromXML = directory.appendingPathComponent("from-xml.plist")
        let fromBinary = directory.appendingPathComponent("from-binary.plist")
        #expect(try CommandRunner.playbench(["plist", "convert", xmlSource.path, "--unarchive", "--to", "xml", "-o", fromXML.path]).status == 0)
        #expect(try CommandRunner.playbench(["plist", "convert", binarySource.path, "--unarchive", "--to", "xml", "-o", fromBinary.path]).status == 0)
        let tree = try PlistReader.read(bytes: Fixtures.bytes(fromXML))
        #expect(tree == ["root": [["$class": "Tile", "name": "grass"], ["$class": "Tile", "name": "rock", "list": ["$ref": "/root"]]]])
        #expect(try Fixtures.bytes(fromXML) == Fixtures.bytes(fromBinary))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["Map.bplist", "Map.plist", "from-binary.plist", "from-xml.plist"])
    }

    @Test("A plist that is no keyed archive: a located error, exit 1, no output")
    func notAnArchive() throws {
        let directory = try Fixtures.temporaryDirectory("unarchive-not")
        let source = directory.appendingPathComponent("p.plist")
        let output = directory.appendingPathComponent("out.json")
        try Data("<plist>\n<dict>\n\t<key>a</key>\n\t<integer>1</integer>\n</dict>\n</plist>\n".utf8).write(to: source)
        let result = try CommandRunner.playbench(["plist", "convert", source.path, "--unarchive", "--to", "json", "-o", output.path])
        #expect(result.status == 1)
        // Standard output is where the converted file goes: the error is on standard error (issue 43).
        #expect(result.standardError.contains("\(source.path):2:1: error: not a keyed archive: no $archiver key") && result.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("A broken archive: the error names the key path in the archive")
    func brokenArchive() throws {
        var broken = try #require(Self.archive.value.dictionary)
        var objects = try #require(broken["$objects"]?.value.array)
        objects[5] = ["$class": PlistNode(.uid(4)), "name": "rock", "list": PlistNode(.uid(6))]
        broken["$objects"] = PlistNode(.array(objects))
        let directory = try Fixtures.temporaryDirectory("unarchive-broken")
        let source = try Self.write(PlistNode(.dictionary(broken)), as: .xml, in: directory, "Map.plist")
        let result = try CommandRunner.playbench(["plist", "convert", source.path, "--unarchive", "--to", "json"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("error: $objects[5].list: UID 6 is out of range: $objects has 6 objects (UIDs 0...5)") && result.standardOutput.isEmpty)
    }

    @Test("The help teaches the conversion and its markers")
    func help() throws {
        let result = try CommandRunner.playbench(["help", "plist", "convert"])
        let flat = result.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("--unarchive"))
        #expect(flat.contains(#"{"$ref": "/root/NS.objects/0"}"#))
        #expect(flat.contains("playbench plist convert SavedMap.bplist --unarchive --to json"))
    }
}
