/// What happens when the mini-field a player must play in (R1.8.2) has no empty cell.
public enum FullTargetRule: String, Sendable, Hashable, CaseIterable, Codable {
    /// The spec (R1.9.2): the player cannot place a sign, so the game stops in a draw.
    case draw
    /// The common variant of ultimate tic-tac-toe: the player may mark any empty cell of the whole
    /// field. The game is then drawn by R1.9.2 only when the whole field is full.
    case playAnywhere
}
