/// The map's background layer as a resync sends it: its size in tiles and how many tiles each
/// texture covers (TS5). Which tile has which texture changes no size a resync has, so counts
/// are enough; the main background of unmodified tiles (seeds/004, 7.1.1) is one texture among
/// them.
public struct MapTextures: Sendable, Hashable, Codable {
    public var width: Int
    public var height: Int
    /// Each texture's name and the tiles it covers: together every tile, each name once.
    public var textures: [TextureCount]

    /// A 10 × 8 map of three textures.
    public init(
        width: Int = 10, height: Int = 8,
        textures: [TextureCount] = [TextureCount(name: "floor", tiles: 50), TextureCount(name: "grass", tiles: 20), TextureCount(name: "water", tiles: 10)]
    ) {
        self.width = width
        self.height = height
        self.textures = textures
    }

    /// width × height, or nil when it overflows.
    public var tileCount: Int? {
        let product = width.multipliedReportingOverflow(by: height)
        return product.overflow ? nil : product.partialValue
    }
}

/// One texture of the background layer and the number of tiles drawn with it.
public struct TextureCount: Sendable, Hashable, Codable {
    /// The image name a resync sends (seeds/004, 8.5.6).
    public var name: String
    public var tiles: Int

    public init(name: String, tiles: Int) {
        self.name = name
        self.tiles = tiles
    }
}
