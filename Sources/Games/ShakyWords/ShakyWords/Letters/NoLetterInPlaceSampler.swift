import BigInt
import Randomness

/// Draws an arrangement with no letter in its answer position, each such arrangement equally
/// likely (``ScrambleRule/noLetterInPlace``).
///
/// Why not reshuffle until no letter is in place: the share of such arrangements falls fast as
/// one letter grows to half the answer (for m As then m Bs it is 1 in C(2m, m)), so rejection has
/// no bound on its draws. Instead one rank is drawn, uniform below the number of such
/// arrangements, and unranked position by position: at each position the letters it may show are
/// taken in order of first appearance, each with the exact number of ways to complete the rest
/// (``Arrangements/avoiding(positions:letters:binomials:)``), until the rank falls inside one.
/// Every arrangement of the support has exactly one rank, so the result is exactly uniform, and
/// the draws are those of one `BigUInt` below a count fixed by the answer.
enum NoLetterInPlaceSampler {
    /// The arrangement of the rank drawn from `random`, or nil (and no draw) when there is none.
    static func draw(_ answer: [Character], _ random: inout RandomSource) -> [Character]? {
        let counts = LetterCounts(answer)
        let binomials = BinomialTable(upTo: answer.count)
        var positions = counts.counts  // positions still to fill, by the letter they want
        var letters = counts.counts  // letters still to place
        let total = Arrangements.avoiding(positions: positions, letters: letters, binomials: binomials)
        guard total > 0 else { return nil }
        var rank = random.uniformBigUInt(below: total)
        var shown: [Character] = []
        shown.reserveCapacity(answer.count)
        for wanted in counts.classes {
            positions[wanted] -= 1
            let candidates = letters.indices.filter { $0 != wanted && letters[$0] > 0 }
            var chosen: Int? = nil
            for (n, candidate) in candidates.enumerated() {
                letters[candidate] -= 1
                // The last candidate holds whatever rank is left: no need to count it.
                if n == candidates.count - 1 { chosen = candidate; break }
                let completions = Arrangements.avoiding(positions: positions, letters: letters, binomials: binomials)
                if rank < completions { chosen = candidate; break }
                rank -= completions
                letters[candidate] += 1
            }
            guard let chosen else { preconditionFailure("a rank below the count always falls in a candidate") }
            shown.append(counts.letters[chosen])
        }
        return shown
    }
}
