/// A growable array of plain values for an engine's state, whose reads and writes are a load
/// or a store: no uniqueness check (`Array`'s copy on write) and, in release builds, no bounds
/// check. A game engine that writes its arrays thousands of times a round spent a tenth of its
/// instructions on those checks (issue 44).
///
/// The price is that copies share their elements: a write through one is seen by the others
/// (the subscript's setter is `nonmutating`, so even a `let` copy or a non-mutating method can
/// write). Only growing (``append(_:)``, ``insert(_:at:)``, ``reserveCapacity(_:)``) moves the
/// elements to storage of their own. An owner that hands out copies as values whose copies are
/// independent calls ``makeUnique()`` before it writes.
///
/// Indices are checked in debug builds (the test suite's), where an index out of range traps as
/// it would in an `Array`; release builds trust the engine, whose indices its tests cover.
///
/// It is a module of its own, every member `public` and `@inlinable`, so that an engine's
/// module specializes and inlines it in every build: within one module, a debug build compiles
/// file by file and calls a generic type defined in another file unspecialized, through its
/// metadata, which made the test suite's engine half as fast as with `Array` (issue 44). The
/// members are `public`, not `package`: Swift 6.3 does not specialize a `package` inlinable
/// member in another module (a two-module `swiftc -O` check calls `Buf<Int>.subscript`
/// through its generic entry point when it is `package`, and inlines it when it is `public`).
///
/// Elements are plain values (no references: numbers, enums, ranges and structs of them), so
/// nothing is retained, released or deinitialised; making a buffer of any other type traps.
/// (`BitwiseCopyable` would say so in the type, but `Range` does not conform to it.)
public struct EngineBuffer<Element> {
    /// Owns the allocation; freed with the last buffer that refers to it.
    @usableFromInline
    final class Storage {
        @usableFromInline let base: UnsafeMutablePointer<Element>
        @usableFromInline let capacity: Int

        @inlinable
        init(capacity: Int) {
            precondition(_isPOD(Element.self), "EngineBuffer holds plain values only, not \(Element.self)")
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        @inlinable
        deinit { base.deallocate() }
    }

    @usableFromInline var storage: Storage
    // The storage's fields, held here too so that an access reads no class field.
    @usableFromInline var base: UnsafeMutablePointer<Element>
    @usableFromInline var capacity: Int
    @usableFromInline var _count = 0

    /// The number of elements.
    @inlinable
    public var count: Int { _count }

    @inlinable
    public init() { self.init(capacity: 0) }

    @inlinable
    public init(capacity: Int) {
        storage = Storage(capacity: capacity)
        base = storage.base
        self.capacity = capacity
    }

    @inlinable
    public init(repeating value: Element, count: Int) {
        self.init(capacity: count)
        append(repeating: value, count: count)
    }

    @inlinable @inline(__always)
    func check(_ i: Int) {
        #if DEBUG
            precondition(i >= 0 && i < count, "EngineBuffer index \(i) out of range 0..<\(count)")
        #endif
    }

    @inlinable
    public subscript(i: Int) -> Element {
        @inline(__always)
        unsafeAddress {
            check(i)
            return UnsafePointer(base + i)
        }
        @inline(__always)
        nonmutating unsafeMutableAddress {
            check(i)
            return base + i
        }
    }

    @inlinable @inline(__always)
    public mutating func append(_ element: Element) {
        if count == capacity { grow(to: count + 1) }
        (base + count).initialize(to: element)
        _count += 1
    }

    @inlinable
    public mutating func append(contentsOf elements: some Sequence<Element>) {
        for element in elements { append(element) }
    }

    /// Appends `n` copies of `value`: one capacity check, not one per element.
    @inlinable
    public mutating func append(repeating value: Element, count n: Int) {
        precondition(n >= 0)
        reserveCapacity(count + n)
        (base + count).initialize(repeating: value, count: n)
        _count += n
    }

    /// Empties the buffer; its storage is kept for the next round.
    @inlinable @inline(__always)
    public mutating func removeAll() { _count = 0 }

    /// Empties the buffer for a new round, with storage of its own (``makeUnique()``).
    @inlinable
    public mutating func startOver() {
        _count = 0
        makeUnique()
    }

    /// ``startOver()``, then `count` copies of `value`.
    @inlinable
    public mutating func startOver(repeating value: Element, count newCount: Int) {
        startOver()
        append(repeating: value, count: newCount)
    }

    /// Removes the elements from `tail.lowerBound` on.
    @inlinable @inline(__always)
    public mutating func removeSubrange(_ tail: PartialRangeFrom<Int>) {
        precondition(tail.lowerBound >= 0 && tail.lowerBound <= count)
        _count = tail.lowerBound
    }

    @inlinable
    public mutating func insert(_ element: Element, at i: Int) {
        precondition(i >= 0 && i <= count)
        if count == capacity { grow(to: count + 1) }
        guard i < count else {
            append(element)
            return
        }
        (base + count).initialize(to: base[count - 1])
        var k = count - 1
        while k > i {
            base[k] = base[k - 1]
            k -= 1
        }
        base[i] = element
        _count += 1
    }

    @discardableResult
    @inlinable
    public mutating func remove(at i: Int) -> Element {
        precondition(i >= 0 && i < count)
        let removed = base[i]
        for k in i..<(count - 1) { base[k] = base[k + 1] }
        _count -= 1
        return removed
    }

    @inlinable
    public mutating func reserveCapacity(_ minimum: Int) {
        if minimum > capacity { grow(to: minimum) }
    }

    /// Which storage the buffer uses: for tests of who shares it.
    @inlinable
    public var storageIdentity: ObjectIdentifier { ObjectIdentifier(storage) }

    /// Gives this buffer storage of its own when another buffer shares it.
    @inlinable
    public mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { move(toCapacity: capacity) }
    }

    @inlinable
    mutating func grow(to minimum: Int) {
        move(toCapacity: Swift.max(minimum, 2 * capacity, 16))
    }

    @inlinable
    mutating func move(toCapacity newCapacity: Int) {
        let moved = Storage(capacity: newCapacity)
        moved.base.initialize(from: base, count: count)
        storage = moved
        base = moved.base
        capacity = newCapacity
    }
}

extension EngineBuffer: RandomAccessCollection, MutableCollection {
    @inlinable @inline(__always) public var startIndex: Int { 0 }
    @inlinable @inline(__always) public var endIndex: Int { count }
    @inlinable @inline(__always) public func index(after i: Int) -> Int { i + 1 }
    @inlinable @inline(__always) public func index(before i: Int) -> Int { i - 1 }
}

/// A buffer of any element type, seen for its storage alone: for tests that every buffer of a
/// state is made unique.
public protocol EngineBufferIdentified {
    var storageIdentity: ObjectIdentifier { get }
}

extension EngineBuffer: EngineBufferIdentified {}
