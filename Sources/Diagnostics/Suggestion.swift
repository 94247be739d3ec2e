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
        var best: (String, Int)?
        let lowered = Array(name.lowercased())
        for candidate in candidates where candidate != name {
            let other = Array(candidate.lowercased())
            let limit = max(1, max(name.count, candidate.count) / 3)
            // The distance is at least the difference in length: past the limit, not a typo.
            guard abs(lowered.count - other.count) <= limit else { continue }
            let d = editDistance(lowered, other)
            if d <= limit, d < (best?.1 ?? Int.max) { best = (candidate, d) }
        }
        return best?.0
    }

    /// Optimal string alignment distance: Levenshtein's insert, delete and substitute, plus the
    /// transposition of two adjacent characters, each costing 1; three rows of memory.
    public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = Swift.min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
