import Diagnostics
import PropertyList

extension MapReader {
    /// TI1: the background layer, its standard texture and the areas painted over it.
    static func background(_ fields: FieldReader, _ log: inout DiagnosticLog) -> Background? {
        guard let node = log.required("background", in: fields.dictionary, at: fields.node.location, fields.path, rule: "TI1"),
            let layer = FieldReader(node, fields.path.appending("background"), "the background", known: backgroundKeys, rule: "TI1", &log),
            let standardNode = log.required("standard", in: layer.dictionary, at: node.location, layer.path, rule: "TI1"),
            let standard = fileName(standardNode, layer.path.appending("standard"), rule: "TI1", &log)
        else { return nil }
        let painted = elements(layer, "painted", rule: "TI1", &log) { node, path, log -> Painting? in
            guard let area = FieldReader(node, path, "a painted area", known: paintingKeys, rule: "TI1", &log),
                let textureNode = log.required("texture", in: area.dictionary, at: node.location, path, rule: "TI1"),
                let texture = fileName(textureNode, path.appending("texture"), rule: "TI1", &log)
            else { return nil }
            let column = position(area, "column", &log), row = position(area, "row", &log)
            let columns = area.integer("columns", in: 1...MapGrid.largestSide, default: 1, rule: "TI1", &log)
            let rows = area.integer("rows", in: 1...MapGrid.largestSide, default: 1, rule: "TI1", &log)
            guard let column, let row, let columns, let rows else { return nil }
            return Painting(texture: texture, area: TileRect(column: column, row: row, columns: columns, rows: rows), place: Place(node.location, path))
        }
        return Background(standard: standard, standardPlace: Place(standardNode.location, layer.path.appending("standard")), painted: painted)
    }

    /// TI1: the finger drawing layer: walls (a wall texture, TI4's snapped points) and free-hand
    /// lines (a colour `#rrggbb`), each of two points at least.
    static func drawing(_ fields: FieldReader, _ log: inout DiagnosticLog) -> ([Stroke], [FreehandLine]) {
        guard let node = fields["drawing"],
            let layer = FieldReader(node, fields.path.appending("drawing"), "the drawing", known: drawingKeys, rule: "TI1", &log)
        else { return ([], []) }
        let walls = elements(layer, "walls", rule: "TI1", &log) { node, path, log -> Stroke? in
            guard let line = FieldReader(node, path, "a wall", known: wallKeys, rule: "TI1", &log),
                let textureNode = log.required("texture", in: line.dictionary, at: node.location, path, rule: "TI1"),
                let texture = fileName(textureNode, path.appending("texture"), rule: "TI1", &log),
                let points = points(line, &log)
            else { return nil }
            return Stroke(texture: texture, points: points, place: Place(node.location, path))
        }
        let freehand = elements(layer, "freehand", rule: "TI1", &log) { node, path, log -> FreehandLine? in
            guard let line = FieldReader(node, path, "a free-hand line", known: freehandKeys, rule: "TI1", &log),
                let color = line.string("color", required: true, rule: "TI1", &log)
            else { return nil }
            guard Self.isColor(color) else {
                log.error("\"\(color)\" is no colour: write #rrggbb", at: line["color"]?.location, path.appending("color"), rule: "TI1")
                return nil
            }
            guard let points = points(line, &log) else { return nil }
            return FreehandLine(color: color.lowercased(), points: points, place: Place(node.location, path))
        }
        return (walls, freehand)
    }

    /// `#rrggbb`.
    static func isColor(_ text: String) -> Bool {
        text.count == 7 && text.hasPrefix("#") && text.dropFirst().allSatisfy { $0.isASCII && $0.isHexDigit }
    }

    /// A line's points, each `[x, y]` in tiles from the top left corner; two at least.
    static func points(_ line: FieldReader, _ log: inout DiagnosticLog) -> [GridPoint]? {
        guard let node = log.required("points", in: line.dictionary, at: line.node.location, line.path, rule: "TI1"),
            let items = log.array(node, line.path.appending("points"), "points", rule: "TI1")
        else { return nil }
        guard items.count >= 2 else {
            log.error("a line needs two points at least, not \(items.count)", at: node.location, line.path.appending("points"), rule: "TI1")
            return nil
        }
        var points: [GridPoint] = []
        for (i, item) in items.enumerated() {
            let path = line.path.appending("points").appending(i)
            guard let pair = log.array(item, path, "a point", rule: "TI1") else { continue }
            guard pair.count == 2 else {
                log.error("a point is [x, y], not \(pair.count) numbers", at: item.location, path, rule: "TI1")
                continue
            }
            let far = Double(farthest)
            let x = FieldReader.number(pair[0], path.appending(0), "x", in: -far...far, rule: "TI1", &log)
            let y = FieldReader.number(pair[1], path.appending(1), "y", in: -far...far, rule: "TI1", &log)
            if let x, let y { points.append(GridPoint(x: x, y: y)) }
        }
        return points.count == items.count ? points : nil
    }

    /// TI1: the objects or tokens' pieces, each an image at a tile.
    static func pieces(_ fields: FieldReader, _ key: String, keys: [String], _ log: inout DiagnosticLog) -> [(piece: PlacedPiece, fields: FieldReader)] {
        elements(fields, key, rule: "TI1", &log) { node, path, log -> (PlacedPiece, FieldReader)? in
            let what = key == "tokens" ? "a token" : "an object"
            guard let piece = FieldReader(node, path, what, known: keys, rule: "TI1", &log),
                let imageNode = log.required("image", in: piece.dictionary, at: node.location, path, rule: "TI1"),
                let image = fileName(imageNode, path.appending("image"), rule: "TI1", &log)
            else { return nil }
            let column = position(piece, "column", &log), row = position(piece, "row", &log)
            guard let column, let row else { return nil }
            return (PlacedPiece(image: image, column: column, row: row, place: Place(node.location, path)), piece)
        }
    }

    /// TI1, TI7: the tokens, each with its number, a whole number from 1.
    static func tokens(_ fields: FieldReader, _ log: inout DiagnosticLog) -> [Token] {
        pieces(fields, "tokens", keys: tokenKeys, &log).compactMap { piece, fields in
            fields.integer("number", in: 1...farthest, default: nil, rule: "TI7", &log).map { Token(piece: piece, number: $0) }
        }
    }
}
