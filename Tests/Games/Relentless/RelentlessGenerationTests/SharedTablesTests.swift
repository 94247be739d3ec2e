import Relentless
import Testing
import TestSupport
@testable import RelentlessGeneration

/// A variant of a prepared design whose parameters alone changed shares its tables
/// (`PreparedDesign.sharingTables(with:)`): its rounds must be those of the variant prepared anew.
@Suite("A design's variant shares its prepared tables")
struct SharedTablesTests {
    @Test("parameters swapped in: the same rounds as preparing the variant anew, and not the original's")
    func sameRounds() throws {
        let base = try RoundFixtures.shipped()
        var variant = base.design
        // Other houses and orders (G6, G7), read from the shipped file edited.
        let sources = try Fixtures.shippedDesignSources()
        let file = try #require(sources.parameters)
        let text = String(decoding: file.bytes, as: UTF8.self)
            .settingParameter("numOfHouses", to: "<integer>3</integer>").settingParameter("numOfOrdersPerPlayer", to: "<integer>2</integer>")
        let edited = DesignSources(catalogue: sources.catalogue, parameters: .init(name: file.name, bytes: Array(text.utf8)))
        variant.parameters = try #require(DesignLoader.load(edited).design).parameters
        let shared = try #require(base.sharingTables(with: variant))
        let fresh = try PreparedDesign(variant)
        var differs = 0
        for players in [3, 5] {
            for difficulty in [1.0, 6, 10] {
                let parameters = variant.parameters.resolved(difficulty: difficulty, players: players)
                for round in UInt64(0)..<4 {
                    let a = Result { () throws(GenerationError) in try Pipeline.default.makeRound(shared, parameters: parameters, seed: 8, round: round) }
                    let b = Result { () throws(GenerationError) in try Pipeline.default.makeRound(fresh, parameters: parameters, seed: 8, round: round) }
                    #expect(a == b, "players \(players), difficulty \(difficulty), round \(round)")
                    let original = base.design.parameters.resolved(difficulty: difficulty, players: players)
                    if (try? Pipeline.default.makeRound(base, parameters: original, seed: 8, round: round)) != (try? a.get()) { differs += 1 }
                }
            }
        }
        #expect(differs > 0, "the variant's parameters, not the original's, make its rounds")
        #expect(shared.design.parameters.resolved(difficulty: 4, players: 4) == fresh.design.parameters.resolved(difficulty: 4, players: 4))
    }

    @Test("a catalogue read again or edited is prepared anew")
    func otherCataloguesAreNotShared() throws {
        let base = try RoundFixtures.shipped()
        let again = try #require(DesignLoader.load(try Fixtures.shippedDesignSources()).design)
        #expect(base.sharingTables(with: again) == nil, "equal, but not this design's storage")
        var edited = base.design
        edited.catalogue.categories[0].isOrderItem.toggle()
        #expect(base.sharingTables(with: edited) == nil)
        #expect(base.sharingTables(with: base.design) != nil)
    }
}
