/// A growable array of plain values for the engine's state, whose reads and writes are a load
/// or a store: no uniqueness check (`Array`'s copy on write) and, in release builds, no bounds
/// check. The round's engine writes its arrays thousands of times a round; those checks were
/// a tenth of its instructions (issue 44).
///
/// The price is that copies share their elements: a write through one is seen by the others
/// (the subscript's setter is `nonmutating`, so even a `let` copy or a non-mutating method can
/// write). Only growing (``append(_:)``, ``insert(_:at:)``, ``reserveCapacity(_:)``) moves the
/// elements to storage of their own. An owner that hands out copies, as
/// ``RoundTable`` does (a value whose copies are independent), calls ``makeUnique()`` before it
/// writes: ``RoundState/load(_:design:parameters:team:rules:)`` does, once a round.
///
/// Indices are checked in debug builds (the test suite's), where an index out of range traps as
/// it would in an `Array`; release builds trust the engine, whose indices the tests cover.
/// Elements are plain values (no references: numbers, enums, ranges and structs of them), so
/// nothing is retained, released or deinitialised; making a buffer of any other type traps.
/// (`BitwiseCopyable` would say so in the type, but `Range` does not conform to it.)
struct EngineBuffer<Element> {
    /// Owns the allocation; freed with the last buffer that refers to it.
    final class Storage {
        let base: UnsafeMutablePointer<Element>
        let capacity: Int

        init(capacity: Int) {
            precondition(_isPOD(Element.self), "EngineBuffer holds plain values only, not \(Element.self)")
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        deinit { base.deallocate() }
    }

    private var storage: Storage
    // The storage's fields, held here too so that an access reads no class field.
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init() { self.init(capacity: 0) }

    init(capacity: Int) {
        storage = Storage(capacity: capacity)
        base = storage.base
        self.capacity = capacity
    }

    init(repeating value: Element, count: Int) {
        self.init(capacity: count)
        append(repeating: value, count: count)
    }

    @inline(__always)
    private func check(_ i: Int) {
        #if DEBUG
            precondition(i >= 0 && i < count, "EngineBuffer index \(i) out of range 0..<\(count)")
        #endif
    }

    subscript(i: Int) -> Element {
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

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(to: count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    mutating func append(contentsOf elements: some Sequence<Element>) {
        for element in elements { append(element) }
    }

    /// Appends `n` copies of `value`: one capacity check, not one per element.
    mutating func append(repeating value: Element, count n: Int) {
        precondition(n >= 0)
        reserveCapacity(count + n)
        for i in count..<(count + n) { (base + i).initialize(to: value) }
        count += n
    }

    /// Empties the buffer; its storage is kept for the next round.
    @inline(__always)
    mutating func removeAll() { count = 0 }

    /// Empties the buffer for a new round, with storage of its own (``makeUnique()``).
    mutating func startOver() {
        count = 0
        makeUnique()
    }

    /// ``startOver()``, then `count` copies of `value`.
    mutating func startOver(repeating value: Element, count newCount: Int) {
        startOver()
        append(repeating: value, count: newCount)
    }

    /// Removes the elements from `tail.lowerBound` on.
    @inline(__always)
    mutating func removeSubrange(_ tail: PartialRangeFrom<Int>) {
        precondition(tail.lowerBound >= 0 && tail.lowerBound <= count)
        count = tail.lowerBound
    }

    mutating func insert(_ element: Element, at i: Int) {
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
        count += 1
    }

    @discardableResult
    mutating func remove(at i: Int) -> Element {
        precondition(i >= 0 && i < count)
        let removed = base[i]
        for k in i..<(count - 1) { base[k] = base[k + 1] }
        count -= 1
        return removed
    }

    mutating func reserveCapacity(_ minimum: Int) {
        if minimum > capacity { grow(to: minimum) }
    }

    /// Which storage the buffer uses: for tests of who shares it.
    var storageIdentity: ObjectIdentifier { ObjectIdentifier(storage) }

    /// Gives this buffer storage of its own when another buffer shares it.
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { move(toCapacity: capacity) }
    }

    private mutating func grow(to minimum: Int) {
        move(toCapacity: Swift.max(minimum, 2 * capacity, 16))
    }

    private mutating func move(toCapacity newCapacity: Int) {
        let moved = Storage(capacity: newCapacity)
        moved.base.initialize(from: base, count: count)
        storage = moved
        base = moved.base
        capacity = newCapacity
    }
}

extension EngineBuffer: RandomAccessCollection, MutableCollection {
    @inline(__always) var startIndex: Int { 0 }
    @inline(__always) var endIndex: Int { count }
    @inline(__always) func index(after i: Int) -> Int { i + 1 }
    @inline(__always) func index(before i: Int) -> Int { i - 1 }
}

/// A buffer of any element type, seen for its storage alone: for tests that every buffer of a
/// state is made unique.
protocol EngineBufferIdentified {
    var storageIdentity: ObjectIdentifier { get }
}

extension EngineBuffer: EngineBufferIdentified {}
