/// The text of the leaf element being read, its storage reused from element to element.
///
/// An array's `append(contentsOf:)` and `removeAll(keepingCapacity:)` cost a tenth of the
/// reader's own work, once per text chunk and once per element; here they are a copy and a
/// store. Its stored properties skip Swift's dynamic exclusivity checks, as `MovingStack`'s do:
/// a buffer belongs to one builder, used by one thread, with no overlapping accesses.
final class TextBuffer {
    @exclusivity(unchecked) private var storage: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if bytes.count > capacity - count { grow(toHold: count + bytes.count) }
        (storage + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    func removeAll() { count = 0 }

    /// The text so far, valid until the next `append` or `removeAll`.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage, count: count) }

    private func grow(toHold needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStorage.initialize(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }
}
