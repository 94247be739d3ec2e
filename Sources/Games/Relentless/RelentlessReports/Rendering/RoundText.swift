import Foundation
import Diagnostics

/// `playbench generate`'s text: the round the way a designer reads it, top to bottom in the
/// order of the rules (G1 … G8), then the pipeline that made it and the line that reproduces it.
public enum RoundText {
    public static func render(_ report: RoundReport) -> String {
        var out: [String] = []
        out.append("round of \(report.design): \(report.players) players, difficulty \(report.difficulty.designerText), seed \(report.seed)\(report.game != 0 || report.round != 0 ? ", game \(report.game), round \(report.round)" : "")")
        out.append("")
        out.append("categories (G1) and their order items (G2\(report.groupRepetitions > 0 ? ", G2 repeated \(report.groupRepetitions)× by G4" : "")):")
        for category in report.categories {
            let items = report.orderItems.filter { $0.category == category }
            if items.allSatisfy({ $0.index != nil }) {
                out.append("  \(category): \(items.map(label).joined(separator: ", "))")
            } else {
                out.append("  \(category): \(items.count) item\(items.count == 1 ? "" : "s")")
                for item in items { out.append("    \(item.name)") }
            }
        }
        out.append("warehouse items (G3): \(report.inventory.count) distinct, shared by \(report.players) players (G5)")
        for player in report.team {
            out.append("")
            out.append("player \(player.player)")
            out.append("  warehouse (\(player.warehouse.count) item\(player.warehouse.count == 1 ? "" : "s")):")
            for item in player.warehouse { out.append("    \(item.name)") }
            let orders = player.houses.reduce(0) { $0 + $1.orders.count }
            out.append("  orders (\(orders)) by house:")
            for house in player.houses {
                out.append("    house \(house.house) (factor \(String(format: "%.3f", house.factor)))\(house.orders.isEmpty ? ": no orders" : "")")
                for order in house.orders {
                    out.append("      \(order.timeLimit) s (\(order.baseTimeLimit) s × factor): \(orderText(order))")
                }
            }
        }
        out.append("")
        let probability = "probability \(report.packageLimitProbability.designerText)"
        if let limit = report.packageLimit {
            out.append("package limit (G8): at most \(limit) item\(limit == 1 ? "" : "s") per package this round (\(probability))")
        } else {
            out.append("package limit (G8): none this round (\(probability))")
        }
        out.append("")
        out.append("pipeline:")
        let ruleWidth = report.pipeline.map(\.rules.count).max() ?? 0
        let stepWidth = report.pipeline.map(\.step.count).max() ?? 0
        let commandWidth = report.pipeline.map(\.description.count).max() ?? 0
        for step in report.pipeline {
            let parameters = step.parameters.keys.sorted().map { "\($0) = \((step.parameters[$0] ?? 0).designerText)" }.joined(separator: ", ")
            let line = "  \(pad(step.rules, ruleWidth))  \(pad(step.step, stepWidth))  \(pad(step.description, commandWidth))  \(parameters)"
            out.append(line.trimmingTrailingSpaces())
        }
        if !report.notes.isEmpty {
            out.append("")
            out.append("notes:")
            for note in report.notes { out.append("  \(note.message) [\(note.rule)]") }
        }
        out.append("")
        out.append("reproduce: \(report.reproduce)")
        return out.joined(separator: "\n") + "\n"
    }

    /// `fruit: Apple + 2 × book: "Night Knight"`: a multiset, repeats counted (items arrive sorted).
    static func orderText(_ order: RoundReport.OrderReport) -> String {
        var parts: [String] = []
        var i = 0
        while i < order.items.count {
            var j = i
            while j < order.items.count, order.items[j].name == order.items[i].name { j += 1 }
            parts.append(j - i > 1 ? "\(j - i) × \(order.items[i].name)" : order.items[i].name)
            i = j
        }
        return parts.joined(separator: " + ")
    }

    /// An atomic item without its category: `Apple`, `"Night Knight"`.
    static func label(_ item: RoundReport.ItemReport) -> String {
        let prefix = item.category + ": "
        return item.name.hasPrefix(prefix) ? String(item.name.dropFirst(prefix.count)) : item.name
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
