import Diagnostics

/// Builds the tree by following object references from the top object, without recursion.
///
/// A binary plist is a graph, not a tree: any object may be referenced from many places, or from
/// inside itself. So, beyond the bounds checks of the parser:
/// - an explicit stack of open containers replaces recursion, so nesting is bounded by
///   ``PlistLimits/maxDepth`` and never by the thread's stack;
/// - an object reached again while it is still open (on the current path) is a cycle, refused;
/// - a finished container is kept and reused, and so is a scalar reached a second time (the
///   first time it is only parsed: nearly every scalar in a file is referenced once), so a shared
///   reference costs a look-up, and the work done is proportional to the file, not to the tree
///   it stands for;
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

    private struct Frame {
        let position: BinaryPlistPosition
        let container: BinaryPlistContainer
        var next = 0
        var items: [PlistNode] = []
        var dictionary = PlistDictionary()
        var pendingKey: (String, SourceLocation)?
        var size = 1
        var height = 1

        init(_ position: BinaryPlistPosition, _ container: BinaryPlistContainer) {
            self.position = position
            self.container = container
            // Counts are checked against the file, but reserve only a little on trust.
            let reserve = min(container.count, 1 << 12)
            if container.kind == .dictionary {
                dictionary.reserveCapacity(reserve)
            } else {
                items.reserveCapacity(reserve)
            }
        }
    }

    /// What a reference leads to, its checks passed: a kept value, a scalar just parsed, or a
    /// container now open, to fill.
    private enum Target {
        case kept(Int)
        case scalar(PlistNode)
        case opened(BinaryPlistPosition, BinaryPlistContainer)
    }

    private let parser: BinaryPlistObjectParser
    private let limits: PlistLimits
    /// Per object, by number: ``unreached``; ``parsedOnce`` (a scalar); ``open`` while a
    /// container is being filled; or ``firstKept`` plus its place in `kept`. An array, not a
    /// dictionary keyed by number, as looking objects up is most of the decoder's work (hashing
    /// was a third of it). Four bytes an object for as many objects as the trailer claims: the
    /// trailer has checked that its offset table, at least a byte an object, lies in the file, so
    /// this follows the file's size; ``PlistLimits/maxObjects`` bounds it too.
    private var states: [UInt32] = []
    /// Finished containers, and scalars reached more than once.
    ///
    /// Writers store nearly every scalar once (of the benchmark catalogue's 62,000 strings, a
    /// few hundred are referenced more than once: keys and repeated words), so keeping each
    /// cost a copy of every node and releasing them all at the end. A scalar is kept from its
    /// second reference on instead, parsed again then: the same bytes give the same value, and
    /// as a scalar has no height and a size of one, the checks on reuse are those on a first
    /// parse. Containers are kept from the first, as parsing one again would repeat the work
    /// under it, and its checks on reuse (its height and size) would differ.
    private var kept: [Finished] = []
    private static let unreached: UInt32 = 0
    private static let parsedOnce: UInt32 = 1
    private static let firstKept: UInt32 = 2
    private static let open: UInt32 = .max
    /// The open containers but the innermost, outermost first. The innermost, which every
    /// value goes into, is a local of `decode()`, so that filling it touches no array.
    private var parents: [Frame] = []
    /// Values in the tree so far, shared ones counted each time they appear.
    private var expanded = 0

    init(parser: BinaryPlistObjectParser, limits: PlistLimits) {
        self.parser = parser
        self.limits = limits
    }

    private var expansionLimit: Int { max(1, limits.maxObjects) }

    /// The tree under the trailer's top object; errors carry the key path where they happened.
    mutating func decode() throws(PlistError) -> PlistNode {
        let objectCount = parser.trailer.objectCount
        // Only a file of more than 4 GiB could claim so many, and only with raised limits.
        let most = Int(Self.open - Self.firstKept)
        guard objectCount <= most else {
            throw PlistError("trailer: \(objectCount) objects; the reader handles at most \(most)", at: .byteOffset(0))
        }
        states = [UInt32](repeating: Self.unreached, count: objectCount)
        var top: Frame
        switch try target(parser.trailer.topObject, depth: 0) {
        case .kept(let place): return kept[place].node
        case .scalar(let node): return node
        case .opened(let at, let container): top = Frame(at, container)
        }
        // Values are handed on, not copied: each copy of a node may cost an atomic retain and
        // release, which took as long as the rest of the decoding.
        do throws(PlistError) {
            while true {
                if top.next == top.container.count {
                    let done = finish(top)
                    guard let parent = parents.popLast() else { return done.node }
                    top = parent
                    try Self.add(done.node, size: done.size, height: done.height, to: &top)
                    continue
                }
                var slot = top.next
                if top.container.kind == .dictionary {
                    let keyIndex = try parser.reference(slot, of: top.container, top.position)
                    top.pendingKey = try key(keyIndex, in: top.position)
                    slot += top.container.count
                }
                let child = try parser.reference(slot, of: top.container, top.position)
                switch try target(child, depth: parents.count + 1) {
                case .kept(let place):
                    try Self.add(kept[place].node, size: kept[place].size, height: kept[place].height, to: &top)
                case .scalar(let node):
                    try Self.add(node, size: 1, height: 0, to: &top)
                case .opened(let at, let container):
                    // Made here rather than carried out of `target`, so that no copy of it
                    // shares its arrays when they grow.
                    parents.append(top)
                    top = Frame(at, container)
                }
            }
        } catch {
            var located = error
            if located.keyPath.isEmpty { located.keyPath = Self.path(parents + [top]) }
            throw located
        }
    }

    /// Object `index`, referenced with `depth` containers open, with the checks on following
    /// the reference done.
    private mutating func target(_ index: Int, depth: Int) throws(PlistError) -> Target {
        let state = states[index]
        if state == Self.open {
            throw position(of: index).error("object contains itself (a reference cycle)")
        }
        if state >= Self.firstKept {
            let place = Int(state - Self.firstKept)
            guard depth + kept[place].height <= limits.maxDepth else {
                throw position(of: index).error("nesting deeper than \(limits.maxDepth) levels")
            }
            try count(kept[place].size, of: index)
            return .kept(place)
        }
        let at = try parser.position(of: index)
        try count(1, of: index)
        switch try parser.parse(at) {
        case .scalar(let value):
            let node = PlistNode(value, at: .byteOffset(at.offset))
            if state == Self.parsedOnce {
                keep(Finished(node: node, size: 1, height: 0), index)
            } else {
                states[index] = Self.parsedOnce
            }
            return .scalar(node)
        case .container(let container):
            guard depth < limits.maxDepth else {
                throw at.error("nesting deeper than \(limits.maxDepth) levels")
            }
            states[index] = Self.open
            return .opened(at, container)
        }
    }

    /// Keeps `value` as object `index`'s, for later references to it.
    private mutating func keep(_ value: Finished, _ index: Int) {
        states[index] = Self.firstKept + UInt32(kept.count)  // below `open`: one entry per object
        kept.append(value)
    }

    /// The string of key object `index`, with its location; any other type is an error.
    private mutating func key(
        _ index: Int, in dictionary: BinaryPlistPosition
    ) throws(PlistError) -> (String, SourceLocation) {
        let state = states[index]
        if state >= Self.firstKept, state != Self.open {
            let node = kept[Int(state - Self.firstKept)].node
            guard case .string(let text) = node.value else {
                throw notAString(index, node.value.typeName, in: dictionary)
            }
            return (text, node.location)
        }
        let at = try parser.position(of: index)
        switch try parser.parse(at) {
        case .scalar(.string(let text)):
            let location = SourceLocation.byteOffset(at.offset)
            if state == Self.parsedOnce {
                keep(Finished(node: PlistNode(.string(text), at: location), size: 1, height: 0), index)
            } else {
                states[index] = Self.parsedOnce
            }
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

    /// Adds `values` (object `index`) to the running count of values in the tree.
    private mutating func count(_ values: Int, of index: Int) throws(PlistError) {
        let (total, overflow) = expanded.addingReportingOverflow(values)
        guard !overflow, total <= expansionLimit else {
            throw position(of: index).error(
                "the tree expands to more than \(expansionLimit) values through shared references")
        }
        expanded = total
    }

    /// Adds a finished child, its subtree's `size` and `height`, to `frame`, the innermost
    /// open container.
    private static func add(
        _ node: consuming PlistNode, size: Int, height: Int, to frame: inout Frame
    ) throws(PlistError) {
        if frame.container.kind == .dictionary {
            guard let pending = frame.pendingKey else {
                throw frame.position.error("internal error: value without a key")
            }
            // Checked before the key is taken, so that the error's key path names it.
            guard !frame.dictionary.contains(pending.0) else {
                throw frame.position.error("duplicate key \"\(pending.0)\"")
            }
            frame.pendingKey = nil
            frame.dictionary.append(PlistDictionary.Entry(key: pending.0, keyLocation: pending.1, value: node))
        } else {
            frame.items.append(node)
        }
        frame.size &+= size  // bounded by `expanded`, which is checked
        frame.height = max(frame.height, height + 1)
        frame.next += 1
    }

    /// The finished container's value, kept for later references to it.
    private mutating func finish(_ frame: consuming Frame) -> Finished {
        let value: PlistValue =
            frame.container.kind == .dictionary ? .dictionary(frame.dictionary) : .array(frame.items)
        let finished = Finished(
            node: PlistNode(value, at: .byteOffset(frame.position.offset)), size: frame.size, height: frame.height)
        keep(finished, frame.position.index)
        return finished
    }

    private func position(of index: Int) -> BinaryPlistPosition {
        BinaryPlistPosition(index: index, offset: (try? parser.offset(of: index)) ?? 0)
    }

    /// The index or key being read in each open container, outermost first. Very deep paths
    /// keep their first and last few steps, so that a message stays readable.
    private static func path(_ frames: [Frame]) -> String {
        var components: [PlistPath.Component] = []
        for frame in frames {
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
