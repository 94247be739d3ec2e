@testable import RelentlessGeneration
import Randomness
import Relentless
import TestSupport
import Testing

@Suite("G5 item allocation")
struct AllocationTests {
    /// Every atomic item of the fixture design, 12 of four categories: the 3 fruits (category 0),
    /// 2 wheels (1), 5 books (2) and 2 siren rhythms (3).
    let inventory: [Item] = (0..<3).map { Item(category: 0, index: $0) } + (0..<2).map { Item(category: 1, index: $0) }
        + (0..<5).map { Item(category: 2, index: $0) } + (0..<2).map { Item(category: 3, index: $0) }

    func allocate(_ allocator: any ItemAllocator, players: Int, seed: UInt64) throws -> [[Item]] {
        let d = try RoundFixtures.prepared()
        var random = RandomSource(seed: seed)
        return allocator.allocate(inventory, RoundFixtures.context(d, players: players), using: &random)
    }

    /// What every allocator promises: one warehouse per player, the inventory split exactly
    /// (each item once), no item twice in a warehouse, and at least floor(n / p) each (G5).
    func expectPartition(_ warehouses: [[Item]], players: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let n = inventory.count
        #expect(warehouses.count == players, sourceLocation: sourceLocation)
        #expect(warehouses.allSatisfy { $0.count >= n / players }, sourceLocation: sourceLocation)
        let all = warehouses.flatMap { $0 }
        #expect(all.count == n && Set(all) == Set(inventory), "each item exactly once", sourceLocation: sourceLocation)
        #expect(warehouses.allSatisfy { Set($0).count == $0.count }, sourceLocation: sourceLocation)
    }

    /// The even allocator's promise beyond G5: every warehouse holds floor(n / p) or one more.
    func expectEvenSizes(_ warehouses: [[Item]], players: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let n = inventory.count
        #expect(warehouses.allSatisfy { $0.count == n / players || $0.count == n / players + 1 }, sourceLocation: sourceLocation)
        #expect(warehouses.filter { $0.count == n / players + 1 }.count == n % players, sourceLocation: sourceLocation)
    }

    @Test("G5: floor(n / p) distinct items each, the remainder to independently drawn players, union = inventory")
    func shuffleAllocator() throws {
        var extras = Set<Int>()
        var largest = 0
        for players in 1...6 {
            for seed in UInt64(0)..<30 {
                let warehouses = try allocate(ShuffleItemAllocator(), players: players, seed: seed)
                expectPartition(warehouses, players: players)
                if players == 5 { extras.formUnion(warehouses.indices.filter { warehouses[$0].count > 2 }) }
                // 12 items, 5 players: share 2, remainder 2, both on one player with probability 1/5.
                if players == 5 { largest = max(largest, warehouses.map(\.count).max() ?? 0) }
            }
        }
        #expect(extras == Set(0..<5), "over many seeds every player sometimes gets a remainder item")
        #expect(largest == 4, "G5: a player can end with share + 2 (two remainder items)")
    }

    @Test("allocating into the last round's warehouses gives what a fresh allocation gives, the draws too")
    func allocatingIntoReusedWarehouses() throws {
        let d = try RoundFixtures.prepared()
        var items = RoundItems(design: d)
        let ids = inventory.map { items.intern($0) }
        var reused: [[ItemID]] = []  // carried from call to call, as a simulator's flat round carries it
        var random = RandomSource(seed: 31)
        for _ in 0..<300 {
            let players = 1 + random.uniform(below: 6)
            let seed = random.next()
            let count = 1 + random.uniform(below: ids.count)
            let some = Array(ids.prefix(count))
            let context = RoundFixtures.context(d, players: players)
            for allocator in [ShuffleItemAllocator() as any ItemAllocator, EvenCategoryItemAllocator()] {
                var fresh = RandomSource(seed: seed)
                let expected = allocator.allocate(some, context, items: items, using: &fresh)
                var again = RandomSource(seed: seed)
                allocator.allocate(some, context, items: items, using: &again, into: &reused)
                #expect(reused == expected, "\(allocator.name), \(players) players, \(count) items")
                #expect(again.next() == fresh.next(), "the same draws")
            }
        }
    }

    @Test("even-categories: G5's sizes, and every category spread floor(c / p) or one more per player")
    func evenCategories() throws {
        for players in 1...6 {
            for seed in UInt64(0)..<30 {
                let warehouses = try allocate(EvenCategoryItemAllocator(), players: players, seed: seed)
                expectPartition(warehouses, players: players)
                expectEvenSizes(warehouses, players: players)
                for (category, size) in [(0, 3), (1, 2), (2, 5), (3, 2)] {
                    let held = warehouses.map { $0.filter { $0.category == category }.count }
                    #expect(held.allSatisfy { $0 == size / players || $0 == size / players + 1 }, "category \(category): \(held)")
                }
            }
        }
    }
}
