import Diagnostics

/// Builds the tree by following object references from the top object, without recursion.
///
/// A binary plist is a graph, not a tree: any object may be referenced from many places, or from
/// inside itself. So, beyond the bounds checks of the parser:
/// - an explicit stack of open containers replaces recursion, so nesting is bounded by
///   ``PlistLimits/maxDepth`` and never by the thread's stack;
/// - an object reached again while it is still open (on the current path) is a cycle, refused;
/// - an object reached a second time is kept and reused after that, so a shared reference
///   costs a look-up, and the work done is proportional to the file, not to the tree it stands
///   for (see `kept`);
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
        let shape: Shape
    }

    /// What reusing an object adds to the checks.
    private struct Shape {
        /// Values in the subtree, shared ones counted each time.
        let size: Int
        /// Containers on the longest path down; 0 for a scalar.
        let height: Int

        static let scalar = Shape(size: 1, height: 0)
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
        /// Decoded a second time (see `kept`).
        let again: Bool

        init(_ position: BinaryPlistPosition, _ container: BinaryPlistContainer, again: Bool) {
            self.position = position
            self.container = container
            self.again = again
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
    /// container now open, to fill (`again` when it was finished before).
    private enum Target {
        case kept(Int)
        case scalar(PlistNode)
        case opened(BinaryPlistPosition, BinaryPlistContainer, again: Bool)
    }

    private let parser: BinaryPlistObjectParser
    private let limits: PlistLimits
    /// Per object, by number: ``unreached``; ``parsedOnce`` (a scalar); ``open`` while a
    /// container is being filled; ``firstFinished`` plus its place in `finished` (a container
    /// finished once); or ``firstKept`` plus its place in `kept`. An array, not a dictionary
    /// keyed by number, as looking objects up is most of the decoder's work (hashing was a third
    /// of it). Four bytes an object for as many objects as the trailer claims: the trailer has
    /// checked that its offset table, at least a byte an object, lies in the file, so this
    /// follows the file's size; ``PlistLimits/maxObjects`` bounds it too.
    private var states: [UInt32] = []
    /// Objects reached more than once, for the references after the second.
    ///
    /// Writers store nearly every object once (of the 121,843 objects in the benchmark's binary
    /// file, 2,029 are referenced more than once: keys, repeated words, booleans), so keeping each
    /// cost a copy of every node, and releasing them all at the end: a tenth of the decoding.
    /// An object is kept from its second reference on instead, decoded again then, which gives
    /// the same value at the same place. So that the checks on the second reference are the
    /// ones on reusing a kept object (so the same errors, at the same objects), a finished
    /// container's shape is noted in `finished`: its height against the depth limit and its
    /// size against the count of values are checked before it is decoded again, and nothing
    /// inside is counted again (``again``). Nothing inside can fail then: the same bytes were
    /// decoded once, and everything under a finished container is finished, so no object
    /// under it is open. A scalar's shape is that of a new one, so it needs no note. The work
    /// stays proportional to the file: each object is decoded at most twice.
    private var kept: [Finished] = []
    /// The shapes of containers finished once.
    private var finished: [Shape] = []
    /// Open containers decoded a second time, inside which nothing is counted.
    private var again = 0
    private static let unreached: UInt32 = 0
    private static let parsedOnce: UInt32 = 1
    private static let firstFinished: UInt32 = 2
    private static let firstKept: UInt32 = 1 << 31
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
        // Only a file of more than 2 GiB (its offset table alone) could claim so many, and only
        // with raised limits.
        let most = Int(Self.firstKept - Self.firstFinished)
        guard objectCount <= most else {
            throw PlistError("trailer: \(objectCount) objects; the reader handles at most \(most)", at: .byteOffset(0))
        }
        states = [UInt32](repeating: Self.unreached, count: objectCount)
        // The innermost open container, which every value goes into: a local, so that filling
        // it touches no array, and optional, so that it moves onto `parents` (`take()`) rather
        // than being copied there, which would cost a retain and a release of each of its parts.
        var top: Frame?
        switch try target(parser.trailer.topObject, depth: 0) {
        case .kept(let place): return kept[place].node
        case .scalar(let node): return node
        case .opened(let at, let container, let again): top = Frame(at, container, again: again)
        }
        // Values are handed on, not copied: each copy of a node may cost an atomic retain and
        // release, which took as long as the rest of the decoding.
        do throws(PlistError) {
            while true {
                if top!.next == top!.container.count {
                    let done = finish(top.take()!)
                    guard let parent = parents.popLast() else { return done.node }
                    top = parent
                    try Self.add(done.node, done.shape, to: &top!)
                    continue
                }
                let container = top!.container, here = top!.position
                var slot = top!.next
                if container.kind == .dictionary {
                    let keyIndex = try parser.reference(slot, of: container, here)
                    top!.pendingKey = try key(keyIndex, in: here)
                    slot += container.count
                }
                let child = try parser.reference(slot, of: container, here)
                switch try target(child, depth: parents.count + 1) {
                case .kept(let place):
                    try Self.add(kept[place].node, kept[place].shape, to: &top!)
                case .scalar(let node):
                    try Self.add(node, .scalar, to: &top!)
                case .opened(let at, let container, let again):
                    // Made here rather than carried out of `target`, so that no copy of it
                    // shares its arrays when they grow.
                    parents.append(top.take()!)
                    top = Frame(at, container, again: again)
                }
            }
        } catch {
            var located = error
            if located.keyPath.isEmpty { located.keyPath = Self.path(parents + (top.map { [$0] } ?? [])) }
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
            try checkReuse(index, kept[place].shape, depth: depth)
            return .kept(place)
        }
        let at = try parser.position(of: index)
        let again = state >= Self.firstFinished
        if again {
            try checkReuse(index, finished[Int(state - Self.firstFinished)], depth: depth)
        } else {
            try count(1, of: index)
        }
        switch try parser.parse(at) {
        case .scalar(let value):
            if case .string(let text) = value, text.utf8.count > limits.maxStringBytes {
                throw at.error(limits.overlong("string", bytes: text.utf8.count))
            }
            let node = PlistNode(value, at: .byteOffset(at.offset))
            if state == Self.parsedOnce {
                keep(Finished(node: node, shape: .scalar), index)
            } else {
                states[index] = Self.parsedOnce
            }
            return .scalar(node)
        case .container(let container):
            guard depth < limits.maxDepth else {
                throw at.error("nesting deeper than \(limits.maxDepth) levels")
            }
            guard container.count <= limits.maxContainerEntries else {
                throw at.error(limits.overfull(container.kind == .dictionary ? "dict" : "array", entries: container.count))
            }
            states[index] = Self.open
            if again { self.again += 1 }
            return .opened(at, container, again: again)
        }
    }

    /// The checks on reusing object `index`, of `shape`, with `depth` containers open.
    @inline(__always)
    private mutating func checkReuse(_ index: Int, _ shape: Shape, depth: Int) throws(PlistError) {
        guard depth + shape.height <= limits.maxDepth else {
            throw position(of: index).error("nesting deeper than \(limits.maxDepth) levels")
        }
        try count(shape.size, of: index)
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
            let place = Int(state - Self.firstKept)
            guard case .string(let text) = kept[place].node.value else {
                throw notAString(index, kept[place].node.value.typeName, in: dictionary)
            }
            return (text, kept[place].node.location)
        }
        let at = try parser.position(of: index)
        switch try parser.parse(at) {
        case .scalar(.string(let text)):
            guard text.utf8.count <= limits.maxStringBytes else { throw at.error(limits.overlong("key", bytes: text.utf8.count)) }
            let location = SourceLocation.byteOffset(at.offset)
            if state == Self.parsedOnce {
                keep(Finished(node: PlistNode(.string(text), at: location), shape: .scalar), index)
            } else {
                states[index] = Self.parsedOnce
            }
            return (text, location)
        case .scalar(let other):
            throw notAString(index, other.typeName, in: dictionary)
        case .container(let container):
            let name = switch container.kind {
            case .array: "array"
            // A finished set is an array (as a kept one would be named).
            case .set: state >= Self.firstFinished && state != Self.open ? "array" : "set"
            case .dictionary: "dict"
            }
            throw notAString(index, name, in: dictionary)
        }
    }

    private func notAString(_ index: Int, _ typeName: String, in dictionary: BinaryPlistPosition) -> PlistError {
        let article = typeName.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        return dictionary.error("key (object \(index)) is \(article) \(typeName), not a string")
    }

    /// Adds `values` (object `index`) to the running count of values in the tree, unless they
    /// are inside a container decoded again, whose size was counted as a whole.
    @inline(__always)  // once per value
    private mutating func count(_ values: Int, of index: Int) throws(PlistError) {
        guard again == 0 else { return }
        let (total, overflow) = expanded.addingReportingOverflow(values)
        guard !overflow, total <= expansionLimit else {
            throw position(of: index).error(
                "the tree expands to more than \(expansionLimit) values through shared references")
        }
        expanded = total
    }

    /// Adds a finished child of `shape` to `frame`, the innermost open container.
    private static func add(
        _ node: consuming PlistNode, _ shape: Shape, to frame: inout Frame
    ) throws(PlistError) {
        if frame.container.kind == .dictionary {
            guard frame.pendingKey != nil else {
                throw frame.position.error("internal error: value without a key")
            }
            // Checked before the key is taken, so that the error's key path names it.
            guard !frame.dictionary.contains(frame.pendingKey!.0) else {
                throw frame.position.error("duplicate key \"\(frame.pendingKey!.0)\"")
            }
            let (key, keyLocation) = frame.pendingKey.take()!
            frame.dictionary.append(PlistDictionary.Entry(key: key, keyLocation: keyLocation, value: node))
        } else {
            frame.items.append(node)
        }
        frame.size &+= shape.size  // bounded by `expanded`, which is checked
        frame.height = max(frame.height, shape.height + 1)
        frame.next += 1
    }

    /// The finished container's value, kept when decoded a second time, else its shape noted.
    private mutating func finish(_ frame: consuming Frame) -> Finished {
        let value: PlistValue =
            frame.container.kind == .dictionary ? .dictionary(frame.dictionary) : .array(frame.items)
        let done = Finished(
            node: PlistNode(value, at: .byteOffset(frame.position.offset)),
            shape: Shape(size: frame.size, height: frame.height))
        if frame.again {
            again -= 1
            keep(done, frame.position.index)
        } else {
            states[frame.position.index] = Self.firstFinished + UInt32(finished.count)  // below `firstKept`
            finished.append(done.shape)
        }
        return done
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
