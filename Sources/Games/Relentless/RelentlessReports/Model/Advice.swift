import Balance
import Diagnostics
import GameSeam
import RelentlessBalance

/// What the report advises (issue 39): each finding in the teams' curves (a cliff in
/// satisfaction, a team that goes broke within the horizon, a drift below 0 beyond it), with the
/// parameters that drive it, from a quick sensitivity on the same seeds, and the commands that
/// explore it further.
public struct Advice: Sendable, Codable {
    public enum Kind: String, Sendable, Codable {
        /// Mean satisfaction falls by a quarter or more from one round to the next.
        case cliff
        /// Half or more of a team's games are lost within the horizon (M2).
        case broke
        /// Money falls round after round at the top difficulty: every game is eventually lost.
        case drift
    }

    /// What the curves show, before any parameter is moved.
    public struct Observation: Sendable, Codable {
        public var kind: Kind
        public var text: String
        /// The team it is worst for, by index: its drivers are measured on that team.
        public var team: Int
        /// A cliff's rounds, and for each the difficulties of the round before it and of it (M3).
        public var rounds: [Int] = []
        public var difficulties: [[Double]] = []
    }

    /// A parameter moved down and up alone on the same seeds, and what each move did.
    public struct Driver: Sendable, Codable {
        public var key: String
        public var down: String
        public var up: String
    }

    public struct Finding: Sendable, Codable {
        public var observation: Observation
        /// The metric the drivers are ranked by (a name of the game's metrics) and what it is.
        public var metric: String
        public var metricSummary: String
        /// Parameters whose value the game plays changes at a cliff's round ("numOfOrdersPerPlayer
        /// 2 → 3"): the step in the ramp the cliff follows.
        public var steps: [String]
        /// The parameters that move the metric most, largest first (at most three).
        public var drivers: [Driver]
        public var commands: [String]
        /// The team the drivers were measured on.
        public var measuredTeam: String

        public init(
            observation: Observation, metric: String, metricSummary: String, steps: [String], drivers: [Driver], commands: [String], measuredTeam: String
        ) {
            self.measuredTeam = measuredTeam
            self.observation = observation
            self.metric = metric
            self.metricSummary = metricSummary
            self.steps = steps
            self.drivers = drivers
            self.commands = commands
        }
    }

    public var findings: [Finding]
    /// How the drivers were measured ("100 games of the team a finding is worst for, seed 1,
    /// every parameter ±10% alone"); nil when they were not.
    public var measuredOn: String?
    /// Why no drivers were measured (a quick report); nil when they were.
    public var unmeasured: String?

    public init(findings: [Finding], measuredOn: String?, unmeasured: String? = nil) {
        self.findings = findings
        self.measuredOn = measuredOn
        self.unmeasured = unmeasured
    }

    /// The line under the heading: how the drivers were measured, or why they were not.
    public var driversNote: String {
        if let measuredOn { return "Drivers: \(measuredOn); an effect is the mean change of the metric over games with the same seed, its 95% interval in brackets, * where it excludes 0." }
        return "Drivers: \(unmeasured ?? "not measured")."
    }

    /// The metric whose drivers explain a finding: satisfaction for a cliff, the share of games
    /// lost for a team going broke, final money for a falling drift.
    public static func metric(for kind: Kind) -> String {
        switch kind {
        case .cliff: "satisfaction"
        case .broke: "lost"
        case .drift: "finalMoney"
        }
    }

    /// The top `count` drivers of `metric` in `sensitivity`: moves whose interval excludes 0
    /// first, by size.
    public static func drivers(_ sensitivity: SensitivityResult, metric name: String, count: Int = 3) -> [Driver] {
        guard let metric = sensitivity.metrics.first(where: { $0.name == name }) else { return [] }
        let ranked = sensitivity.ranked(by: name).filter { row in
            guard let effect = row.effects?[name] else { return false }
            return effect.low.isSignificant || effect.high.isSignificant
        }
        return ranked.prefix(count).compactMap { row in
            guard let effect = row.effects?[name] else { return nil }
            return Driver(
                key: row.key, down: "\(SensitivityResult.played(row.low, row.lowChange)): \(SensitivityResult.cell(effect.low, metric))",
                up: "\(SensitivityResult.played(row.high, row.highChange)): \(SensitivityResult.cell(effect.high, metric))")
        }
    }
}

