import BigInt

/// Pascal's triangle up to a row, exact: the binomials every count of arrangements multiplies.
///
/// Why a table: the counts ask for the same few hundred binomials thousands of times while a
/// scramble is drawn, and each row is one addition per entry from the row above.
struct BinomialTable: Sendable {
    private let rows: [[BigUInt]]

    /// Rows 0...n.
    init(upTo n: Int) {
        var rows: [[BigUInt]] = [[1]]
        rows.reserveCapacity(n + 1)
        for row in stride(from: 1, through: n, by: 1) {
            let above = rows[row - 1]
            var current = [BigUInt](repeating: 1, count: row + 1)
            for k in stride(from: 1, to: row, by: 1) { current[k] = above[k - 1] + above[k] }
            rows.append(current)
        }
        self.rows = rows
    }

    /// C(n, k); 0 for k outside 0...n.
    subscript(n: Int, k: Int) -> BigUInt {
        k < 0 || k > n ? 0 : rows[n][k]
    }
}
