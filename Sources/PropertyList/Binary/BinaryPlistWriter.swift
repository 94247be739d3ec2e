/// Writes binary property lists (`bplist00`) that CoreFoundation reads, and that
/// ``BinaryPlistReader`` reads back to an equal tree: `read(write(v)) == v` for every value.
///
/// Object references and offsets use the fewest of 1, 2, 4 or 8 bytes that CoreFoundation
/// accepts: wide enough for the object count and for the offset table's own position.
/// Dictionary keys keep the dictionary's order. Equal scalars are stored once (compared byte
/// for byte, so -0.0 and 0.0, or "é" composed and decomposed, stay apart); containers are not
/// shared. Flattening uses a work list, so trees of any depth can be written.
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
        // CoreFoundation wants the object count itself to fit, not only the highest number.
        let referenceSize = BinaryPlistEncoding.width(UInt64(objects.count))

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
