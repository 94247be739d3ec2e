import Diagnostics

/// The personas of a design (`Players.plist`) and the team `simulate` plays when none is named.
public struct PlayerModel: Sendable {
    /// By name, in the file's order.
    public var personas: [Persona]
    /// Persona names, one per player.
    public var defaultTeam: [String]
    /// Where the file writes the default team, for messages about it.
    public var defaultTeamLocation: SourceLocation?

    public init(personas: [Persona], defaultTeam: [String], defaultTeamLocation: SourceLocation? = nil) {
        self.personas = personas
        self.defaultTeam = defaultTeam
        self.defaultTeamLocation = defaultTeamLocation
    }

    public func persona(named name: String) -> Persona? { personas.first { $0.name == name } }

    public var names: [String] { personas.map(\.name) }
}
