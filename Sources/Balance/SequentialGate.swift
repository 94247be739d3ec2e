import MonteCarlo

/// Plays games look by look until every target is decided or the schedule ends: the engine of
/// `playbench gate`, independent of the game.
///
/// ```swift
/// let outcome = try SequentialGate.run(schedule: LookSchedule(first: 400, cap: 6400)) {
///     (games: Range<Int>, soFar: Coins?) throws(Never) in playSomeGames(games, into: soFar)   // nil when interrupted
/// } undecided: { statistics in targetsStillUndecided(statistics) }
/// outcome?.games  // 400, 800, … or 6400
/// ```
///
/// Each look plays only the games it adds (`games` is the new range) and folds them into what
/// came before (`soFar`, nil at the first look), so no game is played twice and the result is a
/// run of `0..<games`. How the games are folded is the caller's: the gate folds blocks
/// (``GameBlocks``) cut at the looks, so that statistics at a look are exactly those of a run
/// of that many games, and a sharded gate's merged parts decide exactly as one machine would.
public enum SequentialGate {
    public struct Outcome<Statistics: MergeableStatistics>: Sendable {
        public var statistics: Statistics
        /// Games played in all.
        public var games: Int
        /// Looks taken (1 ... schedule.looks.count).
        public var looks: Int
    }

    /// - Parameters:
    ///   - play: plays the games of the range and returns the statistics so far with them folded
    ///     in; nil when interrupted (the gate then stops).
    ///   - undecided: whether some target still needs more games.
    /// - Returns: nil when interrupted.
    public static func run<Statistics: MergeableStatistics, Failure: Error>(
        schedule: LookSchedule, play: (Range<Int>, Statistics?) throws(Failure) -> Statistics?, undecided: (Statistics) -> Bool
    ) throws(Failure) -> Outcome<Statistics>? {
        let looks = schedule.looks
        guard var statistics = try play(0..<looks[0], nil) else { return nil }
        var look = 0
        while undecided(statistics) && look + 1 < looks.count {
            guard let more = try play(looks[look]..<looks[look + 1], statistics) else { return nil }
            statistics = more
            look += 1
        }
        return Outcome(statistics: statistics, games: looks[look], looks: look + 1)
    }
}
