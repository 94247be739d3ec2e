/// Which floor tiles of a map can be reached from one another (TI10, the generator's
/// solvability): floor is every tile painted a texture other than the standard one, and a step
/// goes to a 4-adjacent floor tile unless a wall stands on their shared side. Doors are objects
/// that open: they block nothing.
public enum MapConnectivity {
    /// The floor tiles not reached from the first floor tile (row by row), in that order; empty
    /// for a connected map, or one without floor.
    public static func unreached(_ map: TabulaMap) -> [MapGenerator.Tile] {
        let grid = map.grid
        let textures = map.background.textures(on: grid)
        var floor = Array(repeating: Array(repeating: false, count: grid.columns), count: grid.rows)
        for r in 0..<grid.rows {
            for c in 0..<grid.columns { floor[r][c] = textures[r][c] != map.background.standard }
        }
        var walls = Set<Edge>()
        for wall in map.walls {
            for (a, b) in zip(wall.points, wall.points.dropFirst()) { walls.formUnion(Edge.along(a, b)) }
        }
        var start: MapGenerator.Tile?
        search: for r in 0..<grid.rows {
            for c in 0..<grid.columns where floor[r][c] {
                start = MapGenerator.Tile(column: c, row: r)
                break search
            }
        }
        guard let start else { return [] }
        var reached = Array(repeating: Array(repeating: false, count: grid.columns), count: grid.rows)
        reached[start.row][start.column] = true
        var stack = [start]
        while let here = stack.popLast() {
            let steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
            for (dc, dr) in steps {
                let next = MapGenerator.Tile(column: here.column + dc, row: here.row + dr)
                guard (0..<grid.columns).contains(next.column), (0..<grid.rows).contains(next.row), floor[next.row][next.column],
                    !reached[next.row][next.column], !walls.contains(Edge(here, next))
                else { continue }
                reached[next.row][next.column] = true
                stack.append(next)
            }
        }
        var unreached: [MapGenerator.Tile] = []
        for r in 0..<grid.rows {
            for c in 0..<grid.columns where floor[r][c] && !reached[r][c] { unreached.append(MapGenerator.Tile(column: c, row: r)) }
        }
        return unreached
    }
}
