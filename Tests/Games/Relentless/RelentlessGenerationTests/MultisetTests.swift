import BigInt
import Diagnostics
import Randomness
import Relentless
import Testing
import TestSupport

@testable import RelentlessGeneration

/// C3's repeated parts: two parts of one category form a multiset (the original sorts an
/// assembled item's parts), so a category naming one category k times, holding n items, has
/// C(n + k − 1, k) combinations from it. Every expected count here is counted by hand in
/// ``MultisetFixtures/catalogue``; uniformity is Pearson's χ² at α = 0.001 on fixed seeds.
@Suite("C3 repeated parts as multisets: counts, canonical items, uniform sampling")
struct MultisetTests {
    let d: PreparedDesign
    let wheel: Int, fruit: Int, bike: Int, cart: Int, tandem: Int, trio: Int

    init() throws {
        d = try RoundFixtures.prepared(catalogue: MultisetFixtures.catalogue)
        wheel = try RoundFixtures.index(d, "Wheel")
        fruit = try RoundFixtures.index(d, "Fruit")
        bike = try RoundFixtures.index(d, "Bike")
        cart = try RoundFixtures.index(d, "Cart")
        tandem = try RoundFixtures.index(d, "Tandem")
        trio = try RoundFixtures.index(d, "Trio")
    }

    func w(_ i: Int) -> Item { Item(category: wheel, index: i) }
    func f(_ i: Int) -> Item { Item(category: fruit, index: i) }

