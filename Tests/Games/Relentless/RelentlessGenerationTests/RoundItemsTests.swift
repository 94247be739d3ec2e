@testable import RelentlessGeneration
import Randomness
import Relentless
import TestSupport
import Testing

/// ``RoundItems`` against ``Item``, the value it numbers: `==`, `<` and the value itself are the
/// oracle, and the id-writing sampling paths against the value-making ones.
@Suite("Round items: ids agree with the items they number")
struct RoundItemsTests {
    /// Every item of the fixture design's small categories: 12 atomic, 9 cars, 18 police cars.
    static func allItems(_ d: PreparedDesign) throws -> [Item] {
        var all: [Item] = []
        for c in d.catalogue.categories.indices {
            let count = try #require(d.smallItemCount(of: c))
            all += (0..<count).map { d.item(of: c, at: $0) }
        }
        return all
    }

    @Test("interning gives one id per distinct item and the item back; equal ids exactly when the items are equal")
    func internRoundTrip() throws {
        let d = try RoundFixtures.prepared()
        let all = try Self.allItems(d)
        #expect(all.count == 12 + 9 + 18)
        var items = RoundItems(design: d)
        // Interned in a shuffled order, twice over: the second pass adds nothing.
        var random = RandomSource(seed: 41)
        var order = all
        random.shuffle(&order)
        let ids = order.map { items.intern($0) }
        #expect(items.assembledCount == 27)
        #expect(order.map { items.intern($0) } == ids)
        #expect(items.assembledCount == 27)
        #expect(ids.map(items.item) == order)
        #expect(Set(ids).count == all.count)
        for (item, id) in zip(order, ids) {
            #expect(items.id(of: item) == id)
            #expect(id.isAtomic == item.isAtomic)
            #expect(items.category(of: id) == item.category && items.index(of: id) == item.index)
            #expect(items.atomicPartCount(of: id) == item.atomicPartCount)
            #expect(Array(items.leaves(of: id)) == Array(item.leafIndices))
        }
    }

    @Test("precedes is Item's canonical < (category, index, leaves) on every pair")
    func precedesIsItemOrder() throws {
        let d = try RoundFixtures.prepared()
        let all = try Self.allItems(d)
        var items = RoundItems(design: d)
        let ids = all.map { items.intern($0) }
        var disagreements = 0
        for i in all.indices {
            for j in all.indices where items.precedes(ids[i], ids[j]) != (all[i] < all[j]) { disagreements += 1 }
        }
        #expect(disagreements == 0)
        #expect(ids.sorted(by: items.precedes).map(items.item) == all.sorted())
    }

    @Test("removeAll forgets the round's assembled items and numbers the next round's from 0; atomic ids stay the design's keys")
    func reuse() throws {
        let d = try RoundFixtures.prepared()
        let car = try RoundFixtures.index(d, "Car")
        let cars = (0..<9).map { d.item(of: car, at: $0) }
        var items = RoundItems(design: d)
        let first = cars.map { items.intern($0) }
        items.removeAll()
        #expect(items.assembledCount == 0)
        #expect(cars.allSatisfy { items.id(of: $0) == nil })
        let second = cars.reversed().map { items.intern($0) }
        #expect(second.map(\.assembledIndex) == (0..<9).map { $0 })
        #expect(Array(second.reversed()) != first, "the new round numbers in its own order")
        #expect(second.map(items.item) == cars.reversed())
        let apple = Item(category: 0, index: 0)
        #expect(items.intern(apple) == ItemID(atomicKey: d.atomicKey(of: apple)!))
    }

    @Test("hundreds of 600-leaf items: the table grows and every item is found, its parts looked up by slices (seed 42)")
    func growth() throws {
        let d = try PreparedDesign(try RoundFixtures.design(catalogue: RoundFixtures.hugeCatalogue()))
        let chain = try RoundFixtures.index(d, "Chain")
        var random = RandomSource(seed: 42)
        let values = (0..<300).map { _ in d.sampleItem(of: chain, using: &random) }
        var items = RoundItems(design: d)
        let ids = values.map { items.intern($0) }
        #expect(items.assembledCount == Set(values).count)
        #expect(ids.map(items.item) == values)
        for (value, id) in zip(values, ids) { #expect(items.id(of: value) == id) }
        // A part of an interned item is found from its slice of the item's leaves once interned itself.
        let part = try #require(d.parts(of: values[0]).first { !$0.isAtomic })
        let (partCategory, range) = d.part(0, ofCategory: chain)
        #expect(partCategory == part.category)
        let slice = items.leaves(of: ids[0])
        let partLeaves = slice[(slice.startIndex + range.lowerBound)..<(slice.startIndex + range.upperBound)]
        #expect(items.id(ofAssembled: partCategory, leaves: partLeaves) == nil)
        let partID = items.intern(part)
        #expect(items.id(ofAssembled: partCategory, leaves: partLeaves) == partID)
    }

    @Test("sampling and decoding into round items make the items, and take the draws, of the value paths (seeds 0..<50)")
    func samplingPathsAgree() throws {
        let huge = try PreparedDesign(try RoundFixtures.design(catalogue: RoundFixtures.hugeCatalogue()))
        let fixture = try RoundFixtures.prepared()
        for d in [fixture, huge] {
            var items = RoundItems(design: d)
            for c in d.catalogue.categories.indices {
                for seed in UInt64(0)..<50 {
                    var a = RandomSource(seed: seed), b = RandomSource(seed: seed)
                    let value = d.sampleItem(of: c, using: &a)
                    let id = d.sampleItem(of: c, into: &items, using: &b)
                    #expect(items.item(id) == value)
                    #expect(a.uniform(below: 1 << 30) == b.uniform(below: 1 << 30), "the same draws")
                }
                if let count = d.smallItemCount(of: c) {
                    for index in 0..<min(count, 200) {
                        let id = d.item(of: c, at: index, into: &items)
                        #expect(items.item(id) == d.item(of: c, at: index))
                    }
                }
            }
        }
    }

    @Test("an item outside the design is refused, not numbered as another (C3)")
    func outsideTheDesign() async throws {
        await #expect(processExitsWith: .failure) {
            let d = try RoundFixtures.prepared()
            var items = RoundItems(design: d)
            _ = items.intern(Item(category: 0, index: 3))  // Fruit has 3 items: index 3 would be Wheel's first key
        }
        let d = try RoundFixtures.prepared()
        #expect(RoundItems(design: d).id(of: Item(category: 0, index: 3)) == nil)
    }
}

