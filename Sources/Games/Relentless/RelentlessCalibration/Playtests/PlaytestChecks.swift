import Diagnostics
import PropertyList
import Relentless
import RelentlessBalance

/// What a playtest must be for the simulator to replay its conditions, whatever the file's
/// format: a team size the design allows (C6), a start it can play from (M3), no round after
/// the round that lost the game (M2), per-player counts that add up to the team's.
enum PlaytestChecks {
    /// The most rounds one playtest may log: far beyond a real evening, and a bound on the
    /// simulation a fit runs for it.
    static let maxRounds = 500

    static func check(_ playtest: Playtest, index: Int, places: PlaytestPlaces, parameters: Parameters, _ log: inout DiagnosticLog) {
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
            let roundPlaces = r < places.rounds.count ? places.rounds[r] : RoundPlaces()
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

    /// The log's version against the design's: a log of another version describes other rounds.
    static func checkVersion(_ version: String, expected: String, at location: SourceLocation?, _ path: PlistPath, _ log: inout DiagnosticLog) {
        guard version != expected else { return }
        log.error(
            "these playtests were played on another version of the design (\(version)); this design is \(expected)",
            at: location, path, rule: nil,
            suggestion: "fit to logs of this version, or check the design they were played on (`playbench calibrate DESIGN --log-template` prints a design's version)")
    }
}
