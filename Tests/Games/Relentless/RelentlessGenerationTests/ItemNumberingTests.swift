@testable import RelentlessGeneration
import Randomness
import Testing

/// ``ItemNumbering`` against `Dictionary<Item, Int32>`, the numbering it replaces in the engine.
@Suite("Item numbering: the cheap table agrees with a dictionary")
struct ItemNumberingTests {
    /// Atomic and assembled items over few categories and short leaves, so that many items are
    /// equal and many hashes meet in a small table.
    static func randomItem(_ random: inout RandomSource) -> Item {
        let category = random.uniform(below: 3)
        if random.uniform(below: 3) == 0 { return Item(category: category, index: random.uniform(below: 20)) }
        let leaves = (0..<(1 + random.uniform(below: 3))).map { _ in UInt32(random.uniform(below: 4)) }
        return Item(category: Int32(category), leaves: leaves)
    }

    @Test("lookups, inserts and clearing between rounds match a dictionary (seed 20)")
    func matchesDictionary() {
        var random = RandomSource(seed: 20)
        var numbering = ItemNumbering()
        for round in 0..<50 {
            var reference: [Item: Int32] = [:]
            // Rounds of growing size: the table grows past its first 16 slots and is reused.
            for _ in 0..<(round * 4) {
                let item = Self.randomItem(&random)
                #expect(numbering[item] == reference[item])
                if reference[item] == nil {
                    let number = Int32(reference.count)
                    reference[item] = number
                    numbering.insert(item, number: number)
                }
                #expect(numbering[item] == reference[item])
            }
            #expect(numbering.count == reference.count)
            for (item, number) in reference { #expect(numbering[item] == number) }
            numbering.removeAll()
            #expect(numbering.count == 0)
            for item in reference.keys { #expect(numbering[item] == nil) }
        }
    }

    @Test("an atomic item and an assembled one of the same category are told apart")
    func atomicAndAssembledDiffer() {
        var numbering = ItemNumbering()
        let atomic = Item(category: 2, index: 0)
        let assembled = Item(category: Int32(2), leaves: [0])
        numbering.insert(atomic, number: 7)
        #expect(numbering[assembled] == nil)
        numbering.insert(assembled, number: 8)
        #expect(numbering[atomic] == 7)
        #expect(numbering[assembled] == 8)
    }
}
