import Balance
import Diagnostics
import PropertyList
import RelentlessBalance

/// Reads Relentless's Balance.plist (the reference's "Balance targets"). Its targets are every
/// game's (``Balance/MetricGateReader``): a lineup, a metric and a band. A lineup is a team of
/// personas and where its games start ("3 × novice", "novice, casual, expert", "4 × casual from
/// difficulty 5", ``RelentlessBalance/TeamName``); a metric takes its round or seat in
/// parentheses ("survival(30)", "seatSatisfaction(2)", ``TargetMetric``). Its own keys at the
/// top are maxRounds, startDifficulty and allowCertainRuin.
///
/// A file of the older form, whose targets name a `team`, a `round` or a `seat`, is read as it
/// always was (``RelentlessBalance/BalanceReader``), with a note at each target saying what to
/// write in its place: a one-time step `check` shows.
public enum BalanceFile {
    public static func read(
        _ root: PlistNode, file: String, personas: [String]?, teamSizes: ClosedRange<Int>?, difficulties: ClosedRange<Double>?
    ) -> (BalancePlan?, [Diagnostic]) {
        if BalanceReader.isOlderForm(root) {
            let (plan, diagnostics) = BalanceReader.read(root, file: file, personas: personas, teamSizes: teamSizes, difficulties: difficulties)
            guard let plan else { return (nil, diagnostics) }
            var notes = DiagnosticLog(file: file)
            let nodes = root.value.dictionary?["targets"]?.value.array ?? []
            for (i, (target, node)) in zip(plan.targets, nodes).enumerated() {
                notes.note(conversion(of: target), at: node.location, PlistPath().appending("targets").appending(i), rule: nil)
            }
            return (plan, diagnostics + notes.diagnostics)
        }
        var log = DiagnosticLog(file: file)
        let settings = root.value.dictionary.map { BalanceReader.gameSettings($0, PlistPath(), difficulties: difficulties, &log) }
        let maxRounds = settings?.maxRounds ?? 30
        let rules = MetricGateReader.GameRules(
            topKeys: BalanceReader.gameTopKeys,
            // A key of the older form in a target of this one: what to write instead, at the key.
            formerTargetKeys: Dictionary(uniqueKeysWithValues: BalanceReader.olderKeyAdvice.map { key, advice in
                (key, MetricGateReader.Refusal("\"\(key)\" is a key of the older form, which a target naming a lineup does not take", suggestion: advice))
            }),
            lineup: { text in
                let name: TeamName
                do throws(TeamName.Problem) { name = try TeamName(parsing: text) } catch { return .failure(MetricGateReader.Refusal(error.description)) }
                return name.problem(personas: personas, teamSizes: teamSizes, difficulties: difficulties).map { .failure($0) } ?? .success(name.text)
            },
            targetProblem: { target in
                guard let metric = TargetMetric(target.metric), let team = try? TeamName(parsing: target.lineup).team else { return nil }
                if let round = metric.round, round > maxRounds {
                    return MetricGateReader.Refusal("metric \"\(target.metric)\": round \(round) is past the games' last (maxRounds is \(maxRounds))")
                }
                if let seat = metric.seat, seat > team.count {
                    return MetricGateReader.Refusal("metric \"\(target.metric)\": seat \(seat) is no place in a team of \(team.count) (\(target.lineup))")
                }
                return nil
            },
            metricSpellings: TargetMetric.spellings)
        let (read, shared) = MetricGateReader.read(root, file: file, lineups: [], metrics: [], metric: { TargetMetric($0)?.definition }, rules: rules)
        let diagnostics = shared + log.diagnostics
        guard let read, let settings, !diagnostics.hasErrors else { return (nil, diagnostics) }
        let targets = read.targets.compactMap { target -> BalanceTarget? in
            guard let metric = TargetMetric(target.metric), let lineup = try? TeamName(parsing: target.lineup) else { return nil }
            return BalanceTarget(
                name: target.name, team: lineup.team, metric: metric.metric, round: metric.round, seat: metric.seat, band: target.band,
                source: target.source, startDifficulty: lineup.start)
        }
        let plan = BalancePlan(
            confidence: read.settings.confidence, schedule: read.settings.schedule, seed: read.settings.seed, maxRounds: settings.maxRounds,
            startDifficulty: settings.start, targets: targets, allowCertainRuin: settings.allowCertainRuin)
        return (plan, diagnostics)
    }

    /// What to write in place of an older target's team, metric, round, seat and start.
    static func conversion(of target: BalanceTarget) -> String {
        let name = TeamName(team: target.team, start: target.startDifficulty)
        guard name.isWritable else {
            return """
                a target of the older form: every game's Balance.plist names a lineup, and this team's persona names \
                (\(target.team.map { "\"\($0)\"" }.joined(separator: ", "))) cannot be written in one: rename those with a comma, a "×" \
                or " from difficulty " in Players.plist first (see the reference's "Balance targets")
                """
        }
        let lineup = name.text
        let metric = TargetMetric(metric: target.metric, round: target.round, seat: target.seat).name
        return """
            a target of the older form: every game's Balance.plist names a lineup and a metric; write <key>lineup</key><string>\(lineup)</string> \
            and <key>metric</key><string>\(metric)</string> in place of its team, metric, round, seat and startDifficulty (see the reference's "Balance targets")
            """
    }
}
