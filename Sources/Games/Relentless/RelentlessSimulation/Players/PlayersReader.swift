import Diagnostics
import PropertyList
import Relentless

/// Reads a design's `Players.plist` into a ``PlayerModel``, reporting every mistake with its
/// location and key path (unknown keys with the nearest known one, missing keys, negative
/// times, chances outside 0...1, a default team naming no persona).
///
/// ```xml
/// <dict>
///   <key>defaultTeam</key> <array><string>casual</string> …</array>
///   <key>personas</key>
///   <dict>
///     <key>casual</key>
///     <dict>
///       <key>describeSeconds</key> <dict><key>stateful</key><real>3</real> <key>titled</key>…</dict>
///       <key>findSeconds</key> <real>2</real>
///       …
///     </dict>
///   </dict>
/// </dict>
/// ```
///
/// A persona may extend another: `base` names a persona of the same file or a shipped one
/// (`shipped`, the built-in `Players.plist`), and the persona gives only the keys it changes; a
/// kind table (`describeSeconds`, …) may give only some kinds. Everything else, `identifySeconds`
/// included, is the base's as the base resolved it. A persona whose `base` is its own name extends
/// the shipped persona of that name (a design's slower `casual`). Unknown bases and cycles are
/// located errors.
///
/// ```xml
/// <key>hesitant</key>
/// <dict>
///   <key>base</key> <string>casual</string>
///   <key>findSeconds</key> <real>5</real>
/// </dict>
/// ```
public enum PlayersReader {
    public static let fileName = "Players.plist"

    /// Keys of the file's root dictionary.
    public static let topKeys = ["personas", "defaultTeam"]

    /// Keys of a persona, in the order the README documents them.
    public static let personaKeys = requiredPersonaKeys + optionalPersonaKeys
    public static let requiredPersonaKeys = [
        "describeSeconds", "findSeconds", "packSeconds", "assembleSeconds", "passSeconds", "misunderstandChance",
        "confusionPerGroupItem", "ordersAtOnce", "strategy", "timeSpread",
    ]
    /// Keys with a documented default (``Persona``): files written before they existed still read.
    public static let optionalPersonaKeys = ["identifySeconds", "wrongTeammateChance", "hopelessOrders"]
    /// Names the persona this one extends; not a parameter of the player model.
    public static let baseKey = "base"

    /// - Parameter shipped: the personas a `base` may name besides the file's own (the shipped
    ///   Players.plist's, for a design's own file; none for the shipped file itself).
    public static func read(_ root: PlistNode, file: String, shipped: [Persona] = []) -> (PlayerModel?, [Diagnostic]) {
        var log = DiagnosticLog(file: file)
        let rootPath = PlistPath()
        guard let dictionary = log.dictionary(root, rootPath, "the players root", rule: nil) else { return (nil, log.diagnostics) }
        log.rejectUnknownKeys(dictionary, known: topKeys, rootPath, what: "the players file", rule: nil)

        var personas: [Persona] = []
        // The names the file declares, read cleanly or not: a persona with a mistake is reported
        // once, not again wherever the default team names it.
        var declared: [String] = []
        if let node = log.required("personas", in: dictionary, at: root.location, rootPath, rule: nil),
            let entries = log.dictionary(node, rootPath.appending("personas"), "personas", rule: nil)
        {
            declared = Array(entries.keys)
            var bases = PersonaBases(entries: entries, shipped: shipped, path: rootPath.appending("personas"))
            for entry in entries.entries {
                if let persona = bases.resolve(entry.key, &log) { personas.append(persona) }
            }
            if entries.isEmpty { log.error("names no persona", at: node.location, rootPath.appending("personas"), rule: nil) }
        }
        var team: [String] = []
        var teamLocation: SourceLocation?
        if let node = log.required("defaultTeam", in: dictionary, at: root.location, rootPath, rule: nil) {
            teamLocation = node.location
            let path = rootPath.appending("defaultTeam")
            team = log.strings(node, path, rule: nil) ?? []
            if team.isEmpty { log.error("must name at least one persona", at: node.location, path, rule: nil) }
            let names = declared
            for (i, name) in team.enumerated() where !names.contains(name) {
                let location = node.value.array?[i].location ?? node.location
                log.error(
                    "\"\(name)\" is not a persona of this file", at: location, path.appending(i), rule: nil,
                    suggestion: Suggestion.nearest(to: name, in: names).map { "did you mean \"\($0)\"?" })
            }
        }
        guard !log.hasErrors else { return (nil, log.diagnostics) }
        return (PlayerModel(personas: personas, defaultTeam: team, defaultTeamLocation: teamLocation), log.diagnostics)
    }

