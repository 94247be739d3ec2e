/// Who plays what (TT11): one game of the design with its players' personas in seat order. A
/// table is what the commands play side by side (a lineup).
public struct SessionTable: Sendable, Hashable {
    /// The game's index in the design.
    public var game: Int
    /// Each seat's persona, as an index into the design's personas.
    public var players: [Int]

    public init(game: Int, players: [Int]) {
        self.game = game
        self.players = players
    }
}
