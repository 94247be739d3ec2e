import PropertyList

/// A Relentless-style item catalogue of at least `minimumBytes` bytes of XML, generated
/// deterministically (a fixed seed, no clock, no hashing order) so every run and every benchmark
/// process parses the same bytes.
///
/// The shape is that of `Designs/relentless/GameConfig.plist`: a root dict with the four arrays
/// `statefulItems`, `titledItems`, `rhythmicItems` and `assembledItems`, each holding category
/// dicts with strings, booleans, integers, arrays of arrays of strings and nested dicts. Strings
/// mix short ones (stored inline by Swift) with longer image names and titles, and about one
/// title in twelve holds an `&amp;`, as the shipped design does.
public struct Catalogue: Sendable {
    /// The XML, as XMLPlistWriter writes it (tab-indented, Apple DOCTYPE).
    public let bytes: [UInt8]
    /// The tree the XML was written from; the reader's result must equal it.
    public let tree: PlistNode
    /// Category dicts in each of the four arrays.
    public let categoriesPerKind: Int

    public static let targetBytes = 8_000_000

    public static func make(minimumBytes: Int = targetBytes) -> Catalogue {
        var generator = CatalogueGenerator()
        // Measure a small catalogue, extrapolate, then top up until the target is reached.
        generator.appendRounds(64)
        var bytes = write(generator.tree)
        while bytes.count < minimumBytes {
            let perRound = max(1, bytes.count / generator.rounds)
            let missing = (minimumBytes - bytes.count + perRound - 1) / perRound
            generator.appendRounds(max(1, missing))
            bytes = write(generator.tree)
        }
        return Catalogue(bytes: bytes, tree: generator.tree, categoriesPerKind: generator.rounds)
    }

    /// XML elements in the document, `<plist>` and dictionary keys included; libxml2 reports a
    /// start and an end event for each.
    public var elementCount: Int {
        let counts = nodeCounts
        return 1 + counts.values + counts.keys + 2 * counts.uids // <key>CF$UID</key><integer>n</integer>
    }

    /// Values in the tree plus dictionary keys: the nodes libplist builds for it, where each key
    /// is a node of its own.
    public var nodeCount: Int {
        let counts = nodeCounts
        return counts.values + counts.keys
    }

    /// The same tree as a binary property list, as BinaryPlistWriter writes it: a third of the
    /// XML's size, as equal strings and numbers are stored once (as CoreFoundation's writer does).
    public var binaryBytes: [UInt8] { BinaryPlistWriter.write(tree) }

    private var nodeCounts: (values: Int, keys: Int, uids: Int) {
        var counts = (values: 0, keys: 0, uids: 0)
        var pending = [tree]
        while let next = pending.popLast() {
            counts.values += 1
            switch next.value {
            case .array(let items): pending.append(contentsOf: items)
            case .dictionary(let dictionary):
                counts.keys += dictionary.count
                pending.append(contentsOf: dictionary.pairs.map(\.value))
            case .uid: counts.uids += 1
            default: break
            }
        }
        return counts
    }

    private static func write(_ tree: PlistNode) -> [UInt8] {
        do {
            return try XMLPlistWriter.write(tree)
        } catch {
            fatalError("XMLPlistWriter refused the generated catalogue: \(error)")
        }
    }
}

/// SplitMix64: small, fast, and the same on every platform.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func inRange(_ range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }
    mutating func chance(_ numerator: Int, in denominator: Int) -> Bool { below(denominator) < numerator }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

struct CatalogueGenerator {
    private var rng = SplitMix64(seed: 0x5EED_0F_2E1E_A71E55)
    private var stateful: [PlistNode] = []
    private var titled: [PlistNode] = []
    private var rhythmic: [PlistNode] = []
    private var assembled: [PlistNode] = []
    private(set) var rounds = 0

    /// One round adds one category to each of the four arrays.
    mutating func appendRounds(_ count: Int) {
        for _ in 0..<count {
            stateful.append(statefulCategory(rounds))
            titled.append(titledCategory(rounds))
            rhythmic.append(rhythmicCategory(rounds))
            assembled.append(assembledCategory(rounds))
            rounds += 1
        }
    }

    var tree: PlistNode {
        var root = PlistDictionary()
        root["statefulItems"] = PlistNode(.array(stateful))
        root["titledItems"] = PlistNode(.array(titled))
        root["rhythmicItems"] = PlistNode(.array(rhythmic))
        root["assembledItems"] = PlistNode(.array(assembled))
        return PlistNode(.dictionary(root))
    }

    // MARK: - Vocabulary

