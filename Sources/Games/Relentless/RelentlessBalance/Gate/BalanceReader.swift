import Balance
import Diagnostics
import MonteCarlo
import PropertyList
import Relentless

/// Reads a design's `Balance.plist` of the older form, whose targets name a `team`, a `round`
/// and a `seat` (every game's form names a lineup and a metric: RelentlessGame's BalanceFile),
/// into a ``BalancePlan``, reporting every mistake with its location and key path. Its top keys
/// of Relentless's own (``gameSettings(_:_:difficulties:_:)``) are both forms'.
///
/// ```xml
/// <dict>
///   <key>confidence</key> <real>0.95</real>          <!-- optional -->
///   <key>firstGames</key> <integer>500</integer>     <!-- optional -->
///   <key>maxGames</key>   <integer>8000</integer>    <!-- optional -->
///   <key>startDifficulty</key> <real>4</real>        <!-- optional: M3, default minDifficultyLevel -->
///   <key>allowCertainRuin</key> <false/>             <!-- optional: true lets every game be lost eventually -->
///   <key>targets</key>
///   <array>
///     <dict>
///       <key>name</key>   <string>casual teams get through the first week</string>
///       <key>team</key>   <string>casual,casual,casual,casual</string>
///       <key>metric</key> <string>survival</string>
///       <key>round</key>  <integer>5</integer>       <!-- seat metrics: <key>seat</key> <integer>2</integer> -->
///       <key>atLeast</key><real>0.4</real>
///       <key>atMost</key> <real>0.6</real>
///       <key>startDifficulty</key><real>6</real>   <!-- optional: this team's start -->
///     </dict>
///   </array>
/// </dict>
/// ```
public enum BalanceReader {
    public static let fileName = "Balance.plist"

    /// The keys of Relentless's own at the top of the file, beside every gate's.
    public static let gameTopKeys = ["maxRounds", "startDifficulty", "allowCertainRuin"]
    public static let topKeys = GateSettings.keys + gameTopKeys + ["targets"]
    public static let targetKeys = ["name", "team", "metric", "round", "seat", "atLeast", "atMost", "startDifficulty"]

    /// Whether the file's targets are of the older form: some name a key only it has, and none
    /// names a lineup (a file that does is of every game's form, which says what to write in
    /// place of each older key).
    public static func isOlderForm(_ root: PlistNode) -> Bool {
        guard let targets = root.value.dictionary?["targets"]?.value.array else { return false }
        let keys = targets.compactMap { $0.value.dictionary?.keys }
        return keys.contains { $0.contains { olderKeyAdvice[$0] != nil } } && !keys.contains { $0.contains("lineup") }
    }

    /// The keys that mark a target of the older form (every game's form has none of them), and
    /// what to write in place of each in a target of every game's form.
    public static let olderKeyAdvice = [
        "team": "name the team in the lineup: \"4 × casual\", \"novice, casual, expert\"",
        "round": "write the round in the metric: \"survival(10)\"",
        "seat": "write the seat in the metric: \"seatWaitShare(2)\"",
        "startDifficulty": "write the start in the lineup: \"4 × casual from difficulty 5\"",
    ]

    /// `maxRounds`, `startDifficulty` and `allowCertainRuin` at the top of the file.
    public static func gameSettings(
        _ top: PlistDictionary, _ rootPath: PlistPath, difficulties: ClosedRange<Double>?, _ log: inout DiagnosticLog
    ) -> (maxRounds: Int, start: Double?, allowCertainRuin: Bool) {
        let maxRounds = GateSettings.integer("maxRounds", in: top, default: 30, 1...10_000, rootPath, &log)
        let start = top["startDifficulty"].flatMap { startDifficulty($0, rootPath.appending("startDifficulty"), difficulties, &log) }
        let allowCertainRuin = top["allowCertainRuin"].flatMap { log.boolean($0, rootPath.appending("allowCertainRuin"), rule: "M2") } ?? false
        return (maxRounds, start, allowCertainRuin)
    }

