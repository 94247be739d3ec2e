@testable import RelentlessGeneration
import Randomness
import Relentless
import TestSupport
import Testing

/// The distributions the rules promise, each tested with Pearson's χ² at α = 0.001 (see
/// ``ChiSquare``) on draws from fixed seeds, one stream per trial as real rounds use them.
@Suite("Distributions the rules promise (χ², α = 0.001)")
struct DistributionTests {
    func stream(_ trial: Int, _ purpose: StreamPath.Purpose) -> RandomSource {
        RandomSource(seed: 2024, stream: StreamPath(round: UInt64(trial), purpose: purpose))
    }

    @Test("G1: each of the 5 order categories equally likely when one is chosen (df 4)")
    func oneCategory() throws {
        let d = try RoundFixtures.prepared()
        let context = RoundFixtures.context(d) { $0.numOfCategories = 1 }
        let candidates = d.orderCategoryIndices
        var counts = [Int](repeating: 0, count: candidates.count)
        for trial in 0..<10_000 {
            var random = stream(trial, .categories)
            let chosen = try UniformCategoryChooser().chooseCategories(context, using: &random)
            counts[try #require(candidates.firstIndex(of: chosen[0]))] += 1
        }
        ChiSquare.expectUniform(counts, "G1 single category")
    }

    @Test("G1: each of the 10 pairs of 5 categories equally likely when two are chosen (df 9)")
    func pairs() throws {
        let d = try RoundFixtures.prepared()
        let context = RoundFixtures.context(d) { $0.numOfCategories = 2 }
        var counts: [[Int]: Int] = [:]
        for trial in 0..<10_000 {
            var random = stream(trial, .categories)
            counts[try UniformCategoryChooser().chooseCategories(context, using: &random).sorted(), default: 0] += 1
        }
        #expect(counts.count == 10)
        ChiSquare.expectUniform(Array(counts.values), "G1 pairs")
    }

    @Test("G2: Book's two groups equally likely when one group is chosen (df 1)")
    func groups() throws {
        let d = try RoundFixtures.prepared()
        let book = try RoundFixtures.index(d, "Book")
        let context = RoundFixtures.context(d) { $0.numOfGroupsPerCategory = 1 }
        var counts = [0, 0]
        var notes: [GenerationNote] = []
        for trial in 0..<4_000 {
            var random = stream(trial, .groups)
            let items = UniformGroupChooser().chooseOrderItems(categories: [book], context, using: &random, notes: &notes)
            counts[items.count == 2 ? 0 : 1] += 1
        }
        ChiSquare.expectUniform(counts, "G2 groups")
    }

    @Test("G5: the remainder item goes to each of 4 players equally often (df 3)")
    func remainder() throws {
        let d = try RoundFixtures.prepared()
        let inventory = (0..<9).map { ItemID(atomicKey: $0) }  // atomic items of the fixture design
        let context = RoundFixtures.context(d, players: 4)
        var counts = [0, 0, 0, 0]
        for trial in 0..<8_000 {
            var random = stream(trial, .allocation)
            let warehouses = ShuffleItemAllocator().allocate(inventory, context, items: RoundItems(design: d), using: &random)
            counts[try #require(warehouses.firstIndex { $0.count == 3 })] += 1
        }
        ChiSquare.expectUniform(counts, "G5 remainder")
    }

    @Test("G5: with 3 players and a remainder of 2, one player gets both with probability exactly 1/3 (df 1), each player equally often (df 2)")
    func remainderDrawnIndependently() throws {
        // Each remainder item goes to an independent uniform player: both land on the same one
        // with probability 3 × (1/3)² = 1/3, and that player ends with share + 2.
        let d = try RoundFixtures.prepared()
        let inventory = (0..<8).map { ItemID(atomicKey: $0) }  // atomic items of the fixture design  // share 2, remainder 2
        let context = RoundFixtures.context(d, players: 3)
        var together = [0, 0]  // [same player, two players]
        var byPlayer = [0, 0, 0]
        for trial in 0..<9_000 {
            var random = stream(trial, .allocation)
            let warehouses = ShuffleItemAllocator().allocate(inventory, context, items: RoundItems(design: d), using: &random)
            if let p = warehouses.firstIndex(where: { $0.count == 4 }) {
                together[0] += 1
                byPlayer[p] += 1
                #expect(warehouses.map(\.count).sorted() == [2, 2, 4])
            } else {
                together[1] += 1
                #expect(warehouses.map(\.count).sorted() == [2, 3, 3])
            }
        }
        ChiSquare.expect(together, proportions: [1.0 / 3, 2.0 / 3], "G5 both remainder items to one player")
        ChiSquare.expectUniform(byPlayer, "G5 the player who gets both")
    }

    @Test("G6: order sizes uniform in 1...5 (df 4) and items uniform over the order items (df 5)")
    func orders() throws {
        let d = try RoundFixtures.prepared()
        // Six items of the design: the five books and a fruit.
        let items = (0..<5).map { Item(category: 2, index: $0) } + [Item(category: 0, index: 0)]
        let context = RoundFixtures.context(d) {
            $0.numOfOrdersPerPlayer = 1
            $0.maxNumOfItemsPerOrder = 5
        }
        var sizes = [Int](repeating: 0, count: 5)
        var picks = [Int](repeating: 0, count: 6)
        var notes: [GenerationNote] = []
        for trial in 0..<10_000 {
            var random = RandomSource(seed: 2024, stream: StreamPath(round: UInt64(trial), player: 0, purpose: .orders))
            let order = try #require(UniformOrderMaker().makeOrders(
                player: 0, orderItems: items, warehouses: [], context, using: &random, notes: &notes).first)
            sizes[order.items.count - 1] += 1
            for item in order.items { picks[try #require(items.firstIndex(of: item))] += 1 }
        }
        ChiSquare.expectUniform(sizes, "G6 order sizes")
        ChiSquare.expectUniform(picks, "G6 order items")
    }

    @Test("G7: house factors uniform in [min, max], by deciles (df 9)")
    func factors() throws {
        let d = try RoundFixtures.prepared()
        let context = RoundFixtures.context(d) {
            $0.numOfHouses = 5
            $0.minHouseSatisfactionFactor = 0.5
            $0.maxHouseSatisfactionFactor = 1.0
        }
        var deciles = [Int](repeating: 0, count: 10)
        for trial in 0..<2_000 {
            var random = RandomSource(seed: 2024, stream: StreamPath(round: UInt64(trial), player: 0, purpose: .houses))
            for house in RoundRobinHouseDealer().deal([], player: 0, context, using: &random) {
                deciles[min(Int((house.factor - 0.5) / 0.05), 9)] += 1
            }
        }
        ChiSquare.expectUniform(deciles, "G7 factors")
    }

    @Test("G8: a round is limited with probability probOfHavingPackageLimit (df 1)")
    func limitRate() throws {
        let d = try RoundFixtures.prepared()
        let context = RoundFixtures.context(d) { $0.probOfHavingPackageLimit = 0.2 }
        var limited = 0
        let trials = 10_000
        for trial in 0..<trials {
            var random = stream(trial, .packageLimit)
            if FormulaPackageLimitDecider().packageLimit(players: [], context, using: &random) != nil { limited += 1 }
        }
        let e1 = 0.2 * Double(trials), e0 = Double(trials) - e1
        let x2 = (Double(limited) - e1) * (Double(limited) - e1) / e1 + (Double(trials - limited) - e0) * (Double(trials - limited) - e0) / e0
        #expect(x2 < 10.828, "limited \(limited) of \(trials)")
    }
}