    /// The items of a category, listed by hand as non-decreasing choices for each repeated part.
    func handListed(_ category: Int) throws -> [Item] {
        var items: [Item] = []
        switch category {
        case bike:
            for (a, b) in [(0, 0), (0, 1), (1, 1)] { items.append(try #require(d.assemble(category: bike, parts: [w(a), w(b)]))) }
        case cart:
            for fruit in 0..<3 {
                for (a, b) in [(0, 0), (0, 1), (1, 1)] {
                    items.append(try #require(d.assemble(category: cart, parts: [w(a), f(fruit), w(b)])))
                }
            }
        case tandem:
            let bikes = try handListed(bike)
            for a in 0..<3 {
                for b in a..<3 { items.append(try #require(d.assemble(category: tandem, parts: [bikes[a], bikes[b]]))) }
            }
        default:
            for a in 0..<3 {
                for b in a..<3 {
                    for c in b..<3 { items.append(try #require(d.assemble(category: trio, parts: [f(a), f(b), f(c)]))) }
                }
            }
        }
        return items
    }

    @Test("C3: counts are products of C(n + k − 1, k): Bike 3 (not 4), Cart 9 (not 12), Tandem 6 (not 9), Trio 10 (not 27)")
    func counts() throws {
        #expect(d.smallItemCount(of: bike) == 3)
        #expect(d.smallItemCount(of: cart) == 9)
        #expect(d.smallItemCount(of: tandem) == 6)
        #expect(d.smallItemCount(of: trio) == 10)
        #expect(d.catalogue.itemCount(of: "Tandem") == 6)
        for category in [bike, cart, tandem, trio] {
            let listed = try handListed(category)
            #expect(Set(listed).count == d.smallItemCount(of: category), "the hand list has no duplicates")
        }
    }

    @Test("C3: swapping two parts of one category gives the same item: equal, one hash, one name, at every depth")
    func swappedPartsAreEqual() throws {
        let one = try #require(d.assemble(category: cart, parts: [w(0), f(1), w(1)]))
        let other = try #require(d.assemble(category: cart, parts: [w(1), f(1), w(0)]))
        #expect(one == other)
        #expect(Set([one, other]).count == 1)
        #expect(!(one < other) && !(other < one))
        #expect(d.name(of: other) == "Cart(Wheel: Round, Fruit: Pear, Wheel: Square)")
        #expect(d.parts(of: other) == [w(0), f(1), w(1)])

        let roundSquare = try #require(d.assemble(category: bike, parts: [w(1), w(0)]))
        let squares = try #require(d.assemble(category: bike, parts: [w(1), w(1)]))
        let first = try #require(d.assemble(category: tandem, parts: [squares, roundSquare]))
        let second = try #require(d.assemble(category: tandem, parts: [roundSquare, squares]))
        #expect(first == second && first.hashValue == second.hashValue)
        #expect(d.name(of: first) == "Tandem(Bike(Wheel: Round, Wheel: Square), Bike(Wheel: Square, Wheel: Square))")
        #expect(d.isValid(first))
    }

    @Test("C3: index decoding lists every distinct item once, all canonical, exactly the hand-listed ones")
    func indexBijection() throws {
        for category in [bike, cart, tandem, trio] {
            let count = try #require(d.smallItemCount(of: category))
            let decoded = (0..<count).map { d.item(of: category, at: $0) }
            #expect(Set(decoded) == Set(try handListed(category)), "\(d.categoryName(category))")
            #expect(decoded.allSatisfy(d.isValid))
        }
    }

    @Test("C3: sampling is uniform over the distinct items of Cart (9), Tandem (6) and Trio (10) (χ², α = 0.001)", arguments: ["Cart", "Tandem", "Trio"])
    func uniformSampling(_ name: String) throws {
        let category = try RoundFixtures.index(d, name)
        let listed = try handListed(category)
        let position = Dictionary(uniqueKeysWithValues: listed.enumerated().map { ($1, $0) })
        var counts = [Int](repeating: 0, count: listed.count)
        var random = RandomSource(seed: 31)
        for _ in 0..<(2_000 * listed.count) {
            let item = d.sampleItem(of: category, using: &random)
            counts[try #require(position[item], "\(d.name(of: item)) is not one of the hand-listed items")] += 1
        }
        ChiSquare.expectUniform(counts, name)
    }

    @Test("G2, C3: two distinct Tandems are a uniform pair among the C(6, 2) = 15 pairs of distinct items (χ², α = 0.001)")
    func distinctGroupsUniform() throws {
        let listed = try handListed(tandem)
        let position = Dictionary(uniqueKeysWithValues: listed.enumerated().map { ($1, $0) })
        var counts: [[Int]: Int] = [:]
        var random = RandomSource(seed: 32)
        for _ in 0..<15_000 {
            var items: [Item] = []
            #expect(d.appendItemsOfDistinctGroups(of: tandem, count: 2, into: &items, using: &random) == 0)
            let pair = try items.map { try #require(position[$0]) }.sorted()
            #expect(pair.count == 2 && pair[0] != pair[1])
            counts[pair, default: 0] += 1
        }
        #expect(counts.count == 15)
        ChiSquare.expectUniform(Array(counts.values), "pairs of distinct Tandems")
        var all: [Item] = []
        _ = d.appendItemsOfDistinctGroups(of: tandem, count: 10, into: &all, using: &random)
        #expect(Set(all) == Set(listed), "asking for more than there are gives each distinct item once")
    }

    @Test("G4, C3: static solvability counts an inventory category with repeated parts as a multiset: 3 bikes cannot stock 4 players")
    func staticSupply() throws {
        let catalogue = MultisetFixtures.catalogue(
            stateful: [MultisetFixtures.stateful("Wheel", states: ["Round", "Square"], order: false)],
            assembled: [MultisetFixtures.assembled("Bike", parts: ["Wheel", "Wheel"], depth: 0, images: [("Wheel", 2)], inventory: true)])
        let four = RoundFixtures.edited(
            DesignFixtures.validParameters, "<key>maxNumOfPlayers</key><integer>6</integer>", "<key>maxNumOfPlayers</key><integer>4</integer>")
        let design = try RoundFixtures.design(catalogue: catalogue, parameters: four)
        let prepared = try PreparedDesign(design)
        #expect(prepared.supply(of: [try RoundFixtures.index(prepared, "Bike")]) == 3)
        let problems = StaticSolvability.check(prepared)
        #expect(problems.count == 1)
        #expect(problems.first?.rule == "G4")
        #expect(problems.first?.message.contains("4 players need 4 distinct warehouse items") == true)
        #expect(problems.first?.message.contains("they supply at most 3") == true)
        let three = RoundFixtures.edited(
            DesignFixtures.validParameters, "<key>maxNumOfPlayers</key><integer>6</integer>", "<key>maxNumOfPlayers</key><integer>3</integer>")
        #expect(StaticSolvability.check(try PreparedDesign(try RoundFixtures.design(catalogue: catalogue, parameters: three))) == [])

        // Sampling agrees: every 4-player round fails G4 (3 distinct bikes), no 3-player round does.
        let sampled = SamplingSolvability.check(prepared, samples: 3, seed: 1)
        let failure = try #require(sampled.failures.first)
        #expect(sampled.failures.count == 1)
        #expect(failure.rule == "G4" && failure.players == 4)
        #expect(failure.occurrences == sampled.roundsSampled / 2, "every 4-player round, none of the 3-player ones")
    }
}
