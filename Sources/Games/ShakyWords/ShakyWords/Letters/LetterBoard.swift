/// The letters as the device shows them while hints put them in place.
///
/// Why swaps: a shake in seeds/003 "reorders" the letters already shown, so a hint never adds or
/// removes a letter, it moves one into its place and the letter that was there into the hole.
/// Positions that show their letter stay put, so a hint never undoes an earlier one.
///
/// ```swift
/// var board = LetterBoard(answer: Array("ABCD"), shown: Array("BCDA"))
/// board.reveal(letters: 1, order: [0, 1, 2, 3])  // 1: shows "ACDB"
/// board.reveal(letters: 2, order: [0, 1, 2, 3])  // 3: "ABDC", then "ABCD"
/// ```
public struct LetterBoard: Sendable, Hashable {
    public let answer: [Character]
    public private(set) var shown: [Character]

    /// - Precondition: `shown` holds the same letters as `answer`, as many times each.
    public init(answer: [Character], shown: [Character]) {
        precondition(LetterCounts(answer).sameLetters(as: LetterCounts(shown)), "the shown letters are the answer's letters")
        self.answer = answer
        self.shown = shown
    }

    /// Positions showing the answer's letter.
    public var inPlace: Int {
        zip(answer, shown).count { $0 == $1 }
    }

    /// inPlace / count (1 for an empty answer).
    public var revealedFraction: Double {
        answer.isEmpty ? 1 : Double(inPlace) / Double(answer.count)
    }

    /// Whether every position shows its letter.
    public var isSolved: Bool { shown == answer }

    /// One hint: takes the next `letters` positions of `order` that do not yet show their answer
    /// letter, skipping those that already do; for each such position p, swaps into p the letter
    /// answer[p] from the lowest-indexed position q ≠ p that does not show its own letter and
    /// holds answer[p]. Returns how many positions newly show their letter (can exceed
    /// `letters`: a swap may place both). Does nothing (returns 0) when solved.
    ///
    /// No cursor is kept: positions once in place stay in place, so every position of `order`
    /// before the last one a hint took is in place, and scanning `order` from its start skipping
    /// them takes the same positions a cursor would.
    ///
    /// Such a q always exists: the positions not in place show, between them, the letters they
    /// want (the rest of the board matches), p wants answer[p] and does not show it.
    ///
    /// - Precondition: `order` holds positions of the answer; `letters ≥ 0`.
    @discardableResult
    public mutating func reveal(letters: Int, order: [Int]) -> Int {
        precondition(letters >= 0, "a hint places no fewer than zero letters")
        var taken = 0
        var placed = 0
        for p in order where taken < letters {
            precondition(answer.indices.contains(p), "position \(p) is not in the answer")
            guard shown[p] != answer[p] else { continue }
            let wanted = answer[p]
            guard let q = shown.indices.first(where: { $0 != p && shown[$0] != answer[$0] && shown[$0] == wanted }) else {
                preconditionFailure("the letters not in place are the letters those positions want")
            }
            shown.swapAt(p, q)
            placed += shown[q] == answer[q] ? 2 : 1
            taken += 1
        }
        return placed
    }

    /// Hints that put every letter in place in the worst case: ceil((n−1)/letters) for n ≥ 2
    /// (each hint places at least `letters` positions while that many are out of place, and the
    /// last letter falls in place with the one before), 0 for n ≤ 1.
    /// A hint that places no letter (`lettersPerHint` < 1) never shows the answer: Int.max.
    public static func worstCaseHints(length: Int, lettersPerHint: Int) -> Int {
        guard length >= 2 else { return 0 }
        guard lettersPerHint >= 1 else { return .max }
        let open = length - 1
        return open / lettersPerHint + (open % lettersPerHint == 0 ? 0 : 1)
    }
}
