@testable import RelentlessGeneration
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

    @Test("an item's parts walked in place (part(_:ofCategory:) over its leafIndices, leafKey) are parts(of:) and the parts' atomic keys")
    func partsInPlace() throws {
        let d = try RoundFixtures.prepared()
        let police = try RoundFixtures.index(d, "Police Car")
        var walked = 0
        for index in 0..<18 {
            var stack = [d.item(of: police, at: index)]
            while let item = stack.popLast() {
                let made = d.parts(of: item)
                #expect(d.partCount(ofCategory: item.category) == made.count)
                #expect(d.isAtomic(category: item.category) == item.isAtomic)
                for (k, part) in made.enumerated() {
                    let walkedPart = d.part(k, ofCategory: item.category)
                    let leaves = item.leafIndices[(item.leafIndices.startIndex + walkedPart.leaves.lowerBound)...].prefix(walkedPart.leaves.count)
                    #expect(walkedPart.category == part.category)
                    if let atomic = part.index {
                        #expect(leaves.elementsEqual([UInt32(atomic)]))
                        #expect(d.atomicKey(category: walkedPart.category, index: atomic) == d.atomicKey(of: part))
                    } else {
                        #expect(leaves.elementsEqual(part.leafIndices), "part \(k) of \(d.name(of: item))")
                        stack.append(part)
                    }
                    walked += 1
                }
                let atoms = d.atomicParts(of: item)
                if !item.isAtomic {
                    #expect((0..<item.atomicPartCount).map { d.leafKey(of: item, leaf: $0) } == atoms.map { d.atomicKey(of: $0) ?? -1 })
                }
            }
        }
        #expect(walked >= 18 * 3, "\(walked) parts walked")
    }

    @Test("C3: index decoding lists every item of a small assembled category exactly once: Car has 3 × C(3, 2) = 9")
    func indexBijection() throws {
        let d = try RoundFixtures.prepared()
        let car = try RoundFixtures.index(d, "Car"), police = try RoundFixtures.index(d, "Police Car")
        #expect(d.smallItemCount(of: car) == 9)
        #expect(d.smallItemCount(of: police) == 18)
        for (category, count) in [(car, 9), (police, 18)] {
            let all = (0..<count).map { d.item(of: category, at: $0) }
            #expect(Set(all).count == count)
            #expect(all.allSatisfy(d.isValid), "every decoded item is canonical")
        }
    }

    @Test("C3: sampling an assembled item is uniform over its 9 distinct items, listed by hand (χ², α = 0.001)")
    func uniformSampling() throws {
        let d = try RoundFixtures.prepared()
        let car = try RoundFixtures.index(d, "Car")
        let fruit = try RoundFixtures.index(d, "Fruit"), wheel = try RoundFixtures.index(d, "Wheel")
        // 3 fruits × the wheel pairs {Round Round, Round Square, Square Square}.
        var index: [Item: Int] = [:]
        for f in 0..<3 {
            for (w1, w2) in [(0, 0), (0, 1), (1, 1)] {
                let item = try #require(d.assemble(
                    category: car, parts: [Item(category: fruit, index: f), Item(category: wheel, index: w1), Item(category: wheel, index: w2)]))
                index[item] = index.count
            }
        }
        #expect(index.count == 9)
        var counts = [Int](repeating: 0, count: 9)
        var random = RandomSource(seed: 3)
        for _ in 0..<18_000 { counts[try #require(index[d.sampleItem(of: car, using: &random)])] += 1 }
        ChiSquare.expectUniform(counts, "Car items")
    }

    @Test("distinct groups: k of a small assembled category are distinct items; all 9 of them when k is larger")
    func distinctGroups() throws {
        let d = try RoundFixtures.prepared()
        let car = try RoundFixtures.index(d, "Car"), book = try RoundFixtures.index(d, "Book")
        var random = RandomSource(seed: 4)
        var items: [Item] = []
        #expect(d.appendItemsOfDistinctGroups(of: car, count: 5, into: &items, using: &random) == 0)
        #expect(items.count == 5 && Set(items).count == 5)
        items = []
        _ = d.appendItemsOfDistinctGroups(of: car, count: 50, into: &items, using: &random)
        #expect(Set(items).count == 9)
        #expect(items.allSatisfy(d.isValid))
        items = []
        _ = d.appendItemsOfDistinctGroups(of: book, count: 1, into: &items, using: &random)
        #expect(items.map(\.index) == [0, 1] || items.map(\.index) == [2, 3, 4], "a group comes whole")
    }

    @Test("C3: a category of about 4.5 × 10^68 items (repeated parts at three depths) is sampled and its distinct groups drawn without enumerating")
    func hugeCategory() throws {
        let design = try RoundFixtures.design(catalogue: RoundFixtures.hugeCatalogue())
        // C(C(75, 10) + 5, 6) = C(828931106360, 6), computed independently (Python's math.comb).
        #expect(design.catalogue.itemCount(of: "Chain").map { String(describing: $0) } == "450586449340548992023389795754225150168415747885719175291228003842260")
        let d = try PreparedDesign(design)
        let chain = try RoundFixtures.index(d, "Chain"), chest = try RoundFixtures.index(d, "Chest")
        let purse = try RoundFixtures.index(d, "Purse")
        #expect(d.smallItemCount(of: purse) == 66)
        #expect(d.smallItemCount(of: chest) == nil)
        #expect(d.smallItemCount(of: chain) == nil)
        var random = RandomSource(seed: 5)
        var items: [Item] = []
        #expect(d.appendItemsOfDistinctGroups(of: chain, count: 40, into: &items, using: &random) == 0)
        #expect(Set(items).count == 40)
        #expect(items.allSatisfy { $0.atomicPartCount == 600 && d.isValid($0) })
        #expect(d.atomicParts(of: items[0]).count == 600)
        let chests = d.parts(of: items[0])
        #expect(chests.count == 6 && chests == chests.sorted(), "repeated parts in canonical order")
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
