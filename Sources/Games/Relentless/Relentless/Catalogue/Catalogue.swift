import BigInt
import Diagnostics

/// The item catalogue of a design (`GameConfig.plist`, C2–C4).
///
/// Categories keep source order and positions. Item counts of assembled categories are computed
/// exactly with big integers from their parts' counts, never by enumerating combinations (C3):
/// a nested design can have more than 10^60 items.
public struct Catalogue: Sendable {
    public var categories: [Category]
    /// The file the catalogue was read from, for messages.
    public var file: String
    /// Names of categories left out for their errors: a part naming one is not "unknown" (its
    /// definition is where the mistake is, and is reported there once).
    public var brokenNames: Set<String>
    private var indexByName: [String: Int]

    public init(categories: [Category], file: String, brokenNames: Set<String> = []) {
        var index: [String: Int] = [:]
        for (i, category) in categories.enumerated() where index[category.name] == nil {
            index[category.name] = i
        }
        self.init(categories: categories, file: file, brokenNames: brokenNames, indexByName: index)
    }

    /// A catalogue whose reader already numbered the names (the first category of each name).
    init(categories: [Category], file: String, brokenNames: Set<String>, indexByName: [String: Int]) {
        self.categories = categories
        self.file = file
        self.brokenNames = brokenNames
        self.indexByName = indexByName
    }

    public subscript(name: String) -> Category? {
        indexByName[name].map { categories[$0] }
    }

    public func index(of name: String) -> Int? { indexByName[name] }

    public var names: [String] { categories.map(\.name) }

    /// Items in a category (C3): states, titles or rhythms for atomic kinds; for assembled ones,
    /// the product over the distinct part categories of C(n + k − 1, k), n being that part's
    /// count and k how often `parts` names it (repeated parts form a multiset: the original
    /// sorts an assembled item's parts). Nil when a part is unknown or the parts form a cycle.
    public func itemCount(of name: String) -> BigUInt? {
        var memo: [String: BigUInt] = [:]
        var visiting: Set<String> = []
        return itemCount(of: name, memo: &memo, visiting: &visiting)
    }

    /// All item counts at once, sharing work between categories.
    public func itemCounts() -> [String: BigUInt] {
        var memo: [String: BigUInt] = [:]
        var visiting: Set<String> = []
        memo.reserveCapacity(categories.count)
        for (i, category) in categories.enumerated() where indexByName[category.name] == i {
            // An atomic category's count is its own; only assembled ones need the search. (A
            // later category of a taken name is not the one its name finds: it counts nothing.)
            if let atomic = category.atomicItemCount {
                memo[category.name] = BigUInt(atomic)
            } else {
                _ = itemCount(of: category.name, memo: &memo, visiting: &visiting)
            }
        }
        return memo
    }

    /// Depth-first with an explicit stack, so a hostile chain of thousands of nested categories
    /// cannot exhaust the call stack. Unknown parts and cycles leave the count nil.
    private func itemCount(of name: String, memo: inout [String: BigUInt], visiting: inout Set<String>) -> BigUInt? {
        if let known = memo[name] { return known }
        var failed: Set<String> = []
        var stack = [name]
        while let current = stack.last {
            if memo[current] != nil || failed.contains(current) {
                stack.removeLast()
                continue
            }
            guard let category = self[current] else {
                failed.insert(current)
                stack.removeLast()
                continue
            }
            if let atomic = category.atomicItemCount {
                memo[current] = BigUInt(atomic)
                stack.removeLast()
                continue
            }
            let pending = category.parts.filter { memo[$0] == nil && !failed.contains($0) }
            if pending.isEmpty {
                visiting.remove(current)
                stack.removeLast()
                if category.parts.contains(where: { failed.contains($0) }) {
                    failed.insert(current)
                } else {
                    var count = BigUInt(1)
                    for (part, k) in category.partMultiplicities {
                        count *= BigUInt.multisets(of: memo[part] ?? 0, choosing: k)
                    }
                    memo[current] = count
                }
                continue
            }
            guard visiting.insert(current).inserted else {
                // Seen again while its parts are pending: a cycle.
                failed.insert(current)
                visiting.remove(current)
                stack.removeLast()
                continue
            }
            for part in pending where visiting.contains(part) { failed.insert(part) }
            stack += pending.filter { !visiting.contains($0) }
        }
        return memo[name]
    }

    /// Groups in a category: an assembled category has one group per item (C3).
    public func groupCount(of name: String) -> BigUInt? {
        guard let category = self[name] else { return nil }
        if let count = category.atomicGroupCount { return BigUInt(count) }
        return itemCount(of: name)
    }
}

extension BigUInt {
    /// Exact below a million digits' worth of nonsense; `1.2e63` style above 10^15 for reading.
    public var readable: String {
        // Most counts fit a machine word, whose text costs far less than a big integer's.
        let text = if let small = UInt64(exactly: self) { String(small) } else { String(self) }
        guard text.count > 15 else { return text }
        let mantissa = text.prefix(1) + "." + text.dropFirst().prefix(2)
        return "\(mantissa)e\(text.count - 1)"
    }
}
