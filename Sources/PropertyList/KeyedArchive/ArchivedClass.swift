/// What an object's `$class` UID refers to: a class description, `{$classname, $classes}`.
struct ArchivedClass: Equatable {
    var name: String
    /// The class, then its superclasses up to the root (`["NSMutableArray", "NSArray", "NSObject"]`).
    var chain: [String]

    /// The description in `node` (the object `$class` refers to, `$objects[n]` at `path`).
    init(_ node: PlistNode, at path: PlistPath, referredFrom reference: PlistNode, _ referencePath: PlistPath) throws(PlistError) {
        guard let description = node.value.dictionary, let name = description["$classname"]?.value.string else {
            throw PlistError(
                "$class refers to \(path), which is \(article(node.value.typeName)) and not a class (a dict with a $classname string)",
                at: reference.location, keyPath: referencePath.description)
        }
        var chain: [String] = []
        if let classes = description["$classes"] {
            guard let list = classes.value.array else {
                throw PlistError("$classes must be an array of class names, not \(article(classes.value.typeName))",
                    at: classes.location, keyPath: path.appending("$classes").description)
            }
            for (i, entry) in list.enumerated() {
                guard let className = entry.value.string else {
                    throw PlistError("$classes must hold class names, not \(article(entry.value.typeName))",
                        at: entry.location, keyPath: path.appending("$classes").appending(i).description)
                }
                chain.append(className)
            }
        }
        self.name = name
        self.chain = chain
    }

    /// Whether the chain tells a reader more than the name does: anything beyond the class
    /// itself and NSObject, e.g. that `OC_PythonUnicode` is an NSString.
    var chainIsInformative: Bool {
        !chain.isEmpty && chain != [name, "NSObject"] && chain != [name]
    }
}
