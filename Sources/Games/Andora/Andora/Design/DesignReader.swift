import Diagnostics
import PropertyList

/// Reads `Andora.plist` into a ``Design``, reporting every mistake with its location, key path
/// and the rule it concerns.
///
/// ```xml
/// <dict>
///   <key>variants</key>
///   <array>
///     <dict>
///       <key>name</key>              <string>spec: first</string>   <!-- optional -->
///       <key>miniFieldStrategy</key> <string>first</string>         <!-- R1.4: first | any; default first -->
///       <key>whenTargetIsFull</key>  <string>draw</string>          <!-- R1.9.2: draw | playAnywhere; default draw -->
///     </dict>
///   </array>
///   <key>matchups</key>                                             <!-- optional; default random -->
///   <array><string>random</string><string>mcts:1000,random</string></array>
/// </dict>
/// ```
public enum DesignReader {
    public static let fileName = "Andora.plist"
    public static let topKeys = ["variants", "matchups"]
    public static let variantKeys = ["name", "miniFieldStrategy", "whenTargetIsFull"]

    public static func read(_ root: PlistNode, file: String) -> (Design?, [Diagnostic]) {
        var log = DiagnosticLog(file: file)
        let rootPath = PlistPath()
        guard let top = log.dictionary(root, rootPath, "the design's root", rule: nil) else { return (nil, log.diagnostics) }
        log.rejectUnknownKeys(top, known: topKeys, rootPath, what: "the design", rule: nil)

        var variants: [Design.Variant] = []
        if let node = log.required("variants", in: top, at: root.location, rootPath, rule: nil),
            let items = log.array(node, rootPath.appending("variants"), "variants", rule: nil)
        {
            if items.isEmpty { log.error("names no variant: add one (see Designs/andora/README.md)", at: node.location, rootPath.appending("variants"), rule: nil) }
            var names: [String: SourceLocation] = [:]
            for (i, item) in items.enumerated() {
                let path = rootPath.appending("variants").appending(i)
                guard let variant = Self.variant(item, path, &log) else { continue }
                if let first = names[variant.name] {
                    log.error(
                        "a second variant named \"\(variant.name)\" (the first is at line \(first.line)); names must differ",
                        at: item.location, path, rule: nil)
                } else {
                    if let same = variants.first(where: { $0.rules == variant.rules }) {
                        log.warning("plays the same rules as \"\(same.name)\"", at: item.location, path, rule: nil)
                    }
                    names[variant.name] = item.location
                    variants.append(variant)
                }
            }
        }

        var matchups = [Matchup(.random, .random)]
        if let node = top["matchups"], let texts = log.strings(node, rootPath.appending("matchups"), rule: nil) {
            matchups = []
            if texts.isEmpty { log.error("names no matchup: leave the key out for random against random", at: node.location, rootPath.appending("matchups"), rule: nil) }
            for (i, text) in texts.enumerated() {
                let item = node.value.array![i]
                if let matchup = Matchup(text) {
                    if let first = matchups.firstIndex(of: matchup) {
                        log.error(
                            "\"\(text)\" is the same matchup as matchups[\(first)] (\(matchup.label)): it would play the very same games",
                            at: item.location, rootPath.appending("matchups").appending(i), rule: nil)
                    }
                    matchups.append(matchup)
                } else {
                    log.error(
                        "\"\(text)\" is not a matchup: write A or A,B with agents \(AgentKind.spellings)", at: item.location,
                        rootPath.appending("matchups").appending(i), rule: nil)
                }
            }
        }
        guard !log.hasErrors else { return (nil, log.diagnostics) }
        return (Design(variants: variants, matchups: matchups), log.diagnostics)
    }

    private static func variant(_ node: PlistNode, _ path: PlistPath, _ log: inout DiagnosticLog) -> Design.Variant? {
        guard let d = log.dictionary(node, path, "a variant", rule: nil) else { return nil }
        let before = log.errorCount
        log.rejectUnknownKeys(d, known: variantKeys, path, what: "a variant", rule: nil)
        func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ rule: String, default value: T) -> T where T.RawValue == String {
            guard let n = d[key], let text = log.string(n, path.appending(key), rule: rule) else { return value }
            if let known = T(rawValue: text) { return known }
            let names = T.allCases.map(\.rawValue)
            log.error(
                "\"\(text)\" is not one of \(names.joined(separator: ", "))", at: n.location, path.appending(key), rule: rule,
                suggestion: Suggestion.nearest(to: text, in: names).map { "did you mean \"\($0)\"?" })
            return value
        }
        let rules = Rules(
            strategy: choice("miniFieldStrategy", "R1.4", default: MiniFieldStrategy.first),
            whenTargetIsFull: choice("whenTargetIsFull", "R1.9.2", default: FullTargetRule.draw))
        var name = "\(rules.strategy.rawValue), \(rules.whenTargetIsFull.rawValue)"
        if let n = d["name"], let text = log.string(n, path.appending("name"), rule: nil) {
            if text.isEmpty { log.error("a variant's name cannot be empty", at: n.location, path.appending("name"), rule: nil) }
            name = text
        }
        guard log.errorCount == before else { return nil }
        return Design.Variant(name: name, rules: rules)
    }
}
