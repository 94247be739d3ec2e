import Diagnostics
import Testing
@testable import PropertyList

/// The trailer fields of a written file.
private struct Trailer {
    let offsetSize: Int, refSize: Int, objects: Int, top: Int, table: Int

    init(_ file: [UInt8]) {
        let start = file.count - 32
        func field(_ at: Int) -> Int { file[at..<at + 8].reduce(0) { $0 << 8 | Int($1) } }
        offsetSize = Int(file[start + 6])
        refSize = Int(file[start + 7])
        objects = field(start + 8)
        top = field(start + 16)
        table = field(start + 24)
    }
}

/// The bytes of the only object of a file holding one scalar.
private func encoded(_ value: PlistValue) -> [UInt8] {
    let file = BinaryPlistWriter.write(PlistNode(value))
    return Array(file[8..<Trailer(file).table])
}

private func roundTrip(_ node: PlistNode, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let back = try BinaryPlistReader.read(bytes: BinaryPlistWriter.write(node))
    #expect(back == node, sourceLocation: sourceLocation)
    #expect(identical(back, node), "\(back.value) is not bit-identical to \(node.value)", sourceLocation: sourceLocation)
}

@Suite("Binary plist writer")
struct BinaryPlistWriterTests {
    @Test func smallestFileExactly() {
        let file = BinaryPlistWriter.write(true)
        let expected: [UInt8] = Array("bplist00".utf8) + [0x09, 0x08] + [0, 0, 0, 0, 0, 0, 1, 1]
            + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 9]
        #expect(file == expected)
    }

    @Test func integersUseTheFewestBytes() {
        #expect(encoded(.integer(PlistInteger(0))) == [0x10, 0])
        #expect(encoded(.integer(PlistInteger(255))) == [0x10, 0xFF])
        #expect(encoded(.integer(PlistInteger(256))) == [0x11, 1, 0])
        #expect(encoded(.integer(PlistInteger(65_536))) == [0x12, 0, 1, 0, 0])
        #expect(encoded(.integer(PlistInteger(UInt64(1) << 32))) == [0x13, 0, 0, 0, 1, 0, 0, 0, 0])
        #expect(encoded(.integer(PlistInteger(Int64.max))) == [0x13, 0x7F] + [UInt8](repeating: 0xFF, count: 7))
    }

    @Test func negativeAndLargeIntegers() {
        #expect(encoded(.integer(PlistInteger(-1))) == [0x13] + [UInt8](repeating: 0xFF, count: 8))
        #expect(encoded(.integer(PlistInteger(Int64.min))) == [0x13, 0x80] + [UInt8](repeating: 0, count: 7))
        let zeros = [UInt8](repeating: 0, count: 8)
        #expect(encoded(.integer(PlistInteger(UInt64.max))) == [0x14] + zeros + [UInt8](repeating: 0xFF, count: 8))
        #expect(encoded(.integer(PlistInteger(UInt64(1) << 63))) == [0x14] + zeros + [0x80] + zeros.dropFirst())
    }

    @Test func realsAndDates() {
        #expect(encoded(.real(1.5)) == [0x23, 0x3F, 0xF8, 0, 0, 0, 0, 0, 0])
        #expect(encoded(.real(-0.0)) == [0x23, 0x80, 0, 0, 0, 0, 0, 0, 0])
        #expect(encoded(.date(PlistDate(secondsSinceReferenceDate: 1.5))) == [0x33, 0x3F, 0xF8, 0, 0, 0, 0, 0, 0])
    }

    @Test func stringsAreASCIIOrUTF16() {
        #expect(encoded(.string("")) == [0x50])
        #expect(encoded(.string("Car")) == [0x53, 0x43, 0x61, 0x72])
        #expect(encoded(.string("é")) == [0x61, 0x00, 0xE9])
        #expect(encoded(.string("😀")) == [0x62, 0xD8, 0x3D, 0xDE, 0x00])
        let long = String(repeating: "x", count: 15)
        #expect(encoded(.string(long)) == [0x5F, 0x10, 15] + Array(long.utf8))
    }

    @Test func dataAndUIDs() {
        #expect(encoded(.data([])) == [0x40])
        #expect(encoded(.data([1, 2])) == [0x42, 1, 2])
        #expect(encoded(.uid(0)) == [0x80, 0])
        #expect(encoded(.uid(255)) == [0x80, 0xFF])
        #expect(encoded(.uid(256)) == [0x81, 1, 0])
        #expect(encoded(.uid(65_536)) == [0x83, 0, 1, 0, 0])
        #expect(encoded(.uid(.max)) == [0x87] + [UInt8](repeating: 0xFF, count: 8))
    }

    @Test func containers() {
        let file = BinaryPlistWriter.write(["k": [true]])
        // dict {k: array}, then key "k", then the array, then true.
        #expect(Array(file[8..<Trailer(file).table]) == [0xD1, 1, 2, 0x51, 0x6B, 0xA1, 3, 0x09])
        #expect(Trailer(file).top == 0)
    }

    @Test func dictionaryOrderIsKept() throws {
        var dictionary = PlistDictionary()
        for key in ["zeta", "alpha", "mu", "beta"] { dictionary[key] = PlistNode(.string(key)) }
        let back = try BinaryPlistReader.read(bytes: BinaryPlistWriter.write(PlistNode(.dictionary(dictionary))))
        #expect(back.value.dictionary.map { Array($0.keys) } == ["zeta", "alpha", "mu", "beta"])
    }

    @Test func equalScalarsAreStoredOnce() {
        let repeated: PlistNode = [["name": "a", "n": 1], ["name": "a", "n": 1], "a", 1]
        // 3 containers; "name", "n", "a" and 1 once each.
        #expect(Trailer(BinaryPlistWriter.write(repeated)).objects == 7)
        // Only byte-identical values are shared.
        let distinct: PlistNode = [0.0, -0.0, "é", "e\u{301}", 1, 1.0, true]
        #expect(Trailer(BinaryPlistWriter.write(distinct)).objects == 8)
    }

    @Test func referenceAndOffsetWidthsGrow() {
        let small = BinaryPlistWriter.write([1, 2, 3])
        #expect(Trailer(small).refSize == 1 && Trailer(small).offsetSize == 1)
        let manyObjects = BinaryPlistWriter.write(PlistNode(.array((0..<300).map { PlistNode(.integer(PlistInteger($0))) })))
        #expect(Trailer(manyObjects).refSize == 2 && Trailer(manyObjects).offsetSize == 2)
        // CoreFoundation requires the object count, not only the highest number, to fit.
        let justFits = BinaryPlistWriter.write(PlistNode(.array((0..<254).map { PlistNode(.integer(PlistInteger($0))) })))
        #expect(Trailer(justFits).objects == 255 && Trailer(justFits).refSize == 1)
        let tooMany = BinaryPlistWriter.write(PlistNode(.array((0..<255).map { PlistNode(.integer(PlistInteger($0))) })))
        #expect(Trailer(tooMany).objects == 256 && Trailer(tooMany).refSize == 2)
        let bigData = BinaryPlistWriter.write(PlistNode(.data([UInt8](repeating: 7, count: 70_000))))
        #expect(Trailer(bigData).refSize == 1 && Trailer(bigData).offsetSize == 4)
    }

    @Test func everyTypeRoundTrips() throws {
        let values: [PlistValue] = [
            .string(""), .string("plain"), .string("日本語 😀 e\u{301}"), .string("\u{0}"),
            .integer(PlistInteger(0)), .integer(PlistInteger(Int64.min)), .integer(PlistInteger(UInt64.max)),
            .integer(PlistInteger(-1)), .real(.nan), .real(.infinity), .real(-.infinity), .real(-0.0),
            .real(.leastNonzeroMagnitude), .boolean(true), .boolean(false),
            .date(PlistDate(secondsSinceReferenceDate: -1e9)), .data([]), .data(Array(0...255)),
            .uid(0), .uid(.max), .array([]), .dictionary(PlistDictionary()),
        ]
        for value in values { try roundTrip(PlistNode(value)) }
        try roundTrip(PlistNode(.array(values.map { PlistNode($0) })))
    }

    @Test func randomTreesRoundTrip() throws {
        var random = RandomPlist(seed: 0x5EED_2026)
        for _ in 0..<400 {
            try roundTrip(random.node(depth: 4))
        }
    }

    @Test func deepTreesAreWrittenWithoutRecursion() throws {
        var node: PlistNode = "leaf"
        for _ in 0..<2_000 { node = [node] }
        let file = BinaryPlistWriter.write(node)
        #expect(Trailer(file).objects == 2_001)
        var limits = PlistLimits()
        limits.maxDepth = 2_000
        #expect(try BinaryPlistReader.read(bytes: file, limits: limits) == node)
        #expect(throws: PlistError.self) { try BinaryPlistReader.read(bytes: file) }
    }

    @Test func readerLocationsPointAtWrittenObjects() throws {
        let file = BinaryPlistWriter.write(["n": 3])
        let root = try BinaryPlistReader.read(bytes: file)
        let value = try #require(root.value.dictionary?["n"])
        #expect(root.location == .byteOffset(8))
        #expect(root.value.dictionary?.keyLocation("n") == .byteOffset(11))
        #expect(value.location == .byteOffset(13))
        #expect(file[13] == 0x10 && file[14] == 3)
    }
}
