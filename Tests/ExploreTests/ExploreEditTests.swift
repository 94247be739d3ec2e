import Explore
import Testing

@Suite struct ExploreEditTests {
    @Test func anAddressCarriesEditsBackAsTheyWere() throws {
        let edits = [ExploreEdit(name: "dailyExpense", value: "400"), ExploreEdit(name: "numOfCategories", value: "4 * diffLevel / 10 + 1"), ExploreEdit(name: "x", value: "a&b=c?d#e%")]
        let query = ExploreAddress(edits: edits).query
        #expect(!query.contains(" ") && !query.contains("#"))
        #expect(try ExploreAddress(parsing: "http://127.0.0.1:8080/?" + query + "#top").edits == edits)
        #expect(try ExploreAddress(parsing: query).edits == edits)
    }

    @Test func anAddressCarriesTheLineupGamesAndSeed() throws {
        let address = try ExploreAddress(parsing: "http://h/?lineup=2&games=500&set=a%3D1&seed=18446744073709551615&other=x")
        #expect(address == ExploreAddress(edits: [ExploreEdit(name: "a", value: "1")], lineup: 2, games: 500, seed: .max))
        // The largest seed survives the round trip exactly (the page keeps it as text, too).
        #expect(try ExploreAddress(parsing: address.query) == address)
        #expect(try ExploreAddress(parsing: "http://h/") == ExploreAddress(edits: []))
    }

    @Test func anEditWithoutAParameterIsRefused() {
        #expect(throws: ExploreEditError.self) { try ExploreAddress(parsing: "?set=%3D5") }
        #expect(throws: ExploreEditError.self) { try ExploreAddress(parsing: "?set=nothing") }
    }

    @Test func aLineupGamesOrSeedThatIsNoWholeNumberIsRefused() {
        for item in ["lineup=-1", "games=1e3", "seed=18446744073709551616", "seed=abc"] {
            #expect(throws: ExploreEditError.self, "\(item)") { try ExploreAddress(parsing: "?" + item) }
        }
    }
}
