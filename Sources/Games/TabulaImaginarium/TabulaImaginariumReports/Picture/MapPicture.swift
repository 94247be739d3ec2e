import ReportKit
import TabulaImaginarium

/// A map drawn as an SVG, its layers in the app's order (seeds/004, 7.1): background, finger
/// drawing, objects, tokens, and the grid net's corner crosses over them all (7.1.1). Any subset
/// of layers can be drawn, for the page's layer-by-layer sections. A legend under the map names
/// the colour of every image the drawn layers show.
public struct MapPicture: Sendable {
    public enum Layer: String, Sendable, CaseIterable {
        case background, drawing, objects, tokens
    }

    public var map: TabulaMap
    public var layers: Set<Layer>
    public var title: String

    public init(_ map: TabulaMap, layers: Set<Layer> = Set(Layer.allCases), title: String) {
        self.map = map
        self.layers = layers
        self.title = title
    }

    /// Pixels a tile: the map about 720 px wide, a tile 14 to 28 px, large enough for a token's
    /// number (the page scales a wider map down to its width).
    var cell: Double { min(28, max(14, (720 / Double(map.grid.columns)).rounded(.down))) }
    let margin = 8.0
    let top = 30.0
    /// Pixels a character of the legend (11 px) takes, about.
    let legendCharacter = 6.6

    public func render() -> String {
        let width = max(Double(map.grid.columns) * cell, 300) + 2 * margin
        let mapHeight = Double(map.grid.rows) * cell
        let (legend, legendHeight) = self.legend(width: width, y: top + mapHeight + 14)
        let height = top + mapHeight + 14 + legendHeight + margin
        var svg = #"<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \#(f(width)) \#(f(height))" role="img" aria-label="\#(escape(title))">"#
        svg += "<title>\(escape(title))</title>"
        svg += #"<text class="chart-title" x="\#(f(margin))" y="20">\#(escape(title))</text>"#
        svg += #"<g transform="translate(\#(f(margin)),\#(f(top)))">"#
        svg += #"<rect x="0" y="0" width="\#(f(Double(map.grid.columns) * cell))" height="\#(f(mapHeight))" fill="white" stroke="rgb(187,187,187)"/>"#
        if layers.contains(.background) { svg += background() }
        if layers.contains(.drawing) { svg += drawing() }
        if layers.contains(.objects) { svg += objects() }
        if layers.contains(.tokens) { svg += tokens() }
        svg += gridNet()
        svg += "</g>" + legend + "</svg>"
        return svg
    }

    func x(_ column: Double) -> Double { column * cell }

    func rect(_ area: TileRect, _ attributes: String) -> String {
        #"<rect x="\#(f(x(Double(area.column))))" y="\#(f(x(Double(area.row))))" width="\#(f(Double(area.columns) * cell))" height="\#(f(Double(area.rows) * cell))" \#(attributes)/>"#
    }