    /// - Parameters:
    ///   - personas: the names Players.plist declares, to check each team against; nil skips it.
    ///   - teamSizes: the design's team sizes, to check each team against; nil skips it.
    ///   - difficulties: the design's minDifficultyLevel...maxDifficultyLevel, to check each
    ///     startDifficulty against (M3); nil skips it.
    public static func read(
        _ root: PlistNode, file: String, personas: [String]? = nil, teamSizes: ClosedRange<Int>? = nil,
        difficulties: ClosedRange<Double>? = nil
    ) -> (BalancePlan?, [Diagnostic]) {
        var log = DiagnosticLog(file: file)
        let rootPath = PlistPath()
        guard let top = log.dictionary(root, rootPath, "the balance file's root", rule: nil) else { return (nil, log.diagnostics) }
        log.rejectUnknownKeys(top, known: topKeys, rootPath, what: "the balance file", rule: nil)

        let settings = GateSettings.read(top, rootPath, &log)
        let (maxRounds, start, allowCertainRuin) = gameSettings(top, rootPath, difficulties: difficulties, &log)

        var targets: [BalanceTarget] = []
        if let node = log.required("targets", in: top, at: root.location, rootPath, rule: nil),
            let items = log.array(node, rootPath.appending("targets"), "targets", rule: nil)
        {
            if items.isEmpty { log.error("names no target", at: node.location, rootPath.appending("targets"), rule: nil) }
            for (i, item) in items.enumerated() {
                let context = TargetContext(file: file, maxRounds: maxRounds, personas: personas, teamSizes: teamSizes, difficulties: difficulties)
                if let target = Self.target(item, rootPath.appending("targets").appending(i), context, &log) { targets.append(target) }
            }
        }
        guard !log.hasErrors else { return (nil, log.diagnostics) }
        let plan = BalancePlan(
            confidence: settings.confidence, schedule: settings.schedule, seed: settings.seed, maxRounds: maxRounds, startDifficulty: start,
            targets: targets, allowCertainRuin: allowCertainRuin)
        return (plan, log.diagnostics)
    }

    private struct TargetContext {
        var file: String
        var maxRounds: Int
        var personas: [String]?
        var teamSizes: ClosedRange<Int>?
        var difficulties: ClosedRange<Double>?
    }

    /// `startDifficulty`: a finite number in the design's difficulty range (M3: the host's slider
    /// goes from minDifficultyLevel to maxDifficultyLevel).
    private static func startDifficulty(
        _ node: PlistNode, _ path: PlistPath, _ difficulties: ClosedRange<Double>?, _ log: inout DiagnosticLog
    ) -> Double? {
        guard let x = node.value.number else {
            log.error("expected a number (a difficulty), found \(node.value.typeName)", at: node.location, path, rule: "M3")
            return nil
        }
        if !x.isFinite || difficulties?.contains(x) == false {
            let range = difficulties.map { " \($0.lowerBound.designerText)...\($0.upperBound.designerText)" } ?? ""
            log.error(
                "\(x.designerText) is outside the design's difficulty range\(range) (minDifficultyLevel...maxDifficultyLevel)",
                at: node.location, path, rule: "M3")
            return nil
        }
        return x
    }

    private static func target(_ node: PlistNode, _ path: PlistPath, _ context: TargetContext, _ log: inout DiagnosticLog) -> BalanceTarget? {
        guard let d = log.dictionary(node, path, "a target", rule: nil) else { return nil }
        let before = log.count
        log.rejectUnknownKeys(d, known: targetKeys, path, what: "a target", rule: nil)

        // Unknown when missing or misspelt: the checks that depend on it are then skipped, so one
        // mistake is reported once.
        var metric: BalanceTarget.Metric?
        if let m = log.required("metric", in: d, at: node.location, path, rule: nil), let text = log.string(m, path.appending("metric"), rule: nil) {
            if let known = BalanceTarget.Metric(rawValue: text) {
                metric = known
            } else {
                let names = BalanceTarget.Metric.allCases.map(\.rawValue)
                log.error(
                    "unknown metric \"\(text)\"; one of \(names.joined(separator: ", "))", at: m.location, path.appending("metric"),
                    rule: nil, suggestion: Suggestion.nearest(to: text, in: names).map { "did you mean \"\($0)\"?" })
            }
        }
        let team = Self.team(d, node, path, context, &log)
        var round: Int?
        if let r = d["round"] {
            if let n = log.integer(r, path.appending("round"), rule: nil) {
                if n < 1 || n > context.maxRounds {
                    log.error("must be in 1...\(context.maxRounds) (maxRounds)", at: r.location, path.appending("round"), rule: nil)
                }
                round = n
            }
            if let metric, !metric.needsRound {
                log.error("\(metric.rawValue) is over whole games: remove round", at: r.location, path.appending("round"), rule: nil)
            }
        } else if let metric, metric.needsRound {
            log.error("missing key \"round\": \(metric.rawValue) is measured after a round", at: node.location, path, rule: nil)
        }
        let seat = Self.seat(d, node, path, metric: metric, team: team, &log)
        let band = Band.read(d, node, path, isShare: metric?.isShare == true, &log)
        var name: String?
        if let n = d["name"] { name = log.string(n, path.appending("name"), rule: nil) }
        let start = d["startDifficulty"].flatMap { startDifficulty($0, path.appending("startDifficulty"), context.difficulties, &log) }
        guard log.count == before, let team, let metric else { return nil }
        var target = BalanceTarget(
            name: "", team: team, metric: metric, round: round, seat: seat, band: band, source: "\(context.file):\(node.location)",
            startDifficulty: start)
        target.name = name ?? target.summary
        return target
    }

