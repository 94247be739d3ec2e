extension PlistNode {
    /// The node at `path` below this one; nil where the path leads nowhere (a missing key, an
    /// index out of range, a step into a scalar).
    public func node(at path: PlistPath) -> PlistNode? {
        var node = self
        for component in path.components {
            switch (component, node.value) {
            case (.key(let key), .dictionary(let dictionary)):
                guard let next = dictionary[key] else { return nil }
                node = next
            case (.index(let i), .array(let items)):
                guard items.indices.contains(i) else { return nil }
                node = items[i]
            default: return nil
            }
        }
        return node
    }
}

/// A key path into a property-list tree, written the way a designer reads it:
/// `assembledItems[1].parts[0]`.
public struct PlistPath: Hashable, Sendable, CustomStringConvertible {
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public private(set) var components: [Component] = []

    public init(_ components: [Component] = []) { self.components = components }

    public var depth: Int { components.count }

    public func appending(_ key: String) -> PlistPath {
        var copy = self
        copy.components.append(.key(key))
        return copy
    }

    public func appending(_ index: Int) -> PlistPath {
        var copy = self
        copy.components.append(.index(index))
        return copy
    }

    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let i):
                text += "[\(i)]"
            }
        }
        return text
    }
}

