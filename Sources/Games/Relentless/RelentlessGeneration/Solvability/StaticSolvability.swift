import Diagnostics
import PropertyList
import Relentless

/// Exact reasoning about a design, before any sampling: order items no warehouse can ever hold
/// (G3), and choices of categories that cannot stock a warehouse for every player (G4), for every
/// team size and reachable difficulty the design allows.
///
/// ```swift
/// let problems = StaticSolvability.check(design)   // [Diagnostic], empty when none is found
/// ```
public enum StaticSolvability {
    public static func check(_ design: Design) -> [Diagnostic] {
        do {
            return check(try PreparedDesign(design, decodingItems: false))
        } catch {
            return orderOnlyAtomicCategories(design.catalogue) + [error.diagnostic(file: design.catalogue.file)]
        }
    }

    /// The same, for a design already prepared for generation (which sampling needs too), at
    /// `difficulties` (nil: those reached from minDifficultyLevel).
    public static func check(_ prepared: PreparedDesign, difficulties: [Double]? = nil) -> [Diagnostic] {
        orderOnlyAtomicCategories(prepared.catalogue)
            + thinCategoryChoices(prepared.design, prepared, difficulties: difficulties ?? prepared.design.parameters.reachableDifficulties())
    }

    /// G3 stocks an order item only when it is an inventory item, or an assembled one (taken
    /// apart). An atomic order item of a non-inventory category is never in any warehouse: its
    /// orders can only be filled if a teammate happens to hold the same item as a part.
    static func orderOnlyAtomicCategories(_ catalogue: Catalogue) -> [Diagnostic] {
        catalogue.categories.filter { $0.kind.isAtomic && $0.isOrderItem && !$0.isInventoryItem }.map { category in
            Diagnostic(
                .error,
                "\(category.kind.rawValue) category \"\(category.name)\" is an order item but not an inventory item: no warehouse ever holds its items, so its orders cannot be filled",
                file: catalogue.file, location: category.location(of: "isInventoryItem"),
                keyPath: category.path.appending("isInventoryItem").description, rule: "G3",
                suggestion: "make it an inventory item, or not an order item")
        }
    }

    /// G1 chooses numOfCategories categories among those with order items; G4 then needs at least
    /// one distinct warehouse item per player. For each difficulty and the largest team, find the
    /// choice with the fewest items; report the first difficulty where it falls short.
    static func thinCategoryChoices(_ design: Design, _ prepared: PreparedDesign, difficulties: [Double]) -> [Diagnostic] {
        let catalogue = design.catalogue
        let candidates = prepared.orderCategoryIndices
        guard let teams = design.parameters.teamSizes else { return [] }
        if candidates.isEmpty {
            return [Diagnostic(.error, "no category is an order item, so no round has orders", file: catalogue.file, rule: "G1")]
        }
        // The thinnest choice depends on k alone: difficulties of one k share it (a grid of a
        // thousand difficulties asks for a few k, each a search over every category).
        var thinnest: [Int: (choice: [Int], items: Int)] = [:]
        for difficulty in difficulties {
            let round = design.parameters.resolved(difficulty: difficulty, players: teams.upperBound)
            let k = min(max(round.numOfCategories, 1), candidates.count)
            let (worst, items) = thinnest[k] ?? {
                let choice = thinnestChoice(of: k, from: candidates, in: prepared)
                return (choice, prepared.supply(of: choice))
            }()
            thinnest[k] = (worst, items)
            guard items < teams.upperBound else { continue }
            let names = worst.map { catalogue.categories[$0].name }
            let parameter = design.parameters.entries[.maxNumOfPlayers]
            return [Diagnostic(
                .error,
                "\(teams.upperBound) players need \(teams.upperBound) distinct warehouse items; when a round at difficulty \(difficulty.designerText) chooses \(names.map { "\"\($0)\"" }.joined(separator: ", ")), they supply at most \(items)",
                file: design.parameters.file, location: parameter?.location, keyPath: ParameterKey.maxNumOfPlayers.rawValue, rule: "G4",
                suggestion: "add inventory items to those categories, choose more categories per round, or allow fewer players")]
        }
        return []
    }

    /// The k candidates with the fewest distinct warehouse items between them. Exact when the
    /// number of choices is small; otherwise greedy, which can only miss a failing choice (that
    /// sampling then finds), never invent one: any choice it returns is real.
    static func thinnestChoice(of k: Int, from candidates: [Int], in prepared: PreparedDesign) -> [Int] {
        // Weakest first: the greedy pass and the first exact candidates start where failures are.
        let alone = Dictionary(uniqueKeysWithValues: candidates.map { ($0, prepared.addedSupply(of: $0, beyond: [])) })
        let ordered = candidates.sorted { alone[$0, default: 0] < alone[$1, default: 0] }
        if binomial(ordered.count, k) <= 50_000 {
            var best = Array(ordered.prefix(k))
            var bestItems = prepared.supply(of: best)
            forEachCombination(of: k, from: ordered) { choice in
                let items = prepared.supply(of: choice)
                if items < bestItems {
                    best = choice
                    bestItems = items
                }
                return bestItems > 0
            }
            return best
        }
        var chosen: [Int] = []
        var chosenSources: Set<Int32> = []
        var chosenItems = 0
        var remaining = ordered
        while chosen.count < k, !remaining.isEmpty {
            // Each candidate's supply with the choice so far, from what it adds to it (a sum of
            // the whole choice per candidate made a catalogue of 50,000 categories cost seconds);
            // the first of the least, as min(by:) chose.
            var next = 0
            var least = Int.max
            for (i, candidate) in remaining.enumerated() {
                let items = min(PreparedDesign.saturatedCount, chosenItems + prepared.addedSupply(of: candidate, beyond: chosenSources))
                if items < least {
                    least = items
                    next = i
                }
            }
            let candidate = remaining.remove(at: next)
            chosen.append(candidate)
            chosenSources.formUnion(prepared.supplySources(of: candidate))
            chosenItems = least
        }
        return chosen
    }

    static func binomial(_ n: Int, _ k: Int) -> Int {
        guard k >= 0, k <= n else { return 0 }
        var result = 1
        for i in 0..<min(k, n - k) {
            result = result * (n - i) / (i + 1)
            if result > 1_000_000 { return result }
        }
        return result
    }

    /// Calls `body` with every k-subset of `items` (in order) until it returns false.
    static func forEachCombination(of k: Int, from items: [Int], _ body: ([Int]) -> Bool) {
        guard k > 0, k <= items.count else { return }
        var indices = Array(0..<k)
        while true {
            guard body(indices.map { items[$0] }) else { return }
            var i = k - 1
            while i >= 0, indices[i] == items.count - k + i { i -= 1 }
            guard i >= 0 else { return }
            indices[i] += 1
            for j in (i + 1)..<k { indices[j] = indices[j - 1] + 1 }
        }
    }
}
