import Diagnostics
import RelentlessSimulation
import RelentlessRuns

/// What `playbench diff` compares, each measured per game so that a game of one design can be set
/// against the same game (same seed) of the other.
public enum DiffMetric: String, Sendable, Hashable, Codable, CodingKeyRepresentable, CaseIterable {
    /// Rounds the game reached: its score (M2).
    case roundsReached
    /// 1 if the team went broke (M2), in any round up to the cap, else 0: its mean is the share lost.
    case lost
    /// Money when the game ended (M1).
    case finalMoney
    /// Each player's satisfaction at the end of a round, averaged over the game's rounds (P1–P7).
    case satisfaction
    /// Orders per round delivered correctly (P5), wrongly (P5), or timed out (P6), for the team.
    case correctPerRound, wrongPerRound, timedOutPerRound

    public var label: String {
        switch self {
        case .roundsReached: "rounds reached"
        case .lost: "share of games lost"
        case .finalMoney: "final money"
        case .satisfaction: "a player's mean satisfaction at a round's end"
        case .correctPerRound: "the team's correct orders per round played"
        case .wrongPerRound: "the team's wrong orders per round played"
        case .timedOutPerRound: "the team's timed-out orders per round played"
        }
    }

    public var isShare: Bool { self == .lost }

    /// The metrics of one game, in `allCases` order, whatever happens in it: a game that stops
    /// (money past 64 bits, M1, which C6's limits keep checked designs from) counts as ended
    /// there, unplayable, as the seam's runs record it.
    public static func measured(_ simulator: GameSimulator, seed: UInt64) -> [Double] {
        var sums = Sums()
        let result = Result { () throws(GameError) in try simulator.play(seed: seed) { sums.add($0) } }
        return sums.metrics(result)
    }

    /// ``measured(_:seed:)`` of each of `simulators`, their games played side by side, sharing
    /// the rounds they have in common (``GameSimulator/play(_:seed:observe:)``).
    public static func measured(_ simulators: [GameSimulator], seed: UInt64) -> [[Double]] {
        var sums = [Sums](repeating: Sums(), count: simulators.count)
        let results = GameSimulator.play(simulators, seed: seed) { i, round in sums[i].add(round) }
        return results.enumerated().map { i, result in sums[i].metrics(result) }
    }

    /// The same, with the game's rounds and end recorded into `games` (for each design's own
    /// report beside a comparison: its horizon, ``Horizon``).
    public static func measured(_ simulator: GameSimulator, seed: UInt64, game: UInt64, into games: inout SimulationStatistics) -> [Double] {
        var sums = Sums()
        let summary: GameSummary
        do throws(GameError) {
            summary = try simulator.play(seed: seed) { round in
                games.record(round)
                sums.add(round)
            }
        } catch {
            let stop = UnplayableRound(round: error.round, difficulty: error.difficulty, players: error.players, reason: error.description)
            summary = GameSummary(roundsPlayed: error.round, money: 0, lost: false, unplayable: stop)
        }
        games.record(summary, game: game)
        return sums.metrics(summary)
    }

    /// What the metrics of a game add up round by round.
    private struct Sums {
        var satisfaction = 0.0, players = 0, correct = 0, wrong = 0, timedOut = 0

        mutating func add(_ round: GameRound) {
            for player in round.outcome.players {
                satisfaction += player.satisfaction
                players += 1
                correct += player.correct
                wrong += player.wrong
                timedOut += player.timedOut
            }
        }

        /// A game's metrics, or those of one ended where an error stopped it.
        func metrics(_ result: Result<GameSummary, GameError>) -> [Double] {
            switch result {
            case .success(let summary): metrics(summary)
            case .failure(let error): metrics(GameSummary(roundsPlayed: error.round, money: 0, lost: false, unplayable: nil))
            }
        }

        func metrics(_ summary: GameSummary) -> [Double] {
            let rounds = Double(max(1, summary.roundsPlayed))
            return [
                Double(summary.roundsPlayed), summary.lost ? 1 : 0, Double(summary.money), players > 0 ? satisfaction / Double(players) : 0,
                Double(correct) / rounds, Double(wrong) / rounds, Double(timedOut) / rounds,
            ]
        }
    }
}

extension DiffMetric {
    /// A value of this metric for people: shares as percentages, money whole, others to the
    /// precision that differs between designs.
    public func text(_ x: Double) -> String {
        switch self {
        case .lost: return "\((x * 100).decimalText(1))%"
        case .finalMoney: return x.decimalText(0)
        case .satisfaction: return x.decimalText(1)
        case .roundsReached: return x.decimalText(2)
        case .correctPerRound, .wrongPerRound, .timedOutPerRound: return x.decimalText(3)
        }
    }
}
