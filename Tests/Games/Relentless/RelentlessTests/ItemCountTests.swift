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
        // level1 is [base, base], a multiset of two of 2 items: 3 (C3); each level doubles it.
        #expect(catalogue.itemCount(of: "level20000") == BigUInt(3) * BigUInt(2).power(19_999))
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
        // w: two parts of a 3-item category form a multiset (C3): C(3 + 2 − 1, 2) = 6, not 9.
        #expect(catalogue.itemCount(of: "x") == nil)
        #expect(catalogue.itemCount(of: "y") == nil)
        #expect(catalogue.itemCount(of: "z") == nil)
        #expect(catalogue.itemCount(of: "w") == BigUInt(6))
        let all = catalogue.itemCounts()
        #expect(all["w"] == BigUInt(6) && all["a"] == BigUInt(3) && all["x"] == nil)
    }

    @Test("C3: parts [Wheel, Wheel, Body] with 3 wheels and 2 bodies give C(4, 2) · 2 = 12 items, not 3 · 3 · 2 = 18")
    func repeatedAtomicPart() {
        let catalogue = Catalogue(categories: [
            Self.stateful("Wheel", states: 3),
            Self.stateful("Body", states: 2),
            Self.assembled("Car", parts: ["Wheel", "Wheel", "Body"]),
            Self.assembled("Van", parts: ["Wheel", "Body", "Wheel"]),
        ], file: "car.plist")
        // By hand: wheel pairs {00, 01, 02, 11, 12, 22} = 6, times 2 bodies.
        #expect(catalogue.itemCount(of: "Car") == BigUInt(12))
        #expect(catalogue.itemCount(of: "Van") == BigUInt(12), "where the repeats stand in parts does not matter")
        #expect(catalogue.groupCount(of: "Car") == BigUInt(12))
    }

    @Test("C3: a repeated nested assembled part is a multiset of its items: [Car, Car] of 12 cars is C(13, 2) = 78, [Car, Car, Car, Siren] is C(14, 3) · 4 = 1456")
    func repeatedAssembledPart() {
        let catalogue = Catalogue(categories: [
            Self.stateful("Wheel", states: 3),
            Self.stateful("Body", states: 2),
            Self.stateful("Siren", states: 4),
            Self.assembled("Car", parts: ["Wheel", "Wheel", "Body"]),
            Self.assembled("Pair", parts: ["Car", "Car"]),
            Self.assembled("Convoy", parts: ["Car", "Siren", "Car", "Car"]),
        ], file: "convoy.plist")
        // C(13, 2) = 13 · 12 / 2 = 78 (not 12² = 144); C(14, 3) = 14 · 13 · 12 / 6 = 364.
        #expect(catalogue.itemCount(of: "Pair") == BigUInt(78))
        #expect(catalogue.itemCount(of: "Convoy") == BigUInt(364 * 4))
    }

    @Test("C3: C(n + k − 1, k) equals the number of non-decreasing k-tuples over n items, counted by enumeration")
    func multisetsAgainstEnumeration() {
        /// Non-decreasing tuples of length k over 0..<n, counted by walking them all.
        func enumerate(_ n: Int, _ k: Int) -> Int {
            guard k > 0 else { return 1 }
            var count = 0
            var tuple = [Int](repeating: 0, count: k)
            guard n > 0 else { return 0 }
            while true {
                count += 1
                var i = k - 1
                while i >= 0, tuple[i] == n - 1 { i -= 1 }
                guard i >= 0 else { return count }
                tuple[i] += 1
                for j in (i + 1)..<k { tuple[j] = tuple[i] }
            }
        }
        for n in 0...7 {
            for k in 0...6 {
                #expect(BigUInt.multisets(of: BigUInt(n), choosing: k) == BigUInt(enumerate(n, k)), "n \(n), k \(k)")
            }
        }
    }
}
