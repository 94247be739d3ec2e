import Diagnostics
import PropertyList

/// The checks of C4 and of assembled images, which need the whole catalogue: unknown parts,
/// cycles, depths, and `partsImageStrings` against the parts' kinds.
///
/// C2: an assembled part's image list is one image, but an empty one is only a warning: the
/// original app's shipped `GameConfig.plist` leaves it empty (`Police Car`'s `Car`) and the app
/// draws that part from the part category's own images, so such a catalogue still plays. A
/// list of the wrong non-zero length is an error, as for every other kind.
public enum CatalogueChecks {
    public static func check(_ catalogue: Catalogue) -> [Diagnostic] {
        var log = DiagnosticLog(file: catalogue.file)
        for category in catalogue.categories where category.kind == .assembled {
            checkParts(of: category, in: catalogue, &log)
        }
        reportCycles(in: catalogue, &log)
        reportNeverInARound(catalogue, &log)
        return log.diagnostics
    }

    /// C2, G3: a category that is neither an inventory nor an order item still appears in rounds
    /// as a part: G3 stocks the atomic parts of every assembled order item that is not an
    /// inventory item, taking it apart recursively. Only a category no such order item is built
    /// from never appears.
    private static func reportNeverInARound(_ catalogue: Catalogue, _ log: inout DiagnosticLog) {
        var used: Set<String> = []
        var stack = catalogue.categories.filter { $0.isOrderItem && !$0.isInventoryItem && $0.kind == .assembled }.map(\.name)
        while let name = stack.popLast() {
            for part in catalogue[name]?.parts ?? [] where used.insert(part).inserted { stack.append(part) }
        }
        for category in catalogue.categories where !category.isInventoryItem && !category.isOrderItem && !used.contains(category.name) {
            log.warning(
                "category \"\(category.name)\" is neither an inventory nor an order item, nor a part of an order item, so it never appears in a round",
                at: category.location, category.path, rule: "C2")
        }
    }

    private static func path(_ category: Category, _ key: String) -> PlistPath {
        category.path.appending(key)
    }

    private static func checkParts(of category: Category, in catalogue: Catalogue, _ log: inout DiagnosticLog) {
        guard case .assembled(let parts, let depth, _, let images) = category.content else { return }
        var deepestPart = -1
        for (i, part) in parts.enumerated() {
            let partPath = path(category, "parts").appending(i)
            let partLocation = i < category.partLocations.count ? category.partLocations[i] : category.location(of: "parts")
            guard let partCategory = catalogue[part] else {
                // A category left out for its own errors is reported where it is defined.
                if catalogue.brokenNames.contains(part) { continue }
                log.error(
                    "unknown category \"\(part)\"", at: partLocation, partPath, rule: "C4",
                    suggestion: Suggestion.nearest(to: part, in: catalogue.names).map { "did you mean \"\($0)\"?" })
                continue
            }
            if part == category.name { continue }  // reported as a cycle
            if let partDepth = partCategory.declaredDepth {
                deepestPart = max(deepestPart, partDepth)
                if depth == 0 {
                    log.error(
                        "depth 0 allows atomic parts only, but \"\(part)\" is assembled (depth \(partDepth))",
                        at: partLocation, partPath, rule: "C4", suggestion: "set depth to \(partDepth + 1)")
                } else if partDepth >= depth {
                    log.error(
                        "part \"\(part)\" has depth \(partDepth); parts of a depth-\(depth) item need depth below \(depth)",
                        at: partLocation, partPath, rule: "C4",
                        suggestion: "set depth to \(partDepth + 1)")
                }
            }
        }
        if depth > deepestPart + 1, parts.allSatisfy({ catalogue[$0] != nil }) {
            log.note(
                "depth \(depth) is more than needed; its deepest part makes it \(deepestPart + 1)",
                at: category.location(of: "depth"), path(category, "depth"), rule: "C4")
        }
        checkImages(of: category, parts: parts, images: images, in: catalogue, &log)
    }

    private static func checkImages(
        of category: Category, parts: [String], images: [String: [String]], in catalogue: Catalogue, _ log: inout DiagnosticLog
    ) {
        let distinct = Set(parts)
        let imagesPath = path(category, "partsImageStrings")
        // Unknown parts were reported already; their images cannot be judged.
        for part in parts.uniqued() where catalogue[part] != nil {
            guard let strings = images[part] else {
                log.error(
                    "partsImageStrings has no images for part \"\(part)\"", at: category.location(of: "partsImageStrings"),
                    imagesPath, rule: "C2")
                continue
            }
            guard let partCategory = catalogue[part] else { continue }
            let needed = partCategory.partImageCount
            if strings.isEmpty, partCategory.kind == .assembled {
                log.warning(
                    "no image for the assembled part \"\(part)\"; the manual asks for one, but the original app's own catalogue leaves this list empty and draws the part from its own images",
                    at: category.location(of: "partsImageStrings"), imagesPath.appending(part), rule: "C2",
                    suggestion: "add one image for \"\(part)\"")
            } else if strings.count != needed {
                let why = partCategory.kind == .stateful || partCategory.kind == .rhythmic
                    ? "one per state of the \(partCategory.kind.rawValue) part" : "one for \(partCategory.kind == .assembled ? "an" : "a") \(partCategory.kind.rawValue) part"
                log.error(
                    "\(strings.count) image\(strings.count == 1 ? "" : "s") for \"\(part)\"; it needs \(needed) (\(why))",
                    at: category.location(of: "partsImageStrings"), imagesPath.appending(part), rule: "C2")
            }
        }
        for key in images.keys.sorted() where !distinct.contains(key) {
            log.error(
                "partsImageStrings has images for \"\(key)\", which is not a part", at: category.location(of: "partsImageStrings"),
                imagesPath.appending(key), rule: "C2",
                // Only towards a part that is a real category: after a typo in `parts`, the key
                // is probably right and the part wrong, and renaming it to the typo would not help.
                suggestion: Suggestion.nearest(to: key, in: distinct.filter { catalogue[$0] != nil }).map { "did you mean \"\($0)\"?" })
        }
    }

    /// Each cycle among assembled parts is reported once, at its first category in file order,
    /// naming the whole loop (`A → B → A`).
    private static func reportCycles(in catalogue: Catalogue, _ log: inout DiagnosticLog) {
        enum Mark { case visiting, done }
        var marks: [String: Mark] = [:]
        var reported: Set<Set<String>> = []
        for start in catalogue.categories where start.kind == .assembled && marks[start.name] == nil {
            // Iterative depth-first search: (category, next part index).
            var stack: [(String, Int)] = [(start.name, 0)]
            marks[start.name] = .visiting
            while let (name, next) = stack.last {
                let parts = catalogue[name]?.parts ?? []
                guard next < parts.count else {
                    marks[name] = .done
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].1 += 1
                let part = parts[next]
                guard let partCategory = catalogue[part], partCategory.kind == .assembled else { continue }
                switch marks[part] {
                case .visiting:
                    let loop = stack.map(\.0).drop { $0 != part } + [part]
                    if reported.insert(Set(loop)).inserted, let first = catalogue[part] {
                        log.error(
                            "parts form a cycle: \(loop.joined(separator: " → "))", at: first.location(of: "parts"),
                            path(first, "parts"), rule: "C4")
                    }
                case .done:
                    continue
                case nil:
                    marks[part] = .visiting
                    stack.append((part, 0))
                }
            }
        }
    }
}

extension Sequence where Element: Hashable {
    /// Elements in first-seen order, without repeats.
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
