/// "Did you mean …?" for misspelt names: the candidate with the smallest edit distance, where
/// swapping two neighbouring letters (`Friut`) counts as one edit, as a typist makes it.
public enum Suggestion {
    /// The nearest candidate to `name`, or nil when none is close enough to be a plausible typo
    /// (distance at most a third of the longer name, and at least 1 character).
    ///
    /// Linear in the name's length whatever it is: a candidate whose length differs from it by
    /// more than the limit cannot be within it (every edit changes the length by at most one), so
    /// its distance is never computed (a misspelt key of a few megabytes used to cost minutes).
    public static func nearest(to name: String, in candidates: some Sequence<String>) -> String? {
        Candidates(candidates).nearest(to: name)
    }

    /// Names to suggest from, prepared once for many lookups (a file of ten thousand unknown
    /// keys asks for the nearest known key ten thousand times).
    public struct Candidates: Sendable {
        private let names: [(name: String, lowered: [Unicode.Scalar])]

        public init(_ candidates: some Sequence<String>) {
            // Scalars, not Characters: the same answer for names (no combining marks in keys) at
            // a fraction of the cost.
            names = candidates.map { ($0, Array($0.lowercased().unicodeScalars)) }
        }

        public func nearest(to name: String) -> String? {
            var best: (String, Int)?
            let lowered = Array(name.lowercased().unicodeScalars)
            for (candidate, other) in names where candidate != name {
                if best?.1 == 0 { break }  // only the case differs: nothing is nearer
                let limit = Swift.min(max(1, max(lowered.count, other.count) / 3), (best?.1 ?? Int.max) - 1)
                // The distance is at least the difference in length: past the limit, not a typo.
                guard abs(lowered.count - other.count) <= limit else { continue }
                let d = editDistance(lowered, other, limit: limit)
                if d <= limit { best = (candidate, d) }
            }
            return best?.0
        }
    }

    /// Optimal string alignment distance: Levenshtein's insert, delete and substitute, plus the
    /// transposition of two adjacent elements, each costing 1; three rows of memory. With a
    /// `limit`, any distance past it comes back as `limit + 1`, as soon as a whole row is past it
    /// (a row's minimum never decreases down the table).
    public static func editDistance<Element: Equatable>(_ a: [Element], _ b: [Element], limit: Int = .max - 1) -> Int {
        precondition(limit >= 0 && limit < .max, "a limit in 0..<Int.max")
        if a.isEmpty { return Swift.min(b.count, limit + 1) }
        if b.isEmpty { return Swift.min(a.count, limit + 1) }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        var previousMinimum = 0
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = Swift.min(current[j], beforePrevious[j - 2] + 1)
                }
                rowMinimum = Swift.min(rowMinimum, current[j])
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
            // A transposition reaches back two rows, so both must be past the limit.
            if rowMinimum > limit, previousMinimum > limit { return limit + 1 }
            previousMinimum = rowMinimum
        }
        return Swift.min(previous[b.count], limit + 1)
    }
}
