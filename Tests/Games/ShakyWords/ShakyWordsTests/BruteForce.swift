/// The oracle the counts and generators are checked against: every ordering of a word's letters,
/// enumerated one by one and deduplicated, with nothing of the code under test.
enum BruteForce {
    /// All distinct arrangements of `word`, from all n! orderings of its positions (Heap's
    /// algorithm), deduplicated. Keep n ≤ 9 or so.
    static func arrangements(_ word: [Character]) -> Set<[Character]> {
        var result: Set<[Character]> = []
        var letters = word
        var c = [Int](repeating: 0, count: letters.count)
        result.insert(letters)
        var i = 1
        while i < letters.count {
            if c[i] < i {
                letters.swapAt(i % 2 == 0 ? 0 : c[i], i)
                result.insert(letters)
                c[i] += 1
                i = 1
            } else {
                c[i] = 0
                i += 1
            }
        }
        return result
    }

    /// The arrangements of `word` in which no position shows the letter `word` has there.
    static func noneInPlace(_ word: [Character]) -> Set<[Character]> {
        arrangements(word).filter { !hasLetterInPlace($0, word) }
    }

    /// Whether some position of `shown` holds the letter `answer` has there.
    static func hasLetterInPlace(_ shown: [Character], _ answer: [Character]) -> Bool {
        zip(shown, answer).contains { $0 == $1 }
    }

    /// Whether `a` and `b` hold the same letters as many times each.
    static func sameLetters(_ a: [Character], _ b: [Character]) -> Bool {
        a.sorted() == b.sorted()
    }
}
