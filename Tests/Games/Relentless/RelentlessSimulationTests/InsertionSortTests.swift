import EngineBuffers
import RelentlessGeneration
import Testing

/// Generation's insertion sort on the engine's buffer, as numbering sorts an order's items and
/// recipes and delivery a package (issue 44 moved those lists from `Array` to ``EngineBuffer``).
@Suite("The insertion sort on an engine buffer")
struct InsertionSortTests {
    @Test("the engine's insertion sort on a buffer is a stable sort")
    func insertionSortOnABuffer() {
        let keys = [5, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4]
        var buffer = EngineBuffer<(key: Int, position: Int)>()
        for (position, key) in keys.enumerated() { buffer.append((key, position)) }
        buffer.insertionSort(from: 3) { $0.key < $1.key }
        let expected = Array(keys.enumerated().map { (key: $0.element, position: $0.offset) }.prefix(3))
            + keys.enumerated().dropFirst(3).map { (key: $0.element, position: $0.offset) }.sorted { ($0.key, $0.position) < ($1.key, $1.position) }
        #expect(buffer.map(\.key) == expected.map(\.key) && buffer.map(\.position) == expected.map(\.position))
    }
}
