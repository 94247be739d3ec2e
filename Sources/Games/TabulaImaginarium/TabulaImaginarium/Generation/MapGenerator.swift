import Randomness

/// Makes a map from a seed (TI10; an extension of seeds/004): rooms placed at random, a tile off
/// the edge and two apart; each room after the first joined by an L-shaped corridor to the
/// nearest room before it, so the corridors are a tree over the rooms; walls around every room
/// with an opening wherever a corridor crosses one, and a door there unless it would lie on
/// another; then a token for each of the parameters' tokens, on a room's floor. The same
/// parameters and seed make the same map.
public struct MapGenerator: Sendable {
    public var parameters: GeneratorParameters
    /// Tries at placing each room (and each token) before the seed is given up.
    public static let attempts = 200

    public init(_ parameters: GeneratorParameters) { self.parameters = parameters }

    /// Why a map could not be made.
    public enum Failure: Error, Sendable, Equatable {
        /// No seed can make one (``GeneratorParameters/impossibility``).
        case impossible(String)
        /// This seed's draws left no room for the next room or token; another seed may do.
        case crowded(String)
        /// The map made is not connected: a fault of the generator, never of the parameters.
        case disconnected(String)
    }

    public func generate(seed: UInt64) -> Result<TabulaMap, Failure> {
        if let why = parameters.impossibility { return .failure(.impossible(why)) }
        var random = RandomSource(seed: seed)
        let p = parameters
        var rooms: [TileRect] = []
        for k in 0..<p.rooms {
            guard let room = place(&random, avoiding: rooms) else {
                return .failure(.crowded("room \(k + 1) of \(p.rooms) found no place \(Self.attempts) times: \(k) rooms fill the \(p.columns)x\(p.rows) grid"))
            }
            rooms.append(room)
        }
        var corridors: [[Tile]] = []
        for k in rooms.indices.dropFirst() {
            let j = rooms[..<k].indices.min { a, b in
                let (da, db) = (Self.distance(rooms[a], rooms[k]), Self.distance(rooms[b], rooms[k]))
                return da != db ? da < db : a < b
            } ?? 0
            corridors.append(Self.corridor(from: Self.center(rooms[k]), to: Self.center(rooms[j]), horizontalFirst: random.chance(0.5)))
        }
        let (openings, doors) = crossings(corridors, rooms)
        var map = TabulaMap(
            grid: MapGrid(columns: p.columns, rows: p.rows),
            images: DeclaredImages(
                textures: [p.standard, p.floor, p.corridor].uniqued(), walls: [p.wall],
                objects: [ObjectImage(file: p.horizontalDoor, door: .horizontal), ObjectImage(file: p.verticalDoor, door: .vertical)],
                tokens: p.tokens.uniqued()),
            background: Background(standard: p.standard, painted: corridorPaint(corridors, rooms) + rooms.map { Painting(texture: p.floor, area: $0) }),
            walls: Self.walls(around: rooms, except: openings, texture: p.wall), objects: doors)
        var taken: [TileRect] = []
        for (i, image) in p.tokens.enumerated() {
            guard let area = placeToken(image, in: rooms, avoiding: taken, &random) else {
                return .failure(.crowded("the token \"\(image)\" found no free floor in a room \(Self.attempts) times"))
            }
            taken.append(area)
            map.tokens.append(Token(piece: PlacedPiece(image: image, column: area.column, row: area.row), number: i + 1))
        }
        map.nextTokenNumber = p.tokens.count + 1
        let unreached = MapConnectivity.unreached(map)
        guard unreached.isEmpty else {
            return .failure(.disconnected("\(unreached.count) floor tiles cannot be reached from the first room, the first at \(unreached[0])"))
        }
        return .success(map)
    }

    /// A tile: column and row.
    public struct Tile: Sendable, Hashable, CustomStringConvertible {
        public var column: Int
        public var row: Int
        public var description: String { "(\(column), \(row))" }
    }

    /// A room of random sides a tile off the edge and two tiles from every room placed, or nil.
    func place(_ random: inout RandomSource, avoiding rooms: [TileRect]) -> TileRect? {
        let p = parameters
        let spread = p.largestRoom - p.smallestRoom + 1
        for _ in 0..<Self.attempts {
            let columns = min(p.smallestRoom + random.uniform(below: spread), p.columns - 2)
            let rows = min(p.smallestRoom + random.uniform(below: spread), p.rows - 2)
            let room = TileRect(
                column: 1 + random.uniform(below: p.columns - 2 - columns + 1), row: 1 + random.uniform(below: p.rows - 2 - rows + 1), columns: columns, rows: rows)
            let bordered = TileRect(column: room.column - 1, row: room.row - 1, columns: columns + 2, rows: rows + 2)
            if !rooms.contains(where: { bordered.intersects(TileRect(column: $0.column - 1, row: $0.row - 1, columns: $0.columns + 2, rows: $0.rows + 2)) }) {
                return room
            }
        }
        return nil
    }

