/// A Turn Tracker design as the simulation plays it: the app's game definitions (`Games.plist`),
/// what the simulation needs of them (`Sessions.plist`), the modelled players and the tables.
public struct SessionDesign: Sendable {
    public var games: [TrackedGame]
    /// Each game's timing, in the order of ``games``; nil for a game no table can play.
    public var timings: [GameTiming?]
    public var personas: [Persona]
    public var tables: [SessionTable]
    /// Every action's time × this (a what-if of `--set actionScale`; 1 as designed).
    public var actionScale: Double

    public init(games: [TrackedGame], timings: [GameTiming?], personas: [Persona], tables: [SessionTable], actionScale: Double = 1) {
        self.games = games
        self.timings = timings
        self.personas = personas
        self.tables = tables
        self.actionScale = actionScale
    }

    /// How results name a table: its game and players ("Spirit Island: 3 × steady",
    /// "Spirit Island: quick, steady").
    public func name(of table: SessionTable) -> String {
        let names = table.players.map { personas[$0].name }
        let players = Set(names).count == 1 && names.count > 1 ? "\(names.count) × \(names[0])" : names.joined(separator: ", ")
        return "\(games[table.game].name): \(players)"
    }
}