    private static let things = [
        "fruit", "gem", "carBody", "wheel", "battery", "ribbon", "lamp", "siren", "robot", "drum",
        "kite", "teapot", "lantern", "marble", "scarf", "compass", "puzzle", "candle", "whistle", "yoyo",
    ]
    private static let looks = [
        "Red", "Crimson", "Blue", "Navy", "Yellow", "Mustard", "Green", "Olive", "Silver", "White",
        "Gold", "Amber", "Round", "Square", "Triangle", "Hexagon", "Striped", "Dotted", "Matte", "Glossy",
    ]
    private static let said = [
        "red", "crimson", "blue", "navy", "yellow", "mustard", "green", "olive", "silver", "white",
        "gold", "amber", "round", "square", "triangular", "hexagonal", "striped", "dotted", "matte", "glossy",
    ]
    private static let titleWords = [
        "Weekly", "Weakly", "Weather", "Whether", "Knight", "Night", "Shift", "Read", "Red", "Reading",
        "Flower", "Flour", "Power", "Soul", "Sole", "Seoul", "Searching", "Pear", "Pair", "Shaped",
        "Daily", "Delivery", "Lorry", "Yellow", "Times", "Tides", "Vane", "Vain", "Gazette", "Salt",
    ]

    private mutating func name(_ index: Int) -> String {
        "\(rng.pick(Self.things))\(index)"
    }

    private mutating func common(_ dictionary: inout PlistDictionary, category: String) {
        dictionary["category"] = PlistNode(.string(category))
        dictionary["isInventoryItem"] = PlistNode(.boolean(rng.chance(3, in: 4)))
        dictionary["isOrderItem"] = PlistNode(.boolean(rng.chance(2, in: 3)))
    }

    private mutating func strings(_ count: Int, _ make: (inout SplitMix64, Int) -> String) -> PlistNode {
        var items: [PlistNode] = []
        items.reserveCapacity(count)
        for i in 0..<count { items.append(PlistNode(.string(make(&rng, i)))) }
        return PlistNode(.array(items))
    }

    private static func integers(_ values: [Int]) -> PlistNode {
        PlistNode(.array(values.map { PlistNode(.integer(PlistInteger($0))) }))
    }

    // MARK: - Categories

    private mutating func statefulCategory(_ index: Int) -> PlistNode {
        let category = name(index)
        var d = PlistDictionary()
        common(&d, category: category)
        let states = rng.inRange(4...8)
        let first = rng.below(Self.looks.count)
        d["stateImageStrings"] = strings(states) { _, i in category + Self.looks[(first + i) % Self.looks.count] }
        d["stateIdentifiers"] = strings(states) { _, i in Self.said[(first + i) % Self.said.count] }
        return PlistNode(.dictionary(d))
    }

    private mutating func titledCategory(_ index: Int) -> PlistNode {
        let category = "\(rng.pick(["book", "magazine", "newspaper", "comic", "atlas"]))\(index)"
        var d = PlistDictionary()
        common(&d, category: category)
        var groups: [PlistNode] = []
        for _ in 0..<rng.inRange(3...5) {
            groups.append(strings(rng.inRange(3...4)) { rng, _ in
                var words: [String] = []
                for _ in 0..<rng.inRange(2...4) { words.append(rng.pick(Self.titleWords)) }
                if rng.chance(1, in: 12) { words.insert("&", at: 1) }
                return words.joined(separator: " ")
            })
        }
        d["titles"] = PlistNode(.array(groups))
        d["imageString"] = PlistNode(.string(category + "Cover"))
        return PlistNode(.dictionary(d))
    }

    private mutating func rhythmicCategory(_ index: Int) -> PlistNode {
        let category = name(index)
        var d = PlistDictionary()
        common(&d, category: category)
        let states = rng.inRange(2...3)
        var groups: [PlistNode] = []
        for _ in 0..<rng.inRange(2...3) {
            var items: [PlistNode] = []
            for _ in 0..<3 {
                var item = PlistDictionary()
                item["unitDuration"] = PlistNode(.integer(PlistInteger(rng.inRange(1...3))))
                item["stateSequence"] = Self.integers((0..<rng.inRange(2...4)).map { _ in rng.below(states) })
                items.append(PlistNode(.dictionary(item)))
            }
            groups.append(PlistNode(.array(items)))
        }
        d["itemGroups"] = PlistNode(.array(groups))
        d["stateImageStrings"] = strings(states) { _, i in category + (i == 0 ? "Off" : Self.looks[i]) }
        return PlistNode(.dictionary(d))
    }

    private mutating func assembledCategory(_ index: Int) -> PlistNode {
        let category = "\(rng.pick(["toyCar", "policeCar", "giftBox", "fruitBasket", "hamper", "parade"]))\(index)"
        var d = PlistDictionary()
        common(&d, category: category)
        var parts: [String] = []
        for _ in 0..<rng.inRange(2...4) { parts.append(rng.pick(Self.things)) }
        d["parts"] = PlistNode(.array(parts.map { PlistNode(.string($0)) }))
        d["depth"] = PlistNode(.integer(PlistInteger(rng.inRange(0...2))))
        d["mainImageString"] = PlistNode(.string(category + "Frame"))
        var images = PlistDictionary()
        for part in parts where images[part] == nil {
            let prefix = category + part.prefix(1).uppercased() + part.dropFirst()
            images[part] = strings(rng.inRange(3...6)) { _, i in prefix + Self.looks[i] }
        }
        d["partsImageStrings"] = PlistNode(.dictionary(images))
        return PlistNode(.dictionary(d))
    }
}
