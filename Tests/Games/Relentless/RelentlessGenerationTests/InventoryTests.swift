import Foundation
@testable import RelentlessGeneration
import Randomness
import Relentless
import TestSupport
import Testing

@Suite("G3 inventory items and G4 enough of them")
struct InventoryTests {
    func derive(
        _ d: PreparedDesign, _ orderItems: [Item], categories: [Int] = [], players: Int = 1,
        groups: any GroupChooser = UniformGroupChooser(), deriver: TakeApartInventoryDeriver = .init()
    ) throws(GenerationError) -> StockValues {
        var random = RandomSource(seed: 1)
        var notes: [GenerationNote] = []
        return try deriver.deriveInventory(
            categories: categories, orderItems: orderItems, groups: groups,
            RoundFixtures.context(d, players: players), using: &random, notes: &notes)
    }

    @Test("G3: inventory order items are stocked as they are")
    func inventoryItems() throws {
        let d = try RoundFixtures.prepared()
        let apple = Item(category: try RoundFixtures.index(d, "Fruit"), index: 0)
        let title = Item(category: try RoundFixtures.index(d, "Book"), index: 3)
        #expect(try derive(d, [apple, title]).inventory == [apple, title])
    }

    @Test("G3: an assembled order item that is not an inventory item is taken apart recursively, each atomic part once")
    func takenApart() throws {
        let d = try RoundFixtures.prepared()
        let fruit = try RoundFixtures.index(d, "Fruit"), wheel = try RoundFixtures.index(d, "Wheel")
        let siren = try RoundFixtures.index(d, "Siren")
        let apple = Item(category: fruit, index: 0), round = Item(category: wheel, index: 0), square = Item(category: wheel, index: 1)
        let car = try #require(d.assemble(category: try RoundFixtures.index(d, "Car"), parts: [apple, round, round]))
        let rhythm = Item(category: siren, index: 1)
        let carB = try #require(d.assemble(category: try RoundFixtures.index(d, "Car"), parts: [apple, square, round]))
        let police = try #require(d.assemble(category: try RoundFixtures.index(d, "Police Car"), parts: [carB, rhythm]))
        #expect(try derive(d, [car]).inventory == [apple, round])
        #expect(try derive(d, [car, police, apple]).inventory == [apple, round, square, rhythm])
    }

    @Test("G3: an assembled inventory item is stocked whole, not taken apart")
    func assembledInventory() throws {
        // The first isInventoryItem after Car's name is Car's own.
        var lines = DesignFixtures.validCatalogue.components(separatedBy: "\n")
        let carLine = try #require(lines.firstIndex { $0.contains("<string>Car</string>") })
        let flag = try #require(lines[carLine...].firstIndex { $0.contains("<key>isInventoryItem</key><false/>") })
        lines[flag] = lines[flag].replacingOccurrences(of: "<false/>", with: "<true/>")
        let catalogue = lines.joined(separator: "\n")
        let d = try RoundFixtures.prepared(catalogue: catalogue)
        let fruit = try RoundFixtures.index(d, "Fruit"), wheel = try RoundFixtures.index(d, "Wheel")
        let car = try #require(d.assemble(category: try RoundFixtures.index(d, "Car"), parts: [Item(category: fruit, index: 2), Item(category: wheel, index: 0), Item(category: wheel, index: 1)]))
        #expect(try derive(d, [car]).inventory == [car])
    }

    @Test("G4: G2 is repeated until every player can be stocked, and the round says so")
    func repetition() throws {
        let d = try RoundFixtures.prepared()
        let book = try RoundFixtures.index(d, "Book")
        for seed in UInt64(0)..<20 {
            var random = RandomSource(seed: seed)
            var notes: [GenerationNote] = []
            let context = RoundFixtures.context(d, players: 5) { $0.numOfGroupsPerCategory = 1 }
            let first = UniformGroupChooser().chooseOrderItems(categories: [book], context, using: &random, notes: &notes)
            #expect(first.count < 5)
            let stock = try TakeApartInventoryDeriver().deriveInventory(
                categories: [book], orderItems: first, groups: UniformGroupChooser(), context, using: &random, notes: &notes)
            #expect(stock.inventory.count == 5)
            #expect(stock.orderItems.count == 5, "G4 adds G2's new items to the order items")
            #expect(stock.repetitions >= 1)
            let times = stock.repetitions
            #expect(notes.last == GenerationNote(
                rule: "G4", message: "G2 was repeated \(times) time\(times == 1 ? "" : "s") to stock 5 players"))
            #expect(notes.last?.description.hasSuffix("players [G4]") == true)
        }
    }

    @Test("G4: categories that can never stock the team fail at once, naming them")
    func impossible() throws {
        let d = try RoundFixtures.prepared()
        let siren = try RoundFixtures.index(d, "Siren"), car = try RoundFixtures.index(d, "Car")
        let error = GenerationError.notEnoughInventory(players: 6, supply: 2, categories: ["Siren"])
        #expect(throws: error) { try derive(d, [], categories: [siren], players: 6) }
        #expect(error.description == "6 players need 6 distinct warehouse items; this round's categories can supply at most 2 (Siren) [G4]")
        // Car is not stocked but taken apart: it supplies Fruit (3) and Wheel (2).
        #expect(throws: GenerationError.notEnoughInventory(players: 6, supply: 5, categories: ["Car"])) {
            try derive(d, [], categories: [car], players: 6)
        }
        #expect(d.supply(of: [car, siren, car]) == 7)
    }

    /// A G2 that always returns the same item: G4 can never succeed with it.
    struct StuckGroupChooser: GroupChooser {
        var item: Item
        var name: String { "stuck" }
        var rules: String { "G2" }
        var parametersRead: [ParameterKey] { [] }
        func chooseOrderItems(
            categories: [Int], _ context: RoundContext, items: inout RoundItems, using random: inout RandomSource,
            notes: inout [GenerationNote]
        ) -> [ItemID] {
            [items.intern(item)]
        }
    }

    @Test("G4: the repetition is bounded; running out is a typed error with the counts and categories")
    func bounded() throws {
        let d = try RoundFixtures.prepared()
        let book = try RoundFixtures.index(d, "Book")
        let title = Item(category: book, index: 0)
        let expected = GenerationError.inventoryStillShort(players: 3, found: 1, supply: 5, repetitions: 7, categories: ["Book"])
        #expect(throws: expected) {
            try derive(d, [title], categories: [book], players: 3, groups: StuckGroupChooser(item: title), deriver: .init(maxRepetitions: 7))
        }
        #expect(expected.rule == "G4")
        #expect(expected.description.contains("after 7 repetitions of G2"))
    }

    @Test("G4 in whole rounds: with 6 players only Police Car stocks enough; every other choice fails naming its category")
    func wholeRounds() throws {
        let d = try RoundFixtures.prepared()
        let parameters = d.design.parameters.resolved(difficulty: 1, players: 6)
        var successes = 0, failures = 0
        for round in UInt64(0)..<60 {
            do {
                let made = try Pipeline.default.makeRound(d, parameters: parameters, seed: 3, round: round)
                #expect(made.categories.map { d.categoryName($0) } == ["Police Car"])
                successes += 1
            } catch {
                guard case .notEnoughInventory(6, _, let names) = error else {
                    Issue.record("unexpected \(error)")
                    continue
                }
                #expect(names.count == 1 && names != ["Police Car"])
                failures += 1
            }
        }
        #expect(successes > 0 && failures > 0)
    }
}
