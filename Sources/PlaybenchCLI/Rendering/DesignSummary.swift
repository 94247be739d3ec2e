import BigInt
import Relentless

/// A few lines that tell a designer what their design amounts to: categories by kind, item
/// counts (exact, however large), difficulties and team sizes.
enum DesignSummary {
    static func describe(_ design: Design) -> String {
        let catalogue = design.catalogue
        let counts = catalogue.itemCounts()
        var lines: [String] = []
        let byKind = CategoryKind.allCases.map { kind in
            "\(catalogue.categories.filter { $0.kind == kind }.count) \(kind.rawValue)"
        }
        lines.append("catalogue: \(catalogue.categories.count) categories (\(byKind.joined(separator: ", ")))")
        for category in catalogue.categories {
            let items = counts[category.name].map { $0.readable } ?? "?"
            let groups = catalogue.groupCount(of: category.name).map { $0.readable } ?? "?"
            var roles: [String] = []
            if category.isInventoryItem { roles.append("inventory") }
            if category.isOrderItem { roles.append("order") }
            let depth = category.declaredDepth.map { ", depth \($0)" } ?? ""
            lines.append("  \(category.name): \(category.kind.rawValue)\(depth), \(items) items in \(groups) groups, \(roles.joined(separator: " + "))")
        }
        let levels = design.parameters.reachableDifficulties()
        if let first = levels.first, let last = levels.last, let teams = design.parameters.teamSizes {
            lines.append("parameters: teams of \(teams.lowerBound)–\(teams.upperBound), difficulty \(show(first))→\(show(last)) in \(levels.count) rounds")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func show(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : "\(x)"
    }
}
