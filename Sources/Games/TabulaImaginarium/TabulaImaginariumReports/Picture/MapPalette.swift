import TabulaImaginarium

/// The colours a page draws a map's images in: the app shows pictures; a page without them shows
/// each texture as a colour of its own, in the order the map declares them, with a legend.
enum MapPalette {
    /// Earth, stone, water and grass, distinct side by side.
    static let textures = ["#b7a98b", "#8c8c8c", "#d9c89e", "#6f8f5b", "#5b7fa6", "#a0715a", "#c9c3b5", "#4f6b4a", "#9aa7b8", "#c2a36b", "#7a6a58", "#dfd8c8"]
    static let walls = ["#3b3026", "#5a4a3a", "#222222", "#6b5b4b"]
    static let tokens = ["#c0392b", "#2e86c1", "#8e44ad", "#d35400", "#16a085", "#7f8c8d", "#f1c40f", "#2c3e50"]
    static let door = "#8b5a2b"

    static func color(of name: String, in declared: [String], _ palette: [String]) -> String {
        palette[(declared.firstIndex(of: name) ?? 0) % palette.count]
    }
}
