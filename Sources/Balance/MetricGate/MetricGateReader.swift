import Diagnostics
import GameSeam
import PropertyList

/// Reads the Balance.plist of a game on the seam: the settings every gate has (``GateSettings``)
/// and targets that name a lineup, a metric and a band, each mistake located.
///
/// ```xml
/// <dict>
///   <key>firstGames</key> <integer>500</integer>     <!-- optional, as confidence, maxGames, seed -->
///   <key>targets</key>
///   <array>
///     <dict>
///       <key>name</key>    <string>draws stay rare</string>              <!-- optional -->
///       <key>lineup</key>  <string>spec: first — random vs random</string> <!-- optional when the design has one -->
///       <key>metric</key>  <string>draws</string>
///       <key>atMost</key>  <real>0.1</real>                              <!-- and/or atLeast -->
///     </dict>
///   </array>
/// </dict>
/// ```
public enum MetricGateReader {
    /// What a game adds to the shared file: keys of its own at the top, which it reads itself;
    /// lineups a target may name beyond those the design plays (any team of the game's players,
    /// say, named with where its games start); and a check of each target read.
    public struct GameRules {
        /// Keys the game reads at the top of the file (a horizon of its games, say).
        public var topKeys: [String]
        /// Keys a target may have that the game checks itself (``targetProblem``).
        public var targetKeys: [String]
        /// Why a lineup the design does not play cannot be played for a target, or nil when it
        /// can; nil when targets name only the design's lineups.
        public var lineupProblem: ((String) -> Refusal?)?
        /// The name the game gives a lineup a target names ("4 × casual" for "casual,casual,
        /// casual,casual"), so that two spellings of one lineup are one; nil keeps it as written.
        public var lineupName: ((String) -> String)?
        /// Why a target read cannot be measured (a round past its games' last), or nil.
        public var targetProblem: ((MetricTarget) -> Refusal?)?
        /// How messages list the metrics a target may name; nil for the metrics' names.
        public var metricSpellings: [String]?

        public init(
            topKeys: [String] = [], targetKeys: [String] = [], lineupProblem: ((String) -> Refusal?)? = nil, lineupName: ((String) -> String)? = nil,
            targetProblem: ((MetricTarget) -> Refusal?)? = nil, metricSpellings: [String]? = nil
        ) {
            self.topKeys = topKeys
            self.targetKeys = targetKeys
            self.lineupProblem = lineupProblem
            self.lineupName = lineupName
            self.targetProblem = targetProblem
            self.metricSpellings = metricSpellings
        }
    }

    /// Why a game refuses what a target names: the message, the rule it follows from and what
    /// to write instead, as every diagnostic has them.
    public struct Refusal: Sendable, Hashable {
        public var message: String
        public var rule: String?
        public var suggestion: String?

        public init(_ message: String, rule: String? = nil, suggestion: String? = nil) {
            self.message = message
            self.rule = rule
            self.suggestion = suggestion
        }
    }

    public static let fileName = "Balance.plist"
    public static let topKeys = GateSettings.keys + ["targets"]
    public static let targetKeys = ["name", "lineup", "metric", "atLeast", "atMost"]

    /// - Parameters:
    ///   - lineups: the names of what the design plays, which targets must name.
    ///   - metrics: what the game measures, which targets must name (their names are suggested).
    ///   - metric: the metric a target's name stands for (``GameSeam/PlayableGame/metric(named:)``):
    ///     by default one of `metrics`.
    ///   - rules: what the game adds to the file.
    public static func read(
        _ root: PlistNode, file: String, lineups: [String], metrics: [MetricDefinition], metric: ((String) -> MetricDefinition?)? = nil,
        rules: GameRules = GameRules()
    ) -> (MetricGatePlan?, [Diagnostic]) {
        let resolve = metric ?? { name in metrics.first { $0.name == name } }
        var log = DiagnosticLog(file: file)
        let rootPath = PlistPath()
        guard let top = log.dictionary(root, rootPath, "the balance file's root", rule: nil) else { return (nil, log.diagnostics) }
        log.rejectUnknownKeys(top, known: topKeys + rules.topKeys, rootPath, what: "the balance file", rule: nil)
        let settings = GateSettings.read(top, rootPath, &log)
        var targets: [MetricTarget] = []
        if let node = log.required("targets", in: top, at: root.location, rootPath, rule: nil),
            let items = log.array(node, rootPath.appending("targets"), "targets", rule: nil)
        {
            if items.isEmpty { log.error("names no target", at: node.location, rootPath.appending("targets"), rule: nil) }
            for (i, item) in items.enumerated() {
                if let target = target(item, rootPath.appending("targets").appending(i), file, lineups, rules.metricSpellings ?? metrics.map(\.name), resolve, rules, &log) {
                    targets.append(target)
                }
            }
        }
        guard !log.hasErrors else { return (nil, log.diagnostics) }
        return (MetricGatePlan(settings: settings, targets: targets), log.diagnostics)
    }

