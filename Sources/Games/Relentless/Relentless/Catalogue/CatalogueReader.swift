import Diagnostics
import PropertyList

/// Builds a ``Catalogue`` from the tree of `GameConfig.plist`, reporting every structural
/// mistake of C2 (root keys, required keys and their types, unknown keys, unique names).
///
/// A category with errors is left out of the catalogue (its name kept in
/// ``Catalogue/brokenNames``), so that later checks (parts, depth) do not report consequences
/// of the same mistake again.
public enum CatalogueReader {
    /// Keys every category has, whatever its kind (C2).
    public static let commonKeys = ["category", "isInventoryItem", "isOrderItem"]
    /// Keys of one rhythm inside a rhythmic category's `itemGroups` (C2).
    public static let rhythmKeys = ["unitDuration", "stateSequence"]

    /// Every key a category of `kind` has (C2): the reader rejects any other.
    public static func keys(of kind: CategoryKind) -> [String] {
        switch kind {
        case .stateful: commonKeys + ["stateImageStrings", "stateIdentifiers"]
        case .titled: commonKeys + ["titles", "imageString"]
        case .rhythmic: commonKeys + ["itemGroups", "stateImageStrings"]
        case .assembled: commonKeys + ["parts", "depth", "mainImageString", "partsImageStrings"]
        }
    }

    public static func read(_ root: PlistNode, file: String) -> (Catalogue, [Diagnostic]) {
        var log = DiagnosticLog(file: file)
        var categories: [Category] = []
        let rootPath = PlistPath()
        guard let rootDictionary = log.dictionary(root, rootPath, "the catalogue root", rule: "C2") else {
            return (Catalogue(categories: [], file: file), log.diagnostics)
        }
        let rootKeys = CategoryKind.allCases.map(\.rootKey)
        log.rejectUnknownKeys(rootDictionary, known: rootKeys, rootPath, what: "the catalogue root", rule: "C2")
        // Each name's category, by its place in `categories` (a copy of each category here
        // doubled the reader's work on a catalogue of many).
        var firstSeen: [String: Int] = [:]
        var broken: Set<String> = []
        for kind in CategoryKind.allCases {
            let path = rootPath.appending(kind.rootKey)
            guard let node = log.required(kind.rootKey, in: rootDictionary, at: root.location, rootPath, rule: "C2"),
                let entries = log.array(node, path, "\"\(kind.rootKey)\"", rule: "C2")
            else { continue }
            for (i, entry) in entries.enumerated() {
                guard let category = readCategory(entry, kind: kind, path: path.appending(i), log: &log, broken: &broken) else { continue }
                if let firstIndex = firstSeen[category.name] {
                    let first = categories[firstIndex]
                    log.error(
                        "category name \"\(category.name)\" is already used by \(first.path) (line \(first.location.line))",
                        at: category.location(of: "category"), path.appending(i).appending("category"), rule: "C2")
                    continue
                }
                firstSeen[category.name] = categories.count
                categories.append(category)
            }
        }
        // A name that a good category also uses is not broken: parts naming it find that one.
        broken.subtract(firstSeen.keys)
        return (Catalogue(categories: categories, file: file, brokenNames: broken, indexByName: firstSeen), log.diagnostics)
    }

    private static func readCategory(
        _ node: PlistNode, kind: CategoryKind, path: PlistPath, log: inout DiagnosticLog, broken: inout Set<String>
    ) -> Category? {
        guard let dictionary = log.dictionary(node, path, "a category", rule: "C2") else { return nil }
        let errorsBefore = log.errorCount
        log.rejectUnknownKeys(dictionary, known: keys(of: kind), path, what: "a \(kind.rawValue) category", rule: "C2")
        func field(_ key: String) -> PlistNode? {
            log.required(key, in: dictionary, at: node.location, path, rule: "C2")
        }
        let name = field("category").flatMap { log.string($0, path.appending("category"), rule: "C2") }
        if let name, name.isEmpty {
            log.error("category name is empty", at: dictionary["category"]?.location, path.appending("category"), rule: "C2")
        }
        let inventory = field("isInventoryItem").flatMap { log.boolean($0, path.appending("isInventoryItem"), rule: "C2") }
        let order = field("isOrderItem").flatMap { log.boolean($0, path.appending("isOrderItem"), rule: "C2") }
        var content: Category.Content?
        switch kind {
        case .stateful: content = readStateful(dictionary, node, path, &log)
        case .titled: content = readTitled(dictionary, node, path, &log)
        case .rhythmic: content = readRhythmic(dictionary, node, path, &log)
        case .assembled: content = readAssembled(dictionary, node, path, &log)
        }
        guard let name, let inventory, let order, let content,
            log.errorCount == errorsBefore
        else {
            if let name, !name.isEmpty { broken.insert(name) }
            return nil
        }
        var keyLocations: [String: SourceLocation] = [:]
        for key in dictionary.keys { keyLocations[key] = dictionary[key]?.location }
        let category = Category(
            name: name, kind: kind, isInventoryItem: inventory, isOrderItem: order, content: content,
            location: node.location, path: path, keyLocations: keyLocations,
            partLocations: dictionary["parts"]?.value.array?.map(\.location) ?? [])
        return category
    }

