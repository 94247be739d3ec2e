import TestSupport
@testable import PropertyList

/// Assembles binary plists object by object, with any offset and reference width and any
/// trailer field overridden: the files a real writer never produces, which a reader must survive.
struct BPlistBuilder {
    var offsetSize = 1
    var refSize = 1
    var top = 0
    var magic = Array("bplist00".utf8)
    var objectCountOverride: UInt64?
    var topOverride: UInt64?
    var tableOffsetOverride: UInt64?
    private(set) var objects: [[UInt8]] = []

    init(offsetSize: Int = 1, refSize: Int = 1) {
        self.offsetSize = offsetSize
        self.refSize = refSize
    }

    /// Appends an encoded object; returns its number.
    @discardableResult
    mutating func add(_ bytes: [UInt8]) -> Int {
        objects.append(bytes)
        return objects.count - 1
    }

    /// Replaces object `index` (for references to objects added later).
    mutating func set(_ index: Int, _ bytes: [UInt8]) { objects[index] = bytes }

    func array(_ refs: [Int], marker: UInt8 = 0xA0) -> [UInt8] {
        Self.header(marker, refs.count) + refs.flatMap { Self.bigEndian(UInt64($0), refSize) }
    }

    func dict(_ keys: [Int], _ values: [Int]) -> [UInt8] {
        Self.header(0xD0, keys.count) + (keys + values).flatMap { Self.bigEndian(UInt64($0), refSize) }
    }

    /// Where object `index` will start in `build()`'s output.
    func offset(of index: Int) -> Int {
        magic.count + objects[..<index].reduce(0) { $0 + $1.count }
    }

    func build() -> [UInt8] {
        var out = magic
        var offsets: [Int] = []
        for object in objects {
            offsets.append(out.count)
            out += object
        }
        let table = out.count
        for offset in offsets { out += Self.bigEndian(UInt64(offset), offsetSize) }
        out += [0, 0, 0, 0, 0, 0, UInt8(truncatingIfNeeded: offsetSize), UInt8(truncatingIfNeeded: refSize)]
        out += Self.bigEndian(objectCountOverride ?? UInt64(objects.count), 8)
        out += Self.bigEndian(topOverride ?? UInt64(top), 8)
        out += Self.bigEndian(tableOffsetOverride ?? UInt64(table), 8)
        return out
    }

    // MARK: Object encodings, written out by hand (not with the writer under test)

    /// A marker and count; counts of 15 and more as an 8-byte integer, which writers never use.
    static func header(_ marker: UInt8, _ count: Int) -> [UInt8] {
        count < 15 ? [marker | UInt8(count)] : [marker | 0x0F, 0x13] + bigEndian(UInt64(count), 8)
    }

    static func bigEndian(_ value: UInt64, _ size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> UInt64($0 * 8)) }  // >> 64 and more is 0
    }

    static func ascii(_ text: String) -> [UInt8] { header(0x50, text.utf8.count) + Array(text.utf8) }

    static func utf16(_ text: String) -> [UInt8] {
        header(0x60, text.utf16.count) + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    static func int(_ value: Int64) -> [UInt8] { [0x13] + bigEndian(UInt64(bitPattern: value), 8) }
}

/// Random property-list trees that lean on the edges: NaN, infinities, -0.0, Int64.min,
/// UInt64.max, empty and non-BMP strings, long counts, empty containers.
struct RandomPlist {
    var rng: SplitMix64

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func node(depth: Int) -> PlistNode {
        let kind = Int.random(in: 0..<(depth > 0 ? 10 : 8), using: &rng)
        switch kind {
        case 0: return PlistNode(.string(string()))
        case 1: return PlistNode(.integer(integer()))
        case 2: return PlistNode(.real(real()))
        case 3: return PlistNode(.boolean(Bool.random(using: &rng)))
        case 4:
            let seconds = Double(Int32.random(in: .min ... .max, using: &rng)) + pick([0, 0.5, 0.125])
            return PlistNode(.date(PlistDate(secondsSinceReferenceDate: seconds)))
        case 5:
            return PlistNode(.data((0..<Int.random(in: 0...20, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }))
        case 6: return PlistNode(.uid(pick([0, 1, 255, 256, 65_535, 65_536, UInt64(UInt32.max), .max, rng.next()])))
        case 7: return PlistNode(.string(pick(["", "a", "key"])))
        case 8:
            return PlistNode(.array((0..<count()).map { _ in node(depth: depth - 1) }))
        default:
            var dictionary = PlistDictionary()
            for _ in 0..<count() { dictionary[string()] = node(depth: depth - 1) }
            return PlistNode(.dictionary(dictionary))
        }
    }

    private mutating func count() -> Int { pick([0, 1, 2, 3, 5, 16]) }

    private mutating func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &rng)] }

    mutating func integer() -> PlistInteger {
        pick([
            PlistInteger(0), PlistInteger(1), PlistInteger(255), PlistInteger(256), PlistInteger(65_535),
            PlistInteger(65_536), PlistInteger(UInt64(UInt32.max)), PlistInteger(UInt64(UInt32.max) + 1),
            PlistInteger(Int64.max), PlistInteger(Int64.min), PlistInteger(-1), PlistInteger(UInt64.max),
            PlistInteger(UInt64(Int64.max) + 1), PlistInteger(rng.next()), PlistInteger(Int64(bitPattern: rng.next())),
        ])
    }

    mutating func real() -> Double {
        pick([
            0, -0.0, .nan, -.nan, .infinity, -.infinity, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
            1.5, -2.25, 0.1, Double(bitPattern: rng.next()),
        ])
    }

    mutating func string() -> String {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0:
            return pick([
                "", "a", "name", "héllo", "日本語", "😀🎲", "\u{0}nul", "e\u{301}", "fifteen chars!!", "a longer ascii string",
            ])
        case 1:  // ASCII of any length around the 15-count boundary
            let length = Int.random(in: 0...20, using: &rng)
            return String((0..<length).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0...127, using: &rng))) })
        default:  // any scalars: Latin-1, BMP (no surrogates), astral
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...18, using: &rng) {
                let ranges: [ClosedRange<UInt32>] = [
                    0...0x7F, 0x80...0xFF, 0x100...0xD7FF, 0xE000...0xFFFF, 0x1_0000...0x10_FFFF,
                ]
                if let scalar = Unicode.Scalar(UInt32.random(in: pick(ranges), using: &rng)) { scalars.append(scalar) }
            }
            return String(scalars)
        }
    }
}

/// Stricter than `==`: reals and dates bit for bit (so -0.0 and NaN payloads count), strings
/// scalar for scalar (not canonical equivalence), dictionary keys in order.
func identical(_ a: PlistNode, _ b: PlistNode) -> Bool {
    switch (a.value, b.value) {
    case (.real(let x), .real(let y)): return x.bitPattern == y.bitPattern
    case (.date(let x), .date(let y)):
        return x.secondsSinceReferenceDate.bitPattern == y.secondsSinceReferenceDate.bitPattern
    case (.string(let x), .string(let y)): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
    case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { identical($0, $1) }
    case (.dictionary(let x), .dictionary(let y)):
        return x.count == y.count
            && zip(x.pairs, y.pairs).allSatisfy {
                $0.key.unicodeScalars.elementsEqual($1.key.unicodeScalars) && identical($0.value, $1.value)
            }
    default: return a.value == b.value
    }
}