    private static func target(
        _ node: PlistNode, _ path: PlistPath, _ file: String, _ lineups: [String], _ metrics: [String], _ resolve: (String) -> MetricDefinition?,
        _ rules: GameRules, _ log: inout DiagnosticLog
    ) -> MetricTarget? {
        guard let d = log.dictionary(node, path, "a target", rule: nil) else { return nil }
        let before = log.count
        log.rejectUnknownKeys(d, known: targetKeys + rules.targetKeys, path, what: "a target", rule: nil)
        let metric = name("metric", of: metrics, in: d, node, path, &log) { resolve($0) != nil ? nil : .unknown }
        var lineup: String?
        if d["lineup"] != nil || lineups.count != 1 {
            lineup = name("lineup", of: lineups, in: d, node, path, &log) { text in
                guard !lineups.contains(text) else { return nil }
                guard let playable = rules.lineupProblem else { return .unknown }
                return playable(text).map(NameProblem.refused)
            }
            lineup = lineup.map { rules.lineupName?($0) ?? $0 }
        } else {
            lineup = lineups.first
        }
        let kind = metric.flatMap(resolve)?.kind
        let band = Band.read(d, node, path, isShare: kind == .proportion, &log)
        var name: String?
        if let n = d["name"] { name = log.string(n, path.appending("name"), rule: nil) }
        guard log.count == before, let metric, let lineup, let definition = resolve(metric) else {
            return nil
        }
        let summary = "\(lineup): \(definition.summary) \(band.describe(asShare: definition.kind == .proportion))"
        let target = MetricTarget(name: name ?? summary, lineup: lineup, metric: metric, band: band, source: "\(file):\(node.location)")
        if let refusal = rules.targetProblem?(target) {
            log.error(refusal.message, at: node.location, path, rule: refusal.rule, suggestion: refusal.suggestion)
            return nil
        }
        return target
    }

    /// Why a name a target gives is not one it may give.
    private enum NameProblem {
        /// None of the names there are.
        case unknown
        /// A name of the right form that the design cannot play, and why.
        case refused(Refusal)
    }

    /// A required string that must be known (one of `names`, or one the game makes of such a
    /// name), with the nearest of `names` suggested.
    private static func name(
        _ key: String, of names: [String], in d: PlistDictionary, _ node: PlistNode, _ path: PlistPath, _ log: inout DiagnosticLog,
        problem: (String) -> NameProblem?
    ) -> String? {
        guard let value = log.required(key, in: d, at: node.location, path, rule: nil), let text = log.string(value, path.appending(key), rule: nil)
        else { return nil }
        switch problem(text) {
        case nil: return text
        case .unknown:
            log.error(
                "unknown \(key) \(quotedName(text)); one of \(briefList(names.map { quotedName($0) }, separator: ", "))", at: value.location, path.appending(key),
                rule: nil, suggestion: Suggestion.nearest(to: text, in: names).map { "did you mean \"\($0)\"?" })
        case .refused(let refusal):
            log.error("\(key) \(quotedName(text)): \(refusal.message)", at: value.location, path.appending(key), rule: refusal.rule, suggestion: refusal.suggestion)
        }
        return nil
    }
}
