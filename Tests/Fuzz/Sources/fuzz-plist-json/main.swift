import FuzzSupport
import PropertyList

/// The JSON reader of `plist convert` on any bytes: it reads or throws, never traps; what it reads
/// writes in XML and binary and reads back to the same values, and writes as JSON again, which
/// reads back to the same values but for an integral real, which JSON writes as an integer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlistJSON(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let node = try? JSONPlistReader.read(bytes: FuzzInput.bytes(data, count)) else { return 0 }
    PlistRoundTrip.check(node)
    do {
        let json = try JSONPlistWriter.write(node)
        do {
            let back = try JSONPlistReader.read(bytes: json)
            fuzzCheck(sameInJSON(back, node), "a plist read from JSON and written as JSON reads back to other values")
        } catch {
            fuzzCheck(false, "a plist read from JSON and written as JSON does not read back: \(error)")
        }
    } catch {
        fuzzCheck(false, "a plist read from JSON cannot be written as JSON: \(error)")
    }
    return 0
}

/// Equal values, an integer equal to a real as numbers (JSON writes 2.0 as 2).
func sameInJSON(_ a: PlistNode, _ b: PlistNode) -> Bool {
    switch (a.value, b.value) {
    case (.integer(let i), .real(let r)), (.real(let r), .integer(let i)): return i.doubleValue == r
    case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(sameInJSON)
    case (.dictionary(let x), .dictionary(let y)):
        return x.count == y.count && zip(x.pairs, y.pairs).allSatisfy { $0.key == $1.key && sameInJSON($0.value, $1.value) }
    default: return a == b
    }
}
