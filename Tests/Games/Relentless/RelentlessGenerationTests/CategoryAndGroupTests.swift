import Foundation
import Randomness
import Relentless
import Testing
import TestSupport

@testable import RelentlessGeneration

@Suite("G1 categories and G2 groups")
struct CategoryAndGroupTests {
    @Test("G1: numOfCategories distinct categories, only from those with order items")
    func chooseSome() throws {
        let d = try RoundFixtures.prepared()
        let wheel = try RoundFixtures.index(d, "Wheel")
        let context = RoundFixtures.context(d) { $0.numOfCategories = 3 }
        for seed in UInt64(0)..<50 {
            var random = RandomSource(seed: seed)
            let chosen = try UniformCategoryChooser().chooseCategories(context, using: &random)
            #expect(chosen.count == 3 && Set(chosen).count == 3)
            #expect(!chosen.contains(wheel), "Wheel has no order items")
            #expect(chosen.allSatisfy { d.catalogue.categories[$0].isOrderItem })
        }
    }

    @Test("G1: all candidates when there are fewer than numOfCategories")
    func chooseAll() throws {
        let d = try RoundFixtures.prepared()
        let context = RoundFixtures.context(d) { $0.numOfCategories = 9 }
        var random = RandomSource(seed: 1)
        let chosen = try UniformCategoryChooser().chooseCategories(context, using: &random)
        #expect(chosen.sorted() == d.orderCategoryIndices)
        #expect(chosen.count == 5)
    }

    @Test("G1: a design without order items cannot make a round, and says so")
    func noCandidates() throws {
        let catalogue = DesignFixtures.validCatalogue.replacingOccurrences(
            of: "<key>isOrderItem</key><true/>", with: "<key>isOrderItem</key><false/>")
        let d = try RoundFixtures.prepared(catalogue: catalogue)
        var random = RandomSource(seed: 1)
        #expect(throws: GenerationError.noOrderCategories) {
            try UniformCategoryChooser().chooseCategories(RoundFixtures.context(d), using: &random)
        }
        #expect(GenerationError.noOrderCategories.description.hasSuffix("[G1]"))
    }

    @Test("G2: whole groups of a titled category, min(k, groups) of them")
    func titledGroups() throws {
        let d = try RoundFixtures.prepared()
        let book = try RoundFixtures.index(d, "Book")
        var notes: [GenerationNote] = []
        for seed in UInt64(0)..<20 {
            var random = RandomSource(seed: seed)
            let one = UniformGroupChooser().chooseOrderItems(
                categories: [book], RoundFixtures.context(d) { $0.numOfGroupsPerCategory = 1 }, using: &random, notes: &notes)
            #expect(one.map(\.index) == [0, 1] || one.map(\.index) == [2, 3, 4])
            let all = UniformGroupChooser().chooseOrderItems(
                categories: [book], RoundFixtures.context(d) { $0.numOfGroupsPerCategory = 3 }, using: &random, notes: &notes)
            #expect(all.compactMap(\.index).sorted() == [0, 1, 2, 3, 4])
        }
        #expect(notes.isEmpty)
    }

    @Test("G2: one group per state, one group (of both rhythms) for Siren, one per item for assembled; the union over categories")
    func otherKinds() throws {
        let d = try RoundFixtures.prepared()
        let fruit = try RoundFixtures.index(d, "Fruit"), siren = try RoundFixtures.index(d, "Siren")
        let car = try RoundFixtures.index(d, "Car"), wheel = try RoundFixtures.index(d, "Wheel")
        let context = RoundFixtures.context(d) { $0.numOfGroupsPerCategory = 2 }
        var notes: [GenerationNote] = []
        var random = RandomSource(seed: 8)
        let items = UniformGroupChooser().chooseOrderItems(categories: [fruit, siren, car, wheel], context, using: &random, notes: &notes)
        #expect(items.filter { $0.category == fruit }.count == 2)
        #expect(items.filter { $0.category == siren }.compactMap(\.index).sorted() == [0, 1])
        let cars = items.filter { $0.category == car }
        #expect(cars.count == 2 && Set(cars).count == 2 && cars.allSatisfy { !$0.isAtomic })
        #expect(!items.contains { $0.category == wheel }, "Wheel is not an order category: its groups are not all order items")
        #expect(Set(items).count == items.count)
    }
}
