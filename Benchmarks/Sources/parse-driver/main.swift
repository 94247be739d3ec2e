// A driver for profilers and for cross-checking the benchmark: the benchmark's catalogue and
// parsers without the benchmark harness (no malloc interposer, no sampling thread).
//
//     swift build -c release --product parse-driver
//     .build/release/parse-driver reader 20           (or floor, foundation)
//     .build/release/parse-driver compare 15          (all three interleaved, round by round)
//     perf record -e cpu-clock -g .build/release/parse-driver reader 20
//     .build/release/parse-driver write catalogue.plist  (the bytes, for other tools)
//     .build/release/parse-driver size                   (their exact count)
//
// As in the benchmark, the first parse of each parser starts from fresh memory and records its
// peak resident delta; later parses reuse the memory the allocator kept (steady state).
// `compare` runs the parsers in turn within each round, so that a slow spell on a shared machine
// slows all three alike; its ratios are medians of the per-round ratios.
import BenchmarkSupport
import Foundation
import PropertyList
import SAX2Floor

let usage = "usage: parse-driver floor|reader|foundation|compare [iterations] | write FILE | size\n"
let arguments = CommandLine.arguments.dropFirst()
guard let mode = arguments.first, ["floor", "reader", "foundation", "compare", "write", "size"].contains(mode) else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}

ResidentMemory.returnFreedMemory() // until the first parses have measured memory, as in the benchmark
let catalogue = Catalogue.make()
if mode == "size" {
    print(catalogue.bytes.count)
    exit(0)
}
if mode == "write" {
    guard let path = arguments.dropFirst().first else {
        FileHandle.standardError.write(Data(usage.utf8))
        exit(2)
    }
    try Data(catalogue.bytes).write(to: URL(fileURLWithPath: path))
    print("wrote \(catalogue.bytes.count) bytes to \(path)")
    exit(0)
}
let iterations = max(1, arguments.dropFirst().first.flatMap { Int($0) } ?? 10)
let bytes = catalogue.bytes
let data = Data(bytes)
let parsers = mode == "compare" ? ["floor", "reader", "foundation"] : [mode]
print("input: \(bytes.count) bytes, \(catalogue.elementCount) elements; \(parsers.joined(separator: ", ")) × \(iterations)")

/// One parse; returns milliseconds and, when asked, the peak resident delta.
func parse(_ parser: String, measuringMemory: Bool) throws -> (ms: Double, peak: Int?) {
    let mark = measuringMemory ? ResidentMemory.begin() : nil
    let start = ContinuousClock.now
    var keep: Any? = nil
    switch parser {
    case "floor":
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { sax2_floor_parse($0.baseAddress, $0.count) }
        }
        precondition(status == 0, "libxml2 error \(status)")
    case "reader":
        keep = try XMLPlistReader.read(bytes: bytes)
    default:
        keep = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    }
    let elapsed = start.duration(to: .now)
    let peak = measuringMemory ? ResidentMemory.peakDelta(since: mark) : nil
    withExtendedLifetime(keep) {}
    keep = nil
    return (Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15, peak)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

var first: [String: (ms: Double, peak: Int?)] = [:]
for parser in parsers { first[parser] = try parse(parser, measuringMemory: true) }
ResidentMemory.keepFreedMemory()

var times: [String: [Double]] = [:]
for round in 1..<max(2, iterations) {
    // Rotate the order so that no parser always follows the same one.
    for k in 0..<parsers.count {
        let parser = parsers[(round + k) % parsers.count]
        times[parser, default: []].append(try parse(parser, measuringMemory: false).ms)
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

if mode == "compare", iterations > 1, let floor = times["floor"], let reader = times["reader"], let foundation = times["foundation"] {
    let readerOverFloor = median(zip(reader, floor).map { $0 / $1 })
    let foundationOverReader = median(zip(foundation, reader).map { $0 / $1 })
    print(String(format: "reader / floor %.2f×, Foundation / reader %.2f× (medians of per-round ratios)",
                 readerOverFloor, foundationOverReader))
}
