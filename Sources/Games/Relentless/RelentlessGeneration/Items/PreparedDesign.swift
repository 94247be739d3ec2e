import Relentless

/// A design made ready for generating rounds: per-category tables (groups, the leaves of
/// assembled items, repeated parts, small exact counts, what each category supplies to
/// warehouses) computed once.
///
/// ```swift
/// let prepared = try PreparedDesign(design)
/// let parameters = design.parameters.resolved(difficulty: 10, players: 6)
/// let round = try Pipeline.default.makeRound(prepared, parameters: parameters, seed: 1)
/// ```
///
/// Building it checks what generation cannot live with: unknown parts and cycles (C4; a design
/// that passed `check` has none) and assembled items of more than ``maxAtomicParts`` atomic parts,
/// which no player could assemble and no round could hold in memory (C3).
/// It is a class so that commands share it by reference; it never changes after `init`.
public final class PreparedDesign: Sendable {
    /// Counts up to this are known exactly (to take all items of a small assembled category, or
    /// to sample distinct ones by index); above it only "large" is known, which is all G2 needs.
    public static let smallCountLimit = 1 << 16
    /// Item counts are summed saturated at this value (a supply this large is never short).
    static let saturatedCount = 1 << 40
    /// The most atomic parts an assembled item may have.
    public static let maxAtomicParts = 1 << 16

    public let design: Design
    let tables: [CategoryTable]
    /// G1's candidates: categories with order items, in catalogue order.
    let orderCategories: [Int]
    /// Dense numbering of atomic items: item `i` of atomic category `c` is `atomicOffsets[c] + i`
    /// (-1 for assembled categories), so sets of atomic items are bitmaps.
    @usableFromInline let atomicOffsets: [Int]
    let atomicItemTotal: Int
    /// The category of each atomic item, by ``atomicKey(of:)``.
    @usableFromInline let atomicCategories: [Int32]
    /// Leaves of an item of each category (0 for an atomic category).
    @usableFromInline let leafCounts: [Int32]
    /// For leaf i of an item of assembled category c, the atomic offset of the leaf's category
    /// (at `leafKeyStarts[c] + i`): its key is that plus the leaf's index (``leafKey(category:leaf:index:)``).
    @usableFromInline let leafKeyOffsets: [Int]
    @usableFromInline let leafKeyStarts: [Int]
    /// The canonical leaves of every item of the small assembled categories, decoded once so
    /// that drawing one by its number (G2, and the parts of multisets) is a copy. Decoded in
    /// catalogue order while the design's total stays within ``decodedLeafBudget``.
    let decodedItems: DecodedItems
    /// The most leaves ``decodedItems`` holds for one design (2 MB; the shipped design's small
    /// categories take 317,000, 50,176 hampers of 6 leaves most of them).
    static let decodedLeafBudget = 1 << 19
    /// The kind of every category, by catalogue index.
    public let categoryKinds: [CategoryKind]
    /// For each atomic item (by ``atomicKey(of:)``), its group numbered across the whole design.
    @usableFromInline let atomicGroupIDs: [Int32]
    /// Groups of atomic categories in the whole design.
    public let atomicGroupTotal: Int

    public var catalogue: Catalogue { design.catalogue }

    /// - Parameter decodingItems: decode the items of the small assembled categories now
    ///   (``decodedItems``, up to 2 MB; 40 M instructions for the shipped design), so that
    ///   drawing one is a copy: worth it for a run of thousands of rounds, not for `check`'s few.
    ///   The rounds are the same either way.
    public convenience init(_ design: Design, decodingItems: Bool = true) throws(GenerationError) {
        try self.init(design, decodedLeafBudget: decodingItems ? Self.decodedLeafBudget : 0)
    }

    /// `decodedLeafBudget` bounds ``decodedItems`` (0: decode every item when drawn), so that
    /// tests can compare the decoded items with the ones decoded when drawn.
    init(_ design: Design, decodedLeafBudget: Int) throws(GenerationError) {
        self.design = design
        let built = try TableBuilder.build(design.catalogue)
        tables = built
        orderCategories = built.indices.filter { built[$0].isOrderItem }
        var offsets: [Int] = []
        var total = 0
        for table in built {
            if table.isAtomic {
                offsets.append(total)
                total += table.groupStarts.last ?? 0
            } else {
                offsets.append(-1)
            }
        }
        atomicOffsets = offsets
        atomicItemTotal = total
        var categoryOfKey: [Int32] = []
        categoryOfKey.reserveCapacity(total)
        for (c, table) in built.enumerated() where table.isAtomic {
            categoryOfKey.append(contentsOf: repeatElement(Int32(c), count: table.groupStarts.last ?? 0))
        }
        atomicCategories = categoryOfKey
        leafCounts = built.map { Int32($0.isAtomic ? 0 : $0.leafCategories.count) }
        var keyOffsets: [Int] = []
        var keyStarts: [Int] = []
        for table in built {
            keyStarts.append(keyOffsets.count)
            if !table.isAtomic { keyOffsets += table.leafCategories.map { offsets[Int($0)] } }
        }
        leafKeyOffsets = keyOffsets
        leafKeyStarts = keyStarts
        decodedItems = Self.decodeSmallCategories(built, budget: decodedLeafBudget)
        categoryKinds = design.catalogue.categories.map(\.kind)
        var groupIDs: [Int32] = []
        groupIDs.reserveCapacity(total)
        var groups = 0
        for table in built where table.isAtomic {
            for g in 0..<table.groupCount {
                for _ in table.groupStarts[g]..<table.groupStarts[g + 1] { groupIDs.append(Int32(groups + g)) }
            }
            groups += table.groupCount
        }
        atomicGroupIDs = groupIDs
        atomicGroupTotal = groups
    }

