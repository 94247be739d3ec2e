import TabulaImaginarium
import TabulaImaginariumSync

extension MapTextures {
    /// The background layer of `map` as a resync sends it (TS5): the grid's size and the tiles
    /// each texture shows, counted from the map itself (the standard texture on every tile not
    /// painted, a later painting over an earlier one), in the order the map declares its textures;
    /// a texture no tile shows is sent by neither strategy.
    public init(_ map: TabulaMap) {
        var tiles: [String: Int] = [:]
        for row in map.background.textures(on: map.grid) {
            for texture in row { tiles[texture, default: 0] += 1 }
        }
        var order = map.images.textures
        // An undeclared texture is TI2's error, and such a map is not played; kept for safety.
        order += tiles.keys.filter { !order.contains($0) }.sorted()
        self.init(
            width: map.grid.columns, height: map.grid.rows,
            textures: order.compactMap { name in tiles[name].map { TextureCount(name: name, tiles: $0) } })
    }
}
