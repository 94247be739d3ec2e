import Andora
import AndoraReports
import AndoraRuns
import ArgumentParser
import Foundation
import MonteCarlo

/// Plays every rule variant of an Andora design with every matchup, on all cores, with a
/// progress bar and Ctrl-C: what `simulate` and `report` share for Andora.
struct AndoraPlay {
    var design: AndoraDesignFile
    var matchups: [Matchup]
    var games: Int
    var seed: UInt64
    var threads: Int?

    /// The matchups of `--agents` (each "A,B" or "A"), or the design's when none is given.
    static func matchups(_ agents: [String], design: Design) throws -> [Matchup] {
        guard !agents.isEmpty else { return design.matchups }
        return try parse(agents)
    }

    /// `--agents` values as matchups; a value that is no matchup, or one named twice (it would
    /// play the very same games), is a usage error.
    static func parse(_ agents: [String]) throws -> [Matchup] {
        var matchups: [Matchup] = []
        for text in agents {
            guard let matchup = Matchup(text) else {
                throw ValidationError("--agents \(text): write A,B (A against B) or A (A against itself), with agents \(AgentKind.spellings)")
            }
            if matchups.contains(matchup) {
                throw ValidationError("--agents \(text): \(matchup.label) is named twice; it would play the very same games")
            }
            matchups.append(matchup)
        }
        return matchups
    }

    /// Every variant × matchup, in the design's order; (summary, how long it took). A Ctrl-C
    /// (`interruption`, which the caller ends when the games are over) stops early: the
    /// summary then says it is partial.
    func run(label: String, interruption: Interruption) -> (AndoraSummary, how: String) {
        let cells = matchups.flatMap { m in design.design.variants.map { (variant: $0, matchup: m) } }
        let progress = ProgressBar(label: label)
        let total = games * cells.count
        let clock = ContinuousClock.now
        var played: [(variant: Design.Variant, matchup: Matchup, statistics: MatchStatistics)] = []
        var threadsUsed = 1
        for (i, cell) in cells.enumerated() where !interruption.cancellation.isCancelled {
            let before = i * games
            let match = MatchRun(rules: cell.variant.rules, matchup: cell.matchup)
            let run = match.play(
                games: games, seed: seed, runner: MonteCarloRunner(threads: threads, chunkSize: match.preferredChunkSize), cancellation: interruption.cancellation,
                progress: { done, _ in progress.update(done: before + done, total: total) })
            threadsUsed = max(threadsUsed, run.threads)
            played.append((cell.variant, cell.matchup, run.statistics))
        }
        progress.finish()
        let elapsed = ContinuousClock.now - clock
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let summary = AndoraSummary(
            design: design.label, seed: seed, gamesRequested: games, cells: played, everyCellPlayed: played.count == cells.count)
        return (summary, String(format: "%.2f s on %d thread%@", seconds, threadsUsed, threadsUsed == 1 ? "" : "s"))
    }
}

extension AndoraPlay {
    /// The design of `directory`'s Andora.plist (its errors end the command, exit 1), played by
    /// the matchups of `agents`, or the design's own when `agents` is empty.
    init(_ directory: String, path: String, agents: [String], games: Int, seed: UInt64, threads: Int?) throws {
        let file = try AndoraDesignFile.load(directory, path: path)
        self.init(design: file, matchups: try Self.matchups(agents, design: file.design), games: games, seed: seed, threads: threads)
    }
}
