import Diagnostics
import TestSupport
import Testing
@testable import PropertyList

/// A file whose only object is `object`.
private func single(_ object: [UInt8]) -> [UInt8] {
    var builder = BPlistBuilder()
    builder.add(object)
    return builder.build()
}

private func at(_ offset: Int) -> Diagnostics.SourceLocation { .byteOffset(offset) }

private func read(_ file: [UInt8], limits: PlistLimits = .default) throws(PlistError) -> PlistNode {
    try BinaryPlistReader.read(bytes: file, limits: limits)
}

/// The error reading `file` throws, or nil when it reads.
private func failure(_ file: [UInt8], limits: PlistLimits = .default) -> PlistError? {
    do {
        _ = try read(file, limits: limits)
        return nil
    } catch {
        return error
    }
}

/// Reading `file` fails with a message containing `text`.
private func expectFailure(
    _ file: [UInt8], _ text: String, limits: PlistLimits = .default, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let error = failure(file, limits: limits)
    #expect(error != nil, "expected an error containing \"\(text)\"", sourceLocation: sourceLocation)
    if let error {
        #expect(error.message.contains(text), "\(error.message)", sourceLocation: sourceLocation)
    }
}

@Suite("Binary plist reader: object types")
struct BinaryPlistReaderTypeTests {
    @Test func booleans() throws {
        #expect(try read(single([0x08])).value == .boolean(false))
        #expect(try read(single([0x09])).value == .boolean(true))
    }

    @Test func nullAndFillAreRefused() {
        expectFailure(single([0x00]), "null object")
        expectFailure(single([0x0F]), "fill byte")
        var builder = BPlistBuilder()
        builder.add(builder.array([1]))
        builder.add([0x00])
        expectFailure(builder.build(), "null object")
    }

    @Test func integersOfEveryWidth() throws {
        #expect(try read(single([0x10, 0xFE])).value == .integer(PlistInteger(254)))
        #expect(try read(single([0x11, 0xFE, 0xDC])).value == .integer(PlistInteger(65_244)))
        #expect(try read(single([0x12, 0xFE, 0xDC, 0xBA, 0x98])).value == .integer(PlistInteger(4_275_878_552)))
        #expect(try read(single(BPlistBuilder.int(-1))).value == .integer(PlistInteger(-1)))
        #expect(try read(single(BPlistBuilder.int(.min))).value == .integer(PlistInteger(Int64.min)))
        #expect(try read(single(BPlistBuilder.int(.max))).value == .integer(PlistInteger(Int64.max)))
        // 1, 2 and 4-byte integers are unsigned.
        #expect(try read(single([0x10, 0xFF])).value == .integer(PlistInteger(255)))
        #expect(try read(single([0x12, 0xFF, 0xFF, 0xFF, 0xFF])).value == .integer(PlistInteger(4_294_967_295)))
        expectFailure(single([0x15] + [UInt8](repeating: 0, count: 32)), "only 1 to 16-byte integers")
        expectFailure(single([0x13, 0, 0, 0]), "8-byte integer is truncated")
    }

    @Test func sixteenByteIntegers() throws {
        let high0 = [UInt8](repeating: 0, count: 8), high1 = [UInt8](repeating: 0xFF, count: 8)
        #expect(try read(single([0x14] + high0 + high1)).value == .integer(PlistInteger(UInt64.max)))
        #expect(try read(single([0x14] + high0 + [0x80, 0, 0, 0, 0, 0, 0, 0])).value == .integer(PlistInteger(UInt64(1) << 63)))
        #expect(try read(single([0x14] + high0 + [0, 0, 0, 0, 0, 0, 0, 5])).value == .integer(PlistInteger(5)))
        // Sign-extended negatives are in range too.
        #expect(try read(single([0x14] + high1 + high1)).value == .integer(PlistInteger(-1)))
        expectFailure(single([0x14, 0, 0, 0, 0, 0, 0, 0, 1] + high0), "out of range")
        expectFailure(single([0x14] + high1 + [0, 0, 0, 0, 0, 0, 0, 5]), "out of range")
        expectFailure(single([0x14] + high0), "16-byte integer is truncated")
    }

