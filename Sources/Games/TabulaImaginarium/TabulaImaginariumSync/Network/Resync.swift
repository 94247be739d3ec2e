/// How the host brings a joining device's background layer up to date (TS5), and what that costs
/// in messages and bytes (TS6).
///
/// ```swift
/// let map = MapTextures(width: 10, height: 8, textures: [
///     TextureCount(name: "floor", tiles: 50), TextureCount(name: "grass", tiles: 20), TextureCount(name: "water", tiles: 10),
/// ])
/// map.resync(.tileByTile)   // 80 messages, 960 bytes
/// map.resync(.grouped)      // 3 messages, 344 bytes
/// ```
public enum ResyncStrategy: String, Sendable, Hashable, Codable, CaseIterable {
    /// What the seed's app does: "the image name is sent on a per tile basis, which is very
    /// ineffective" (seeds/004, 8.5.6). One message a tile: tag | x | y | name.
    case tileByTile
    /// What the seed proposes: "send an image name and append all tiles which should have that
    /// image as its background image". One message a texture: tag | name | x | y | x | y …
    case grouped
}

/// A resync's size, to one joining device.
public struct ResyncSize: Sendable, Hashable, Codable {
    public var messages: Int
    public var bytes: Int

    public init(messages: Int, bytes: Int) {
        self.messages = messages
        self.bytes = bytes
    }
}

extension MapTextures {
    /// The resync of this layer by `strategy` under `model`. Tiles are numbered from 0 in x and y,
    /// written in decimal. For parameters whose `problems` are empty (sizes then fit in `Int`
    /// many times over).
    public func resync(_ strategy: ResyncStrategy, bytes model: ByteModel = ByteModel()) -> ResyncSize {
        let tiles = width * height
        // Every tile's coordinates are written once, whichever the strategy.
        let coordinateDigits = height * Self.digits(below: width) + width * Self.digits(below: height)
        let names = textures.map(\.name.utf8.count)
        switch strategy {
        case .tileByTile:
            let frame = model.tagBytes + 3 * model.separatorBytes + model.endMarkerBytes
            let nameBytes = zip(textures, names).reduce(0) { $0 + $1.0.tiles * $1.1 }
            return ResyncSize(messages: tiles, bytes: tiles * frame + coordinateDigits + nameBytes)
        case .grouped:
            let frames = names.reduce(0) { $0 + model.tagBytes + model.separatorBytes + $1 + model.endMarkerBytes }
            return ResyncSize(messages: textures.count, bytes: frames + tiles * 2 * model.separatorBytes + coordinateDigits)
        }
    }

    /// Decimal digits of 0, 1, …, n − 1 together: each power of ten's band at once.
    static func digits(below n: Int) -> Int {
        var total = 0
        var low = 0
        var high = 10
        var width = 1
        while low < n {
            total += (min(n, high) - low) * width
            low = high
            if high > Int.max / 10 { high = Int.max } else { high *= 10 }
            width += 1
        }
        return total
    }
}