    /// `seat`: a place in the team, from 1, for the metrics of one seat (and only for them).
    private static func seat(
        _ d: PlistDictionary, _ node: PlistNode, _ path: PlistPath, metric: BalanceTarget.Metric?, team: [String]?, _ log: inout DiagnosticLog
    ) -> Int? {
        guard let s = d["seat"] else {
            if let metric, metric.needsSeat {
                log.error("missing key \"seat\": \(metric.rawValue) is measured on one seat of the team (1 is the team's first name)", at: node.location, path, rule: nil)
            }
            return nil
        }
        let seatPath = path.appending("seat")
        if let metric, !metric.needsSeat {
            log.error("\(metric.rawValue) is over the whole team: remove seat", at: s.location, seatPath, rule: nil)
            return nil
        }
        guard let n = log.integer(s, seatPath, rule: nil) else { return nil }
        let size = team?.count ?? Int.max
        guard n >= 1, n <= size else {
            log.error("must be in 1...\(size == Int.max ? "the team's size" : String(size)) (a place in the team)", at: s.location, seatPath, rule: nil)
            return nil
        }
        return n
    }

    /// `team`: "a,b,c" or an array of names; every name a persona, the size one the design allows.
    private static func team(
        _ d: PlistDictionary, _ node: PlistNode, _ path: PlistPath, _ context: TargetContext, _ log: inout DiagnosticLog
    ) -> [String]? {
        guard let t = log.required("team", in: d, at: node.location, path, rule: nil) else { return nil }
        let teamPath = path.appending("team")
        let names: [String]
        if let text = t.value.string {
            names = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace }
        } else if t.value.array != nil, let list = log.strings(t, teamPath, rule: nil) {
            names = list
        } else {
            if t.value.array == nil { log.error("expected \"a,b,c\" or an array of persona names, found \(t.value.typeName)", at: t.location, teamPath, rule: nil) }
            return nil
        }
        guard !names.isEmpty, !names.contains(where: \.isEmpty) else {
            log.error("names an empty persona: give persona names separated by single commas", at: t.location, teamPath, rule: nil)
            return nil
        }
        var ok = true
        if let personas = context.personas {
            for name in names where !personas.contains(name) {
                ok = false
                log.error(
                    "\"\(name)\" is not a persona of Players.plist (\(personas.joined(separator: ", ")))", at: t.location, teamPath, rule: nil,
                    suggestion: Suggestion.nearest(to: name, in: personas).map { "did you mean \"\($0)\"?" })
            }
        }
        if let sizes = context.teamSizes, !sizes.contains(names.count) {
            ok = false
            log.error(
                "a team of \(names.count) is outside the design's team sizes \(sizes.lowerBound)...\(sizes.upperBound)", at: t.location, teamPath,
                rule: "C6")
        }
        return ok ? names : nil
    }
}

extension Substring {
    /// Without the spaces and tabs at either end; slicing, not reversing twice (a copy of every
    /// name, character by character: a third of checking ten thousand targets, issue 43).
    var trimmingWhitespace: String {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
