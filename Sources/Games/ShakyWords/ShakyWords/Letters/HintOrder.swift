import Randomness

/// The order in which hints put positions of the answer in place.
///
/// Why a choice: seeds/003 says a shake "reorders parts of the letters" toward the answer but not
/// which parts. From the start, a team reads the answer's beginning, often the most telling part;
/// at random, the placed letters are scattered, so the same number of hints should help less.
public enum HintOrder: String, Sendable, Hashable, CaseIterable, Codable {
    /// From the first letter on: 0, 1, 2, …
    case fromStart
    /// A uniformly random order of the positions.
    case random

    /// The positions 0..<length in the order hints reveal them (a permutation). fromStart makes
    /// no draw; random one shuffle of `length` positions.
    public func positions(length: Int, _ random: inout RandomSource) -> [Int] {
        var positions = Array(0..<max(length, 0))
        if self == .random { random.shuffle(&positions) }
        return positions
    }
}
