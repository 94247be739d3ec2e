import PropertyList

/// A map as `TabulaMap.plist` holds it (the keys ``MapReader`` reads, in its order): what the
/// generator writes, so that `check` reads its maps as any other.
public enum MapWriter {
    public static func node(_ map: TabulaMap) -> PlistNode {
        var root = PlistDictionary()
        root["grid"] = ["columns": int(map.grid.columns), "rows": int(map.grid.rows)]
        var images = PlistDictionary()
        images["textures"] = PlistNode(.array(map.images.textures.map(string)))
        if !map.images.walls.isEmpty { images["walls"] = PlistNode(.array(map.images.walls.map(string))) }
        if !map.images.objects.isEmpty {
            images["objects"] = PlistNode(.array(map.images.objects.map { image in
                var d = PlistDictionary()
                d["file"] = string(image.file)
                if let door = image.door { d["door"] = string(door.rawValue) }
                return PlistNode(.dictionary(d))
            }))
        }
        if !map.images.tokens.isEmpty { images["tokens"] = PlistNode(.array(map.images.tokens.map(string))) }
        root["images"] = PlistNode(.dictionary(images))
        var background = PlistDictionary()
        background["standard"] = string(map.background.standard)
        if !map.background.painted.isEmpty { background["painted"] = PlistNode(.array(map.background.painted.map(painting))) }
        root["background"] = PlistNode(.dictionary(background))
        var drawing = PlistDictionary()
        if !map.walls.isEmpty { drawing["walls"] = PlistNode(.array(map.walls.map { ["texture": string($0.texture), "points": points($0.points)] })) }
        if !map.freehand.isEmpty { drawing["freehand"] = PlistNode(.array(map.freehand.map { ["color": string($0.color), "points": points($0.points)] })) }
        if !drawing.isEmpty { root["drawing"] = PlistNode(.dictionary(drawing)) }
        if !map.objects.isEmpty { root["objects"] = PlistNode(.array(map.objects.map(piece))) }
        if !map.tokens.isEmpty {
            root["tokens"] = PlistNode(.array(map.tokens.map { token in
                var node = piece(token.piece)
                if case .dictionary(var d) = node.value {
                    d["number"] = int(token.number)
                    node = PlistNode(.dictionary(d))
                }
                return node
            }))
        }
        root["nextTokenNumber"] = int(map.nextTokenNumber)
        return PlistNode(.dictionary(root))
    }

    /// The XML property list's bytes.
    public static func bytes(_ map: TabulaMap) -> [UInt8] {
        // A map's strings are file names and colours the reader accepted or the generator made:
        // nothing XML cannot hold, so the writer's refusal cannot happen here.
        (try? XMLPlistWriter.write(node(map))) ?? []
    }

    static func int(_ n: Int) -> PlistNode { PlistNode(.integer(PlistInteger(n))) }
    static func string(_ s: String) -> PlistNode { PlistNode(.string(s)) }

    static func painting(_ p: Painting) -> PlistNode {
        var d = PlistDictionary()
        d["texture"] = string(p.texture)
        d["column"] = int(p.area.column)
        d["row"] = int(p.area.row)
        if p.area.columns != 1 { d["columns"] = int(p.area.columns) }
        if p.area.rows != 1 { d["rows"] = int(p.area.rows) }
        return PlistNode(.dictionary(d))
    }

    static func piece(_ p: PlacedPiece) -> PlistNode { ["image": string(p.image), "column": int(p.column), "row": int(p.row)] }

    /// Whole coordinates as integers, others as reals.
    static func points(_ points: [GridPoint]) -> PlistNode {
        func number(_ v: Double) -> PlistNode { v.rounded() == v && abs(v) < 1e15 ? int(Int(v)) : PlistNode(.real(v)) }
        return PlistNode(.array(points.map { PlistNode(.array([number($0.x), number($0.y)])) }))
    }
}