extension BalanceReport {
    /// The report's findings, from its curves alone, each naming every team it is true of and
    /// about the team it is worst for: a cliff per round where some team's mean satisfaction falls
    /// by a quarter or more (each team's largest such fall), the teams that lose half their games
    /// or more by the horizon, the teams whose drift's whole interval is below 0.
    public var observations: [Advice.Observation] {
        var found: [Advice.Observation] = []
        var cliffs: [Int: [(team: Int, from: Double, to: Double, difficulties: [Double])]] = [:]
        for (i, team) in teams.enumerated() {
            let played = team.rounds.filter { $0.games > 0 }
            let falls = zip(played, played.dropFirst()).compactMap { a, b -> (round: Int, from: Double, to: Double, difficulties: [Double])? in
                guard let from = a.satisfactionMean, let to = b.satisfactionMean, b.round == a.round + 1, from - to >= max(1, 0.25 * abs(from)) else { return nil }
                return (b.round, from, to, [a.difficulty, b.difficulty])
            }
            if let fall = falls.max(by: { $0.from - $0.to < $1.from - $1.to }) {
                cliffs[fall.round, default: []].append((i, fall.from, fall.to, fall.difficulties))
            }
        }
        // One finding for every cliff: the rounds where the ramp steps up (C7), each with its teams.
        let rounds = cliffs.sorted { $0.key < $1.key }
        if let worst = rounds.flatMap(\.value).max(by: { $0.from - $0.to < $1.from - $1.to }) {
            let each = rounds.map { round, falling in
                let d = falling[0].difficulties
                let who = falling.map { "\(teams[$0.team].label) \($0.from.decimalText(0)) → \($0.to.decimalText(0))" }.joined(separator: ", ")
                return "at round \(round) (difficulty \(d[0].decimalText(2)) → \(d[1].decimalText(2))) for \(who)"
            }
            found.append(.init(
                kind: .cliff, text: "Satisfaction falls by a quarter or more from one round to the next (M3's ramp): \(each.joined(separator: "; ")).",
                team: worst.team, rounds: rounds.map(\.key), difficulties: rounds.map { $0.value[0].difficulties }))
        }
        let broke = teams.indices.filter { teams[$0].gamesPlayed > 0 && 2 * teams[$0].lost >= teams[$0].gamesPlayed }
            .sorted { teams[$0].lostShare != teams[$1].lostShare ? teams[$0].lostShare > teams[$1].lostShare : $0 < $1 }
        if let worst = broke.first {
            let who = broke.map { i in
                "\(teams[i].label) \(Self.percentText(teams[i].lostShare))\(teams[i].survivalFalls(below: 0.5).map { " (half by round \($0))" } ?? "")"
            }
            found.append(.init(kind: .broke, text: "Teams go broke in half their games or more by round \(maxRounds) (M2): \(who.joined(separator: "; ")).", team: worst))
        }
        let falling = teams.indices.filter { (teams[$0].horizon?.drift.upper ?? 0) < 0 }.sorted { (teams[$0].horizon?.drift.value ?? 0, $0) < (teams[$1].horizon?.drift.value ?? 0, $1) }
        if let worst = falling.first, let top = teams[worst].horizon {
            let who = falling.compactMap { i in
                teams[i].horizon.map { "\(teams[i].label) \(HorizonText.signed($0.drift.value)) [\(HorizonText.signed($0.drift.lower)), \(HorizonText.signed($0.drift.upper))]" }
            }
            found.append(.init(
                kind: .drift,
                text: "Money falls round after round at the top difficulty (\(top.difficulty.decimalText(2))), so every game played long enough is lost; drift a round: \(who.joined(separator: "; ")).",
                team: worst))
        }
        return found
    }

    static func percentText(_ share: Double) -> String { "\((share * 100).decimalText(0))%" }
}