    /// The standard texture over the whole grid, then each painted area (clipped to the grid).
    func background() -> String {
        let textures = map.images.textures
        var svg = #"<g class="layer-background">"#
        svg += rect(map.grid.whole, #"class="cell" fill="\#(MapPalette.color(of: map.background.standard, in: textures, MapPalette.textures))""#)
        for painting in map.background.painted {
            let a = painting.area
            let left = max(0, a.column), right = min(map.grid.columns, a.column + a.columns)
            let upper = max(0, a.row), lower = min(map.grid.rows, a.row + a.rows)
            guard left < right, upper < lower else { continue }
            svg += rect(
                TileRect(column: left, row: upper, columns: right - left, rows: lower - upper),
                #"class="cell" fill="\#(MapPalette.color(of: painting.texture, in: textures, MapPalette.textures))"><title>\#(escape(painting.texture)) \#(a.text)</title></rect"#)
        }
        return svg + "</g>"
    }

    func polyline(_ points: [GridPoint], _ attributes: String) -> String {
        let list = points.map { "\(f(x($0.x))),\(f(x($0.y)))" }.joined(separator: " ")
        return #"<polyline class="line" points="\#(list)" \#(attributes)/>"#
    }

    /// Walls thick in their texture's colour, free-hand lines thin in theirs.
    func drawing() -> String {
        var svg = #"<g class="layer-drawing">"#
        for wall in map.walls {
            svg += polyline(wall.points, #"stroke="\#(MapPalette.color(of: wall.texture, in: map.images.walls, MapPalette.walls))" stroke-width="\#(f(max(2, cell / 6)))" stroke-linecap="square""#)
        }
        for line in map.freehand {
            svg += polyline(line.points, #"stroke="\#(line.color)" stroke-width="\#(f(max(1, cell / 12)))" stroke-linejoin="round""#)
        }
        return svg + "</g>"
    }

    /// Each object over the tiles it covers; a door as a leaf across the side its two tiles share.
    func objects() -> String {
        var svg = #"<g class="layer-objects">"#
        for object in map.objects {
            let area = object.area
            svg += rect(area, #"class="bar" fill="\#(MapPalette.door)" fill-opacity="0.25" stroke="\#(MapPalette.door)"><title>\#(escape(object.image)) \#(area.text)</title></rect"#)
            guard let door = map.images.object(object.image)?.door else { continue }
            let leaf = max(2, cell / 4)
            if door == .horizontal {
                let mid = x(Double(area.column + 1))
                svg += #"<rect x="\#(f(mid - leaf / 2))" y="\#(f(x(Double(area.row)) + cell * 0.1))" width="\#(f(leaf))" height="\#(f(cell * 0.8))" fill="\#(MapPalette.door)"/>"#
            } else {
                let mid = x(Double(area.row + 1))
                svg += #"<rect x="\#(f(x(Double(area.column)) + cell * 0.1))" y="\#(f(mid - leaf / 2))" width="\#(f(cell * 0.8))" height="\#(f(leaf))" fill="\#(MapPalette.door)"/>"#
            }
        }
        return svg + "</g>"
    }

    /// Each token as a rounded square over its tiles, its number in the bottom right corner
    /// (7.1.4), when tiles are large enough to read one.
    func tokens() -> String {
        var svg = #"<g class="layer-tokens">"#
        let size = min(11, cell * 0.5)
        for token in map.tokens {
            let area = token.piece.area
            let inset = cell * 0.08
            let color = MapPalette.color(of: token.piece.image, in: map.images.tokens, MapPalette.tokens)
            svg += #"<rect class="bar" x="\#(f(x(Double(area.column)) + inset))" y="\#(f(x(Double(area.row)) + inset))" width="\#(f(Double(area.columns) * cell - 2 * inset))" height="\#(f(Double(area.rows) * cell - 2 * inset))" rx="\#(f(cell / 3))" fill="\#(color)" stroke="white"><title>token \#(token.number): \#(escape(token.piece.image)) \#(area.text)</title></rect>"#
            if cell >= 14 {
                svg += #"<text class="token-number" x="\#(f(x(Double(area.column + area.columns)) - inset - 1))" y="\#(f(x(Double(area.row + area.rows)) - inset - 2))" text-anchor="end" font-size="\#(f(size))" fill="white">\#(token.number)</text>"#
            }
        }
        return svg + "</g>"
    }

    /// Tiny crosses at the tiles' corners (7.1.1), when the grid is small enough to show them.
    func gridNet() -> String {
        guard (map.grid.columns + 1) * (map.grid.rows + 1) <= 10_000, cell >= 10 else { return "" }
        let arm = cell * 0.12
        var svg = #"<g class="grid-net" stroke="rgb(51,51,51)" stroke-opacity="0.45" stroke-width="1">"#
        for r in 0...map.grid.rows {
            for c in 0...map.grid.columns {
                let (cx, cy) = (x(Double(c)), x(Double(r)))
                svg += #"<path d="M\#(f(cx - arm)) \#(f(cy))h\#(f(2 * arm))M\#(f(cx)) \#(f(cy - arm))v\#(f(2 * arm))"/>"#
            }
        }
        return svg + "</g>"
    }

    /// The legend: a swatch and a name for each image the drawn layers show, in rows under the map.
    func legend(width: Double, y: Double) -> (svg: String, height: Double) {
        var entries: [(color: String, label: String)] = []
        if layers.contains(.background) {
            let used = [map.background.standard] + map.background.painted.map(\.texture)
            for texture in map.images.textures where used.contains(texture) {
                entries.append((MapPalette.color(of: texture, in: map.images.textures, MapPalette.textures), texture + (texture == map.background.standard ? " (standard)" : "")))
            }
        }
        if layers.contains(.drawing) {
            for wall in map.images.walls where map.walls.contains(where: { $0.texture == wall }) {
                entries.append((MapPalette.color(of: wall, in: map.images.walls, MapPalette.walls), wall + " (wall)"))
            }
            for color in map.freehand.map(\.color).uniquedInOrder() { entries.append((color, "free-hand \(color)")) }
        }
        if layers.contains(.objects) {
            for image in map.images.objects where map.objects.contains(where: { $0.image == image.file }) {
                entries.append((MapPalette.door, image.file + (image.door.map { " (\($0.rawValue) door)" } ?? "")))
            }
        }
        if layers.contains(.tokens) {
            for image in map.images.tokens where map.tokens.contains(where: { $0.piece.image == image }) {
                entries.append((MapPalette.color(of: image, in: map.images.tokens, MapPalette.tokens), image + " (token)"))
            }
        }
        guard !entries.isEmpty else { return ("", 0) }
        var svg = #"<g class="legend">"#
        var (left, row) = (margin, 0)
        for entry in entries {
            let label = entry.label.count > 40 ? String(entry.label.prefix(39)) + "…" : entry.label
            let entryWidth = 18 + Double(label.count) * legendCharacter + 14
            if left > margin, left + entryWidth > width - margin {
                left = margin
                row += 1
            }
            let ty = y + Double(row) * 18
            svg += #"<g><rect x="\#(f(left))" y="\#(f(ty))" width="12" height="12" fill="\#(entry.color)" stroke="rgb(85,85,85)"/><text x="\#(f(left + 18))" y="\#(f(ty + 10))">\#(escape(label))</text></g>"#
            left += entryWidth
        }
        return (svg + "</g>", Double(row + 1) * 18)
    }

    func f(_ v: Double) -> String { String(format2: v) }
}

extension Array where Element: Hashable {
    func uniquedInOrder() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
