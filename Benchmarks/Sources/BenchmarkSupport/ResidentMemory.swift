#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Exact peak resident memory of one measured region, from the kernel's high-water mark.
///
/// The benchmark package's `peakMemoryResident(Delta)` samples the resident set every ~10 ms from a
/// background thread, which can miss a short peak. On Linux the kernel tracks the peak itself
/// (`VmHWM` in /proc/self/status) and lets a process reset it to the current resident size by
/// writing `5` to /proc/self/clear_refs. So: have the allocator return freed memory to the
/// kernel, reset the mark, note the resident size, run the region, read the mark. The difference is the most resident memory
/// the region added at any instant, whether or not it was freed again before the end.
///
/// Elsewhere (or if /proc is not writable) `isAvailable` is false and nothing is recorded.
public enum ResidentMemory {
    public struct Mark: Sendable {
        public let residentBytes: Int
    }

    public static let isAvailable: Bool = {
        #if os(Linux)
        return resetPeak() && readStatus("VmHWM:") != nil
        #else
        return false
        #endif
    }()

    /// Call just before the measured region. For an honest peak, ``returnFreedMemory()`` must have
    /// been in effect since before the process's earlier large blocks were freed.
    public static func begin() -> Mark? {
        guard isAvailable else { return nil }
        #if os(Linux)
        // Hand what the allocator still holds back to the kernel. Freeing a block of 64 KiB or
        // more makes glibc consolidate this thread's arena and trim its top — which malloc_trim
        // does only for the main arena, and the harness does not parse on the main thread; then
        // malloc_trim releases the whole pages of the free chunks inside the heaps.
        free(malloc(96 * 1024))
        _ = glibcMallocTrim(0)
        #endif
        guard resetPeak(), let resident = readStatus("VmRSS:") else { return nil }
        return Mark(residentBytes: resident)
    }

    /// Call just after the measured region, while its result is still alive.
    public static func peakDelta(since mark: Mark?) -> Int? {
        guard let mark, let peak = readStatus("VmHWM:") else { return nil }
        return max(0, peak - mark.residentBytes)
    }

    /// Makes glibc's allocator behave as in a fresh process: allocations of 128 KiB and more get
    /// their own mapping and are unmapped when freed, and a heap's free top goes back to the
    /// kernel. Needed for a true peak: by default glibc raises both thresholds after the first
    /// large free (up to 32 MiB), and the top of a thread's arena — the benchmark harness runs
    /// benchmarks off the main thread — then stays resident between parses, out of
    /// `malloc_trim`'s reach, and the next parse reuses those pages without the peak showing.
    /// (Setting the thresholds explicitly also turns glibc's adjustment of them off.)
    /// Call it before anything large is allocated.
    public static func returnFreedMemory() {
        #if os(Linux)
        let freshProcessThreshold: Int32 = 128 * 1024
        _ = glibcMallopt(-1 /* M_TRIM_THRESHOLD */, freshProcessThreshold)
        _ = glibcMallopt(-3 /* M_MMAP_THRESHOLD */, freshProcessThreshold)
        #endif
    }

    /// The opposite, for timing steady-state parses: the allocator keeps what it has (nothing is
    /// trimmed, nothing up to 32 MiB is mapped for itself), so repeated parses reuse resident
    /// pages instead of faulting fresh ones in; a fresh page costs a fault and zeroing, and much
    /// more, and unevenly, in a virtual machine.
    public static func keepFreedMemory() {
        #if os(Linux)
        _ = glibcMallopt(-1 /* M_TRIM_THRESHOLD */, 1 << 30)
        _ = glibcMallopt(-3 /* M_MMAP_THRESHOLD */, 32 << 20)
        #endif
    }

    private static func resetPeak() -> Bool {
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var five: UInt8 = UInt8(ascii: "5")
        return write(fd, &five, 1) == 1
    }

    /// A `kB` field of /proc/self/status, in bytes.
    private static func readStatus(_ field: StaticString) -> Int? {
        let fd = open("/proc/self/status", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = buffer[0..<count]
        let key = Array(UnsafeBufferPointer(start: field.utf8Start, count: field.utf8CodeUnitCount))
        var lineStart = text.startIndex
        while lineStart < text.endIndex {
            let lineEnd = text[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
            let line = text[lineStart..<lineEnd]
            if line.starts(with: key) {
                var value = 0
                for byte in line.dropFirst(key.count) where byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    value = value * 10 + Int(byte - UInt8(ascii: "0"))
                }
                return value * 1024
            }
            lineStart = text.index(after: lineEnd)
        }
        return nil
    }
}

#if os(Linux)
/// glibc's `int malloc_trim(size_t pad)` (<malloc.h>, which the Glibc module does not export).
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32

/// glibc's `int mallopt(int param, int value)`.
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
