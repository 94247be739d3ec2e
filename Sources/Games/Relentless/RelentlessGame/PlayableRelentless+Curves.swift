import GameSeam
import MonteCarlo
import RelentlessRuns
import RelentlessSimulation

/// The report's main curves of a team's games, round by round, for `explore` to draw for a
/// design and its edited self.
extension PlayableRelentless {
    public func curves(of statistics: SimulationStatistics, lineup: Int, in playable: Playable, confidence: Confidence) -> [GameCurve] {
        let rounds = statistics.rounds.enumerated().map { (x: Double($0.offset + 1), round: $0.element) }
        // Of every game, not only those that reached the round: a game lost earlier is not alive (M2).
        let alive = rounds.map { x, round in
            let share = Proportion(round.survived, of: statistics.games), interval = share.interval(confidence)
            return GameCurve.Point(x: x, y: share.value, lower: interval.lowerBound, upper: interval.upperBound)
        }
        let money = [("p10", 0.1), ("p50", 0.5), ("p90", 0.9)].map { name, q in
            GameCurve.Line(name: name, points: rounds.compactMap { x, round in
                guard let y = round.money.quantile(q) else { return nil }
                let interval = round.money.quantileInterval(q, confidence)
                return GameCurve.Point(x: x, y: Double(y), lower: interval.map { Double($0.lowerBound) }, upper: interval.map { Double($0.upperBound) })
            })
        }
        let satisfaction = rounds.compactMap { x, round -> GameCurve.Point? in
            guard round.satisfaction.count > 0 else { return nil }
            let interval = round.satisfaction.meanInterval(confidence)
            return GameCurve.Point(x: x, y: round.satisfaction.mean, lower: interval?.lowerBound, upper: interval?.upperBound)
        }
        let time = TimeBreakdown.parts.enumerated().map { k, part in
            GameCurve.Line(name: part.name, points: rounds.compactMap { x, round in
                round.time[k].count > 0 ? GameCurve.Point(x: x, y: round.time[k].mean) : nil
            })
        }
        return [
            GameCurve(
                name: "alive", title: "teams still solvent after each round (M2), of every game", xLabel: "round", yLabel: "alive", kind: .proportion,
                lines: [.init(name: "alive", points: alive)]),
            GameCurve(
                name: "money", title: "money after each round (M1): 10th, 50th and 90th percentiles of the games that played it", xLabel: "round",
                yLabel: "money", kind: .quantile, lines: money),
            GameCurve(
                name: "satisfaction", title: "each player's satisfaction at the end of the round (P1, P5, P6), mean", xLabel: "round",
                yLabel: "satisfaction", kind: .mean, decimals: 1, lines: [.init(name: "satisfaction", points: satisfaction)]),
            GameCurve(
                name: "time", title: "where a player's time goes in a round (P4): mean seconds by part", xLabel: "round", yLabel: "seconds",
                kind: .mean, decimals: 1, lines: time),
        ]
    }
}
