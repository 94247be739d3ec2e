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
