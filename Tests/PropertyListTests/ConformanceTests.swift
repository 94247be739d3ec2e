import Foundation
import Testing
import TestSupport
@testable import PropertyList

/// Reads every XML and binary fixture of ../shared/plist-corpus and compares the outcome with
/// what the fixture's own project expects (its folder's MANIFEST.json).
///
/// Where the peers disagree, the corpus README says to follow Apple's CoreFoundation /
/// swift-foundation behaviour and document the choice: `deliberateDifferences` lists the
/// fixtures on which Playbench knowingly differs from the manifest, with the reason. Any other
/// disagreement is a failure.
@Suite("Conformance corpus", .enabled(if: Fixtures.shared != nil, "../shared/plist-corpus is not beside the checkout"))
struct ConformanceTests {
    /// "folder/file" → why Playbench's outcome differs from the manifest's.
    static let deliberateDifferences: [String: String] = [
        // XML: choices made for designers, where Apple is lenient.
        "swift-foundation/inline/xmlErrors_fake_inline_dtd.plist":
            "an internal DTD subset without entity declarations is skipped, as CoreFoundation's C parser did; swift-foundation refuses any inline DTD",
        "libplist/test-data/empty_keys.plist":
            "two <key></key> in one dict: Playbench reports a duplicate key at the second one; libplist and CoreFoundation silently keep the last value",
        "swift-foundation/inline/date_day32_lenient.plist":
            "2024-01-32: Playbench refuses impossible dates; Apple normalizes them to 2024-02-01 only for compatibility with a past writer bug (rdar 122065123)",
        // Binary: plistlib is the odd one out; CoreFoundation reads these as Playbench does.
        "cpython-plistlib/invalid/bin_36_too_large_datetime__datetime_overflow.bplist":
            "a date in year 10711: CoreFoundation keeps any float64 date; only Python's datetime cannot hold it",
        "cpython-plistlib/invalid/bin_37_too_large_datetime__timedelta_overflow.bplist":
            "a date beyond Python's timedelta range: CoreFoundation keeps any float64 date",
        "cpython-plistlib/invalid/bin_38_invalid_datetime__Infinity.bplist":
            "an infinite date: CoreFoundation keeps any float64 date (CFDate of +inf); only Python's datetime cannot hold it",
        "cpython-plistlib/invalid/bin_39_invalid_datetime__NaN.bplist":
            "a NaN date: CoreFoundation keeps any float64 date (CFDate of NaN); only Python's datetime cannot hold it",
        "cpython-plistlib/invalid/bin_unsupported_token_c0.bplist":
            "0xC0 is an empty set: CoreFoundation reads sets (kCFBinaryPlistMarkerSet), Playbench as arrays; plistlib does not support sets",
        "cpython-plistlib/valid/bin_fill.bplist":
            "a lone fill byte (0x0F) as the top object: CoreFoundation fails it (FAIL_FALSE) as Playbench does; plistlib reads b''",
        "cpython-plistlib/valid/bin_null.bplist":
            "0x00 is kCFNull, which is not a property-list type (no XML form; CFPropertyListIsValid refuses it) and PlistValue has no null; plistlib reads None",
        "cpython-plistlib/valid/bin_deep_nesting_100000.bplist":
            "100,000 nested arrays: refused beyond 512 containers (PlistLimits.maxDepth, CoreFoundation's limit); the manifest's own note allows an error",
    ]

    struct Fixture: CustomStringConvertible {
        var folder: String
        var file: String
        var expect: String
        var note: String
        var key: String { "\(folder)/\(file)" }
        var description: String { key }
    }

    enum Scope: Hashable {
        case xml, binary
        case outOfScope(String)
    }

    static var corpus: URL? { Fixtures.shared?.appendingPathComponent("plist-corpus") }

