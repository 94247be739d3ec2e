import FlyingSocks

/// Lines handed to an HTTP response as they are written, for a body sent chunk by chunk
/// (chunked transfer encoding): what the page reads as a run's numbers come in. When the
/// response stops being read (the page closed, the socket failed), `onEnd` runs.
struct LineStream: AsyncBufferedSequence {
    typealias Element = UInt8

    let lines: AsyncStream<[UInt8]>

    func makeAsyncIterator() -> Iterator { Iterator(lines: lines.makeAsyncIterator()) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var lines: AsyncStream<[UInt8]>.Iterator
        var pending: [UInt8] = []
        var start = 0

        mutating func next() async -> UInt8? {
            guard let buffer = await nextBuffer(suggested: 1) else { return nil }
            return buffer.first
        }

        mutating func nextBuffer(suggested count: Int) async -> ArraySlice<UInt8>? {
            while start >= pending.count {
                guard let line = await lines.next() else { return nil }
                (pending, start) = (line, 0)
            }
            let end = Swift.min(pending.count, start + Swift.max(1, count))
            defer { start = end }
            return pending[start..<end]
        }
    }
}
