/// The personas of a design (`Players.plist`) and the team `simulate` plays when none is named.
public struct PlayerModel: Sendable {
    /// By name, in the file's order.
    public var personas: [Persona]
    /// Persona names, one per player.
    public var defaultTeam: [String]

    public init(personas: [Persona], defaultTeam: [String]) {
        self.personas = personas
        self.defaultTeam = defaultTeam
    }

    public func persona(named name: String) -> Persona? { personas.first { $0.name == name } }

    public var names: [String] { personas.map(\.name) }
}