    static func center(_ room: TileRect) -> Tile { Tile(column: room.column + (room.columns - 1) / 2, row: room.row + (room.rows - 1) / 2) }

    static func distance(_ a: TileRect, _ b: TileRect) -> Int {
        let (ca, cb) = (center(a), center(b))
        return abs(ca.column - cb.column) + abs(ca.row - cb.row)
    }

    /// The tiles from `from` to `to`, along a row then a column (or a column then a row).
    static func corridor(from: Tile, to: Tile, horizontalFirst: Bool) -> [Tile] {
        var tiles = [from]
        var here = from
        func walk(columns: Bool) {
            while columns ? here.column != to.column : here.row != to.row {
                if columns { here.column += here.column < to.column ? 1 : -1 } else { here.row += here.row < to.row ? 1 : -1 }
                tiles.append(here)
            }
        }
        walk(columns: horizontalFirst)
        walk(columns: !horizontalFirst)
        return tiles
    }

    /// Where the corridors cross a room's wall: every such edge an opening, and a door over the
    /// two tiles it joins unless that door would lie on an earlier one (two corridors leaving a
    /// room's corner tile), in which case the opening stays a doorway.
    func crossings(_ corridors: [[Tile]], _ rooms: [TileRect]) -> (openings: Set<Edge>, doors: [PlacedPiece]) {
        var openings = Set<Edge>()
        var doors: [PlacedPiece] = []
        for corridor in corridors {
            for (a, b) in zip(corridor, corridor.dropFirst()) {
                let crossesAWall = rooms.contains { $0.contains(column: a.column, row: a.row) != $0.contains(column: b.column, row: b.row) }
                guard crossesAWall, openings.insert(Edge(a, b)).inserted else { continue }
                let horizontal = a.row == b.row
                let door = PlacedPiece(
                    image: horizontal ? parameters.horizontalDoor : parameters.verticalDoor, column: min(a.column, b.column), row: min(a.row, b.row))
                if !doors.contains(where: { $0.area.intersects(door.area) }) { doors.append(door) }
            }
        }
        return (openings, doors)
    }

    /// The corridors' tiles outside the rooms, painted as the runs of each corridor (rooms are
    /// painted after, over them).
    func corridorPaint(_ corridors: [[Tile]], _ rooms: [TileRect]) -> [Painting] {
        var paintings: [Painting] = []
        for corridor in corridors {
            var run: [Tile] = []
            func flush() {
                guard let first = run.first, let last = run.last else { return }
                paintings.append(Painting(
                    texture: parameters.corridor,
                    area: TileRect(
                        column: min(first.column, last.column), row: min(first.row, last.row), columns: abs(last.column - first.column) + 1,
                        rows: abs(last.row - first.row) + 1)))
                run = []
            }
            for tile in corridor {
                let inRoom = rooms.contains { $0.contains(column: tile.column, row: tile.row) }
                let straight = run.count < 2 || (run[0].row == run[1].row ? tile.row == run[0].row : tile.column == run[0].column)
                if inRoom || !straight { flush() }
                if !inRoom { run.append(tile) }
            }
            flush()
        }
        return paintings
    }

    /// A free place for a token in a room chosen at random, or nil.
    func placeToken(_ image: String, in rooms: [TileRect], avoiding taken: [TileRect], _ random: inout RandomSource) -> TileRect? {
        let size = ImageName.size(of: image) ?? (1, 1)
        for _ in 0..<Self.attempts {
            let room = rooms[random.uniform(below: rooms.count)]
            guard size.columns <= room.columns, size.rows <= room.rows else { continue }
            let area = TileRect(
                column: room.column + random.uniform(below: room.columns - size.columns + 1), row: room.row + random.uniform(below: room.rows - size.rows + 1),
                columns: size.columns, rows: size.rows)
            if !taken.contains(where: { $0.intersects(area) }) { return area }
        }
        return nil
    }

    /// The walls around each room, a stroke for every run of its sides between openings.
    static func walls(around rooms: [TileRect], except openings: Set<Edge>, texture: String) -> [Stroke] {
        var strokes: [Stroke] = []
        for room in rooms {
            for edges in Edge.sides(of: room) {
                var run: [Edge] = []
                func flush() {
                    guard let first = run.first, let last = run.last else { return }
                    strokes.append(Stroke(texture: texture, points: [first.start, last.end]))
                    run = []
                }
                for edge in edges {
                    if openings.contains(edge) { flush() } else { run.append(edge) }
                }
                flush()
            }
        }
        return strokes
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
