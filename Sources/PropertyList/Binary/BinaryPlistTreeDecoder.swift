import Diagnostics

/// Builds the tree by following object references from the top object, without recursion.
///
/// A binary plist is a graph, not a tree: any object may be referenced from many places, or from
/// inside itself. So, beyond the bounds checks of the parser:
/// - an explicit stack of open containers replaces recursion, so nesting is bounded by
///   ``PlistLimits/maxDepth`` and never by the thread's stack;
/// - an object reached again while it is still open (on the current path) is a cycle, refused;
/// - a finished object is cached and reused, so a shared reference costs a look-up, and the
///   work done is proportional to the file, not to the tree it stands for;
/// - each finished object remembers its height and its expanded size (values in its subtree,
///   counting a shared one each time it appears). Reusing it deeper than it was first met is
///   checked against the depth limit, and reusing it adds its size to a running count of the
///   values in the tree, which may not pass ``PlistLimits/maxObjects``: thirty arrays each
///   referring twice to the next stand for 2^31 values, which no consumer of the tree could
///   walk. As every reference followed adds at least one to that count, it also bounds the
///   work, even for containers whose reference lists overlap.
struct BinaryPlistTreeDecoder {
    private struct Finished {
        let node: PlistNode
        /// Values in the subtree, shared ones counted each time.
        let size: Int
        /// Containers on the longest path down; 0 for a scalar.
        let height: Int
    }

    private enum Slot {
        case open
        case finished(Finished)
    }

    private struct Frame {
        let index: Int
        let position: BinaryPlistPosition
        let container: BinaryPlistContainer
        var next = 0
        var items: [PlistNode] = []
        var dictionary = PlistDictionary()
        var pendingKey: (String, SourceLocation)?
        var size = 1
        var height = 1
    }

    private let parser: BinaryPlistObjectParser
    private let limits: PlistLimits
    /// Objects reached so far; a dictionary so that memory follows what the tree uses, not what
    /// the trailer claims.
    private var slots: [Int: Slot] = [:]
    private var stack: [Frame] = []
    /// Values in the tree so far, shared ones counted each time they appear.
    private var expanded = 0

    init(parser: BinaryPlistObjectParser, limits: PlistLimits) {
        self.parser = parser
        self.limits = limits
    }

    private var expansionLimit: Int { max(1, limits.maxObjects) }

    /// The tree under the trailer's top object; errors carry the key path where they happened.
    mutating func decode() throws(PlistError) -> PlistNode {
        do throws(PlistError) {
            return try run()
        } catch {
            var located = error
            if located.keyPath.isEmpty { located.keyPath = currentPath() }
            throw located
        }
    }

    private mutating func run() throws(PlistError) -> PlistNode {
        if let top = try resolve(parser.trailer.topObject) { return top.node }
        while let last = stack.indices.last {
            if stack[last].next == stack[last].container.count {
                let finished = finish(stack.removeLast())
                if stack.isEmpty { return finished.node }
                try attach(finished)
            } else if let child = try nextChild(of: last) {
                try attach(child)
            }
        }
        // The loop returns when the top object's frame finishes; the stack is never empty before.
        throw PlistError("internal error: no top object", at: .byteOffset(0))
    }

    /// Reads the next reference of the open container `last` (and, for a dictionary, its key);
    /// a finished value, or nil when the child is a container that is now open on the stack.
    private mutating func nextChild(of last: Int) throws(PlistError) -> Finished? {
        let container = stack[last].container
        let position = stack[last].position
        let slot = stack[last].next
        var valueSlot = slot
        if container.kind == .dictionary {
            let keyIndex = try parser.reference(slot, of: container, position)
            stack[last].pendingKey = try key(keyIndex, in: position)
            valueSlot = container.count + slot
        }
        return try resolve(try parser.reference(valueSlot, of: container, position))
    }

