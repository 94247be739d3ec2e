import Diagnostics
import PropertyList
import Relentless
import RelentlessBalance
import RelentlessSimulation

/// What a playtest must be for the simulator to replay its conditions, whatever the file's
/// format: a team size the design allows (C6), a start it can play from (M3), no round after
/// the round that lost the game (M2), per-player counts that add up to the team's.
public enum PlaytestChecks {
    /// The most rounds one playtest may log: far beyond a real evening, and a bound on the
    /// simulation a fit runs for it.
    static let maxRounds = 500

    static func check(
        _ playtest: Playtest, index: Int, places: PlaytestPlaces, parameters: Parameters, times: inout RoundTimes, _ log: inout DiagnosticLog
    ) {
        warnImplausible(playtest, index: index, places: places, times: &times, &log)
        let path = PlistPath().appending("playtests").appending(index)
        if let sizes = parameters.teamSizes, !sizes.contains(playtest.teamSize) {
            log.error(
                "a team of \(playtest.teamSize) cannot play this design: its team sizes are \(sizes.lowerBound)...\(sizes.upperBound) (minNumOfPlayers...maxNumOfPlayers)",
                at: places.fields["teamSize"] ?? places.playtest, path.appending("teamSize"), rule: "C6")
        }
        if let start = playtest.startDifficulty, !StartDifficulty.allows(start, in: parameters) {
            log.error(
                "cannot start at difficulty \(start.designerText): outside \(StartDifficulty.range(of: parameters))",
                at: places.fields["startDifficulty"] ?? places.playtest, path.appending("startDifficulty"), rule: "M3")
        }
        if playtest.rounds.isEmpty {
            log.error("a playtest needs at least one round", at: places.fields["rounds"] ?? places.playtest, path.appending("rounds"), rule: nil)
        }
        if playtest.rounds.count > maxRounds {
            log.error(
                "\(playtest.rounds.count) rounds is more than a playtest may log (\(maxRounds))",
                at: places.fields["rounds"] ?? places.playtest, path.appending("rounds"), rule: nil)
        }
        if let limit = playtest.maxRounds {
            if playtest.rounds.count > limit {
                log.error(
                    "\(counted(playtest.rounds.count, "round")) noted, more than maxRounds (\(limit))",
                    at: places.fields["maxRounds"] ?? places.playtest, path.appending("maxRounds"), rule: "M2")
            } else if playtest.rounds.count < limit, let money = playtest.rounds.last?.money, money >= 0 {
                log.error(
                    "the game ended after \(counted(playtest.rounds.count, "round")) of its \(limit) with money \(money): a game ends early only when lost, money below 0 (M2)",
                    at: places.fields["maxRounds"] ?? places.playtest, path.appending("maxRounds"), rule: "M2",
                    suggestion: "set maxRounds to the rounds the table played when it stopped by choice")
            }
        }
        for (r, round) in playtest.rounds.enumerated() {
            let roundPath = path.appending("rounds").appending(r)
            let roundPlaces = places.round(r)
            let at = { (key: String) in roundPlaces.fields[key] ?? roundPlaces.round ?? places.playtest }
            if let money = round.money, money < 0, r < playtest.rounds.count - 1 {
                log.error(
                    "money is \(money) after round \(r + 1), so the game was lost there (M2), yet \(counted(playtest.rounds.count - 1 - r, "more round")) follow",
                    at: at("money"), roundPath.appending("money"), rule: "M2")
            }
            guard let players = round.players else { continue }
            if players.count != playtest.teamSize {
                log.error(
                    "\(counted(players.count, "player")) noted for a team of \(playtest.teamSize)", at: at("players"),
                    roundPath.appending("players"), rule: nil)
                continue
            }
            for (key, team, each) in [
                ("correct", round.correct, players.map(\.correct)), ("wrong", round.wrong, players.map(\.wrong)),
                ("timedOut", round.timedOut, players.map(\.timedOut)),
            ] {
                let known = each.compactMap { $0 }
                guard let team, known.count == each.count else { continue }
                let sum = known.reduce(0, +)
                if sum != team {
                    log.error(
                        "the team's \(key) is \(team) but its players' add up to \(sum)", at: at(key), roundPath.appending(key), rule: nil)
                }
            }
        }
    }

    /// Why a playtest cannot be what a table played (a log template not filled in, a clock read
    /// wrong), each with the round and field it is about: warnings in `check --playtests`, and a
    /// log with any is one `calibrate` refuses unless told `--allow-empty` (a fit to it would
    /// fit nothing real).
    public struct Implausibility: Sendable, Hashable {
        public var message: String
        /// The round it is about (0-based); nil for the whole playtest.
        public var round: Int?
        public var key: String
    }

