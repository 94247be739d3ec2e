import Diagnostics
import PropertyList

/// What a map read without errors of shape may still hold that the app would not: images it
/// does not have (TI2), pieces off the grid (TI3), walls off the grid net (TI4), objects on one
/// another (TI6), two tokens of one number (TI7) and a counter that would give a number again
/// (TI8). Each message points at the piece, in the file it was read from.
public enum MapChecks {
    public static func check(_ map: TabulaMap, file: String) -> [Diagnostic] {
        var log = DiagnosticLog(file: file)
        declared(map, &log)
        onTheGrid(map, &log)
        snapped(map.walls, &log)
        stacked(map.objects, &log)
        numbered(map, &log)
        return log.diagnostics
    }

    /// TI2: every image a layer names is one the map declares for that layer. Looked up by
    /// hashing, so the check is linear in the map whatever the number of pieces and images.
    static func declared(_ map: TabulaMap, _ log: inout DiagnosticLog) {
        struct Layer {
            var name: String
            var list: [String]
            var known: Set<String>
            init(_ name: String, _ list: [String]) { (self.name, self.list, known) = (name, list, Set(list)) }
        }
        func check(_ image: String, in layer: Layer, _ place: Place, key: String?) {
            guard !layer.known.contains(image) else { return }
            log.error(
                "\"\(image)\" is not declared in images.\(layer.name)", at: place.location, key.map(place.path.appending) ?? place.path, rule: "TI2",
                suggestion: Suggestion.nearest(to: image, in: layer.list).map { "did you mean \"\($0)\"?" } ?? "declare it in images.\(layer.name)")
        }
        let textures = Layer("textures", map.images.textures), walls = Layer("walls", map.images.walls)
        let objects = Layer("objects", map.images.objects.map(\.file)), tokens = Layer("tokens", map.images.tokens)
        check(map.background.standard, in: textures, map.background.standardPlace, key: nil)
        for painting in map.background.painted { check(painting.texture, in: textures, painting.place, key: "texture") }
        for wall in map.walls { check(wall.texture, in: walls, wall.place, key: "texture") }
        for object in map.objects { check(object.image, in: objects, object.place, key: "image") }
        for token in map.tokens { check(token.piece.image, in: tokens, token.piece.place, key: "image") }
    }

    /// TI3: every painted area, line point, object and token lies on the grid.
    static func onTheGrid(_ map: TabulaMap, _ log: inout DiagnosticLog) {
        let whole = map.grid.whole
        let size = "the \(map.grid.columns)x\(map.grid.rows) grid"
        for painting in map.background.painted where !whole.contains(painting.area) {
            log.error("the painted area \(painting.area.text) lies outside \(size)", at: painting.place.location, painting.place.path, rule: "TI3")
        }
        func points(_ points: [GridPoint], _ place: Place, _ what: String) {
            for (i, point) in points.enumerated()
            where !(0...Double(map.grid.columns)).contains(point.x) || !(0...Double(map.grid.rows)).contains(point.y) {
                log.error(
                    "\(what) point (\(point.x.designerText), \(point.y.designerText)) lies outside \(size), whose corners run to (\(map.grid.columns), \(map.grid.rows))",
                    at: place.location, place.path.appending("points").appending(i), rule: "TI3")
            }
        }
        for wall in map.walls { points(wall.points, wall.place, "a wall's") }
        for line in map.freehand { points(line.points, line.place, "a free-hand line's") }
        for object in map.objects where !whole.contains(object.area) {
            log.error("\"\(object.image)\" at \(object.area.text) lies outside \(size)", at: object.place.location, object.place.path, rule: "TI3")
        }
        for token in map.tokens where !whole.contains(token.piece.area) {
            log.error(
                "token \(token.number) (\"\(token.piece.image)\") at \(token.piece.area.text) lies outside \(size)", at: token.piece.place.location,
                token.piece.place.path, rule: "TI3")
        }
    }

    /// TI4: a wall runs from grid corner to grid corner, each stretch along a grid line or
    /// across one tile diagonally (6.2.1.3: diagonal lines "within tiles", never over several).
    static func snapped(_ walls: [Stroke], _ log: inout DiagnosticLog) {
        for wall in walls {
            for (i, point) in wall.points.enumerated() where !point.isCorner {
                log.error(
                    "a wall snaps to the grid: (\(point.x.designerText), \(point.y.designerText)) is no grid corner", at: wall.place.location,
                    wall.place.path.appending("points").appending(i), rule: "TI4")
            }
            for (i, (from, to)) in zip(wall.points, wall.points.dropFirst()).enumerated() where from.isCorner && to.isCorner {
                let dx = abs(to.x - from.x), dy = abs(to.y - from.y)
                guard dx != 0 && dy != 0, dx != 1 || dy != 1 else { continue }
                log.error(
                    "a wall from (\(from.x.designerText), \(from.y.designerText)) to (\(to.x.designerText), \(to.y.designerText)) crosses tiles diagonally: the app draws a diagonal within one tile only",
                    at: wall.place.location, wall.place.path.appending("points").appending(i + 1), rule: "TI4")
            }
        }
    }

    /// TI6: no object on another: the app places none there (a touch on an object moves it), so
    /// such a map was made by moving one onto another, and the one beneath can no longer be
    /// touched. A warning: the app allows the move.
    static func stacked(_ objects: [PlacedPiece], _ log: inout DiagnosticLog) {
        for (j, upper) in objects.enumerated() {
            guard let i = objects[..<j].firstIndex(where: { $0.area.intersects(upper.area) }) else { continue }
            log.warning(
                "\"\(upper.image)\" at \(upper.area.text) lies on objects[\(i)] (\"\(objects[i].image)\" at \(objects[i].area.text)): the app cannot place an object on another, only move one there",
                at: upper.place.location, upper.place.path, rule: "TI6")
        }
    }

    /// TI7, TI8: every token's number its own, and the counter past them all, so that the next
    /// token placed takes a number no token shows.
    static func numbered(_ map: TabulaMap, _ log: inout DiagnosticLog) {
        var first: [Int: Int] = [:]
        for (i, token) in map.tokens.enumerated() {
            if let earlier = first[token.number] {
                log.error(
                    "token number \(token.number) is tokens[\(earlier)]'s too: a number tells similar tokens apart", at: token.piece.place.location,
                    token.piece.place.path.appending("number"), rule: "TI7")
            } else {
                first[token.number] = i
            }
        }
        if let highest = map.tokens.map(\.number).max(), map.nextTokenNumber <= highest {
            let holder = first[map.nextTokenNumber].map { "tokens[\($0)] shows it already" } ?? "it lies behind the highest number in use"
            log.error(
                "nextTokenNumber is \(map.nextTokenNumber), but token \(highest) is on the map: the next token placed would take \(map.nextTokenNumber), and \(holder)",
                at: map.nextTokenPlace.location, map.nextTokenPlace.path, rule: "TI8", suggestion: "set it to \(highest + 1)")
        }
    }
}
