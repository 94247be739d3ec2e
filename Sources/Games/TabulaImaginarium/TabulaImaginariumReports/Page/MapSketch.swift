import TabulaImaginarium

/// A map as text, a character a tile, for `generate`'s output on a terminal: `#` the standard
/// background (rock), `.` a room's floor, `,` other painted tiles (corridors), `D` a tile a door
/// covers, and a token's number (its last digit) on the token's top left tile. Walls lie between
/// tiles and are not drawn.
public enum MapSketch {
    public static func render(_ map: TabulaMap, floor: String) -> String {
        let textures = map.background.textures(on: map.grid)
        var rows = textures.map { row in row.map { $0 == map.background.standard ? Character("#") : $0 == floor ? "." : "," } }
        func mark(_ c: Int, _ r: Int, _ ch: Character) {
            guard (0..<map.grid.rows).contains(r), (0..<map.grid.columns).contains(c) else { return }
            rows[r][c] = ch
        }
        for object in map.objects {
            let a = object.area
            for r in a.row...a.lastRow { for c in a.column...a.lastColumn { mark(c, r, "D") } }
        }
        for token in map.tokens { mark(token.piece.column, token.piece.row, Character(String(token.number % 10))) }
        return rows.map { String($0) + "\n" }.joined()
    }
}
