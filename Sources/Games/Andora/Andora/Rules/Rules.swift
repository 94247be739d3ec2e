/// One rule variant of Andora: the options a designer compares (`Designs/andora/Andora.plist`).
///
/// ```swift
/// let spec = Rules(strategy: .first, whenTargetIsFull: .draw)  // the spec's defaults (R4.4, R1.9.2)
/// var position = Position(rules: spec)
/// ```
public struct Rules: Sendable, Hashable, Codable, CustomStringConvertible {
    /// R1.4.
    public var strategy: MiniFieldStrategy
    /// R1.8.2 meets a full mini-field.
    public var whenTargetIsFull: FullTargetRule

    public init(strategy: MiniFieldStrategy = .first, whenTargetIsFull: FullTargetRule = .draw) {
        self.strategy = strategy
        self.whenTargetIsFull = whenTargetIsFull
    }

    /// The spec's defaults: 'first' (R4.4's default) and a draw when the target is full (R1.9.2).
    public static let spec = Rules()

    public var description: String { "strategy \(strategy.rawValue), full target: \(whenTargetIsFull.rawValue)" }
}
