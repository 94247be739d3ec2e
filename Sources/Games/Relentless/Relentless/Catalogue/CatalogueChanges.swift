/// What changed between two catalogues, in a designer's words: categories added and removed,
/// their kind and flags (C2), their groups and items (C3: states, title groups and titles,
/// rhythms), an assembled category's parts and depth (C4), and images, which change how a
/// round looks but not how it plays.
///
/// ```swift
/// CatalogueChanges.between(old, new)
/// // ["\"Book\": title \"For Flours\" removed from group 2", "\"Siren\" added (rhythmic)"]
/// ```
public enum CatalogueChanges {
    public static func between(_ old: Catalogue, _ new: Catalogue) -> [String] {
        var lines: [String] = []
        for category in old.categories where new[category.name] == nil {
            lines.append("\"\(category.name)\" removed (\(category.kind.rawValue))")
        }
        for category in new.categories {
            guard let before = old[category.name] else {
                lines.append("\"\(category.name)\" added (\(category.kind.rawValue))")
                continue
            }
            lines += changes(before, category).map { "\"\(category.name)\": \($0)" }
        }
        return lines
    }

    static func changes(_ a: Category, _ b: Category) -> [String] {
        var lines: [String] = []
        if a.kind != b.kind { return ["\(a.kind.rawValue) → \(b.kind.rawValue)"] }
        if a.isInventoryItem != b.isInventoryItem { lines.append("isInventoryItem \(a.isInventoryItem) → \(b.isInventoryItem)") }
        if a.isOrderItem != b.isOrderItem { lines.append("isOrderItem \(a.isOrderItem) → \(b.isOrderItem)") }
        switch (a.content, b.content) {
        case (.stateful(let x), .stateful(let y)):
            lines += listed("state", x.map(\.identifier), y.map(\.identifier))
            if lines.isEmpty, x.map(\.imageString) != y.map(\.imageString) { lines.append("state images changed") }
        case (.titled(let x, let imageX), .titled(let y, let imageY)):
            lines += groups(x, y, item: "title") { "\"\($0)\"" }
            if imageX != imageY { lines.append("image \"\(imageX)\" → \"\(imageY)\"") }
        case (.rhythmic(let x, let imagesX), .rhythmic(let y, let imagesY)):
            lines += groups(x, y, item: "rhythm") { "\($0.stateSequence.map(String.init).joined(separator: ",")) every \($0.unitDuration)" }
            if imagesX != imagesY { lines.append("state images changed") }
        case (.assembled(let partsX, let depthX, let mainX, let imagesX), .assembled(let partsY, let depthY, let mainY, let imagesY)):
            if partsX != partsY { lines.append("parts \(partsX.joined(separator: ", ")) → \(partsY.joined(separator: ", "))") }
            if depthX != depthY { lines.append("depth \(depthX) → \(depthY)") }
            if mainX != mainY || imagesX != imagesY { lines.append("images changed") }
        default:
            break
        }
        return lines
    }

    /// Items added and removed, by name.
    static func listed(_ what: String, _ x: [String], _ y: [String]) -> [String] {
        let removed = x.filter { !y.contains($0) }, added = y.filter { !x.contains($0) }
        var lines = removed.map { "\(what) \"\($0)\" removed" } + added.map { "\(what) \"\($0)\" added" }
        if lines.isEmpty, x != y { lines.append("\(what)s reordered") }
        return lines
    }

    /// Groups matched by position (1-based in messages, as a designer counts them): items added
    /// to or removed from each, and groups added or removed at the end.
    static func groups<Item: Equatable>(_ x: [[Item]], _ y: [[Item]], item: String, name: (Item) -> String) -> [String] {
        var lines: [String] = []
        for g in 0..<max(x.count, y.count) {
            guard g < x.count else {
                lines.append("group \(g + 1) added (\(y[g].map(name).joined(separator: ", ")))")
                continue
            }
            guard g < y.count else {
                lines.append("group \(g + 1) removed (\(x[g].map(name).joined(separator: ", ")))")
                continue
            }
            for removed in x[g] where !y[g].contains(removed) { lines.append("\(item) \(name(removed)) removed from group \(g + 1)") }
            for added in y[g] where !x[g].contains(added) { lines.append("\(item) \(name(added)) added to group \(g + 1)") }
        }
        return lines
    }
}
