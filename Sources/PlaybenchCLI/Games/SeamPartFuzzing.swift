import AndoraGame
import AndoraRuns

/// A part of an Andora run read as `merge` reads it, from any bytes and without its checksum:
/// for the fuzz target (Tests/Fuzz, fuzz-seam-part), which cannot compute one. Nil when refused.
public enum SeamPartFuzzing {
    public static func andoraBlocks(_ bytes: [UInt8]) -> [MatchStatistics]? {
        try? SeamParts.read(AndoraDefinition(), bytes, name: "part", checkingChecksum: false).blocks.map(\.statistics)
    }
}
