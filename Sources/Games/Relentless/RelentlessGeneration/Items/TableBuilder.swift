import Relentless

/// Builds the ``CategoryTable``s of a catalogue. Assembled categories are resolved in
/// dependency order (Kahn's algorithm), without recursion, so a hostile chain of thousands of
/// nested categories cannot exhaust the stack; parts that never resolve are unknown or cyclic.
enum TableBuilder {
    static func build(_ catalogue: Catalogue) throws(GenerationError) -> [CategoryTable] {
        let categories = catalogue.categories
        var tables = categories.map(atomicTable)
        // Part indices, and for each category the assembled categories waiting on it.
        var partIndices: [[Int]] = Array(repeating: [], count: categories.count)
        var waiting: [Int] = Array(repeating: 0, count: categories.count)
        var dependents: [[Int]] = Array(repeating: [], count: categories.count)
        var ready: [Int] = []
        for (c, category) in categories.enumerated() where !category.kind.isAtomic {
            for name in category.parts {
                guard let p = catalogue.index(of: name) else {
                    throw .invalidDesign(category: category.name, reason: "its part \"\(name)\" is not a category of the catalogue")
                }
                partIndices[c].append(p)
                if !categories[p].kind.isAtomic {
                    waiting[c] += 1
                    dependents[p].append(c)
                }
            }
            if waiting[c] == 0 { ready.append(c) }
        }
        var resolved = 0
        while let c = ready.popLast() {
            tables[c] = try assembledTable(categories[c], parts: partIndices[c], tables: tables)
            resolved += 1
            for d in dependents[c] {
                waiting[d] -= 1
                if waiting[d] == 0 { ready.append(d) }
            }
        }
        if let stuck = categories.indices.first(where: { !categories[$0].kind.isAtomic && waiting[$0] > 0 }) {
            throw .invalidDesign(category: categories[stuck].name, reason: "its parts contain it again (a cycle)")
        }
        for c in tables.indices { tables[c].supplySources = supplySources(of: c, tables) }
        return tables
    }

    /// Atomic categories are final here; assembled ones get a placeholder that `build` replaces.
    static func atomicTable(_ category: Category) -> CategoryTable {
        var table = CategoryTable(
            isAtomic: category.kind.isAtomic, isInventoryItem: category.isInventoryItem,
            isOrderItem: category.isOrderItem, smallCount: nil, saturatedCount: 0)
        guard let sizes = category.atomicGroupSizes else { return table }
        var starts = [0]
        for size in sizes { starts.append((starts.last ?? 0) + size) }
        let count = starts.last ?? 0
        table.groupStarts = starts
        table.smallCount = count
        table.saturatedCount = min(count, PreparedDesign.saturatedCount)
        table.logCount = Multisets.logarithm(of: count)
        return table
    }

    /// Leaves, direct parts and counts of an assembled category whose parts are all resolved.
    static func assembledTable(_ category: Category, parts: [Int], tables: [CategoryTable]) throws(GenerationError) -> CategoryTable {
        var table = CategoryTable(
            isAtomic: false, isInventoryItem: category.isInventoryItem, isOrderItem: category.isOrderItem,
            smallCount: 1, saturatedCount: 1)
        var leafTotal = 0
        for p in parts {
            leafTotal += tables[p].isAtomic ? 1 : tables[p].leafCategories.count
            if leafTotal > PreparedDesign.maxAtomicParts {
                throw .itemTooLarge(category: category.name, limit: PreparedDesign.maxAtomicParts)
            }
        }
        table.leafCategories.reserveCapacity(leafTotal)
        table.leafSizes.reserveCapacity(leafTotal)
        table.assembleCount = 1
        for p in parts {
            let part = tables[p]
            if !part.isAtomic {
                table.assembleCount += part.assembleCount
                if part.isInventoryItem || part.hasInventoryAssembledPart { table.hasInventoryAssembledPart = true }
            }
            table.parts.append(.init(category: Int32(p), leafStart: table.leafCategories.count, leafCount: part.isAtomic ? 1 : part.leafCategories.count))
            if part.isAtomic {
                table.leafCategories.append(Int32(p))
                table.leafSizes.append(part.groupStarts.last ?? 0)
            } else {
                table.leafCategories += part.leafCategories
                table.leafSizes += part.leafSizes
            }
        }
        table.partGroups = partGroups(of: table.parts, tables: tables)
        table.canonicalSorts = canonicalSorts(of: table, tables: tables)
        count(&table, tables: tables)
        return table
    }

    /// G3: what a chosen category puts into warehouses (see ``CategoryTable/supplySources``).
    static func supplySources(of c: Int, _ tables: [CategoryTable]) -> [Int32] {
        let table = tables[c]
        if table.isInventoryItem { return [Int32(c)] }
        guard !table.isAtomic else { return [] }
        var sources: [Int32] = []
        for leaf in table.leafCategories where !sources.contains(leaf) { sources.append(leaf) }
        return sources.sorted()
    }
}