    @Test func reals() throws {
        #expect(try read(single([0x22, 0x3F, 0xC0, 0, 0])).value == .real(1.5))
        #expect(try read(single([0x23] + BPlistBuilder.bigEndian((-2.25).bitPattern, 8))).value == .real(-2.25))
        let nan = try read(single([0x23] + BPlistBuilder.bigEndian(Double.nan.bitPattern, 8)))
        #expect(nan.value.real?.isNaN == true)
        let negativeZero = try read(single([0x23] + BPlistBuilder.bigEndian((-0.0).bitPattern, 8)))
        #expect(negativeZero.value.real?.sign == .minus)
        for marker: UInt8 in [0x20, 0x21, 0x24, 0x27, 0x2F] {
            expectFailure(single([marker] + [UInt8](repeating: 0, count: 16)), "only 4 and 8-byte reals")
        }
    }

    @Test func dates() throws {
        let date = try read(single([0x33] + BPlistBuilder.bigEndian(Double(123_456_789.5).bitPattern, 8)))
        #expect(date.value == .date(PlistDate(secondsSinceReferenceDate: 123_456_789.5)))
        expectFailure(single([0x30] + [UInt8](repeating: 0, count: 16)), "unknown object type 0x30")
        expectFailure(single([0x33, 0, 0, 0]), "date is truncated")
    }

    @Test func data() throws {
        #expect(try read(single([0x40])).value == .data([]))
        #expect(try read(single([0x43, 1, 2, 3])).value == .data([1, 2, 3]))
        let long = [UInt8](0..<40)
        #expect(try read(single(BPlistBuilder.header(0x40, 40) + long)).value == .data(long))
        #expect(try read(single([0x4F, 0x10, 2, 9, 8])).value == .data([9, 8]))
    }

    @Test func asciiStrings() throws {
        #expect(try read(single(BPlistBuilder.ascii(""))).value == .string(""))
        #expect(try read(single(BPlistBuilder.ascii("Car"))).value == .string("Car"))
        let long = "a string longer than fifteen bytes"
        #expect(try read(single(BPlistBuilder.ascii(long))).value == .string(long))
        // Bytes above 0x7f are not ASCII; they are refused rather than guessed at.
        expectFailure(single([0x52, 0x41, 0xE9]), "ascii string has byte 0xe9")
    }

    @Test func utf16Strings() throws {
        for text in ["", "é", "日本語", "😀", "a😀b🎲", "\u{0}", "a long string with ümlauts in it"] {
            #expect(try read(single(BPlistBuilder.utf16(text))).value == .string(text))
        }
        // Unpaired surrogates: a lone lead, a lone trail, a lead followed by a non-trail.
        for units: [UInt8] in [[0xD8, 0x3D], [0xDE, 0x00], [0xD8, 0x3D, 0x00, 0x41], [0x00, 0x41, 0xDC, 0x00]] {
            expectFailure(single([0x60 | UInt8(units.count / 2)] + units), "unpaired surrogate")
        }
        expectFailure(single([0x62, 0x00, 0x41]), "utf-16 string count 2 exceeds the file")
    }

    /// 0x7n is reserved by CoreFoundation for a later format; bplist00 readers refuse it.
    @Test func utf8StringsAreNotBplist00() {
        for marker: UInt8 in [0x70, 0x72, 0x7E] {
            expectFailure(single([marker, 0xC3, 0xA9]), "is not part of bplist00")
        }
    }

    @Test func uids() throws {
        for size in 1...8 {
            let value = UInt64.max >> UInt64(64 - 8 * size)
            let file = single([0x80 | UInt8(size - 1)] + BPlistBuilder.bigEndian(value, size))
            #expect(try read(file).value == .uid(value))
        }
        expectFailure(single([0x88] + [UInt8](repeating: 1, count: 9)), "uid of 9 bytes")
        expectFailure(single([0x83, 1, 2]), "uid is truncated")
    }

    @Test func arraysSetsAndDictionaries() throws {
        var builder = BPlistBuilder()
        builder.add([])  // filled below
        let key = builder.add(BPlistBuilder.ascii("k"))
        let one = builder.add([0x10, 1])
        let list = builder.add(builder.array([one, one]))
        let set = builder.add(builder.array([one], marker: 0xC0))
        let pair = builder.add(builder.array([list, set]))
        builder.set(0, builder.dict([key], [pair]))
        let root = try read(builder.build())
        #expect(root == ["k": [[1, 1], [1]]])
    }

