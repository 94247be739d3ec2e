/// When a sequential gate looks at its games: after `first` games, then after twice as many,
/// and so on, and last at `cap`. Every look is planned before any game is played, so the error
/// rate can be shared out over them in advance.
///
/// ```swift
/// LookSchedule(first: 500, cap: 3000).looks  // [500, 1000, 2000, 3000]
/// ```
public struct LookSchedule: Sendable, Hashable, Codable {
    public var first: Int
    public var cap: Int

    /// - Precondition: 1 ≤ first ≤ cap (the reader checks what a designer writes).
    public init(first: Int, cap: Int) {
        precondition(first >= 1 && cap >= first)
        self.first = first
        self.cap = cap
    }

    /// Cumulative games at each look.
    public var looks: [Int] {
        var looks = [first]
        while let last = looks.last, last < cap { looks.append(last > cap / 2 ? cap : last * 2) }
        return looks
    }
}
