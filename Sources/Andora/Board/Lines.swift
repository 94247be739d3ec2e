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

    /// The position of the `n`th set bit (from 0) of a 9-bit `grid`: one load from a table of
    /// 512 × 9 bytes, where a loop would stop after a random number of steps and so mispredict.
    ///
    /// - Precondition: `n < grid.nonzeroBitCount`.
    @inlinable @inline(__always)
    public static func setBit(_ n: Int, of grid: UInt16) -> Int {
        Int(nthSetBit[Int(grid) &* 9 &+ n])
    }

    @usableFromInline static let nthSetBit: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 512 * 9)
        for grid in 0..<512 {
            var n = 0
            for bit in 0..<9 where grid >> bit & 1 == 1 {
                table[grid * 9 + n] = UInt8(bit)
                n += 1
            }
        }
        return table
    }()

    /// The cells of `grid`'s empty cells `empty` that would complete a line for `grid`: where a
    /// player wins a mini-field in one move, or must block the other.
    @inlinable
    public static func completing(_ grid: UInt16, empty: UInt16) -> UInt16 {
        var cells: UInt16 = 0
        for line in all where (grid & line).nonzeroBitCount == 2 { cells |= line & ~grid & empty }
        return cells
    }
}
