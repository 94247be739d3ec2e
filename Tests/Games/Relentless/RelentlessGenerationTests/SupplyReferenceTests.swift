import Randomness
@testable import RelentlessGeneration
import Relentless
import TestSupport
import Testing

/// The straightforward reading of P4, for checking the fast supply against: an item can be had
/// when some warehouse holds it (G5), or it is assembled and every part can be had. Holders are
/// found by searching the warehouses themselves, player by player, with no numbering or table.
enum NaiveSupply {
    static func holder(of item: Item, in round: Round) -> Int? {
        round.players.firstIndex { $0.warehouse.contains(item) }
    }

    static func canHave(_ item: Item, _ round: Round, _ design: PreparedDesign) -> Bool {
        if holder(of: item, in: round) != nil { return true }
        return !item.isAtomic && design.parts(of: item).allSatisfy { canHave($0, round, design) }
    }

    static func canFill(_ order: Order, _ round: Round, _ design: PreparedDesign) -> Bool {
        order.items.allSatisfy { canHave($0, round, design) }
    }

    /// The plan P4 describes: a warehouse before assembling, the first player holding an item.
    static func step(for item: Item, _ round: Round, _ design: PreparedDesign) -> BuildPlan.Step? {
        if let player = holder(of: item, in: round) { return .warehouse(item: item, player: player) }
        guard !item.isAtomic else { return nil }
        var parts: [BuildPlan.Step] = []
        for part in design.parts(of: item) {
            guard let step = step(for: part, round, design) else { return nil }
            parts.append(step)
        }
        return .assemble(item: item, parts: parts)
    }
}

/// The supply sampling asks (``BuildPlan/Supply``: holders numbered per round, assembled items
/// in a table under a cheap hash of their leaves) answers as the naive search does (P4), and
/// sampling's findings are those of the naive search over the same rounds.
@Suite("Supply against a naive search (P4, G5, G8)")
struct SupplyReferenceTests {
    /// The fixture with Car an inventory item: warehouses hold some cars whole, so a police car
    /// may be built from a car held whole and a siren, with the car's own parts in no warehouse.
    static let heldCarCatalogue = RoundFixtures.edited(
        DesignFixtures.validCatalogue,
        "<key>parts</key><array><string>Fruit</string><string>Wheel</string><string>Wheel</string></array>\n            <key>isInventoryItem</key><false/>",
        "<key>parts</key><array><string>Fruit</string><string>Wheel</string><string>Wheel</string></array>\n            <key>isInventoryItem</key><true/>")

    /// The shipped design, the fixture without a stocked Book (G3), the fixture whose cars are
    /// stocked whole, and the 4.5 × 10^68-item chain of 600 coins; whether some order can be
    /// refused (every round stocks all three coins, so every chain can be built).
    func designs() throws -> [(PreparedDesign, refuses: Bool)] {
        [
            (try RoundFixtures.shipped(), true),
            (try RoundFixtures.prepared(catalogue: DesignFixtures.orderOnlyBookCatalogue, parameters: DesignFixtures.threePlayerParameters), true),
            (try RoundFixtures.prepared(catalogue: Self.heldCarCatalogue, parameters: DesignFixtures.threePlayerParameters), true),
            (try RoundFixtures.prepared(catalogue: RoundFixtures.hugeCatalogue(), parameters: DesignFixtures.threePlayerParameters), false),
        ]
    }

    /// Orders beyond the round's own, so that "no" is asked as often as "yes": items of the round
    /// and random items of the design, and assembled items put together from parts the round's
    /// warehouses hold whole, from parts of its items, and from random parts.
    func extraOrders(_ round: Round, _ design: PreparedDesign, using random: inout RandomSource) -> [Order] {
        let held = round.players.flatMap(\.warehouse)
        let known = held + round.orderItems + round.orderItems.flatMap { design.parts(of: $0) }
        func anyItem(of category: Int) -> Item {
            let candidates = known.filter { $0.category == category }
            if !candidates.isEmpty, random.uniform(below: 4) != 0 { return candidates[random.uniform(below: candidates.count)] }
            return design.sampleItem(of: category, using: &random)
        }
        var orders: [Order] = []
        let categories = design.catalogue.categories.indices
        for _ in 0..<20 {
            var items: [Item] = []
            for _ in 0..<(1 + random.uniform(below: 3)) {
                let category = categories.lowerBound + random.uniform(below: categories.count)
                let parts = design.tables[category].parts
                if parts.isEmpty || random.uniform(below: 2) == 0 {
                    items.append(anyItem(of: category))
                } else if let built = design.assemble(category: category, parts: parts.map { anyItem(of: Int($0.category)) }) {
                    items.append(built)
                }
            }
            orders.append(Order(items: items.sorted(), baseTimeLimit: 70))
        }
        return orders
    }

