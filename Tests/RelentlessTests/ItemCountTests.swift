import BigInt
import Diagnostics
import PropertyList
import Testing
@testable import Relentless

@Suite("Item counts (C3)")
struct ItemCountTests {
    static func stateful(_ name: String, states: Int) -> Category {
        Category(
            name: name, kind: .stateful, isInventoryItem: true, isOrderItem: true,
            content: .stateful(states: (0..<states).map { ItemState(identifier: "s\($0)", imageString: "i\($0)") }),
            location: .start, path: PlistPath(), keyLocations: [:])
    }

    static func assembled(_ name: String, parts: [String]) -> Category {
        Category(
            name: name, kind: .assembled, isInventoryItem: false, isOrderItem: true,
            content: .assembled(parts: parts, depth: 0, mainImageString: "", partsImageStrings: [:]),
            location: .start, path: PlistPath(), keyLocations: [:])
    }

    @Test("a chain of 20,000 nested categories is counted without deep recursion")
    func longChain() {
        var categories = [Self.stateful("base", states: 2)]
        for i in 1...20_000 {
            categories.append(Self.assembled("level\(i)", parts: [i == 1 ? "base" : "level\(i - 1)", "base"]))
        }
        let catalogue = Catalogue(categories: categories, file: "chain.plist")
        #expect(catalogue.itemCount(of: "level20000") == BigUInt(2).power(20_001))
    }

    @Test("cycles and unknown parts have no count; their neighbours still do")
    func cyclesAndUnknowns() {
        let catalogue = Catalogue(categories: [
            Self.stateful("a", states: 3),
            Self.assembled("x", parts: ["y", "a"]),
            Self.assembled("y", parts: ["x"]),
            Self.assembled("z", parts: ["nothing"]),
            Self.assembled("w", parts: ["a", "a"]),
        ], file: "cycle.plist")
        #expect(catalogue.itemCount(of: "x") == nil)
        #expect(catalogue.itemCount(of: "y") == nil)
        #expect(catalogue.itemCount(of: "z") == nil)
        #expect(catalogue.itemCount(of: "w") == BigUInt(9))
        let all = catalogue.itemCounts()
        #expect(all["w"] == BigUInt(9) && all["a"] == BigUInt(3) && all["x"] == nil)
    }
}