    /// One persona's dictionary; with a `base`, every key it leaves out (and every kind a kind
    /// table leaves out) is the base's.
    static func persona(_ name: String, _ d: PlistDictionary, at location: SourceLocation, _ path: PlistPath, base: Persona?, _ log: inout DiagnosticLog) -> Persona? {
        let before = log.count
        log.rejectUnknownKeys(d, known: personaKeys + [baseKey], path, what: "a persona", rule: nil)
        // An hour for one action is already absurd; anything beyond is a typo.
        func number(_ key: String, max: Double = 3600, inherited: Double) -> Double {
            if base != nil, d[key] == nil { return inherited }
            guard let value = log.required(key, in: d, at: location, path, rule: nil) else { return 0 }
            return checked(value, path.appending(key), max: max, &log)
        }
        func kinds(_ key: String, max: Double = 3600, optional: Bool = false, inherited: KindTable?) -> KindTable? {
            if let inherited, d[key] == nil { return inherited }
            var table = inherited ?? KindTable(all: 0)
            if optional && d[key] == nil { return nil }
            guard let value = log.required(key, in: d, at: location, path, rule: nil),
                let byKind = log.dictionary(value, path.appending(key), key, rule: nil)
            else { return table }
            let kindPath = path.appending(key)
            log.rejectUnknownKeys(byKind, known: CategoryKind.allCases.map(\.rawValue), kindPath, what: key, rule: "C2")
            for kind in CategoryKind.allCases {
                if inherited != nil, byKind[kind.rawValue] == nil { continue }
                guard let v = log.required(kind.rawValue, in: byKind, at: value.location, kindPath, rule: nil) else { continue }
                table[kind] = checked(v, kindPath.appending(kind.rawValue), max: max, &log)
            }
            return table
        }
        let describe = kinds("describeSeconds", inherited: base?.describeSeconds) ?? KindTable(all: 0)
        let identify = kinds("identifySeconds", optional: true, inherited: base?.identifySeconds)
        let find = number("findSeconds", inherited: base?.findSeconds ?? 0)
        let pack = number("packSeconds", inherited: base?.packSeconds ?? 0)
        let assemble = number("assembleSeconds", inherited: base?.assembleSeconds ?? 0)
        let pass = number("passSeconds", inherited: base?.passSeconds ?? 0)
        let chance = kinds("misunderstandChance", max: 1, inherited: base?.misunderstandChance) ?? KindTable(all: 0)
        let perItem = number("confusionPerGroupItem", max: 1, inherited: base?.confusionPerGroupItem ?? 0)
        var wrongTeammate = base?.wrongTeammateChance ?? Persona.defaultWrongTeammateChance
        if let value = d["wrongTeammateChance"] { wrongTeammate = checked(value, path.appending("wrongTeammateChance"), max: 1, &log) }
        let spread = number("timeSpread", max: 3, inherited: base?.timeSpread ?? 0)
        var atOnce = base?.ordersAtOnce ?? 1
        if base == nil || d["ordersAtOnce"] != nil, let value = log.required("ordersAtOnce", in: d, at: location, path, rule: nil),
            let n = log.integer(value, path.appending("ordersAtOnce"), rule: nil)
        {
            if n < 0 || n > 100 {
                log.error("must be between 0 and 100 (0: the player never starts an order)", at: value.location, path.appending("ordersAtOnce"), rule: nil)
            }
            atOnce = n
        }
        let strategy = choice(
            "strategy", of: OrderStrategy.self, default: base?.strategy ?? .earliestDeadline, in: d, at: location, path, &log, required: base == nil)
        let hopeless = choice(
            "hopelessOrders", of: HopelessOrderPolicy.self, default: base?.hopelessOrders ?? .keepGoing, in: d, at: location, path, &log, required: false)
        guard log.count == before else { return nil }
        return Persona(
            name: name, describeSeconds: describe, identifySeconds: identify, findSeconds: find, packSeconds: pack,
            assembleSeconds: assemble, passSeconds: pass, misunderstandChance: chance, confusionPerGroupItem: perItem,
            wrongTeammateChance: wrongTeammate, ordersAtOnce: atOnce, strategy: strategy, hopelessOrders: hopeless, timeSpread: spread)
    }

    /// One of a fixed set of names (a strategy, a policy), with the nearest one suggested.
    private static func choice<T: RawRepresentable & CaseIterable>(
        _ key: String, of type: T.Type, default value: T, in d: PlistDictionary, at location: SourceLocation, _ path: PlistPath,
        _ log: inout DiagnosticLog, required: Bool
    ) -> T where T.RawValue == String {
        guard required || d[key] != nil else { return value }
        guard let node = log.required(key, in: d, at: location, path, rule: nil), let text = log.string(node, path.appending(key), rule: nil) else {
            return value
        }
        if let chosen = T(rawValue: text) { return chosen }
        let known = T.allCases.map(\.rawValue)
        log.error(
            "unknown \(key == "strategy" ? "strategy" : key) \"\(text)\"; one of \(known.joined(separator: ", "))", at: node.location,
            path.appending(key), rule: nil, suggestion: Suggestion.nearest(to: text, in: known).map { "did you mean \"\($0)\"?" })
        return value
    }

    /// A finite number in 0...max (an <integer> or a <real>).
    private static func checked(_ node: PlistNode, _ path: PlistPath, max: Double, _ log: inout DiagnosticLog) -> Double {
        guard let x = node.value.number else {
            log.error("expected a number, found \(node.value.typeName)", at: node.location, path, rule: nil)
            return 0
        }
        guard x.isFinite, x >= 0, x <= max else {
            log.error("must be in 0...\(max.designerText), not \(x.designerText)", at: node.location, path, rule: nil)
            return 0
        }
        return x
    }
}
