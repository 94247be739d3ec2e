// Parses one ~8 MB XML catalogue three ways, each in its own benchmark (and, as the benchmark
// package runs them, its own process):
//
//   floor      libxml2's SAX2 parser with empty callbacks: the least any SAX-based reader can cost;
//   Playbench  XMLPlistReader.read(bytes:), which builds a PlistNode tree on the same parser;
//   Foundation PropertyListSerialization.propertyList(from:options:format:);
//
// and the same catalogue as a ~3 MB binary plist two ways:
//
//   Playbench  BinaryPlistReader.read(bytes:);
//   libplist   plist_from_bin (Sources/LibplistReader), which builds libplist's node tree.
//
// Each group gets the same bytes, generated deterministically at start-up
// (Sources/BenchmarkSupport/Catalogue.swift), and each result is checked after the first parse
// (Playbench's trees must equal the generated one; libplist's must have as many nodes). Only the parse is measured: input preparation happens in setup, and the result is released after the
// measurement stops. See ../../README.md and ../../ratios.sh; Sources/parse-driver runs the
// same parses without the benchmark harness, for profilers and as a cross-check.
import Benchmark
import Foundation
import PropertyList
import BenchmarkSupport
import LibplistReader
import SAX2Floor

/// The exact peak resident memory the parse added (kernel high-water mark; see ResidentMemory).
let peakResidentDelta = BenchmarkMetric.custom("peakResidentDelta (bytes)", polarity: .prefersSmaller, useScalingFactor: false)
/// The input size, recorded with every sample so that reports carry it.
let inputBytes = BenchmarkMetric.custom("inputBytes", polarity: .prefersSmaller, useScalingFactor: false)

/// Generated once per process, on first use from a benchmark's setup (not while benchmarks are listed).
/// Until the first measured iteration has measured memory, the allocator returns freed memory to
/// the kernel (see `measureParse`).
let catalogue: Catalogue = {
    ResidentMemory.returnFreedMemory()
    return Catalogue.make()
}()

