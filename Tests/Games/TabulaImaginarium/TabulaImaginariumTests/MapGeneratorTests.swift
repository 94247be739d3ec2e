import Diagnostics
import PropertyList
import Testing

@testable import TabulaImaginarium

/// The map generator (TI9, TI10): every map it makes is connected, by a flood fill written here
/// over the map as its file holds it (not the generator's own connectivity); its maps read back
/// clean and to the same bytes; a seed replays; parameters no seed can satisfy are refused.
@Suite struct MapGeneratorTests {
    /// The map of `seed` as its file holds it, read back by the map reader and checked.
    static func madeAndRead(_ parameters: GeneratorParameters, seed: UInt64) throws -> (map: TabulaMap, bytes: [UInt8], diagnostics: [Diagnostic]) {
        let made = try MapGenerator(parameters).generate(seed: seed).get()
        let bytes = MapWriter.bytes(made)
        let (read, diagnostics) = MapFile.read(bytes: bytes, file: "generated.plist")
        return (try #require(read, "\(diagnostics)"), bytes, diagnostics)
    }

    /// Floor tiles (painted other than the standard texture) not reached from the first one,
    /// stepping between 4-adjacent floor tiles whose shared side no wall stretch covers.
    static func unreachedByFloodFill(_ map: TabulaMap) -> Int {
        let (w, h) = (map.grid.columns, map.grid.rows)
        var floor = Array(repeating: false, count: w * h)
        for painting in map.background.painted where painting.texture != map.background.standard {
            for r in painting.area.row..<(painting.area.row + painting.area.rows) {
                for c in painting.area.column..<(painting.area.column + painting.area.columns) { floor[r * w + c] = true }
            }
        }
        // Blocked sides, keyed "x,y,v" for the unit stretch of the grid net from (x, y) down
        // (v) or right (h).
        var blocked = Set<String>()
        for wall in map.walls {
            for (a, b) in zip(wall.points, wall.points.dropFirst()) {
                let (x0, y0, x1, y1) = (Int(a.x), Int(a.y), Int(b.x), Int(b.y))
                if x0 == x1 { for y in min(y0, y1)..<max(y0, y1) { blocked.insert("\(x0),\(y),v") } }
                if y0 == y1 { for x in min(x0, x1)..<max(x0, x1) { blocked.insert("\(x),\(y0),h") } }
            }
        }
        guard let start = floor.firstIndex(of: true) else { return 0 }
        var seen = Array(repeating: false, count: w * h)
        seen[start] = true
        var queue = [start]
        var head = 0
        while head < queue.count {
            let tile = queue[head]
            head += 1
            let (c, r) = (tile % w, tile / w)
            // Right: the side is the vertical stretch at x = c + 1; left at x = c; down: the
            // horizontal stretch at y = r + 1; up at y = r.
            let moves = [(c + 1, r, "\(c + 1),\(r),v"), (c - 1, r, "\(c),\(r),v"), (c, r + 1, "\(c),\(r + 1),h"), (c, r - 1, "\(c),\(r),h")]
            for (nc, nr, side) in moves where nc >= 0 && nc < w && nr >= 0 && nr < h {
                let next = nr * w + nc
                if floor[next], !seen[next], !blocked.contains(side) {
                    seen[next] = true
                    queue.append(next)
                }
            }
        }
        return zip(floor, seen).count { $0 && !$1 }
    }

    static var shapes: [GeneratorParameters] {
        var small = GeneratorParameters()
        (small.columns, small.rows, small.rooms, small.smallestRoom, small.largestRoom) = (14, 10, 3, 2, 4)
        small.tokens = ["a.png"]
        var many = GeneratorParameters()
        (many.columns, many.rows, many.rooms, many.smallestRoom, many.largestRoom) = (60, 40, 20, 2, 6)
        var one = GeneratorParameters()
        (one.columns, one.rows, one.rooms, one.smallestRoom, one.largestRoom) = (5, 5, 1, 3, 3)
        one.tokens = []
        return [GeneratorParameters(), small, many, one]
    }

    @Test(arguments: 0..<4)
    func everyMapOfManySeedsIsConnectedAndChecksClean(shape: Int) throws {
        let parameters = Self.shapes[shape]
        var made = 0
        for seed in UInt64(1)...150 {
            guard case .success = MapGenerator(parameters).generate(seed: seed) else { continue }
            let (map, _, diagnostics) = try Self.madeAndRead(parameters, seed: seed)
            #expect(diagnostics.isEmpty, "seed \(seed): \(diagnostics)")
            #expect(Self.unreachedByFloodFill(map) == 0, "seed \(seed): floor tiles cut off")
            #expect(map.background.painted.count { $0.texture == parameters.floor } == parameters.rooms)
            #expect(map.tokens.map(\.number) == Array(1...max(1, parameters.tokens.count)).prefix(parameters.tokens.count).map { $0 })
            #expect(map.nextTokenNumber == parameters.tokens.count + 1)
            made += 1
        }
        // Room enough in every shape: most seeds make a map (the one-room shape all of them).
        #expect(made >= (shape == 3 ? 150 : 100), "only \(made) of 150 seeds made a map")
    }

    /// A door lies across a room's wall: one of its two tiles in a room, the other a corridor's.
    @Test func doorsJoinARoomToACorridor() throws {
        let parameters = GeneratorParameters()
        for seed in UInt64(1)...40 {
            let (map, _, _) = try Self.madeAndRead(parameters, seed: seed)
            let rooms = map.background.painted.filter { $0.texture == parameters.floor }.map(\.area)
            #expect(!map.objects.isEmpty)
            for door in map.objects {
                let tiles = door.area.columns == 2 ? [(door.column, door.row), (door.column + 1, door.row)] : [(door.column, door.row), (door.column, door.row + 1)]
                let inRoom = tiles.map { t in rooms.contains { $0.contains(column: t.0, row: t.1) } }
                #expect(inRoom.count(where: { $0 }) == 1, "seed \(seed): door at (\(door.column), \(door.row))")
            }
        }
    }

    @Test func aSeedReplaysToTheSameBytesAndTheFileRoundTrips() throws {
        let parameters = GeneratorParameters()
        let (map, bytes, _) = try Self.madeAndRead(parameters, seed: 42)
        #expect(try Self.madeAndRead(parameters, seed: 42).bytes == bytes)
        #expect(MapWriter.bytes(map) == bytes, "read back and written again, the map's bytes changed")
        #expect(try Self.madeAndRead(parameters, seed: 43).bytes != bytes)
    }

    @Test func parametersNoSeedCanMeetAreRefusedWithTheArithmetic() {
        var p = GeneratorParameters()
        (p.columns, p.rows, p.rooms, p.smallestRoom) = (10, 10, 5, 3)
        // Five rooms of 3x3 and their borders take 5 × 25 = 125 tiles of 100.
        let expected = MapGenerator.Failure.impossible("5 rooms of 3x3 tiles at least, each with a border of one tile (5x5), need 125 tiles; the 10x10 grid has 100")
        #expect(Self.outcome(MapGenerator(p).generate(seed: 1)) == "\(expected)")
        p.rooms = 4
        #expect(p.impossibility == nil)
        p.smallestRoom = 9
        p.largestRoom = 9
        #expect(p.impossibility?.contains("11x11, more than the 10x10 grid") == true)
        var token = GeneratorParameters()
        token.largestRoom = 3
        token.tokens = ["dragon_4x4.png"]
        #expect(token.impossibility?.contains("\"dragon_4x4.png\" covers 4x4 tiles, more than the largest room") == true)
    }

    /// Four rooms of 4x4 fit a 12x12 grid only packed exactly: most seeds' draws fail, each the
    /// same way every time.
    @Test func aCrowdedSeedFailsReproducibly() {
        var p = GeneratorParameters()
        (p.columns, p.rows, p.rooms, p.smallestRoom, p.largestRoom) = (12, 12, 4, 4, 4)
        p.tokens = []
        #expect(p.impossibility == nil)
        let results = (UInt64(1)...10).map { MapGenerator(p).generate(seed: $0) }
        let crowded = results.compactMap { result -> String? in if case .failure(.crowded(let why)) = result { why } else { nil } }
        #expect(!crowded.isEmpty)
        #expect(crowded.allSatisfy { $0.contains("found no place 200 times") })
        #expect((UInt64(1)...10).map { Self.outcome(MapGenerator(p).generate(seed: $0)) } == results.map(Self.outcome))
    }

    /// A map's bytes, or its failure, as text to compare.
    static func outcome(_ result: Result<TabulaMap, MapGenerator.Failure>) -> String {
        switch result {
        case .success(let map): String(decoding: MapWriter.bytes(map), as: UTF8.self)
        case .failure(let failure): "\(failure)"
        }
    }

    @Test func theGeneratorsFileIsChecked() throws {
        func read(_ body: String) throws -> [Diagnostic] {
            GeneratorReader.read(try PlistReader.read(bytes: Array("<plist version=\"1.0\"><dict>\(body)</dict></plist>".utf8)), file: "Generator.plist").1
        }
        #expect(try read("").isEmpty)
        #expect(try read("<key>largestRoom</key><integer>2</integer>").map(\.rule) == ["TI9"])
        #expect(try read("<key>floor</key><string>rock.png</string>").map(\.rule) == ["TI9"])
        #expect(try read("<key>verticalDoor</key><string>door_2x1.png</string>").map(\.rule) == ["TI5"])
        #expect(try read("<key>rooms</key><integer>200</integer>").map(\.rule) == ["TI10"])
        #expect(try read("<key>roooms</key><integer>2</integer>").first?.suggestion == "did you mean \"rooms\"?")
    }
}