    @Test func emptyContainers() throws {
        #expect(try read(single([0xA0])).value == .array([]))
        #expect(try read(single([0xC0])).value == .array([]))
        #expect(try read(single([0xD0])).value == .dictionary(PlistDictionary()))
    }

    @Test func longCountsUseAnIntegerObject() throws {
        var builder = BPlistBuilder()
        builder.add([])
        let items = (0..<20).map { builder.add([0x10, UInt8($0)]) }
        builder.set(0, builder.array(items))
        #expect(try read(builder.build()).value.array?.count == 20)
        // Counts may be 1, 2, 4 or 8-byte integers, not 16, and must be integers.
        #expect(try read(single([0x5F, 0x11, 0x00, 0x01, 0x41])).value == .string("A"))
        expectFailure(single([0x5F, 0x14] + [UInt8](repeating: 0, count: 16)), "count is not a 1, 2, 4 or 8-byte integer")
        expectFailure(single([0x5F, 0x23] + [UInt8](repeating: 0, count: 8)), "count is not a 1, 2, 4 or 8-byte integer")
        expectFailure(single([0x5F]), "count is missing")
        expectFailure(single([0x5F, 0x12, 0]), "count is truncated")
    }

    @Test func dictionaryKeysMustBeStrings() {
        var builder = BPlistBuilder()
        builder.add(builder.dict([1], [1]))
        builder.add([0x10, 7])
        expectFailure(builder.build(), "key (object 1) is an integer, not a string")
        var nested = BPlistBuilder()
        nested.add(nested.dict([1], [1]))
        nested.add([0xA0])
        expectFailure(nested.build(), "key (object 1) is an array, not a string")
        var selfKeyed = BPlistBuilder()
        selfKeyed.add(selfKeyed.dict([0], [0]))
        expectFailure(selfKeyed.build(), "key (object 0) is a dict, not a string")
    }

    @Test func duplicateKeys() {
        var shared = BPlistBuilder()
        shared.add(shared.dict([1, 1], [2, 2]))
        shared.add(BPlistBuilder.ascii("x"))
        shared.add([0x09])
        expectFailure(shared.build(), "duplicate key \"x\"")
        // Two key objects with the same text, one ASCII and one UTF-16.
        var separate = BPlistBuilder()
        separate.add(separate.dict([1, 2], [3, 3]))
        separate.add(BPlistBuilder.ascii("x"))
        separate.add(BPlistBuilder.utf16("x"))
        separate.add([0x09])
        expectFailure(separate.build(), "duplicate key \"x\"")
        // The error's key path names the key read twice.
        var nested = BPlistBuilder()
        nested.add(nested.dict([1], [2]))
        nested.add(BPlistBuilder.ascii("outer"))
        nested.add(nested.dict([3, 3], [4, 4]))
        nested.add(BPlistBuilder.ascii("x"))
        nested.add([0x09])
        #expect(failure(nested.build())?.keyPath == "outer.x")
    }

    /// Every marker byte, followed by zeros: the right ones read, the others fail, none trap.
    @Test func everyMarkerByte() {
        var accepted: [UInt8] = []
        for marker in UInt8.min...UInt8.max {
            if failure(single([marker] + [UInt8](repeating: 0, count: 16))) == nil { accepted.append(marker) }
        }
        let expected: [UInt8] =
            [0x08, 0x09] + Array(0x10...0x14) + [0x22, 0x23, 0x33] + Array(0x40...0x4E) + Array(0x50...0x5E)
            + Array(0x60...0x68) + Array(0x80...0x87) + [0xA0, 0xC0, 0xD0]
        #expect(accepted == expected)
    }
}

@Suite("Binary plist reader: layout")
struct BinaryPlistReaderLayoutTests {
    /// A dictionary with nested values, laid out with the given widths.
    static func sample(offsetSize: Int, refSize: Int) -> (BPlistBuilder, PlistNode) {
        var builder = BPlistBuilder(offsetSize: offsetSize, refSize: refSize)
        builder.add([])
        let a = builder.add(BPlistBuilder.ascii("a")), b = builder.add(BPlistBuilder.utf16("bé"))
        let one = builder.add([0x10, 1]), yes = builder.add([0x09])
        let list = builder.add(builder.array([one, b, yes]))
        builder.set(0, builder.dict([a, b], [list, one]))
        return (builder, ["a": [1, "bé", true], "bé": 1])
    }

