import Foundation
import Diagnostics
import Relentless
import Testing
import TestSupport
@testable import RelentlessGeneration

@Suite("Static solvability (G3, G4)")
struct StaticSolvabilityTests {
    func design(catalogue: String = DesignFixtures.validCatalogue, parameters: String = DesignFixtures.validParameters) throws -> Design {
        let result = DesignLoader.load(DesignFixtures.sources(catalogue: catalogue, parameters: parameters))
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        return try #require(result.design)
    }

    /// The fixture's Siren has 2 rhythms; at difficulty 1 a round chooses one category, so a
    /// round that chooses only Siren stocks 2 items for up to 6 players.
    @Test("G4: a choice of categories that cannot stock every player is found and named")
    func thinChoice() throws {
        let problems = StaticSolvability.check(try design())
        #expect(problems.count == 1)
        let problem = try #require(problems.first)
        #expect(problem.rule == "G4")
        #expect(problem.message.contains("6 players need 6 distinct warehouse items; when a round at difficulty 1 chooses \"Siren\", they supply at most 2"))
        #expect(problem.file == "DefaultGameParameters.plist")
    }

    @Test("G4: the same design passes once every choice stocks the largest team")
    func enoughItems() throws {
        // Three players; Siren gets a third rhythm; every single category now stocks 3 items.
        let catalogue = DesignFixtures.threeRhythmSirenCatalogue
        let parameters = DesignFixtures.threePlayerParameters
        #expect(StaticSolvability.check(try design(catalogue: catalogue, parameters: parameters)) == [])
    }

    @Test("G4: categories drawing on the same parts are not counted twice")
    func sharedPartsCountOnce() throws {
        let d = try design()
        let supply = try WarehouseSupplyProbe(d)
        // Car is taken apart into Fruit (3) and Wheel (2); Police Car into Fruit, Wheel and Siren (2).
        #expect(supply.items(["Car"]) == 5)
        #expect(supply.items(["Police Car"]) == 7)
        #expect(supply.items(["Car", "Police Car", "Fruit"]) == 7)
    }

    @Test("G3: an atomic order item that is not an inventory item can never be supplied")
    func orderOnlyAtomic() throws {
        let catalogue = DesignFixtures.orderOnlyBookCatalogue
        #expect(catalogue != DesignFixtures.validCatalogue)
        let problems = StaticSolvability.check(try design(catalogue: catalogue)).filter { $0.rule == "G3" }
        #expect(problems.count == 1)
        #expect(problems.first?.keyPath == "titledItems[0].isInventoryItem")
        #expect(problems.first?.location?.line == catalogue.components(separatedBy: "\n").firstIndex { $0.contains("<key>isInventoryItem</key><false/>") && !$0.contains("Wheel") }.map { $0 + 1 })
    }

    @Test("the shipped design is statically solvable")
    func shippedDesign() throws {
        let result = DesignLoader.load(try Fixtures.shippedDesignSources())
        #expect(StaticSolvability.check(try #require(result.design)) == [])
    }
}

/// Reads supply by category names, so tests speak the fixture's language.
struct WarehouseSupplyProbe {
    let prepared: PreparedDesign

    init(_ design: Design) throws {
        prepared = try PreparedDesign(design)
    }

    func items(_ names: [String]) -> Int {
        prepared.supply(of: names.compactMap { prepared.catalogue.index(of: $0) })
    }
}
