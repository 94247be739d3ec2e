import BigInt

/// Counting the arrangements of an answer's letters (a multiset).
///
/// Why count exactly, with `BigUInt`: a question's letters are shown in one of these
/// arrangements, the generators draw among them in proportion to these counts, and a 21-letter
/// answer already has more arrangements than `UInt64` holds.
///
/// ```swift
/// Arrangements.distinct(Array("BANANA"))        // 60
/// Arrangements.noneInPlace(Array("ABC"))        // 2: BCA and CAB
/// Arrangements.hasSecondArrangement(["A", "A"]) // false
/// ```
public enum Arrangements {
    /// Distinct arrangements: n! / Π m_j! (m_j the multiplicity of each distinct letter). 1 for
    /// an empty answer.
    public static func distinct(_ letters: [Character]) -> BigUInt {
        let counts = LetterCounts(letters).counts
        let binomials = BinomialTable(upTo: letters.count)
        // The multinomial as a product of binomials: place each letter's copies among the
        // positions left by the letters before it.
        var result = BigUInt(1)
        var placed = 0
        for count in counts {
            placed += count
            result *= binomials[placed, count]
        }
        return result
    }

    /// Distinct arrangements in which no position shows the letter the answer has there
    /// (a multiset derangement; inclusion–exclusion: Σ_k Π_j (−1)^{k_j} C(m_j,k_j) ·
    /// (n−K)!/Π_j (m_j−k_j)!).
    ///
    /// 0 as soon as one letter fills more than half the answer (its copies cannot all leave its
    /// own positions); 1 for an empty answer (its one arrangement has no letter at all).
    public static func noneInPlace(_ letters: [Character]) -> BigUInt {
        let counts = LetterCounts(letters).counts
        return avoiding(positions: counts, letters: counts, binomials: BinomialTable(upTo: letters.count))
    }

    /// Whether the answer has a second distinct arrangement (two letters differ).
    public static func hasSecondArrangement(_ letters: [Character]) -> Bool {
        guard let first = letters.first else { return false }
        return letters.contains { $0 != first }
    }

    /// The ways to fill positions with letters so that no position gets the letter of its own
    /// class: `positions[j]` positions want letter j, `letters[j]` copies of letter j are left to
    /// place, and the two add up to the same total. `noneInPlace` is the case of a whole answer;
    /// the sampler of ``ScrambleRule/noLetterInPlace`` asks it of every partial answer.
    ///
    /// The inclusion–exclusion sum grouped by letter, so that its cost is polynomial rather than
    /// Π (m_j + 1) terms (3^15 for a 30-letter answer of 15 doubled letters): with r_j = c_j − k_j
    /// copies of letter j placed freely and R = Σ r_j, each term is
    /// Π_j (−1)^{k_j} C(p_j, k_j) · R! / Π_j r_j!, and R! / Π r_j! is a product of binomials
    /// C(R_{<j} + r_j, r_j). So a running table over R, one letter at a time, sums all terms in
    /// O(letters × n × max m) steps, each one exact integer multiply-add.
    static func avoiding(positions: [Int], letters: [Int], binomials: BinomialTable) -> BigUInt {
        precondition(positions.count == letters.count && positions.reduce(0, +) == letters.reduce(0, +),
                     "as many positions as letters")
        let total = letters.reduce(0, +)
        // sums[R]: the signed sum of the terms so far with R copies placed freely.
        var sums = [BigInt](repeating: 0, count: total + 1)
        sums[0] = 1
        var reach = 0  // the largest R with a term so far
        for (p, c) in zip(positions, letters) where c > 0 {
            var next = [BigInt](repeating: 0, count: total + 1)
            for r in 0...reach where !sums[r].isZero {
                for k in 0...min(p, c) {
                    let free = c - k
                    let weight = BigInt(binomials[p, k] * binomials[r + free, free])
                    if k % 2 == 0 { next[r + free] += sums[r] * weight } else { next[r + free] -= sums[r] * weight }
                }
            }
            sums = next
            reach += c
        }
        let count = sums.reduce(BigInt(0), +)
        precondition(count.sign == .plus || count.isZero, "a count of arrangements is never negative")
        return count.magnitude
    }
}
