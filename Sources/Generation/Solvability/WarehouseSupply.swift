import BigInt
import Relentless

/// What a category can put into warehouses when G1 chooses it (G3): a set of "sources", each a
/// whole category's items. Distinct inventory items of several categories are then the sum of
/// the counts of their distinct sources, exactly, without enumerating items.
///
/// - An atomic category that is an inventory item supplies its own items.
/// - An assembled category that is an inventory item supplies its own items.
/// - An assembled category that is not supplies the atomic categories it is taken apart into,
///   recursively (G3); all their items can appear as parts.
/// - An atomic category that is not an inventory item supplies nothing: G3 never stocks it.
struct WarehouseSupply {
    /// Per category index: the source categories it supplies from.
    let sources: [[Int]]
    /// Per category index: items of the category, saturated at `cap` (counts can pass 10^60).
    let counts: [Int]
    static let cap = 1 << 40

    init(_ catalogue: Catalogue) {
        let exact = catalogue.itemCounts()
        counts = catalogue.categories.map { category in
            guard let n = exact[category.name] else { return 0 }
            return n > BigUInt(Self.cap) ? Self.cap : Int(n)
        }
        sources = catalogue.categories.map { category in
            if category.isInventoryItem { return [catalogue.index(of: category.name)].compactMap { $0 } }
            guard category.kind == .assembled else { return [] }
            return Self.atomicParts(of: category, in: catalogue)
        }
    }

    /// Distinct atomic part categories reached by taking `category` apart, in first-seen order.
    /// Iterative, and safe on cycles (a cyclic catalogue has errors already; this just stops).
    static func atomicParts(of category: Category, in catalogue: Catalogue) -> [Int] {
        var result: [Int] = []
        var seen: Set<String> = [category.name]
        var pending = category.parts
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, let part = catalogue[name], let index = catalogue.index(of: name) else { continue }
            if part.kind == .assembled { pending += part.parts } else { result.append(index) }
        }
        return result.sorted()
    }

    /// Distinct warehouse items when exactly `categories` are chosen.
    func supply(of categories: some Sequence<Int>) -> Int {
        var distinct: Set<Int> = []
        for c in categories { distinct.formUnion(sources[c]) }
        return distinct.reduce(0) { min(Self.cap, $0 + counts[$1]) }
    }
}
