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
    /// keys a target once took; lineups a target may name beyond those the design plays (any
    /// team of the game's players, say, named with where its games start); and a check of each
    /// target read.
    public struct GameRules {
        /// Keys the game reads at the top of the file (a horizon of its games, say).
        public var topKeys: [String]
        /// Keys a target of an earlier form of the file took, each refused at the key with what
        /// to write instead.
        public var formerTargetKeys: [String: Refusal]
        /// A lineup the design does not play, as the game names it ("4 × casual" for
        /// "casual,casual,casual,casual", so that two spellings of one lineup are one), or why it
        /// cannot be played; nil when targets name only the design's lineups.
        public var lineup: ((String) -> Result<String, Refusal>)?
        /// Why a target read cannot be measured (a round past its games' last), or nil.
        public var targetProblem: ((MetricTarget) -> Refusal?)?
        /// How messages list the metrics a target may name; nil for the metrics' names.
        public var metricSpellings: [String]?

        public init(
            topKeys: [String] = [], formerTargetKeys: [String: Refusal] = [:], lineup: ((String) -> Result<String, Refusal>)? = nil,
            targetProblem: ((MetricTarget) -> Refusal?)? = nil, metricSpellings: [String]? = nil
        ) {
            self.topKeys = topKeys
            self.formerTargetKeys = formerTargetKeys
            self.lineup = lineup
            self.targetProblem = targetProblem
            self.metricSpellings = metricSpellings
        }
    }

    /// Why a game refuses what a target names: the message, the rule it follows from and what
    /// to write instead, as every diagnostic has them.
    public struct Refusal: Error, Sendable, Hashable {
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
        for key in d.keys {
            guard let refusal = rules.formerTargetKeys[key] else { continue }
            log.error(refusal.message, at: d[key]?.location, path.appending(key), rule: refusal.rule, suggestion: refusal.suggestion)
        }
        log.rejectUnknownKeys(d, known: targetKeys + rules.formerTargetKeys.keys, path, what: "a target", rule: nil)
        let metric = name("metric", of: metrics, in: d, node, path, &log) { resolve($0) != nil ? .success($0) : .failure(.unknown) }
        var lineup: String?
        if d["lineup"] != nil || lineups.count != 1 {
            lineup = name("lineup", of: lineups, in: d, node, path, &log) { text in
                guard !lineups.contains(text) else { return .success(text) }
                guard let playable = rules.lineup else { return .failure(.unknown) }
                return playable(text).mapError(NameProblem.refused)
            }
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
    private enum NameProblem: Error {
        /// None of the names there are.
        case unknown
        /// A name of the right form that the design cannot play, and why.
        case refused(Refusal)
    }

    /// A required string that must be known (one of `names`, or one the game makes of such a
    /// name), as `known` names it, with the nearest of `names` suggested when it is not.
    private static func name(
        _ key: String, of names: [String], in d: PlistDictionary, _ node: PlistNode, _ path: PlistPath, _ log: inout DiagnosticLog,
        known: (String) -> Result<String, NameProblem>
    ) -> String? {
        guard let value = log.required(key, in: d, at: node.location, path, rule: nil), let text = log.string(value, path.appending(key), rule: nil)
        else { return nil }
        switch known(text) {
        case .success(let name): return name
        case .failure(.unknown):
            log.error(
                "unknown \(key) \(quotedName(text)); one of \(briefList(names.map { quotedName($0) }, separator: ", "))", at: value.location, path.appending(key),
                rule: nil, suggestion: Suggestion.nearest(to: text, in: names).map { "did you mean \"\($0)\"?" })
        case .failure(.refused(let refusal)):
            log.error("\(key) \(quotedName(text)): \(refusal.message)", at: value.location, path.appending(key), rule: refusal.rule, suggestion: refusal.suggestion)
        }
        return nil
    }
}