let benchmarks: @Sendable () -> Void = {
    func configuration(iterations: Int, seconds: Int) -> Benchmark.Configuration {
        .init(
            // .throughput only because the JMH export (ratios.sh) refuses benchmarks without it.
            metrics: [.wallClock, .cpuTotal, .throughput, .mallocCountTotal, .peakMemoryResident, peakResidentDelta, inputBytes],
            timeUnits: .milliseconds,
            // None: the first measured parse must be the process's first (see measureParse);
            // it is one sample among many, so it does not move the median either.
            warmupIterations: 0,
            maxDuration: .seconds(seconds),
            maxIterations: iterations
        )
    }

    Benchmark(
        "XML 8MB: libxml2 SAX2 floor",
        configuration: configuration(iterations: 40, seconds: 10)
    ) { benchmark, bytes in
        measureParse(benchmark, bytes: bytes.count) {
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { sax2_floor_parse($0.baseAddress, $0.count) }
            }
        } check: { status in
            status == 0 ? nil : "libxml2 reported error \(status)"
        } verify: { _ in
            // A counting pass over the same bytes: the floor must see every element.
            let events = bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { sax2_floor_count_events($0.baseAddress, $0.count) }
            }
            let expected = 2 * catalogue.elementCount // a start and an end event each
            return events == expected ? nil : "the floor saw \(events) element events; the catalogue has \(expected)"
        }
    } setup: {
        catalogue.bytes
    }

    Benchmark(
        "XML 8MB: Playbench XMLPlistReader",
        configuration: configuration(iterations: 40, seconds: 10)
    ) { benchmark, bytes in
        measureParse(benchmark, bytes: bytes.count) {
            Result { () throws(PlistError) in try XMLPlistReader.read(bytes: bytes) }
        } check: { result in
            if case .failure(let error) = result { "XMLPlistReader: \(error)" } else { nil }
        } verify: { result in
            (try? result.get()) == catalogue.tree ? nil : "XMLPlistReader's tree differs from the generated one"
        }
    } setup: {
        catalogue.bytes
    }

    Benchmark(
        "XML 8MB: Foundation PropertyListSerialization",
        configuration: configuration(iterations: 15, seconds: 20)
    ) { benchmark, data in
        measureParse(benchmark, bytes: data.count) {
            Result { try PropertyListSerialization.propertyList(from: data, options: [], format: nil) }
        } check: { result in
            if case .failure(let error) = result { "PropertyListSerialization: \(error)" } else { nil }
        } verify: { result in
            guard let root = try? result.get() as? [String: Any], root.count == 4,
                let stateful = root["statefulItems"] as? [Any], stateful.count == catalogue.categoriesPerKind
            else { return "PropertyListSerialization read something other than the catalogue" }
            return nil
        }
    } setup: {
        Data(catalogue.bytes)
    }

    // The same catalogue as a binary plist (BinaryPlistWriter), read by Playbench and by libplist.

    Benchmark(
        "Binary 3MB: Playbench BinaryPlistReader",
        configuration: configuration(iterations: 40, seconds: 10)
    ) { benchmark, bytes in
        measureParse(benchmark, bytes: bytes.count) {
            Result { () throws(PlistError) in try BinaryPlistReader.read(bytes: bytes) }
        } check: { result in
            if case .failure(let error) = result { "BinaryPlistReader: \(error)" } else { nil }
        } verify: { result in
            (try? result.get()) == catalogue.tree ? nil : "BinaryPlistReader's tree differs from the generated one"
        }
    } setup: {
        catalogue.binaryBytes
    }

    Benchmark(
        "Binary 3MB: libplist plist_from_bin",
        configuration: configuration(iterations: 40, seconds: 10)
    ) { benchmark, bytes in
        measureParse(benchmark, bytes: bytes.count) {
            LibplistTree(bytes)
        } check: { tree in
            tree.root == nil ? "libplist refused the binary catalogue" : nil
        } verify: { tree in
            let nodes = libplist_count_nodes(tree.root)
            return nodes == catalogue.nodeCount
                ? nil : "libplist saw \(nodes) nodes; the catalogue has \(catalogue.nodeCount) values and keys"
        }
    } setup: {
        catalogue.binaryBytes
    }
}

/// A tree libplist read, freed (`plist_free`) when the benchmark releases it after the
/// measurement, as Swift's trees are.
final class LibplistTree {
    let root: UnsafeMutableRawPointer?

    init(_ bytes: [UInt8]) {
        root = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { libplist_read_binary($0.baseAddress, $0.count) }
        }
    }

    deinit { libplist_free(root) }
}

/// One measured iteration: only `parse` is timed; its result is checked and released afterwards.
///
/// The first measured iteration, which is the first parse in the process, also records the
/// exact peak resident memory the parse added (`peakResidentDelta`), and verifies the result
/// (`verify`, outside the measurement). Up to then the allocator has been returning freed memory
/// to the kernel (see `catalogue`), so the parse starts as in a fresh process. (It has to be the
/// first: after a parse, glibc keeps some freed memory resident in the thread's arena, beyond
/// `malloc_trim`'s reach, and a later parse reusing it would read megabytes low.) After it, the
/// allocator keeps freed memory, and the remaining iterations time steady-state parses that
/// reuse resident pages (`ResidentMemory.keepFreedMemory()` says why).
@inline(never)
func measureParse<R>(
    _ benchmark: Benchmark, bytes: Int, _ parse: () -> R, check: (R) -> String?, verify: (R) -> String?
) {
    let first = benchmark.currentIteration == benchmark.configuration.warmupIterations
    let mark = first ? ResidentMemory.begin() : nil
    benchmark.startMeasurement()
    var result: R? = parse()
    benchmark.stopMeasurement()
    if first, let delta = ResidentMemory.peakDelta(since: mark) {
        benchmark.measurement(peakResidentDelta, delta)
    }
    benchmark.measurement(inputBytes, bytes)
    if let message = check(result!) ?? (first ? verify(result!) : nil) { benchmark.error(message) }
    blackHole(result)
    result = nil // released here, after the measurement
    if first { ResidentMemory.keepFreedMemory() }
}

