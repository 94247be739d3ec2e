/// Writes binary property lists (`bplist00`) that CoreFoundation reads, and that
/// ``BinaryPlistReader`` reads back to an equal tree: `read(write(v)) == v` for every value.
///
/// Object references and offsets use the fewest of 1, 2, 4 or 8 bytes that reach every object
/// and the offset table; dictionary keys keep the dictionary's order. See
/// ``BinaryPlistEncoding`` for the encoding of each value and ``BinaryPlistObjectTable`` for
/// which objects are shared.
///
/// ```swift
/// let bytes = BinaryPlistWriter.write(["name": "Car", "wheels": 4])
/// bytes.prefix(8)  // "bplist00"
/// ```
public enum BinaryPlistWriter {
    public static func write(_ node: PlistNode) -> [UInt8] {
        var table = BinaryPlistObjectTable()
        let top = table.flatten(node)
        let objects = table.objects
        let referenceSize = BinaryPlistEncoding.width(UInt64(objects.count - 1))

        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(out.count)
            switch object {
            case .scalar(let bytes):
                out.append(contentsOf: bytes)
            case .array(let references):
                BinaryPlistEncoding.appendHeader(0xA0, count: references.count, to: &out)
                append(references, size: referenceSize, to: &out)
            case .dictionary(let keys, let values):
                BinaryPlistEncoding.appendHeader(0xD0, count: keys.count, to: &out)
                append(keys, size: referenceSize, to: &out)
                append(values, size: referenceSize, to: &out)
            }
        }

        // Wide enough to reach the table itself, as CoreFoundation requires.
        let tableOffset = out.count
        let offsetSize = BinaryPlistEncoding.width(UInt64(tableOffset))
        append(offsets, size: offsetSize, to: &out)

        out.append(contentsOf: [0, 0, 0, 0, 0, 0])  // unused, sort version
        out.append(UInt8(offsetSize))
        out.append(UInt8(referenceSize))
        for field in [objects.count, top, tableOffset] {
            BinaryPlistEncoding.appendUnsigned(UInt64(field), size: 8, to: &out)
        }
        return out
    }

    private static func append(_ numbers: [Int], size: Int, to out: inout [UInt8]) {
        out.reserveCapacity(out.count + numbers.count * size)
        for number in numbers { BinaryPlistEncoding.appendUnsigned(UInt64(number), size: size, to: &out) }
    }
}