    /// Object `index` as a finished value, or nil after opening it as a container.
    private mutating func resolve(_ index: Int) throws(PlistError) -> Finished? {
        switch slots[index] {
        case .finished(let finished):
            guard stack.count + finished.height <= limits.maxDepth else {
                throw position(of: index).error("nesting deeper than \(limits.maxDepth) levels")
            }
            try count(finished.size, at: position(of: index))
            return finished
        case .open:
            throw position(of: index).error("object contains itself (a reference cycle)")
        case nil:
            let at = BinaryPlistPosition(index: index, offset: try parser.offset(of: index))
            try count(1, at: at)
            switch try parser.parse(index) {
            case .scalar(let value):
                let finished = Finished(node: PlistNode(value, at: .byteOffset(at.offset)), size: 1, height: 0)
                slots[index] = .finished(finished)
                return finished
            case .container(let container):
                guard stack.count < limits.maxDepth else {
                    throw at.error("nesting deeper than \(limits.maxDepth) levels")
                }
                var frame = Frame(index: index, position: at, container: container)
                // Counts are checked against the file, but reserve only a little on trust.
                if container.kind != .dictionary { frame.items.reserveCapacity(min(container.count, 1 << 12)) }
                slots[index] = .open
                stack.append(frame)
                return nil
            }
        }
    }

    /// The string of key object `index`, with its location; any other type is an error.
    private mutating func key(
        _ index: Int, in dictionary: BinaryPlistPosition
    ) throws(PlistError) -> (String, SourceLocation) {
        if case .finished(let finished) = slots[index] {
            guard case .string(let text) = finished.node.value else {
                throw notAString(index, finished.node.value.typeName, in: dictionary)
            }
            return (text, finished.node.location)
        }
        switch try parser.parse(index) {
        case .scalar(.string(let text)):
            let location = SourceLocation.byteOffset(try parser.offset(of: index))
            slots[index] = .finished(Finished(node: PlistNode(.string(text), at: location), size: 1, height: 0))
            return (text, location)
        case .scalar(let other):
            throw notAString(index, other.typeName, in: dictionary)
        case .container(let container):
            let name = switch container.kind {
            case .array: "array"
            case .set: "set"
            case .dictionary: "dict"
            }
            throw notAString(index, name, in: dictionary)
        }
    }

    private func notAString(_ index: Int, _ typeName: String, in dictionary: BinaryPlistPosition) -> PlistError {
        let article = typeName.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        return dictionary.error("key (object \(index)) is \(article) \(typeName), not a string")
    }

    /// Adds `values` to the running count of values in the tree.
    private mutating func count(_ values: Int, at position: BinaryPlistPosition) throws(PlistError) {
        let (total, overflow) = expanded.addingReportingOverflow(values)
        guard !overflow, total <= expansionLimit else {
            throw position.error("the tree expands to more than \(expansionLimit) values through shared references")
        }
        expanded = total
    }

    /// Adds a finished child to the innermost open container.
    private mutating func attach(_ child: Finished) throws(PlistError) {
        let last = stack.count - 1
        let position = stack[last].position
        // Bounded by `expanded`, which is checked.
        let size = stack[last].size &+ child.size
        if stack[last].container.kind == .dictionary {
            guard let (key, keyLocation) = stack[last].pendingKey else {
                throw position.error("internal error: value without a key")
            }
            guard stack[last].dictionary.insertNew(key, child.node, keyLocation: keyLocation) else {
                throw position.error("duplicate key \"\(key)\"")
            }
            stack[last].pendingKey = nil
        } else {
            stack[last].items.append(child.node)
        }
        stack[last].size = size
        stack[last].height = max(stack[last].height, child.height + 1)
        stack[last].next += 1
    }

    private mutating func finish(_ frame: Frame) -> Finished {
        let value: PlistValue =
            frame.container.kind == .dictionary ? .dictionary(frame.dictionary) : .array(frame.items)
        let finished = Finished(
            node: PlistNode(value, at: .byteOffset(frame.position.offset)), size: frame.size, height: frame.height)
        slots[frame.index] = .finished(finished)
        return finished
    }

    private func position(of index: Int) -> BinaryPlistPosition {
        BinaryPlistPosition(index: index, offset: (try? parser.offset(of: index)) ?? 0)
    }

    /// Where the decoder is: the index or key being read in each open container. Very deep
    /// paths keep their first and last few steps, so that a message stays readable.
    private func currentPath() -> String {
        var components: [PlistPath.Component] = []
        for frame in stack {
            if frame.container.kind == .dictionary {
                guard let (key, _) = frame.pendingKey else { break }
                components.append(.key(key))
            } else {
                components.append(.index(frame.next))
            }
        }
        let shown = 8
        guard components.count > 2 * shown + 1 else { return PlistPath(components).description }
        let head = PlistPath(Array(components.prefix(shown))).description
        let tail = PlistPath(Array(components.suffix(shown))).description
        return head + "…(\(components.count - 2 * shown) more)…" + tail
    }
}