    @Test("P4: one supply, loaded round after round, answers every order as the naive search does, with the same plan")
    func supplyMatchesNaiveSearch() throws {
        var random = RandomSource(seed: 20)
        for (design, refuses) in try designs() {
            let teams = try #require(design.design.parameters.teamSizes)
            var supply = BuildPlan.Supply(design: design)  // reused: a stale holder of the last round would show
            var answers: [Bool: Int] = [:]
            var heldWholeAndBuilt = 0
            for r in 0..<60 {
                let players = teams.lowerBound + r % teams.count
                var parameters = design.design.parameters.resolved(difficulty: 1 + Double(r % 19) / 2, players: players)
                parameters.probOfHavingPackageLimit = 0
                guard let round = try? Pipeline.default.makeRound(design, parameters: parameters, seed: 20, game: 0, round: UInt64(r)) else { continue }
                supply.load(round)
                for order in round.allOrders + extraOrders(round, design, using: &random) {
                    let expected = NaiveSupply.canFill(order, round, design)
                    #expect(supply.canFill(order) == expected, "round \(r): \(order.items.map { design.name(of: $0) })")
                    answers[expected, default: 0] += 1
                    let plan = supply.plan(for: order)
                    let steps = order.items.map { NaiveSupply.step(for: $0, round, design) }
                    #expect(plan?.steps == (steps.contains { $0 == nil } ? nil : steps.compactMap { $0 }))
                    // A plan that assembles an item from an assembled part held whole.
                    if let plan, plan.steps.contains(where: Self.buildsFromHeldAssembled) { heldWholeAndBuilt += 1 }
                }
            }
            #expect(answers[true, default: 0] > 0 && (answers[false, default: 0] > 0) == refuses, "\(design.catalogue.categories.map(\.name)): \(answers)")
            if design.catalogue.categories.contains(where: { $0.name == "Car" && $0.isInventoryItem }) {
                #expect(heldWholeAndBuilt > 0, "the held-car fixture should build some police car from a car held whole")
            }
        }
    }

    static func buildsFromHeldAssembled(_ step: BuildPlan.Step) -> Bool {
        guard case .assemble(_, let parts) = step else { return false }
        return parts.contains { part in
            if case .warehouse(let item, _) = part { return !item.isAtomic }
            return buildsFromHeldAssembled(part)
        }
    }

    @Test("P4: sampling counts the rounds with an unsuppliable order, and names the first, as the naive search finds them")
    func sampledUnsuppliableOrders() throws {
        let design = try RoundFixtures.prepared(catalogue: DesignFixtures.orderOnlyBookCatalogue, parameters: DesignFixtures.threePlayerParameters)
        let samples = 40
        let summary = SamplingSolvability.check(design, samples: samples, seed: 11)
        let parameters = design.design.parameters
        let teams = try #require(parameters.teamSizes)
        var failing = 0
        var first: (players: Int, difficulty: Double, game: Int, round: Int, order: Order)?
        for (level, difficulty) in parameters.reachableDifficulties().enumerated() {
            for players in teams {
                for s in 0..<samples {
                    let made = try? Pipeline.default.makeRound(
                        design, parameters: parameters.resolved(difficulty: difficulty, players: players), seed: 11, game: UInt64(level), round: UInt64(s))
                    guard let round = made, let order = round.allOrders.first(where: { !NaiveSupply.canFill($0, round, design) }) else { continue }
                    failing += 1
                    if first == nil { first = (players, difficulty, level, s, order) }
                }
            }
        }
        let expected = try #require(first)
        let failure = try #require(summary.failures.first { $0.rule == "P4" })
        #expect(failing > 0)
        #expect(failure.occurrences == failing)
        #expect(failure.players == expected.players)
        #expect(failure.difficulty == expected.difficulty)
        #expect(failure.game == UInt64(expected.game))
        #expect(failure.round == UInt64(expected.round))
        let names = expected.order.items.map { design.name(of: $0) }.joined(separator: " + ")
        #expect(failure.message == "no player holds or can assemble every item of the order \(names)")
        // Located at the category no warehouse holds (the fixture's order-only Book, G3).
        #expect(failure.category == "Book")
    }

    @Test("G8: sampling counts the rounds whose package limit is below an order's need as taking every item apart does")
    func sampledPackageLimits() throws {
        let design = try RoundFixtures.prepared(parameters: DesignFixtures.threePlayerParameters)
        var pipeline = Pipeline.default
        pipeline.packageLimit = OneItemPackageLimit()
        let samples = 10
        let summary = SamplingSolvability.check(design, samples: samples, seed: 2, pipeline: pipeline)
        let parameters = design.design.parameters
        let teams = try #require(parameters.teamSizes)
        var failing = 0
        var firstMessage: String?
        for (level, difficulty) in parameters.reachableDifficulties().enumerated() {
            for players in teams {
                for s in 0..<samples {
                    let made = try? pipeline.makeRound(
                        design, parameters: parameters.resolved(difficulty: difficulty, players: players), seed: 2, game: UInt64(level), round: UInt64(s))
                    guard let round = made, let limit = round.packageLimit,
                          let order = round.allOrders.first(where: { PackingNeed.peak(of: $0, in: design) > limit }) else { continue }
                    failing += 1
                    if firstMessage == nil {
                        let names = order.items.map { design.name(of: $0) }.joined(separator: " + ")
                        firstMessage = "the package limit \(limit) is below the \(PackingNeed.peak(of: order, in: design)) items one package must hold to fill the order \(names)"
                    }
                }
            }
        }
        let failure = try #require(summary.failures.first { $0.rule == "G8" })
        #expect(failing > 0)
        #expect(failure.occurrences == failing)
        #expect(failure.message == firstMessage)
        #expect(failure.parameter == .probOfHavingPackageLimit && failure.category == nil)
    }

    @Test("G5: the first player holding an item is its holder, and a round's holders are forgotten when the next is loaded")
    func holdersOfConsecutiveRounds() throws {
        let design = try RoundFixtures.prepared(catalogue: Self.heldCarCatalogue, parameters: DesignFixtures.threePlayerParameters)
        let parameters = design.design.parameters.resolved(difficulty: 10, players: 3)
        var holders = RoundHolders(design: design)
        var previous: Round?
        for r in 0..<30 {
            let round = try Pipeline.default.makeRound(design, parameters: parameters, seed: 5, game: 0, round: UInt64(r))
            holders.load(round)
            for item in round.players.flatMap(\.warehouse) + (previous?.players.flatMap(\.warehouse) ?? []) {
                #expect(holders.holder(of: item) == NaiveSupply.holder(of: item, in: round))
            }
            previous = round
        }
    }
}
