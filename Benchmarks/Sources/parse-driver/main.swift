// A driver for profilers and for cross-checking the benchmark: the benchmark's catalogue and
// parsers without the benchmark harness (no malloc interposer, no sampling thread).
//
//     swift build -c release --product parse-driver
//     .build/release/parse-driver reader 20           (or floor, foundation: the XML catalogue)
//     .build/release/parse-driver compare 15          (all three interleaved, round by round)
//     .build/release/parse-driver binary 20           (or libplist: the same catalogue as a binary plist)
//     .build/release/parse-driver compare-binary 15   (both interleaved, round by round)
//     perf record -e cpu-clock -g .build/release/parse-driver reader 20
//     .build/release/parse-driver write catalogue.plist          (the XML bytes, for other tools)
//     .build/release/parse-driver write-binary catalogue.bplist  (the binary bytes)
//     .build/release/parse-driver size                           (the XML's exact byte count)
//
// As in the benchmark, the first parse of each parser starts from fresh memory and records its
// peak resident delta, and its result is checked against the generated catalogue (outside the
// timing); later parses reuse the memory the allocator kept (steady state). The compare modes
// run the parsers in turn within each round, so that a slow spell on a shared machine slows all
// alike; their ratios are medians of the per-round ratios.
import BenchmarkSupport
import Foundation
import LibplistReader
import PropertyList
import SAX2Floor

let usage = """
    usage: parse-driver floor|reader|foundation|compare|binary|libplist|compare-binary [iterations]
           parse-driver write FILE | write-binary FILE | size

    """
let parseModes = ["floor", "reader", "foundation", "compare", "binary", "libplist", "compare-binary"]
let arguments = CommandLine.arguments.dropFirst()
guard let mode = arguments.first, (parseModes + ["write", "write-binary", "size"]).contains(mode) else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}

ResidentMemory.returnFreedMemory() // until the first parses have measured memory, as in the benchmark
let catalogue = Catalogue.make()
if mode == "size" {
    print(catalogue.bytes.count)
    exit(0)
}
if mode == "write" || mode == "write-binary" {
    guard let path = arguments.dropFirst().first else {
        FileHandle.standardError.write(Data(usage.utf8))
        exit(2)
    }
    let output = mode == "write" ? catalogue.bytes : catalogue.binaryBytes
    try Data(output).write(to: URL(fileURLWithPath: path))
    print("wrote \(output.count) bytes to \(path)")
    exit(0)
}
let iterations = max(1, arguments.dropFirst().first.flatMap { Int($0) } ?? 10)
let binary = ["binary", "libplist", "compare-binary"].contains(mode)
let bytes = binary ? catalogue.binaryBytes : catalogue.bytes
let data = Data(bytes)
let parsers = switch mode {
case "compare": ["floor", "reader", "foundation"]
case "compare-binary": ["binary", "libplist"]
default: [mode]
}
print("input: \(bytes.count) bytes of \(binary ? "binary plist" : "XML"), \(catalogue.nodeCount) values and keys;"
      + " \(parsers.joined(separator: ", ")) × \(iterations)")

/// What a parse left behind, released after the clock stops (libplist's tree by `libplist_free`).
enum Parsed {
    case none
    case tree(PlistNode)
    case foundation(Any)
    case libplist(UnsafeMutableRawPointer?)

    func release() {
        if case .libplist(let tree) = self { libplist_free(tree) }
    }
}

/// One parse; returns milliseconds and, when asked, the peak resident delta. The first result
/// of each parser is checked against the catalogue.
func parse(_ parser: String, first: Bool) throws -> (ms: Double, peak: Int?) {
    let mark = first ? ResidentMemory.begin() : nil
    let start = ContinuousClock.now
    let result: Parsed
    switch parser {
    case "floor":
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { sax2_floor_parse($0.baseAddress, $0.count) }
        }
        precondition(status == 0, "libxml2 error \(status)")
        result = .none
    case "reader":
        result = .tree(try XMLPlistReader.read(bytes: bytes))
    case "binary":
        result = .tree(try BinaryPlistReader.read(bytes: bytes))
    case "libplist":
        result = .libplist(bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { libplist_read_binary($0.baseAddress, $0.count) }
        })
    default:
        result = .foundation(try PropertyListSerialization.propertyList(from: data, options: [], format: nil))
    }
    let elapsed = start.duration(to: .now)
    let peak = first ? ResidentMemory.peakDelta(since: mark) : nil
    if first { verify(parser, result) }
    result.release()
    return (Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15, peak)
}

/// Stops the driver when a parser did not read the whole catalogue, so that no time is reported
/// for a parse that skipped work.
func verify(_ parser: String, _ result: Parsed) {
    let problem: String? = switch result {
    case .none: nil // the benchmark's floor counts its events; the driver trusts libxml2's status
    case .tree(let tree): tree == catalogue.tree ? nil : "its tree differs from the generated one"
    case .libplist(let tree):
        libplist_count_nodes(tree) == catalogue.nodeCount
            ? nil : "it saw \(libplist_count_nodes(tree)) nodes; the catalogue has \(catalogue.nodeCount)"
    case .foundation(let root):
        ((root as? [String: Any])?["statefulItems"] as? [Any])?.count == catalogue.categoriesPerKind
            ? nil : "it read something other than the catalogue"
    }
    if let problem {
        FileHandle.standardError.write(Data("parse-driver: \(parser): \(problem)\n".utf8))
        exit(1)
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

var first: [String: (ms: Double, peak: Int?)] = [:]
for parser in parsers { first[parser] = try parse(parser, first: true) }
ResidentMemory.keepFreedMemory()

var times: [String: [Double]] = [:]
for round in 1..<max(2, iterations) {
    // Rotate the order so that no parser always follows the same one.
    for k in 0..<parsers.count {
        let parser = parsers[(round + k) % parsers.count]
        times[parser, default: []].append(try parse(parser, first: false).ms)
    }
}

for parser in parsers {
    let cold = first[parser]!
    let name = parser.padding(toLength: 10, withPad: " ", startingAt: 0)
    var line = name + String(format: "  first parse (fresh memory) %7.1f ms", cold.ms)
    if let peak = cold.peak {
        line += String(format: ", peak resident delta %5.1f MB (%.2f× the input)", Double(peak) / 1e6, Double(peak) / Double(bytes.count))
    }
    print(line)
    if let steady = times[parser], iterations > 1 {
        print(name + String(format: "  steady state, %d parses: min %7.1f ms, median %7.1f ms",
                            steady.count, steady.min()!, median(steady)))
    }
}

/// The median over rounds of `a`'s time over `b`'s in the same round.
func medianRatio(_ a: String, _ b: String, in times: [String: [Double]]) -> Double? {
    guard let x = times[a], let y = times[b] else { return nil }
    return median(zip(x, y).map { $0 / $1 })
}

if mode == "compare", iterations > 1, let readerOverFloor = medianRatio("reader", "floor", in: times),
    let foundationOverReader = medianRatio("foundation", "reader", in: times)
{
    print(String(format: "reader / floor %.2f×, Foundation / reader %.2f× (medians of per-round ratios)",
                 readerOverFloor, foundationOverReader))
}
if mode == "compare-binary", iterations > 1, let binaryOverLibplist = medianRatio("binary", "libplist", in: times) {
    print(String(format: "binary reader / libplist %.2f× (median of per-round ratios)", binaryOverLibplist))
}
