import Randomness

/// A generator of what the app shows (issue 19): a command object that makes its output from a
/// random source alone, so that the same seed replays it. A new way to lay out or walk a session
/// is a new conformer, not a branch in the commands.
public protocol TrackerGenerator: Sendable {
    associatedtype Output
    /// What the generator makes, in a phrase for `generate` ("the layout for 5 players").
    var summary: String { get }
    func generate(_ random: inout RandomSource) -> Output
}

/// The game view's sections for a player count, by seeds/000's layout rules (``ScreenLayout``);
/// it draws nothing.
public struct LayoutGeneration: TrackerGenerator {
    public var players: Int

    public init(players: Int) { self.players = players }

    public var summary: String { "the game view for \(players) player\(players == 1 ? "" : "s") (seeds/000's layout rules)" }

    /// Nil for a count no phones the app can connect hold (TT2).
    public func generate(_ random: inout RandomSource) -> ScreenLayout? { ScreenLayout.make(players: players) }
}
