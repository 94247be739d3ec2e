@testable import Andora

/// Hand-made positions drawn as a player sees the field: nine rows of nine cells ('X', 'O' or
/// '.'), spaces and '|' ignored, mini-field 0 at the top left.
///
/// ```
/// XX. ... ...
/// ... ... ...
/// ... ... ...
/// (six more rows)
/// ```
enum Diagram {
    /// The cells of `text` as the two bitboards (bit 9·field + cell).
    static func cells(_ text: String) -> (x: UInt128, o: UInt128) {
        let rows = text.split(separator: "\n").map { $0.filter { "XO.".contains($0) } }.filter { !$0.isEmpty }
        precondition(rows.count == 9 && rows.allSatisfy { $0.count == 9 }, "a diagram has 9 rows of 9 cells")
        var x: UInt128 = 0, o: UInt128 = 0
        for (r, row) in rows.enumerated() {
            for (c, mark) in row.enumerated() {
                let field = (r / 3) * 3 + c / 3
                let cell = (r % 3) * 3 + c % 3
                let bit = UInt128(1) << (9 * field + cell)
                if mark == "X" { x |= bit } else if mark == "O" { o |= bit }
            }
        }
        return (x, o)
    }

    /// A position with `text`'s cells, `mover` to play in `target` (nil: anywhere). Mini-field
    /// states are derived from the cells as R1.4.2 would; under 'first' a field with lines of both
    /// signs must be given in `firstCaptures` (field → sign).
    static func position(
        _ text: String, rules: Rules = .spec, mover: Sign, target: Int?, firstCaptures: [Int: Sign] = [:]
    ) -> Position {
        var p = Position(rules: rules)
        (p.xCells, p.oCells) = cells(text)
        for field in 0..<9 {
            let x = Lines.contains(p.cells(.x, in: field)), o = Lines.contains(p.cells(.o, in: field))
            var hasX = x, hasO = o
            if rules.strategy == .first, x && o {
                let first = firstCaptures[field]
                precondition(first != nil, "field \(field) has lines of both signs: say which came first")
                hasX = first == .x
                hasO = first == .o
            }
            if hasX { p.xFields |= 1 << field }
            if hasO { p.oFields |= 1 << field }
        }
        p.moverSign = mover
        p.targetField = Int8(target ?? -1)
        p.moves = UInt8((p.xCells | p.oCells).nonzeroBitCount)
        return p
    }
}
