/// The values of an expression's variables, by slot (the index of the name in its
/// `VariableScope`).
///
/// A fixed block of `capacity` doubles stored inline (no heap storage), so that filling it and
/// evaluating an expression in a simulation's inner loop allocate nothing. Unset slots are NaN,
/// which makes a forgotten variable visible in the result instead of silently 0.
///
/// ```swift
/// var values = VariableValues()
/// values[0] = 4                                   // diffLevel, slot 0 of the scope
/// let e = try Expression(parsing: "5.0 * (diffLevel / 10.0)", variables: VariableScope(["diffLevel"]))
/// e.evaluate(values)                               // 2.0
/// ```
public struct VariableValues: Sendable, BitwiseCopyable {
    /// How many slots there are; a `VariableScope` has at most this many names.
    public static let capacity = 8

    private var storage: (Double, Double, Double, Double, Double, Double, Double, Double) =
        (.nan, .nan, .nan, .nan, .nan, .nan, .nan, .nan)

    /// Every slot NaN.
    public init() {}

    /// Slots 0, 1, … in order (at most `capacity`), the rest NaN.
    public init(_ values: Double...) {
        precondition(values.count <= Self.capacity, "at most \(Self.capacity) values, got \(values.count)")
        for (slot, value) in values.enumerated() { self[slot] = value }
    }

    /// Each name of `scope` from `bindings`; names without a binding stay NaN, bindings not in
    /// the scope are ignored.
    public init(_ bindings: [String: Double], in scope: VariableScope) {
        for (slot, name) in scope.names.enumerated() {
            if let value = bindings[name] { self[slot] = value }
        }
    }

    /// The value in `slot` (0 ..< capacity; outside that is a programming error and traps).
    public subscript(slot: Int) -> Double {
        get {
            precondition(slot >= 0 && slot < Self.capacity, "slot \(slot) out of 0..<\(Self.capacity)")
            return withUnsafeBytes(of: storage) { $0.load(fromByteOffset: slot * MemoryLayout<Double>.stride, as: Double.self) }
        }
        set {
            precondition(slot >= 0 && slot < Self.capacity, "slot \(slot) out of 0..<\(Self.capacity)")
            withUnsafeMutableBytes(of: &storage) {
                $0.storeBytes(of: newValue, toByteOffset: slot * MemoryLayout<Double>.stride, as: Double.self)
            }
        }
    }
}
