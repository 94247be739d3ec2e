/// A stack whose top elements can be moved out into an array in one step, without copying
/// them (a retain each) and then destroying the originals (a release each), which is what
/// `Array(stack[start...])` followed by `removeSubrange` costs. The tree builders move every
/// container's children out of such a stack once.
///
/// Its stored properties skip Swift's dynamic exclusivity checks: a stack is owned by one
/// builder, used by one thread, and no access to it overlaps another, while the checks cost a
/// measurable share of a parse (they run on every push).
final class MovingStack<Element> {
    @exclusivity(unchecked) private var storage: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        storage = .allocate(capacity: self.capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    func append(_ element: consuming Element) {
        if count == capacity { grow() }
        (storage + count).initialize(to: element)
        count += 1
    }

    /// Removes and returns the top element; the stack must not be empty.
    func removeLast() -> Element {
        count -= 1
        return (storage + count).move()
    }

    subscript(index: Int) -> Element { storage[index] }

    var isEmpty: Bool { count == 0 }

    /// The top element, if any.
    var last: Element? { count > 0 ? storage[count - 1] : nil }

    /// Removes and returns the top element, if any.
    func popLast() -> Element? { count > 0 ? removeLast() : nil }

    /// Moves the elements from `start` to the top into a new array, leaving `start` elements.
    func moveOut(from start: Int) -> [Element] {
        let n = count - start
        guard n > 0 else { return [] }
        count = start
        // Appended into reserved capacity: `Array(unsafeUninitializedCapacity:)` looks the
        // array's storage class up at run time, in a hashed cache, once per container.
        var moved: [Element] = []
        moved.reserveCapacity(n)
        for i in start..<(start + n) { moved.append((storage + i).move()) }
        return moved
    }

    /// Moves element `index` out, leaving its slot uninitialized: the caller must then
    /// ``forgetMoved(downTo:)`` every slot it took, before any other use of the stack.
    func take(at index: Int) -> Element { (storage + index).move() }

    /// Shrinks the stack to `start` elements without destroying those above, which were taken.
    func forgetMoved(downTo start: Int) { count = start }

    private func grow() {
        let newCapacity = capacity * 2
        let newStorage = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newStorage.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }
}