    @Test(arguments: 1...8, 1...8)
    func offsetAndReferenceWidths(offsetSize: Int, refSize: Int) throws {
        let (builder, expected) = Self.sample(offsetSize: offsetSize, refSize: refSize)
        #expect(try read(builder.build()) == expected)
    }

    @Test func locationsAreObjectOffsets() throws {
        let (builder, _) = Self.sample(offsetSize: 2, refSize: 1)
        let root = try read(builder.build())
        #expect(root.location == .byteOffset(builder.offset(of: 0)))
        let dictionary = try #require(root.value.dictionary)
        #expect(dictionary.keyLocation("a") == .byteOffset(builder.offset(of: 1)))
        #expect(dictionary.keyLocation("bé") == .byteOffset(builder.offset(of: 2)))
        let list = try #require(dictionary["a"])
        #expect(list.location == .byteOffset(builder.offset(of: 5)))
        #expect(list.value.array?.map(\.location) == [3, 2, 4].map { at(builder.offset(of: $0)) })
        #expect(dictionary["bé"]?.location == .byteOffset(builder.offset(of: 3)))
    }

    @Test func errorsNameTheObjectAndKeyPath() throws {
        var builder = BPlistBuilder()
        builder.add([])
        let key = builder.add(BPlistBuilder.ascii("items"))
        let good = builder.add([0x10, 1])
        let bad = builder.add([0x52, 0x41, 0xFF])
        let list = builder.add(builder.array([good, bad]))
        builder.set(0, builder.dict([key], [list]))
        let error = try #require(failure(builder.build()))
        let offset = builder.offset(of: bad)
        #expect(error.message.hasPrefix("object \(bad) at byte \(offset): ascii string has byte 0xff"))
        #expect(error.location == .byteOffset(offset))
        #expect(error.keyPath == "items[1]")
    }

    @Test func anyBplist0VersionIsAccepted() throws {
        var builder = BPlistBuilder()
        builder.add([0x09])
        builder.magic = Array("bplist0x".utf8)
        #expect(try read(builder.build()).value == .boolean(true))
        builder.magic = Array("bplist15".utf8)
        expectFailure(builder.build(), "unsupported binary property list version \"15\"")
        builder.magic = Array("xplist00".utf8)
        expectFailure(builder.build(), "no \"bplist\" header")
    }

    @Test func bytesBetweenTableAndTrailerAreTolerated() throws {
        var builder = BPlistBuilder()
        builder.add([0x09])
        var file = builder.build()
        file.insert(contentsOf: [0xEE, 0xEE], at: file.count - 32)
        #expect(try read(file).value == .boolean(true))
    }

    @Test func unsafeBufferOverload() throws {
        let file = single(BPlistBuilder.ascii("raw"))
        let node = try file.withUnsafeBytes { buffer in try BinaryPlistReader.read(buffer) }
        #expect(node.value == .string("raw"))
    }
}

@Suite("Binary plist reader: graphs")
struct BinaryPlistReaderGraphTests {
    @Test func sharedReferencesAreDecoded() throws {
        var builder = BPlistBuilder()
        builder.add([])
        let text = builder.add(BPlistBuilder.ascii("s"))
        let inner = builder.add(builder.array([text, text]))
        builder.set(0, builder.array([inner, text, inner]))
        let root = try read(builder.build())
        #expect(root == [["s", "s"], "s", ["s", "s"]])
        let items = try #require(root.value.array)
        #expect(items[0].location == items[2].location)
        #expect(items[1].location == .byteOffset(builder.offset(of: text)))
    }

