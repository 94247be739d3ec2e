import Explore
import Testing

@Suite struct ExploreEditTests {
    @Test func anAddressCarriesEditsBackAsTheyWere() throws {
        let edits = [ExploreEdit(name: "dailyExpense", value: "400"), ExploreEdit(name: "numOfCategories", value: "4 * diffLevel / 10 + 1"), ExploreEdit(name: "x", value: "a&b=c?d#e%")]
        let query = ExploreEdit.query(edits)
        #expect(!query.contains(" ") && !query.contains("#"))
        #expect(try ExploreEdit.edits(fromAddress: "http://127.0.0.1:8080/?" + query + "#top").get() == edits)
        #expect(try ExploreEdit.edits(fromAddress: query).get() == edits)
    }

    @Test func otherItemsOfAnAddressAreNoEdits() throws {
        #expect(try ExploreEdit.edits(fromAddress: "http://h/?lineup=2&games=500&set=a%3D1").get() == [ExploreEdit(name: "a", value: "1")])
        #expect(try ExploreEdit.edits(fromAddress: "http://h/").get() == [])
    }

    @Test func anEditWithoutAParameterIsRefused() {
        #expect(throws: ExploreEditError.self) { try ExploreEdit.edits(fromAddress: "?set=%3D5").get() }
        #expect(throws: ExploreEditError.self) { try ExploreEdit.edits(fromAddress: "?set=nothing").get() }
    }
}