/// The items of small categories decoded once at preparation against the same items decoded
/// when drawn (a design prepared with no budget for decoding: the mixed-radix decoder and the
/// canonical sort every time).
@Suite("Decoded small categories: the same items, the same draws")
struct DecodedItemsTests {
    @Test("every item of every small category, by number, of the fixture, shipped and huge designs")
    func byNumber() throws {
        let designs = [
            try RoundFixtures.design(), try RoundFixtures.design(catalogue: RoundFixtures.hugeCatalogue()),
            try #require(DesignLoader.load(try Fixtures.shippedDesignSources()).design),
        ]
        var decodedCategories = 0
        for design in designs {
            let decoded = try PreparedDesign(design)
            let fresh = try PreparedDesign(design, decodedLeafBudget: 0)
            #expect(fresh.decodedItems.starts.allSatisfy { $0 < 0 } && fresh.decodedItems.leaves.isEmpty)
            for c in design.catalogue.categories.indices where !decoded.isAtomic(category: c) {
                guard let count = decoded.smallItemCount(of: c) else { continue }
                if decoded.decodedItems.starts[c] >= 0 { decodedCategories += 1 }
                for j in 0..<count { #expect(decoded.item(of: c, at: j) == fresh.item(of: c, at: j), "category \(c) item \(j)") }
            }
        }
        #expect(decodedCategories >= 4, "the comparison covers decoded categories")
    }

    @Test("sampled items of every category, whose multisets of small parts are written from the decoded items (seeds 0..<200)")
    func sampled() throws {
        for design in [try RoundFixtures.design(), try RoundFixtures.design(catalogue: RoundFixtures.hugeCatalogue())] {
            let decoded = try PreparedDesign(design)
            let fresh = try PreparedDesign(design, decodedLeafBudget: 0)
            for c in design.catalogue.categories.indices {
                for seed in UInt64(0)..<200 {
                    var a = RandomSource(seed: seed), b = RandomSource(seed: seed)
                    #expect(decoded.sampleItem(of: c, using: &a) == fresh.sampleItem(of: c, using: &b))
                    #expect(a.uniform(below: 1 << 30) == b.uniform(below: 1 << 30))
                }
            }
        }
    }
}

@Suite("Distinct indices on the stack")
struct DistinctIndicesTests {
    /// Floyd's algorithm as written down: for j in n − k ..< n, draw t in 0...j and take t, or j
    /// when t is already taken; all of 0..<n when k ≥ n, nothing when k ≤ 0.
    static func floyd(_ k: Int, below n: Int, using random: inout RandomSource) -> [Int] {
        guard k < n else { return Array(0..<max(n, 0)) }
        var chosen: [Int] = []
        for j in (n - max(k, 0))..<n {
            let t = random.uniform(below: j + 1)
            chosen.append(chosen.contains(t) ? j : t)
        }
        return chosen
    }

    @Test("the indices, order and draws of Floyd's algorithm, on the stack, as an array and sorted when asked, for k and n around every branch (seed 7)")
    func floydsAlgorithm() throws {
        let d = try RoundFixtures.prepared()
        var random = RandomSource(seed: 7)
        let cases = [(0, 5), (-1, 5), (1, 1), (3, 3), (4, 3), (1, 10), (5, 10), (9, 10), (64, 100), (64, 64), (65, 100), (80, 70), (100, 1000), (10, 1 << 40)]
        for (k, n) in cases {
            for _ in 0..<20 {
                let seed = UInt64(random.uniform(below: 1 << 30))
                var a = RandomSource(seed: seed), b = RandomSource(seed: seed), c = RandomSource(seed: seed)
                var e = RandomSource(seed: seed)
                let expected = Self.floyd(k, below: n, using: &a)
                let got = d.withDistinctIndices(k, below: n, using: &b) { Array($0) }
                let sorted = d.withDistinctIndices(k, below: n, sorted: true, using: &c) { Array($0) }
                #expect(got == expected, "k \(k), n \(n)")
                #expect(d.distinctIndices(k, below: n, using: &e) == expected, "k \(k), n \(n)")
                #expect(sorted == expected.sorted(), "k \(k), n \(n)")
                let next = a.uniform(below: 1 << 30)
                #expect([b, c, e].allSatisfy { var r = $0; return r.uniform(below: 1 << 30) == next }, "the same draws, k \(k), n \(n)")
            }
        }
    }
}