    private static func readStateful(
        _ d: PlistDictionary, _ node: PlistNode, _ path: PlistPath, _ log: inout DiagnosticLog
    ) -> Category.Content? {
        let images = log.required("stateImageStrings", in: d, at: node.location, path, rule: "C2")
            .flatMap { log.strings($0, path.appending("stateImageStrings"), rule: "C2") }
        let identifiers = log.required("stateIdentifiers", in: d, at: node.location, path, rule: "C2")
            .flatMap { log.strings($0, path.appending("stateIdentifiers"), rule: "C2") }
        guard let images, let identifiers else { return nil }
        guard images.count == identifiers.count else {
            log.error(
                "stateIdentifiers has \(identifiers.count) states but stateImageStrings has \(images.count) images; they must match one to one",
                at: d["stateImageStrings"]?.location, path.appending("stateImageStrings"), rule: "C2")
            return nil
        }
        guard !identifiers.isEmpty else {
            log.error("a stateful category needs at least one state", at: d["stateIdentifiers"]?.location,
                      path.appending("stateIdentifiers"), rule: "C2")
            return nil
        }
        reportDuplicates(identifiers, what: "state", node: d["stateIdentifiers"], path.appending("stateIdentifiers"), &log)
        return .stateful(states: zip(identifiers, images).map { ItemState(identifier: $0, imageString: $1) })
    }

    private static func readTitled(
        _ d: PlistDictionary, _ node: PlistNode, _ path: PlistPath, _ log: inout DiagnosticLog
    ) -> Category.Content? {
        let image = log.required("imageString", in: d, at: node.location, path, rule: "C2")
            .flatMap { log.string($0, path.appending("imageString"), rule: "C2") }
        guard let titlesNode = log.required("titles", in: d, at: node.location, path, rule: "C2"),
            let groupNodes = log.array(titlesNode, path.appending("titles"), "\"titles\"", rule: "C2")
        else { return nil }
        var groups: [[String]] = []
        for (i, groupNode) in groupNodes.enumerated() {
            let groupPath = path.appending("titles").appending(i)
            guard let titles = log.strings(groupNode, groupPath, rule: "C2") else { continue }
            if titles.isEmpty {
                log.error("an empty group of titles", at: groupNode.location, groupPath, rule: "C3")
                continue
            }
            groups.append(titles)
        }
        guard groups.count == groupNodes.count, let image else { return nil }
        if groups.isEmpty {
            log.error("a titled category needs at least one group of titles", at: titlesNode.location, path.appending("titles"), rule: "C2")
            return nil
        }
        reportDuplicates(groups.flatMap { $0 }, what: "title", node: titlesNode, path.appending("titles"), &log)
        return .titled(groups: groups, imageString: image)
    }

