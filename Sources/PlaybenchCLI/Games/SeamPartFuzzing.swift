import GameSeam
import MonteCarlo

/// A part of a game on the seam read as `merge` reads it, from any bytes and without its
/// checksum: for the fuzz target (Tests/Fuzz, fuzz-seam-part), which cannot compute one.
public enum SeamPartFuzzing {
    /// The part's blocks folded into one lineup's statistics, as merge folds them; nil when the
    /// part is refused.
    public static func folded<Game: PlayableGame>(_ game: Game, _ bytes: [UInt8]) -> Game.Statistics? {
        guard let part = try? SeamParts.read(game, bytes, name: "part", checkingChecksum: false) else { return nil }
        var whole = game.emptyStatistics()
        GameBlocks.fold(part.blocks.map(\.statistics), into: &whole)
        return whole
    }
}
