import Foundation
import Testing
import TestSupport
@testable import PropertyList

/// Real NSKeyedArchiver output: the archives among ../shared/plist-corpus's fixtures (written by
/// Apple's Foundation for swift-corelibs-foundation's tests, by PyObjC for CPython's, by a Mac
/// for rust-plist's). Each expected tree below is the archive as Python's plistlib lists it,
/// resolved by hand.
@Suite("Keyed archives: the corpus", .enabled(if: Fixtures.shared != nil, "../shared/plist-corpus is not beside the checkout"))
struct KeyedArchiveCorpusTests {
    static var corpus: URL? { Fixtures.shared?.appendingPathComponent("plist-corpus") }

    static func unarchive(_ relativePath: String) throws -> PlistNode {
        let url = try #require(corpus).appendingPathComponent(relativePath)
        return try KeyedArchive.unarchive(PlistReader.read(bytes: Fixtures.bytes(url)))
    }

    @Test("Every archive in the corpus resolves")
    func everyArchiveResolves() throws {
        let root = try #require(Self.corpus)
        let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }.sorted()
        var archives: [String] = []
        for file in files {
            guard let bytes = try? Fixtures.bytes(root.appendingPathComponent(file)),
                let tree = try? PlistReader.read(bytes: bytes), tree.value.dictionary?["$archiver"] != nil
            else { continue }
            archives.append(file)
            #expect(throws: Never.self, "\(file)") { try KeyedArchive.unarchive(tree) }
        }
        #expect(archives.count >= 12, "\(archives)")
    }

    @Test("An NSArray holding one string twice")
    func array() throws {
        #expect(try Self.unarchive("swift-corelibs-foundation/NSKeyedUnarchiver-ArrayTest.plist") == ["root": ["baa", "baa", "black", "sheep"]])
    }

    @Test("A dictionary of an array (with NSNull), a string, an NSURL and an NSUUID")
    func complex() throws {
        let uuid: [UInt8] = [0x71, 0xDC, 0x06, 0x8E, 0x34, 0x20, 0x45, 0xFF, 0x91, 0x9E, 0x3A, 0x26, 0x7D, 0x55, 0xEC, 0x22]
        let expected: PlistNode = [
            "root": [
                "array": [["$class": "NSNull"], "hello", 34545, ["key": "val"]],
                "string": "hello",
                "url": ["$class": "NSURL", "NS.base": ["$class": "NSURL", "NS.relative": "https://www.swift.org"], "NS.relative": "index.xml"],
                "uuid": ["$class": "NSUUID", "NS.uuidbytes": PlistNode(.data(uuid))],
            ]
        ]
        #expect(try Self.unarchive("swift-corelibs-foundation/NSKeyedUnarchiver-ComplexTest.plist") == expected)
    }

    @Test("An NSNotification with a user-info dictionary")
    func notification() throws {
        let expected: PlistNode = [
            "root": [
                "$class": "NSNotification", "NS.name": "notification-name", "NS.object": "notification-object",
                "NS.userinfo": ["notification-key": "notification-val"],
            ]
        ]
        #expect(try Self.unarchive("swift-corelibs-foundation/NSKeyedUnarchiver-NotificationTest.plist") == expected)
    }

    @Test("A Python string subclass of NSString keeps its class chain and keys (binary)")
    func pythonString() throws {
        let expected: PlistNode = [
            "root": [
                "$class": "OC_BuiltinPythonUnicode",
                "$classes": ["OC_BuiltinPythonUnicode", "OC_PythonUnicode", "NSString", "NSObject"],
                "NS.string": "KeyArchive UID Test", "pytype": 1,
            ]
        ]
        #expect(try Self.unarchive("cpython-plistlib/valid/keyed_archive.binary.plist") == expected)
    }
}
