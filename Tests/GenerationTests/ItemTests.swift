@testable import Generation
import Randomness
import Relentless
import TestSupport
import Testing

@Suite("Items: indices, names, parts and uniform sampling without enumeration (C3, G3)")
struct ItemTests {
    @Test("atomic indices run over a titled category's groups in order; names read as the designer wrote them")
    func names() throws {
        let d = try RoundFixtures.prepared()
        let fruit = try RoundFixtures.index(d, "Fruit"), book = try RoundFixtures.index(d, "Book")
        let siren = try RoundFixtures.index(d, "Siren")
        #expect(d.name(of: Item(category: fruit, index: 0)) == "Fruit: Apple")
        #expect(d.name(of: Item(category: book, index: 1)) == "Book: \"Knight Night\"")
        #expect(d.name(of: Item(category: book, index: 2)) == "Book: \"Four Flowers\"")
        #expect(d.name(of: Item(category: siren, index: 1)) == "Siren: rhythm 2 of group 1 (unit 2 s, 0-1)")
        #expect(d.groupCount(of: book) == 2)
        #expect(d.smallItemCount(of: book) == 5)
    }

    @Test("an assembled item is its parts; taking it apart (G3) gives the atomic parts depth first")
    func parts() throws {
        let d = try RoundFixtures.prepared()
        let car = try RoundFixtures.index(d, "Car"), police = try RoundFixtures.index(d, "Police Car")
        let fruit = try RoundFixtures.index(d, "Fruit"), wheel = try RoundFixtures.index(d, "Wheel")
        let siren = try RoundFixtures.index(d, "Siren")
        let pear = Item(category: fruit, index: 1), round = Item(category: wheel, index: 0), square = Item(category: wheel, index: 1)
        let toy = try #require(d.assemble(category: car, parts: [pear, round, square]))
        let rhythm = Item(category: siren, index: 0)
        let policeCar = try #require(d.assemble(category: police, parts: [toy, rhythm]))
        #expect(d.parts(of: policeCar) == [toy, rhythm])
        #expect(d.parts(of: toy) == [pear, round, square])
        #expect(d.atomicParts(of: policeCar) == [pear, round, square, rhythm])
        #expect(policeCar.atomicPartCount == 4)
        #expect(d.name(of: policeCar) == "Police Car(Car(Fruit: Pear, Wheel: Round, Wheel: Square), Siren: rhythm 1 of group 1 (unit 1 s, 0-1))")
        #expect(d.isValid(policeCar))
        #expect(d.assemble(category: car, parts: [pear, round]) == nil)
        #expect(d.assemble(category: car, parts: [round, round, round]) == nil)
        #expect(d.assemble(category: fruit, parts: []) == nil)
        #expect(!d.isValid(Item(category: fruit, index: 3)))
    }

    @Test("index decoding lists every item of a small assembled category exactly once")
    func indexBijection() throws {
        let d = try RoundFixtures.prepared()
        let car = try RoundFixtures.index(d, "Car")
        #expect(d.smallItemCount(of: car) == 12)
        let all = (0..<12).map { d.item(of: car, at: $0) }
        #expect(Set(all).count == 12)
        #expect(all.allSatisfy(d.isValid))
        #expect(all == all.sorted())
    }

    @Test("sampling an assembled item is uniform over the product of its parts (χ², α = 0.001)")
    func uniformSampling() throws {
        let d = try RoundFixtures.prepared()
        let car = try RoundFixtures.index(d, "Car")
        let index = Dictionary(uniqueKeysWithValues: (0..<12).map { (d.item(of: car, at: $0), $0) })
        var counts = [Int](repeating: 0, count: 12)
        var random = RandomSource(seed: 3)
        for _ in 0..<24_000 { counts[try #require(index[d.sampleItem(of: car, using: &random)])] += 1 }
        ChiSquare.expectUniform(counts, "Car items")
    }

    @Test("distinct groups: k of a small assembled category are distinct items; all of them when k is larger")
    func distinctGroups() throws {
        let d = try RoundFixtures.prepared()
        let car = try RoundFixtures.index(d, "Car"), book = try RoundFixtures.index(d, "Book")
        var random = RandomSource(seed: 4)
        var items: [Item] = []
        #expect(d.appendItemsOfDistinctGroups(of: car, count: 5, into: &items, using: &random) == 0)
        #expect(items.count == 5 && Set(items).count == 5)
        items = []
        _ = d.appendItemsOfDistinctGroups(of: car, count: 50, into: &items, using: &random)
        #expect(Set(items).count == 12)
        items = []
        _ = d.appendItemsOfDistinctGroups(of: book, count: 1, into: &items, using: &random)
        #expect(items.map(\.index) == [0, 1] || items.map(\.index) == [2, 3, 4], "a group comes whole")
    }

    @Test("a category of 3^130 > 10^60 items is sampled and its distinct groups drawn without enumerating")
    func hugeCategory() throws {
        let design = try RoundFixtures.design(catalogue: RoundFixtures.hugeCatalogue())
        #expect(design.catalogue.itemCount(of: "Chain")?.readable == "1.06e62")
        let d = try PreparedDesign(design)
        let chain = try RoundFixtures.index(d, "Chain")
        #expect(d.smallItemCount(of: chain) == nil)
        var random = RandomSource(seed: 5)
        var items: [Item] = []
        #expect(d.appendItemsOfDistinctGroups(of: chain, count: 40, into: &items, using: &random) == 0)
        #expect(Set(items).count == 40)
        #expect(items.allSatisfy { $0.atomicPartCount == 130 && d.isValid($0) })
        #expect(d.atomicParts(of: items[0]).count == 130)
    }

    @Test("an assembled item of more than 2^16 atomic parts is refused when the design is prepared (C3)")
    func tooLarge() throws {
        // Outer: 300 × Inner, Inner: 300 × Coin → 90,000 atomic parts.
        let inner = String(repeating: "<string>Coin</string>", count: 300)
        let outer = String(repeating: "<string>Inner</string>", count: 300)
        let catalogue = RoundFixtures.hugeCatalogue(extraAssembled: """
                <dict><key>category</key><string>Inner</string><key>parts</key><array>\(inner)</array>
                    <key>isInventoryItem</key><false/><key>isOrderItem</key><false/><key>depth</key><integer>0</integer>
                    <key>mainImageString</key><string>i</string>
                    <key>partsImageStrings</key><dict><key>Coin</key><array><string>h</string><string>t</string><string>e</string></array></dict></dict>
                <dict><key>category</key><string>Outer</string><key>parts</key><array>\(outer)</array>
                    <key>isInventoryItem</key><false/><key>isOrderItem</key><true/><key>depth</key><integer>1</integer>
                    <key>mainImageString</key><string>o</string>
                    <key>partsImageStrings</key><dict><key>Inner</key><array><string>i</string></array></dict></dict>
            """)
        let design = try RoundFixtures.design(catalogue: catalogue)
        #expect(throws: GenerationError.itemTooLarge(category: "Outer", limit: PreparedDesign.maxAtomicParts)) {
            try PreparedDesign(design)
        }
    }
}