    /// A scalar is kept for reuse only from its second reference on (parsed again then); every
    /// use of it, as a value or as a key, is the same object at the same place.
    @Test func scalarsReferencedAgainAreTheSameObject() throws {
        var builder = BPlistBuilder()
        builder.add([])
        let word = builder.add(BPlistBuilder.ascii("a word longer than fifteen bytes"))
        let number = builder.add([0x10, 7])
        let inner = builder.add(builder.dict([word], [number]))
        builder.set(0, builder.array([word, number, inner, word, number, word]))
        let root = try read(builder.build())
        let text: PlistNode = "a word longer than fifteen bytes"
        #expect(root == [text, 7, ["a word longer than fifteen bytes": 7], text, 7, text])
        let items = try #require(root.value.array)
        for i in [0, 3, 5] { #expect(items[i].location == at(builder.offset(of: word))) }
        for i in [1, 4] { #expect(items[i].location == at(builder.offset(of: number))) }
        let dictionary = try #require(items[2].value.dictionary)
        #expect(dictionary.keyLocation("a word longer than fifteen bytes") == at(builder.offset(of: word)))
        #expect(dictionary["a word longer than fifteen bytes"]?.location == at(builder.offset(of: number)))
    }

    @Test func selfContainingArrayIsRefused() {
        var builder = BPlistBuilder()
        builder.add(builder.array([0]))
        expectFailure(builder.build(), "reference cycle")
    }

    @Test func twoArrayCycleIsRefused() {
        var builder = BPlistBuilder()
        builder.add(builder.array([1]))
        builder.add(builder.array([0]))
        expectFailure(builder.build(), "object 0 at byte 8: object contains itself (a reference cycle)")
    }

    @Test func cycleThroughDictionaryIsRefused() {
        var builder = BPlistBuilder()
        builder.add([])
        let key = builder.add(BPlistBuilder.ascii("k"))
        let list = builder.add(builder.array([key, 0]))
        builder.set(0, builder.dict([key], [list]))
        let error = failure(builder.build())
        #expect(error?.message.contains("reference cycle") == true)
        #expect(error?.keyPath == "k[1]")
    }

    /// `count` nested arrays, the innermost empty.
    static func chain(_ count: Int) -> [UInt8] {
        var builder = BPlistBuilder(offsetSize: 4, refSize: 4)
        for i in 0..<count { builder.add(i + 1 < count ? builder.array([i + 1]) : [0xA0]) }
        return builder.build()
    }

    @Test func depthLimit() throws {
        #expect(failure(Self.chain(500)) == nil)
        #expect(failure(Self.chain(512)) == nil)
        expectFailure(Self.chain(513), "nesting deeper than 512 levels")
        expectFailure(Self.chain(600), "nesting deeper than 512 levels")
        expectFailure(Self.chain(100_000), "nesting deeper than 512 levels")
        // The key path of so deep an error keeps its ends.
        let keyPath = failure(Self.chain(600))?.keyPath ?? ""
        #expect(keyPath.hasPrefix("[0][0]") && keyPath.contains("…(496 more)…") && keyPath.count < 100)
        var limits = PlistLimits()
        limits.maxDepth = 10
        expectFailure(Self.chain(11), "nesting deeper than 10 levels", limits: limits)
    }

    /// A subtree first met shallow and cached is still too deep when reused deep down.
    @Test func reusedSubtreeCountsTowardsDepth() {
        var builder = BPlistBuilder(offsetSize: 4, refSize: 2)
        builder.add([])
        let deep = (0..<300).map { _ in builder.add([]) }  // deep[0] holds deep[1]... (300 levels)
        let long = (0..<300).map { _ in builder.add([]) }  // long[0]... holds deep[0] innermost
        for i in 0..<300 {
            builder.set(deep[i], i + 1 < 300 ? builder.array([deep[i + 1]]) : [0xA0])
            builder.set(long[i], builder.array([i + 1 < 300 ? long[i + 1] : deep[0]]))
        }
        builder.set(0, builder.array([deep[0], long[0]]))
        // Refused where it is reused, before anything under it is decoded again.
        expectFailure(builder.build(), "object \(deep[0]) at byte \(builder.offset(of: deep[0])): nesting deeper than 512 levels")
    }

    /// A container reached again is decoded again (it is kept only from then on) to the same
    /// value at the same places, and its size counts against the limit where it is reused.
    @Test func reusedContainersAreTheSameValue() throws {
        var builder = BPlistBuilder()
        builder.add([])
        let word = builder.add(BPlistBuilder.ascii("w"))
        let pair = builder.add(builder.array([word, word]))
        builder.set(0, builder.array([pair, pair, pair]))
        let root = try read(builder.build())
        #expect(root == [["w", "w"], ["w", "w"], ["w", "w"]])
        let items = try #require(root.value.array)
        #expect(items.map(\.location) == Array(repeating: at(builder.offset(of: pair)), count: 3))
        #expect(items.flatMap { $0.value.array?.map(\.location) ?? [] } == Array(repeating: at(builder.offset(of: word)), count: 6))
        // 1 (the root) + 3 for each pair: 10 values.
        var limits = PlistLimits()
        limits.maxObjects = 10
        #expect(try read(builder.build(), limits: limits) == root)
        limits.maxObjects = 9
        expectFailure(
            builder.build(), "object \(pair) at byte \(builder.offset(of: pair)): the tree expands to more than 9 values",
            limits: limits)
    }

    /// 30 arrays each holding the next twice stand for 2^31 values.
    static func dagBomb(levels: Int) -> [UInt8] {
        var builder = BPlistBuilder()
        for i in 0..<levels { builder.add(builder.array([i + 1, i + 1])) }
        builder.add(BPlistBuilder.ascii("lol"))
        return builder.build()
    }

    @Test func dagBombIsRefused() {
        expectFailure(Self.dagBomb(levels: 30), "expands to more than 50000000 values")
    }

    @Test func dagWithinTheLimitIsShared() throws {
        let root = try read(Self.dagBomb(levels: 10))
        var node = root
        for _ in 0..<10 {
            let items = try #require(node.value.array)
            #expect(items.count == 2)
            node = items[1]
        }
        #expect(node.value == .string("lol"))
        var limits = PlistLimits()
        limits.maxObjects = 2_000
        expectFailure(Self.dagBomb(levels: 10), "expands to more than 2000 values", limits: limits)
    }

    /// The bound counts every value, so it also bounds the work of wide shared references.
    @Test func wideSharingCountsEveryValue() throws {
        var builder = BPlistBuilder(offsetSize: 2, refSize: 1)
        builder.add(builder.array([Int](repeating: 1, count: 1_000)))
        builder.add(BPlistBuilder.ascii("same"))
        var limits = PlistLimits()
        limits.maxObjects = 1_001
        #expect(try read(builder.build(), limits: limits).value.array?.count == 1_000)
        limits.maxObjects = 1_000
        expectFailure(builder.build(), "expands to more than 1000 values", limits: limits)
    }
}

@Suite("Binary plist reader: hostile files")
struct BinaryPlistReaderHostileTests {
    static let hugeCount: UInt64 = 1 << 60

    @Test(arguments: [(UInt8(0xAF), "array"), (0xCF, "set"), (0xDF, "dictionary"), (0x4F, "data"),
                      (0x5F, "ascii string"), (0x6F, "utf-16 string")])
    func hugeCounts(marker: UInt8, name: String) {
        for count in [Self.hugeCount, UInt64(Int64.max), UInt64.max, 1 << 32, 1 << 20] {
            expectFailure(single([marker, 0x13] + BPlistBuilder.bigEndian(count, 8)), "\(name) count \(count) exceeds the file")
        }
        var wide = BPlistBuilder(offsetSize: 1, refSize: 8)
        wide.add([marker, 0x13] + BPlistBuilder.bigEndian(Self.hugeCount, 8))
        expectFailure(wide.build(), "count \(Self.hugeCount) exceeds the file")
    }

    @Test func shortCountsPastTheEnd() {
        expectFailure(single([0xA4, 0, 0]), "array count 4 exceeds the file")
        expectFailure(single([0xD2, 0, 0, 0]), "dictionary count 2 exceeds the file")
        expectFailure(single([0x4E, 1, 2]), "data count 14 exceeds the file")
    }

    @Test func referencesOutOfRange() {
        var builder = BPlistBuilder()
        builder.add(builder.array([1, 7]))
        builder.add([0x09])
        expectFailure(builder.build(), "reference to object 7, but there are only 2 objects")
        var wide = BPlistBuilder(offsetSize: 1, refSize: 8)
        wide.add([0xA1] + BPlistBuilder.bigEndian(.max, 8))
        expectFailure(wide.build(), "reference to object 18446744073709551615")
    }

    @Test func offsetsOutsideTheObjects() {
        var builder = BPlistBuilder()
        builder.add([0x09])
        var file = builder.build()
        let table = file.count - 33
        file[table] = 200
        expectFailure(file, "offset table entry 0 points at byte 200")
        file[table] = 3  // inside the header
        expectFailure(file, "offset table entry 0 points at byte 3")
        file[table] = UInt8(table)  // the offset table itself
        expectFailure(file, "offset table entry 0 points at byte \(table)")
    }

    @Test func topObjectOutOfRange() {
        var builder = BPlistBuilder()
        builder.add([0x09])
        builder.topOverride = 1
        expectFailure(builder.build(), "top object 1 is not among the 1 objects")
        builder.topOverride = .max
        expectFailure(builder.build(), "top object 18446744073709551615")
    }

    @Test func objectCounts() {
        var builder = BPlistBuilder()
        builder.add([0x09])
        for count: UInt64 in [1 << 63, .max, 1 << 32, UInt64(PlistLimits.default.maxObjects) + 1] {
            builder.objectCountOverride = count
            expectFailure(builder.build(), "trailer: \(count) objects; the limit is 50000000")
        }
        builder.objectCountOverride = 1_000
        expectFailure(builder.build(), "offset table of 1000 1-byte entries")
        builder.objectCountOverride = 0
        expectFailure(builder.build(), "no objects")
        // With no object limit, a table too large for the address space is still caught.
        var limits = PlistLimits()
        limits.maxObjects = .max
        var wide = BPlistBuilder(offsetSize: 8, refSize: 8)
        wide.add([0x09])
        wide.objectCountOverride = UInt64(Int64.max)
        expectFailure(wide.build(), "runs past the trailer", limits: limits)
    }

    /// The decoder keeps four bytes per object the trailer claims, so the claim is checked
    /// against the file first: an offset table, at least a byte per object, must fit in it.
    @Test func objectCountsBeyondTheFileAreRefusedAtTheTrailer() throws {
        var builder = BPlistBuilder()
        builder.add(builder.array([0]))
        builder.objectCountOverride = 10_000_000  // within the object limit, far beyond the file
        let file = builder.build()
        let error = try #require(failure(file))
        #expect(error.message == "trailer: offset table of 10000000 1-byte entries at byte 10 runs past the trailer")
        #expect(error.location == at(file.count - 32))
    }

    @Test func offsetTableOffsets() {
        var builder = BPlistBuilder()
        builder.add([0x09])
        for offset: UInt64 in [.max, 1 << 63, UInt64(Int64.max), 1_000, 8, 0] {
            builder.tableOffsetOverride = offset
            expectFailure(builder.build(), "offset table at byte \(offset) is outside")
        }
    }

    @Test func sizeFields() {
        for (offsetSize, refSize) in [(0, 1), (9, 1), (255, 1), (1, 0), (1, 9), (1, 16)] {
            var builder = BPlistBuilder(offsetSize: offsetSize, refSize: refSize)
            builder.add(BPlistBuilder.ascii("long enough"))
            expectFailure(builder.build(), "is not 1 to 8 bytes")
        }
    }

    @Test func truncatedFiles() {
        expectFailure([], "no \"bplist\" header")
        expectFailure(Array("bplist00".utf8), "too short")
        expectFailure(Array("bplist00".utf8) + [UInt8](repeating: 0, count: 31), "too short")
        var builder = BPlistBuilder()
        builder.add(builder.array([1, 1]))
        builder.add(BPlistBuilder.ascii("text"))
        let file = builder.build()
        for length in 0..<file.count {
            #expect(failure(Array(file.prefix(length))) != nil)
        }
    }

    @Test func inputSizeLimit() {
        var limits = PlistLimits()
        limits.maxInputBytes = 40
        expectFailure(single([0x09]), "the limit is 40", limits: limits)
    }

    /// Random byte mutations of a file with every type: each read must succeed or throw.
    @Test func mutationsNeverTrap() throws {
        var random = RandomPlist(seed: 0xB1_0B)
        var generator = SplitMix64(seed: 42)
        var files: [[UInt8]] = []
        for _ in 0..<20 {
            let tree = random.node(depth: 3)
            files.append(BinaryPlistWriter.write(tree))
        }
        let (builder, _) = BinaryPlistReaderLayoutTests.sample(offsetSize: 3, refSize: 5)
        files.append(builder.build())
        var outcomes = (read: 0, refused: 0)
        for file in files {
            // Every byte set to boundary values, plus random multi-byte damage.
            for position in file.indices {
                for replacement: UInt8 in [0x00, 0x0F, 0x7F, 0x80, 0xFF, file[position] &+ 1, file[position] &- 1] {
                    var damaged = file
                    damaged[position] = replacement
                    if failure(damaged) == nil { outcomes.read += 1 } else { outcomes.refused += 1 }
                }
            }
            for _ in 0..<200 {
                var damaged = file
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
                if failure(damaged) == nil { outcomes.read += 1 } else { outcomes.refused += 1 }
            }
        }
        #expect(outcomes.read > 0 && outcomes.refused > 0)
    }
}