    /// This design's tables for `design`, when its catalogue is this one's (the categories'
    /// very storage: a copy of this design with parameters edited, moved or swept), so that a
    /// variant is not prepared again (40 M instructions for the shipped design, each of a
    /// sensitivity's 40 variants); nil otherwise. Everything prepared depends on the catalogue
    /// alone, so the rounds are those of `PreparedDesign(design)`.
    public func sharingTables(with design: Design) -> PreparedDesign? {
        let mine = self.design.catalogue.categories, theirs = design.catalogue.categories
        guard mine.count == theirs.count, !mine.isEmpty else { return nil }
        // While this design holds its categories, no other array can have their address.
        let same = mine.withUnsafeBufferPointer { a in theirs.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
        return same ? PreparedDesign(design, sharingTablesOf: self) : nil
    }

    /// Whether `other` is this design or one sharing its tables (``sharingTables(with:)``):
    /// then both make the same rounds of the same parameters, so simulators of the two can
    /// share a round made with either (`GameSimulator.play(_:seed:observe:)`).
    public func sharesTables(with other: PreparedDesign) -> Bool {
        self === other || !tables.isEmpty && tables.withUnsafeBufferPointer { a in other.tables.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }

    private init(_ design: Design, sharingTablesOf other: PreparedDesign) {
        self.design = design
        tables = other.tables
        orderCategories = other.orderCategories
        atomicOffsets = other.atomicOffsets
        atomicItemTotal = other.atomicItemTotal
        atomicCategories = other.atomicCategories
        leafCounts = other.leafCounts
        leafKeyOffsets = other.leafKeyOffsets
        leafKeyStarts = other.leafKeyStarts
        decodedItems = other.decodedItems
        categoryKinds = other.categoryKinds
        atomicGroupIDs = other.atomicGroupIDs
        atomicGroupTotal = other.atomicGroupTotal
    }

    /// ``decodedItems`` for these tables.
    private static func decodeSmallCategories(_ tables: [CategoryTable], budget: Int) -> DecodedItems {
        var budget = budget
        // A category's parts decoded before it are copied, not decoded again, into its items.
        var decoded = DecodedItems(starts: Array(repeating: -1, count: tables.count))
        var leaves: [UInt32] = []
        for c in tables.indices {
            let width = tables[c].leafCategories.count
            guard !tables[c].isAtomic, width > 0, let n = tables[c].smallCount else { continue }
            let (total, overflow) = n.multipliedReportingOverflow(by: width)
            guard !overflow, total <= budget else { continue }
            budget -= total
            leaves.removeAll(keepingCapacity: true)
            leaves.append(contentsOf: repeatElement(0, count: total))
            for j in 0..<n {
                writeItem(of: c, at: j, into: &leaves, offset: j * width, tables, decoded: decoded)
                canonicalize(&leaves, category: c, offset: j * width, tables)
            }
            decoded.starts[c] = decoded.leaves.count
            decoded.leaves += leaves
        }
        return decoded
    }

    /// Atomic items in the whole design (the range of ``atomicKey(of:)``).
    public var atomicItemCount: Int { atomicItemTotal }

    /// The design-wide group number (0..<atomicGroupTotal) of the atomic item with this key.
    @inlinable
    public func groupID(ofAtomicKey key: Int) -> Int { Int(atomicGroupIDs[key]) }

    /// Categories G1 chooses from (those with order items), as catalogue indices.
    public var orderCategoryIndices: [Int] { orderCategories }

    /// Groups of an atomic category (C3); nil for assembled categories, which have one per item.
    public func groupCount(of category: Int) -> Int? {
        tables[category].isAtomic ? tables[category].groupCount : nil
    }

    /// Items of a category when there are at most ``smallCountLimit``; nil when there are more.
    /// An assembled category counts each part category named k times as C(n + k − 1, k)
    /// multisets of its n items (C3), so `[Wheel, Wheel, Body]` with 3 wheels and 2 bodies has 12.
    public func smallItemCount(of category: Int) -> Int? { tables[category].smallCount }

    /// The most distinct warehouse items a round choosing `categories` can ever stock (G3, G4):
    /// summed over the distinct categories they supply, saturated at 2^40.
    public func supply(of categories: [Int]) -> Int {
        var sources: [Int32] = []
        for c in categories {
            for s in tables[c].supplySources where !sources.contains(s) { sources.append(s) }
        }
        var total = 0
        for s in sources { total = min(Self.saturatedCount, total + tables[Int(s)].saturatedCount) }
        return total
    }

    /// What choosing category `c` adds to the supply of a choice that already draws on the
    /// categories in `sources` (saturated as ``supply(of:)`` is), so a greedy search extends a
    /// choice without summing it again for every candidate.
    func addedSupply(of c: Int, beyond sources: Set<Int32>) -> Int {
        var total = 0
        for s in tables[c].supplySources where !sources.contains(s) {
            total = min(Self.saturatedCount, total + tables[Int(s)].saturatedCount)
        }
        return total
    }

    /// The categories whose items category `c` puts in warehouses (G3): itself, or the atomic
    /// categories its items are taken apart into.
    func supplySources(of c: Int) -> [Int32] { tables[c].supplySources }
}
