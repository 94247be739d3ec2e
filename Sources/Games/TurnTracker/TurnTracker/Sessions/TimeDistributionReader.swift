import Diagnostics
import PropertyList

/// Reads a time as `Sessions.plist` writes it (TT8): a number of seconds (fixed), or a dict
/// naming its distribution:
///
/// ```xml
/// <real>12</real>                                                           <!-- always 12 s -->
/// <dict><key>distribution</key><string>exponential</string><key>mean</key><real>30</real></dict>
/// <dict><key>distribution</key><string>lognormal</string><key>median</key><real>40</real><key>sigma</key><real>0.5</real></dict>
/// ```
enum TimeDistributionReader {
    /// Each kind's keys besides `distribution`.
    static let keys: [String: [String]] = ["fixed": ["seconds"], "exponential": ["mean"], "lognormal": ["median", "sigma"]]
    /// A day: no action of a board game takes longer.
    static let seconds = 0...86_400.0
    static let positiveSeconds = 0.001...86_400.0
    /// ln-spreads beyond 5 put the middle two thirds of times a factor of 150 apart: a typo.
    static let sigma = 0...5.0

    static func read(_ node: PlistNode, _ path: PlistPath, _ what: String, rule: String, _ log: inout DiagnosticLog) -> TimeDistribution? {
        if node.value.dictionary == nil {
            return FieldReader.number(node, path, what, in: seconds, rule: rule, &log).map { .fixed($0) }
        }
        let all = ["distribution"] + keys.values.joined()
        guard let fields = FieldReader(node, path, what, known: all, rule: rule, &log),
            let kind = fields.string("distribution", required: true, rule: rule, &log)
        else { return nil }
        guard let wanted = keys[kind] else {
            log.error(
                "\"\(kind)\" is not a distribution: \(TimeDistribution.kinds.joined(separator: ", "))", at: fields["distribution"]?.location,
                path.appending("distribution"), rule: rule,
                suggestion: Suggestion.nearest(to: kind, in: TimeDistribution.kinds).map { "did you mean \"\($0)\"?" })
            return nil
        }
        for key in fields.dictionary.keys where key != "distribution" && !wanted.contains(key) {
            log.error(
                "\(key) is not a setting of \(kind == "exponential" ? "an" : "a") \(kind) time (\(wanted.joined(separator: ", ")))", at: fields.dictionary.keyLocation(key), path.appending(key), rule: rule)
        }
        switch kind {
        case "fixed":
            return fields.number("seconds", in: seconds, default: nil, rule: rule, &log).map { .fixed($0) }
        case "exponential":
            return fields.number("mean", in: positiveSeconds, default: nil, rule: rule, &log).map { .exponential(mean: $0) }
        default:
            let median = fields.number("median", in: positiveSeconds, default: nil, rule: rule, &log)
            let spread = fields.number("sigma", in: sigma, default: nil, rule: rule, &log)
            guard let median, let spread else { return nil }
            return .logNormal(median: median, sigma: spread)
        }
    }
}
