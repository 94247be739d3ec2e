import BigInt
import Diagnostics
import Relentless

/// A few lines that tell a designer what their design amounts to: categories by kind, item
/// counts (exact, however large), difficulties and team sizes.
///
/// Written with plain loops: Swift 6.3.1's optimizer crashed (CopyPropagation) on an earlier
/// version built from optional maps over BigUInt values in closures.
public enum DesignSummary {
    public static func describe(_ design: Design) -> String {
        let catalogue = design.catalogue
        let counts = catalogue.itemCounts()
        var perKind: [CategoryKind: Int] = [:]
        for category in catalogue.categories { perKind[category.kind, default: 0] += 1 }
        var kinds: [String] = []
        for kind in CategoryKind.allCases { kinds.append("\(perKind[kind] ?? 0) \(kind.rawValue)") }
        var lines = ["catalogue: \(counted(catalogue.categories.count, "category", "categories")) (\(kinds.joined(separator: ", ")))"]
        for category in catalogue.categories {
            lines.append("  " + line(for: category, counts: counts, catalogue: catalogue))
        }
        let levels = design.parameters.reachableDifficulties()
        if let first = levels.first, let last = levels.last, let teams = design.parameters.teamSizes {
            lines.append("parameters: teams of \(teams.lowerBound)–\(teams.upperBound), difficulty \(first.designerText)→\(last.designerText) in \(counted(levels.count, "round"))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func line(for category: Category, counts: [String: BigUInt], catalogue: Catalogue) -> String {
        // Item counts are BigUInt (C8): "1 item" only for exactly one.
        var items = "? items"
        if let count = counts[category.name] { items = count == 1 ? "1 item" : "\(count.readable) items" }
        var groups = "? groups"
        // An assembled category has a group per item (C3): its count from `counts`, not counted
        // again from its parts for each line (a chain of assembled categories made that quadratic).
        var groupCount = counts[category.name]
        if let count = category.atomicGroupCount { groupCount = BigUInt(count) }
        if let count = groupCount { groups = count == 1 ? "1 group" : "\(count.readable) groups" }
        var roles: [String] = []
        if category.isInventoryItem { roles.append("inventory") }
        if category.isOrderItem { roles.append("order") }
        var depth = ""
        if let d = category.declaredDepth { depth = ", depth \(d)" }
        return "\(category.name): \(category.kind.rawValue)\(depth), \(items) in \(groups), \(roles.joined(separator: " + "))"
    }
}
