/// libFuzzer's input as bytes, for the `LLVMFuzzerTestOneInput` of each target.
///
/// ```swift
/// @_cdecl("LLVMFuzzerTestOneInput")
/// public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
///     let bytes = FuzzInput.bytes(data, count)
///     …
///     return 0
/// }
/// ```
public enum FuzzInput {
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
        guard let data, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: count))
    }
}

/// Fails the run (a crash libFuzzer records, with the input) when a property every input must
/// keep does not hold: for round trips, where a wrong answer is a bug as much as a trap.
public func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("fuzz property failed: \(message())") }
}

/// What a target makes once and keeps for the whole run (a global, such as the shipped design a
/// playtest log is read against), made with LeakSanitizer looking away: at exit it reported part
/// of such a global (compiled expressions' instruction arrays) as leaked though the global holds
/// it, most likely a pointer it does not recognise (Swift stores some with tag bits, in enum
/// payloads). Allocations per input are checked as before.
public func keptForTheRun<T>(_ make: () -> T) -> T {
    lsanDisable()
    defer { lsanEnable() }
    return make()
}

@_silgen_name("__lsan_disable") private func lsanDisable()
@_silgen_name("__lsan_enable") private func lsanEnable()
