import ReportKit
import TabulaImaginarium

/// `playbench report` of a map: a self-contained page that draws the map whole, then layer by
/// layer in the app's order (seeds/004, 7.1), with the images it declares and its tokens in tables.
public enum MapPage {
    /// The page's sections, in order: the whole map, then each layer alone (`data-section`).
    public static let sections = ["map", "background", "drawing", "objects", "tokens"]

    /// The page of `map`; `after` is sections of the caller's, placed after the map's tables
    /// (the sync model's numbers, when sessions were played).
    public static func render(_ map: TabulaMap, label: String, after: String = "") -> String {
        var html = HTMLPage.start(
            title: "Tabula Imaginarium map: \(label)",
            meta: "\(map.grid.columns)x\(map.grid.rows) tiles; \(counted(map.background.painted.count, "painted area")), \(counted(map.walls.count, "wall")), \(counted(map.freehand.count, "free-hand line")), \(counted(map.objects.count, "object")), \(counted(map.tokens.count, "token")); next token number \(map.nextTokenNumber)")
        html += section(
            "map", "The map", "The four layers drawn in the app's order: background, finger drawing, objects, tokens; the grid net's crosses over them.",
            "all four layers", MapPicture(map, title: "The map, all four layers").render())
        let notes: [(MapPicture.Layer, String, String)] = [
            (.background, "1. Background", "The standard texture on every tile not painted, and the painted areas, a later one over an earlier one."),
            (.drawing, "2. Finger drawing", "Walls snapped to the grid net in their wall texture, and free-hand lines in their colour."),
            (.objects, "3. Objects", "Doors, each over the two tiles it lies between; its leaf on their shared side."),
            (.tokens, "4. Tokens", "Characters and monsters over the tiles their image's file name gives, each with its number in the bottom right corner."),
        ]
        for (layer, title, note) in notes {
            html += section(layer.rawValue, title, note, title.dropFirst(3).lowercased() + " alone", MapPicture(map, layers: [layer], title: "\(title) alone").render())
        }
        html += "<section data-section=\"tables\"><h2>Images and tokens</h2><div class=\"row\">"
        html += HTMLPage.table("Images declared", ["layer", "file", "tiles", "used"], imageRows(map), numeric: 2)
        html += HTMLPage.table(
            "Tokens", ["image", "tiles", "number"], map.tokens.sorted { $0.number < $1.number }.map { [$0.piece.image, $0.piece.area.text, String($0.number)] }, numeric: 2)
        html += "</div></section>\n"
        return html + after + HTMLPage.end
    }

    /// A section of one map, as wide as the page allows (HTMLPage's figures are chart-sized).
    static func section(_ id: String, _ title: String, _ note: String, _ caption: String, _ svg: String) -> String {
        "<section data-section=\"\(id)\"><h2>\(escape(title))</h2><p class=\"note\">\(escape(note))</p><div class=\"row\">"
            + "<figure style=\"max-width:760px;flex-basis:100%\">\(svg)<figcaption>\(escape(caption))</figcaption></figure></div></section>\n"
    }

    static func imageRows(_ map: TabulaMap) -> [[String]] {
        func size(_ file: String) -> String {
            let s = ImageName.size(of: file) ?? (1, 1)
            return "\(s.columns)x\(s.rows)"
        }
        var rows: [[String]] = []
        for t in map.images.textures {
            let uses = map.background.painted.count { $0.texture == t } + (map.background.standard == t ? 1 : 0)
            rows.append(["texture", t, "1x1", String(uses)])
        }
        for w in map.images.walls { rows.append(["wall", w, "—", String(map.walls.count { $0.texture == w })]) }
        for o in map.images.objects { rows.append(["object" + (o.door.map { ", \($0.rawValue) door" } ?? ""), o.file, size(o.file), String(map.objects.count { $0.image == o.file })]) }
        for t in map.images.tokens { rows.append(["token", t, size(t), String(map.tokens.count { $0.piece.image == t })]) }
        return rows
    }

    static func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
