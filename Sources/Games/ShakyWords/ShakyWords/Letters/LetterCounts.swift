/// The letters of an answer as a multiset: each distinct letter once, in the order the answer
/// first shows it, with how many times it occurs.
///
/// Why first appearance and not alphabetical order: the generators walk the letters in this order
/// while they draw, so it must be the same on every platform; `Character`'s `<` compares Unicode
/// scalars and would also do, but the answer's own order needs no argument.
struct LetterCounts: Sendable, Hashable {
    /// The distinct letters, in order of first appearance.
    let letters: [Character]
    /// How many times each of `letters` occurs, index for index.
    var counts: [Int]
    /// Each position's index into `letters`.
    let classes: [Int]

    init(_ word: [Character]) {
        var letters: [Character] = []
        var counts: [Int] = []
        var index: [Character: Int] = [:]
        var classes: [Int] = []
        classes.reserveCapacity(word.count)
        for letter in word {
            if let i = index[letter] {
                counts[i] += 1
                classes.append(i)
            } else {
                index[letter] = letters.count
                classes.append(letters.count)
                letters.append(letter)
                counts.append(1)
            }
        }
        self.letters = letters
        self.counts = counts
        self.classes = classes
    }

    /// The most times any letter occurs (0 for an empty answer).
    var largestCount: Int { counts.max() ?? 0 }
}

extension LetterCounts {
    /// Whether both words hold the same letters, as many times each, whatever their order.
    func sameLetters(as other: LetterCounts) -> Bool {
        Dictionary(uniqueKeysWithValues: zip(letters, counts)) == Dictionary(uniqueKeysWithValues: zip(other.letters, other.counts))
    }
}