    /// The entries of every top-level folder's MANIFEST.json, in folder order.
    static func fixtures() throws -> [Fixture] {
        guard let corpus else { return [] }
        let folders = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
        var fixtures: [Fixture] = []
        for folder in folders {
            let manifest = corpus.appendingPathComponent(folder).appendingPathComponent("MANIFEST.json")
            guard FileManager.default.fileExists(atPath: manifest.path) else { continue }
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [[String: Any]])
            for entry in entries {
                let file = try #require(entry["file"] as? String, "\(folder): an entry without a file")
                let expect = try #require(entry["expect"] as? String, "\(folder)/\(file): no expect")
                fixtures.append(Fixture(folder: folder, file: file, expect: expect, note: entry["note"] as? String ?? ""))
            }
        }
        return fixtures
    }

    /// Binary if it starts with `bplist`; XML if its first character, after an optional BOM
    /// and white space, is `<` (UTF-16 and UTF-32 decoded first); anything else (OpenStep,
    /// JSON, .strings, text) is out of scope.
    static func scope(of bytes: [UInt8]) -> Scope {
        if PlistReader.isBinary(bytes) { return .binary }
        let text: String
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
            text = decodeUTF32(bytes.dropFirst(4), bigEndian: true)
        } else if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            text = decodeUTF32(bytes.dropFirst(4), bigEndian: false)
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            text = decodeUTF16(bytes.dropFirst(2), bigEndian: true)
        } else if bytes.starts(with: [0xFF, 0xFE]) {
            text = decodeUTF16(bytes.dropFirst(2), bigEndian: false)
        } else if bytes.count >= 2, bytes[0] == 0, bytes[1] != 0 {  // UTF-16 without a BOM
            text = decodeUTF16(bytes[...], bigEndian: true)
        } else if bytes.count >= 2, bytes[0] != 0, bytes[1] == 0 {
            text = decodeUTF16(bytes[...], bigEndian: false)
        } else {
            let utf8 = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
            text = String(decoding: utf8.prefix(256), as: UTF8.self)
        }
        guard let first = text.unicodeScalars.first(where: { !$0.properties.isWhitespace }) else {
            return .outOfScope(bytes.isEmpty ? "empty file" : "blank")
        }
        if first == "<" { return .xml }
        if first == "{" || first == "(" || first == "[" || first == "\"" { return .outOfScope("OpenStep/JSON") }
        return .outOfScope("neither XML nor binary")
    }

    static func decodeUTF16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
        let pairs = stride(from: bytes.startIndex, to: bytes.endIndex - 1, by: 2).prefix(256)
        let units = pairs.map { i in
            bigEndian ? UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]) : UInt16(bytes[i + 1]) << 8 | UInt16(bytes[i])
        }
        return String(decoding: units, as: UTF16.self)
    }

    static func decodeUTF32(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
        var scalars = String.UnicodeScalarView()
        for i in stride(from: bytes.startIndex, to: bytes.endIndex - 3, by: 4).prefix(256) {
            let b = bigEndian ? Array(bytes[i..<i + 4]) : bytes[i..<i + 4].reversed()
            let value = b.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        }
        return String(scalars)
    }

    struct Outcome {
        var fixture: Fixture
        var scope: Scope
        /// nil when the fixture read; the error otherwise.
        var error: PlistError?

        /// Whether the manifest's expectation holds; nil when it makes no claim.
        var agrees: Bool? {
            switch fixture.expect {
            case "parse": error == nil
            case "reject": error != nil
            default: fixture.expect.hasPrefix("no-crash") ? true : nil
            }
        }
    }

    /// Every fixture read (or classified), in manifest order.
    static func outcomes() throws -> [Outcome] {
        guard let corpus else { return [] }
        return try fixtures().map { fixture in
            let url = corpus.appendingPathComponent(fixture.folder).appendingPathComponent(fixture.file)
            guard let bytes = try? Fixtures.bytes(url) else {
                return Outcome(fixture: fixture, scope: .outOfScope("missing from the corpus"), error: nil)
            }
            var scope = Self.scope(of: bytes)
            if fixture.expect.hasPrefix("n/a") { scope = .outOfScope("not a property list (\(fixture.expect))") }
            guard scope == .xml || scope == .binary else { return Outcome(fixture: fixture, scope: scope, error: nil) }
            return Outcome(fixture: fixture, scope: scope, error: readError(bytes))
        }
    }

    /// The error PlistReader throws for `bytes`, or nil when they read.
    static func readError(_ bytes: [UInt8]) -> PlistError? {
        do {
            _ = try PlistReader.read(bytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func corpusAgreesWithTheManifests() throws {
        let outcomes = try Self.outcomes()
        #expect(outcomes.count > 400, "the corpus lists \(outcomes.count) fixtures")

        var inScope = [Scope.xml: 0, .binary: 0], agree = 0, documented = 0
        var outOfScope: [String: Int] = [:]
        for outcome in outcomes {
            if case .outOfScope(let reason) = outcome.scope {
                outOfScope[reason, default: 0] += 1
                continue
            }
            inScope[outcome.scope, default: 0] += 1
            let what = outcome.error.map { "rejected it: \($0)" } ?? "read it"
            switch (outcome.agrees, Self.deliberateDifferences[outcome.fixture.key]) {
            case (true?, nil), (nil, nil):
                agree += 1
            case (false?, _?):
                documented += 1
            case (false?, nil):
                Issue.record("\(outcome.fixture): manifest says \(outcome.fixture.expect) (\(outcome.fixture.note)); Playbench \(what)")
            case (_, let reason?):
                Issue.record("\(outcome.fixture) is listed as a deliberate difference (\(reason)) but now agrees: Playbench \(what)")
            }
        }
        let total = inScope.values.reduce(0, +)
        // One line, so that parallel tests' output cannot split it.
        let skipped = outOfScope.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print(
            "Conformance corpus: \(outcomes.count) fixtures; in scope \(total) (XML \(inScope[.xml]!), binary \(inScope[.binary]!));"
                + " agree \(agree); documented differences \(documented); disagree \(total - agree - documented);"
                + " out of scope \(outOfScope.values.reduce(0, +)) (\(skipped))")
    }

    @Test func everyDeliberateDifferenceNamesAnInScopeFixture() throws {
        let outcomes = Dictionary(try Self.outcomes().map { ($0.fixture.key, $0) }, uniquingKeysWith: { first, _ in first })
        for (key, reason) in Self.deliberateDifferences {
            let outcome = try #require(outcomes[key], "\(key) is not in any manifest")
            #expect(outcome.scope == .xml || outcome.scope == .binary, "\(key) is out of scope")
            #expect(!reason.isEmpty)
        }
    }

    @Test func scopeIsDecidedByContent() {
        #expect(Self.scope(of: Array("bplist00".utf8) + [0, 1]) == .binary)
        #expect(Self.scope(of: Array("  \n<?xml version=\"1.0\"?><plist/>".utf8)) == .xml)
        #expect(Self.scope(of: [0xEF, 0xBB, 0xBF] + Array("<plist/>".utf8)) == .xml)
        #expect(Self.scope(of: XMLTesting.utf16("<plist/>", bigEndian: false, byteOrderMark: true)) == .xml)
        #expect(Self.scope(of: XMLTesting.utf16(" <plist/>", bigEndian: true, byteOrderMark: false)) == .xml)
        #expect(Self.scope(of: XMLTesting.utf32BigEndian("<plist/>")) == .xml)
        #expect(Self.scope(of: XMLTesting.utf16("{ a = b; }", bigEndian: true, byteOrderMark: true)) == .outOfScope("OpenStep/JSON"))
        #expect(Self.scope(of: Array("{\"a\": 1}".utf8)) == .outOfScope("OpenStep/JSON"))
        #expect(Self.scope(of: Array("string1 = \"x\";".utf8)) == .outOfScope("neither XML nor binary"))
        #expect(Self.scope(of: []) == .outOfScope("empty file"))
    }
}
