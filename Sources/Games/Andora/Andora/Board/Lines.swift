/// Lines of three on a 3×3 grid held as 9 bits, bit `3·row + column`. The same test serves a
/// mini-field's cells (R1.4) and the field's mini-fields (R1.9.1).
public enum Lines {
    /// The eight lines: three rows, three columns, two diagonals.
    public static let all: [UInt16] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124]

    /// Whether `grid` holds a whole line: rows and columns bit-parallel, diagonals directly.
    @inlinable @inline(__always)
    public static func contains(_ grid: UInt16) -> Bool {
        let g = UInt32(grid)
        let rows = g & (g >> 1) & (g >> 2) & 0o111
        let columns = g & (g >> 3) & (g >> 6) & 0o007
        return rows | columns != 0 || g & 0o421 == 0o421 || g & 0o124 == 0o124
    }

    /// The position of the `n`th set bit (from 0) of a 9-bit `grid`, by halving the window with
    /// population counts: four steps of selects with no branch, where a loop would stop after a
    /// random number of steps and so mispredict, and a table would be a lazily initialised global.
    ///
    /// - Precondition: `n < grid.nonzeroBitCount`.
    @inlinable @inline(__always)
    public static func setBit(_ n: Int, of grid: UInt16) -> Int {
        var rest = UInt32(grid), k = UInt32(truncatingIfNeeded: n), position: UInt32 = 0
        step(4, &rest, &k, &position)
        step(2, &rest, &k, &position)
        step(1, &rest, &k, &position)
        step(1, &rest, &k, &position)
        return Int(position)
    }

    /// Skips the low `width` bits of `rest` when the wanted bit is not among them.
    @inlinable @inline(__always)
    static func step(_ width: UInt32, _ rest: inout UInt32, _ k: inout UInt32, _ position: inout UInt32) {
        let below = UInt32((rest & ((1 << width) &- 1)).nonzeroBitCount)
        let skip = k >= below
        k &-= skip ? below : 0
        rest >>= skip ? width : 0
        position &+= skip ? width : 0
    }

    /// The cells of `grid`'s empty cells `empty` that would complete a line for `grid`: where a
    /// player wins a mini-field in one move, or must block the other.
    @inlinable
    public static func completing(_ grid: UInt16, empty: UInt16) -> UInt16 {
        var cells: UInt16 = 0
        for line in all where (grid & line).nonzeroBitCount == 2 { cells |= line & ~grid & empty }
        return cells
    }
}