    private static func readRhythmic(
        _ d: PlistDictionary, _ node: PlistNode, _ path: PlistPath, _ log: inout DiagnosticLog
    ) -> Category.Content? {
        let images = log.required("stateImageStrings", in: d, at: node.location, path, rule: "C2")
            .flatMap { log.strings($0, path.appending("stateImageStrings"), rule: "C2") }
        guard let groupsNode = log.required("itemGroups", in: d, at: node.location, path, rule: "C2"),
            let groupNodes = log.array(groupsNode, path.appending("itemGroups"), "\"itemGroups\"", rule: "C2")
        else { return nil }
        var groups: [[Rhythm]] = []
        var usedStates: [Int: (SourceLocation, PlistPath)] = [:]
        var broken = false
        for (g, groupNode) in groupNodes.enumerated() {
            let groupPath = path.appending("itemGroups").appending(g)
            guard let rhythmNodes = log.array(groupNode, groupPath, "a group of rhythms", rule: "C2") else {
                broken = true
                continue
            }
            if rhythmNodes.isEmpty {
                log.error("an empty group of rhythms", at: groupNode.location, groupPath, rule: "C3")
                broken = true
            }
            var group: [Rhythm] = []
            for (r, rhythmNode) in rhythmNodes.enumerated() {
                let rhythmPath = groupPath.appending(r)
                guard let rhythmDictionary = log.dictionary(rhythmNode, rhythmPath, "a rhythm", rule: "C2") else {
                    broken = true
                    continue
                }
                log.rejectUnknownKeys(rhythmDictionary, known: rhythmKeys, rhythmPath, what: "a rhythm", rule: "C2")
                let duration = log.required("unitDuration", in: rhythmDictionary, at: rhythmNode.location, rhythmPath, rule: "C2")
                    .flatMap { log.integer($0, rhythmPath.appending("unitDuration"), rule: "C2") }
                let sequenceNode = log.required("stateSequence", in: rhythmDictionary, at: rhythmNode.location, rhythmPath, rule: "C2")
                let sequenceNodes = sequenceNode.flatMap { log.array($0, rhythmPath.appending("stateSequence"), "\"stateSequence\"", rule: "C2") }
                guard let duration, let sequenceNode, let sequenceNodes else {
                    broken = true
                    continue
                }
                if duration <= 0 {
                    log.error("unitDuration must be at least 1 second, not \(duration)",
                              at: rhythmDictionary["unitDuration"]?.location, rhythmPath.appending("unitDuration"), rule: "C2")
                    broken = true
                }
                if sequenceNodes.isEmpty {
                    log.error("stateSequence is empty", at: sequenceNode.location, rhythmPath.appending("stateSequence"), rule: "C2")
                    broken = true
                }
                var sequence: [Int] = []
                for (s, stateNode) in sequenceNodes.enumerated() {
                    let statePath = rhythmPath.appending("stateSequence").appending(s)
                    guard let state = log.integer(stateNode, statePath, rule: "C2") else {
                        broken = true
                        continue
                    }
                    if state < 0 {
                        log.error("state index \(state) is negative", at: stateNode.location, statePath, rule: "C2")
                        broken = true
                    } else if let images, state >= images.count {
                        log.error(
                            "state index \(state) has no image: stateImageStrings has \(images.count), so indices run 0...\(images.count - 1)",
                            at: stateNode.location, statePath, rule: "C2")
                        broken = true
                    }
                    if usedStates[state] == nil { usedStates[state] = (stateNode.location, statePath) }
                    sequence.append(state)
                }
                group.append(Rhythm(unitDuration: duration, stateSequence: sequence))
            }
            groups.append(group)
        }
        guard let images, !broken else { return nil }
        if groups.isEmpty {
            log.error("a rhythmic category needs at least one group of rhythms", at: groupsNode.location, path.appending("itemGroups"), rule: "C2")
            return nil
        }
        for index in images.indices where usedStates[index] == nil {
            log.error(
                "image \(index) (\"\(images[index])\") is used by no rhythm: state indices must be exactly 0...\(images.count - 1)",
                at: d["stateImageStrings"]?.value.array?[index].location, path.appending("stateImageStrings").appending(index), rule: "C2")
        }
        var seen: Set<Rhythm> = []
        for (g, group) in groups.enumerated() {
            for (r, rhythm) in group.enumerated() where !seen.insert(rhythm).inserted {
                let rhythmPath = path.appending("itemGroups").appending(g).appending(r)
                log.error(
                    "this rhythm (unit \(rhythm.unitDuration) s, \(rhythm.stateSequence)) appears twice in the category; items must differ",
                    at: groupNodes[g].value.array?[r].location, rhythmPath, rule: "C3")
            }
        }
        return .rhythmic(groups: groups, stateImageStrings: images)
    }

    private static func readAssembled(
        _ d: PlistDictionary, _ node: PlistNode, _ path: PlistPath, _ log: inout DiagnosticLog
    ) -> Category.Content? {
        let parts = log.required("parts", in: d, at: node.location, path, rule: "C2")
            .flatMap { log.strings($0, path.appending("parts"), rule: "C2") }
        let depth = log.required("depth", in: d, at: node.location, path, rule: "C2")
            .flatMap { log.integer($0, path.appending("depth"), rule: "C2") }
        let mainImage = log.required("mainImageString", in: d, at: node.location, path, rule: "C2")
            .flatMap { log.string($0, path.appending("mainImageString"), rule: "C2") }
        let imagesNode = log.required("partsImageStrings", in: d, at: node.location, path, rule: "C2")
        let imagesDictionary = imagesNode.flatMap { log.dictionary($0, path.appending("partsImageStrings"), "\"partsImageStrings\"", rule: "C2") }
        var partImages: [String: [String]] = [:]
        if let imagesDictionary {
            for (key, value) in imagesDictionary.pairs {
                if let strings = log.strings(value, path.appending("partsImageStrings").appending(key), rule: "C2") {
                    partImages[key] = strings
                }
            }
        }
        guard let parts, let depth, let mainImage, let imagesDictionary, partImages.count == imagesDictionary.count else { return nil }
        if parts.isEmpty {
            log.error("an assembled category needs at least one part", at: d["parts"]?.location, path.appending("parts"), rule: "C2")
            return nil
        }
        if depth < 0 {
            log.error("depth must be 0 or more, not \(depth)", at: d["depth"]?.location, path.appending("depth"), rule: "C4")
            return nil
        }
        return .assembled(parts: parts, depth: depth, mainImageString: mainImage, partsImageStrings: partImages)
    }

    private static func reportDuplicates(_ names: [String], what: String, node: PlistNode?, _ path: @autoclosure () -> PlistPath, _ log: inout DiagnosticLog) {
        // Each repeat of an earlier name, in order. A category's few states are compared
        // directly: hashing them cost more than reading them (a catalogue of many categories).
        func report(_ name: String) {
            log.error("\(what) \"\(name)\" appears twice in the category; items must differ", at: node?.location, path(), rule: "C3")
        }
        if names.count <= 16 {
            for i in names.indices where names[..<i].contains(names[i]) { report(names[i]) }
            return
        }
        var seen: Set<String> = []
        for name in names where !seen.insert(name).inserted { report(name) }
    }
}