    /// Each round's time limit by its difficulty and team size, resolved once per log: a log of
    /// many rounds would otherwise evaluate the parameters' expressions for every round.
    public struct RoundTimes {
        let parameters: Parameters
        private var ramps: [Double?: [Double]] = [:]
        private var seconds: [Limit: Int] = [:]
        private struct Limit: Hashable {
            var difficulty: Double
            var players: Int
        }

        public init(_ parameters: Parameters) { self.parameters = parameters }

        /// Round `r`'s difficulty (0-based, on the ramp from `start`, M3) and time limit.
        mutating func limit(round r: Int, start: Double?, players: Int) -> (difficulty: Double, seconds: Int)? {
            let ramp: [Double]
            if let known = ramps[start] {
                ramp = known
            } else {
                ramp = parameters.reachableDifficulties(from: start)
                ramps[start] = ramp
            }
            guard let last = ramp.indices.last else { return nil }
            let key = Limit(difficulty: ramp[min(r, last)], players: players)
            if let known = seconds[key] { return (key.difficulty, known) }
            let time = parameters.resolved(difficulty: key.difficulty, players: players).roundTime
            seconds[key] = time
            return (key.difficulty, time)
        }
    }

    /// How far a round ended on time may be noted from its round time: a clock read at the table.
    static let clockSlack = 1.0

    public static func implausibilities(of playtest: Playtest, times: inout RoundTimes) -> [Implausibility] {
        var found: [Implausibility] = []
        let noted = playtest.rounds.filter { $0.correct != nil && $0.wrong != nil && $0.timedOut != nil }
        if !noted.isEmpty, noted.count == playtest.rounds.count, noted.allSatisfy({ $0.correct == 0 && $0.wrong == 0 && $0.timedOut == 0 }) {
            found.append(Implausibility(
                message: "no order delivered, wrong or run out in any of its \(counted(playtest.rounds.count, "round")) (every count 0): every player is dealt orders (G6), and an order is delivered (P5) or runs out (P6) well within a game; a log template not filled in?",
                round: nil, key: "rounds"))
        }
        for (r, round) in playtest.rounds.enumerated() {
            guard let seconds = round.endSeconds, let limit = times.limit(round: r, start: playtest.startDifficulty, players: playtest.teamSize) else { continue }
            let at = "\(limit.seconds) s at difficulty \(limit.difficulty.designerText)"
            if seconds > Double(limit.seconds) {
                found.append(Implausibility(
                    message: "round \(r + 1) ended at \(seconds.designerText) s, after its round time (\(at)): a round ends when the clock reaches roundTime (P7)",
                    round: r, key: "endSeconds"))
            } else if round.end == .time, seconds < Double(limit.seconds) - Self.clockSlack {
                found.append(Implausibility(
                    message: "round \(r + 1) ended on time (end: time) at \(seconds.designerText) s, before its round time (\(at)): the clock ends a round when it reaches roundTime (P7)",
                    round: r, key: "endSeconds"))
            }
        }
        return found
    }

    /// ``implausibilities(of:times:)`` as located warnings.
    static func warnImplausible(_ playtest: Playtest, index: Int, places: PlaytestPlaces, times: inout RoundTimes, _ log: inout DiagnosticLog) {
        let path = PlistPath().appending("playtests").appending(index)
        for found in implausibilities(of: playtest, times: &times) {
            guard let r = found.round else {
                log.warning(found.message, at: places.fields[found.key] ?? places.playtest, path.appending(found.key), rule: nil,
                            suggestion: "calibrate refuses such a log unless told --allow-empty")
                continue
            }
            let roundPlaces = places.round(r)
            log.warning(
                found.message, at: roundPlaces.fields[found.key] ?? roundPlaces.round ?? places.playtest,
                path.appending("rounds").appending(r).appending(found.key), rule: "P7", suggestion: "calibrate refuses such a log unless told --allow-empty")
        }
    }

    /// The log's version against the design's: a log of another version describes other rounds.
    static func checkVersion(_ version: String, expected: String, at location: SourceLocation?, _ path: PlistPath, _ log: inout DiagnosticLog) {
        guard version != expected else { return }
        log.error(
            "these playtests were played on another version of the design (\(version)); this design is \(expected)",
            at: location, path, rule: nil,
            suggestion: "fit to logs of this version, or check the design they were played on (`playbench calibrate DESIGN --log-template` prints a design's version)")
    }
}
