import Testing

@testable import TabulaImaginariumSync

/// A joining device's resync (TS5, TS6) against the messages themselves: the test writes every
/// message out as the seed's app builds them ("|" between fields, a marker at the end) and counts
/// their bytes.
@Suite struct ResyncTests {
    static let threeTextures = MapTextures(
        width: 10, height: 8, textures: [TextureCount(name: "floor", tiles: 50), TextureCount(name: "grass", tiles: 20), TextureCount(name: "water", tiles: 10)])

    /// 10 × 8 with 3 textures: 80 messages tile by tile, 3 grouped. Every coordinate is one digit,
    /// so a tile's message "B|x|y|name;" is 7 bytes and its name: 80·7 + 50·5 + 20·5 + 10·5 = 960;
    /// a texture's "B|name;" is 3 bytes and its name, and each tile adds "|x|y", 4 bytes:
    /// 3·3 + 15 + 80·4 = 344.
    @Test func tenByEightWithThreeTextures() {
        #expect(Self.threeTextures.resync(.tileByTile) == ResyncSize(messages: 80, bytes: 960))
        #expect(Self.threeTextures.resync(.grouped) == ResyncSize(messages: 3, bytes: 344))
    }

    /// The messages as strings: tiles in row order, the textures in turn over them.
    static func messages(_ map: MapTextures, _ strategy: ResyncStrategy, tag: String = "B", separator: String = "|", end: String = ";") -> [String] {
        var owner: [String] = []
        for texture in map.textures { owner += Array(repeating: texture.name, count: texture.tiles) }
        let tiles = (0..<map.height).flatMap { y in (0..<map.width).map { x in (x, y) } }
        switch strategy {
        case .tileByTile:
            return zip(tiles, owner).map { [tag, String($0.0.0), String($0.0.1), $0.1].joined(separator: separator) + end }
        case .grouped:
            return map.textures.map { texture in
                let mine = zip(tiles, owner).filter { $0.1 == texture.name }.flatMap { [String($0.0.0), String($0.0.1)] }
                return ([tag, texture.name] + mine).joined(separator: separator) + end
            }
        }
    }

    static let maps = [
        threeTextures,
        // Coordinates of one to three digits, a name outside ASCII.
        MapTextures(width: 12, height: 101, textures: [TextureCount(name: "a", tiles: 1000), TextureCount(name: "gräs", tiles: 212)]),
        MapTextures(width: 1, height: 1, textures: [TextureCount(name: "stone", tiles: 1)]),
        MapTextures(width: 1000, height: 3, textures: [TextureCount(name: "x", tiles: 2999), TextureCount(name: "door", tiles: 1)]),
    ]

    @Test(arguments: maps, ResyncStrategy.allCases)
    func sizesAreThoseOfTheMessages(map: MapTextures, strategy: ResyncStrategy) {
        let written = Self.messages(map, strategy)
        #expect(map.resync(strategy) == ResyncSize(messages: written.count, bytes: written.reduce(0) { $0 + $1.utf8.count }))
        let wide = Self.messages(map, strategy, tag: "TAG", separator: "||", end: "<END")
        #expect(
            map.resync(strategy, bytes: ByteModel(tagBytes: 3, separatorBytes: 2, endMarkerBytes: 4))
                == ResyncSize(messages: wide.count, bytes: wide.reduce(0) { $0 + $1.utf8.count }))
    }

    @Test(arguments: [0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 12_345])
    func digitsOfTheCoordinates(below n: Int) {
        #expect(MapTextures.digits(below: n) == (0..<n).reduce(0) { $0 + String($1).count })
    }

    /// Grouped is never larger, and smaller as soon as a texture covers two tiles: each tile after
    /// a texture's first saves its name, tag and marker (the seed's "very ineffective"). A map of
    /// one tile costs the same both ways.
    @Test func groupedSavesWhatTheSeedSays() {
        for map in Self.maps {
            let (tiles, grouped) = (map.resync(.tileByTile), map.resync(.grouped))
            #expect(grouped.messages <= tiles.messages)
            if map.textures.contains(where: { $0.tiles >= 2 }) { #expect(grouped.bytes < tiles.bytes) } else { #expect(grouped.bytes == tiles.bytes) }
        }
    }

    /// Every join of a session is sent the same resync, so its totals are joins × one.
    @Test func sessionsSendOneResyncAJoin() throws {
        let model = try SyncModel(SyncParameters(devices: 4, editsPerMinute: 0, grabsPerMinute: 0, sessionMinutes: 600, reconnectsPerHour: 1, map: Self.threeTextures))
        for seed in UInt64(0)..<10 {
            let s = model.play(seed: seed)
            #expect(s.joins >= 3)
            #expect(s.resyncMessages == [80 * s.joins, 3 * s.joins] && s.resyncBytes == [960 * s.joins, 344 * s.joins])
        }
    }
}
