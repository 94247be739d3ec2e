import Relentless

/// Names of items as a designer reads them in `playbench generate`:
///
/// - `fruit: Apple` (a state), `book: "Night Knight"` (a title),
///   `siren: rhythm 2 of group 1 (unit 1 s, 0-1-0)` (a rhythm, numbered from 1);
/// - `toyCar(carBody: Red, wheel: Round, wheel: Square, battery: AA)` for an assembled item, its
///   parts in the order of the category's `parts`, nested for assembled parts; the parts of a
///   repeated category in canonical order (C3), so one item always reads the same way.
extension PreparedDesign {
    public func name(of item: Item) -> String {
        var text = ""
        appendName(of: item, to: &text)
        return text
    }

    /// The category's name as the catalogue spells it.
    public func categoryName(_ category: Int) -> String {
        catalogue.categories.indices.contains(category) ? catalogue.categories[category].name : "category \(category)"
    }

    /// What distinguishes an atomic item within its category: `Apple`, `"Night Knight"`, `rhythm 2 of group 1 (…)`.
    public func atomicLabel(category: Int, index: Int) -> String {
        guard catalogue.categories.indices.contains(category) else { return "#\(index)" }
        switch catalogue.categories[category].content {
        case .stateful(let states):
            return states.indices.contains(index) ? states[index].identifier : "#\(index)"
        case .titled(let groups, _):
            guard let (g, i) = locate(index, in: groups.map(\.count)) else { return "#\(index)" }
            return "\"\(groups[g][i])\""
        case .rhythmic(let groups, _):
            guard let (g, i) = locate(index, in: groups.map(\.count)) else { return "#\(index)" }
            let rhythm = groups[g][i]
            let sequence = rhythm.stateSequence.map(String.init).joined(separator: "-")
            return "rhythm \(i + 1) of group \(g + 1) (unit \(rhythm.unitDuration) s, \(sequence))"
        case .assembled:
            return "#\(index)"
        }
    }

    private func appendName(of item: Item, to text: inout String) {
        text += categoryName(item.category)
        if let index = item.index {
            text += ": " + atomicLabel(category: item.category, index: index)
            return
        }
        text += "("
        for (i, part) in parts(of: item).enumerated() {
            if i > 0 { text += ", " }
            appendName(of: part, to: &text)
        }
        text += ")"
    }

    /// Group and position within the group of a flattened index.
    private func locate(_ index: Int, in sizes: [Int]) -> (Int, Int)? {
        var rest = index
        for (g, size) in sizes.enumerated() {
            if rest < size { return rest >= 0 ? (g, rest) : nil }
            rest -= size
        }
        return nil
    }
}
