import Diagnostics
import Expressions
import PropertyList

/// Reads `ShakyWords.plist` (how the game is played, the modelled teams and the contests) against
/// the quiz packs it plays, every mistake located with its rule id. `game` (with its `pack`),
/// `personas` and `contests` are required; every other key has a default, this project's choice
/// where seeds/003 fixes no value.
///
/// ```xml
/// <dict>
///   <key>game</key>    <dict> pack, questions (10), difficulty (any) </dict>                  <!-- SW6 -->
///   <key>timers</key>  <dict> indicationWindow (60), windowAfterIndication (20), answerTime (60) </dict>  <!-- SW7 -->
///   <key>points</key>  <dict> worth ("5 * difficulty + length"), hintCost ("2"), minimum (1) </dict>     <!-- SW8 -->
///   <key>hints</key>   <dict> lettersPerHint (1), order (fromStart), cooldown (1) </dict>      <!-- SW9 -->
///   <key>scramble</key> <string>notAnswer</string>                                              <!-- SW5 -->
///   <key>spelling</key> <dict> rule (exact), tolerance (1), penaltyPerLetter (1) </dict>       <!-- SW10 -->
///   <key>referenceLength</key> <integer>6</integer>                                             <!-- SW12 -->
///   <key>personas</key> <dict> <key>quick</key> <dict> solveSeconds {easy: 8, …}, … </dict> </dict>  <!-- SW12 -->
///   <key>contests</key> <array> <array><string>quick</string><string>casual</string></array> </array>  <!-- SW11 -->
/// </dict>
/// ```
public enum DesignReader {
    public static let fileName = "ShakyWords.plist"
    public static let topKeys = ["game", "timers", "points", "hints", "scramble", "spelling", "referenceLength", "personas", "contests"]
    public static let gameKeys = ["pack", "questions", "difficulty"]
    public static let timerKeys = ["indicationWindow", "windowAfterIndication", "answerTime"]
    public static let pointKeys = ["worth", "hintCost", "minimum"]
    public static let hintKeys = ["lettersPerHint", "order", "cooldown"]
    public static let spellingKeys = ["rule", "tolerance", "penaltyPerLetter"]
    public static let personaKeys = ["solveSeconds", "lengthExponent", "hintSpeedup", "typoChance", "bluffChance", "shakeAfter", "typingSeconds"]
    public static let defaultWorth = "5 * difficulty + length"
    public static let defaultHintCost = "2"
    /// Seconds the seed's timers may be set to: a day is more than any party waits.
    static let seconds = 0.0...86_400

    /// The design, or nil with the errors; `packs` is the quiz packs file as read (nil when it
    /// has errors: what depends on it is then not checked).
    public static func read(_ root: PlistNode, file: String, packs: QuizPacks?) -> (Design?, [Diagnostic]) {
        var log = DiagnosticLog(file: file)
        let top = PlistPath()
        guard let fields = FieldReader(root, top, "the design's root", known: topKeys, rule: nil, &log) else { return (nil, log.diagnostics) }

        let game = Self.game(fields, top, packs: packs, &log)
        var rules: Rules?
        if let game {
            rules = Self.rules(fields, top, game: game, &log)
        } else {
            _ = Self.rules(fields, top, game: ("", 1, nil), &log)
        }
        let personas = Self.personas(fields, top, difficulties: packs?.difficulties, &log)
        let contests = Self.contests(fields, top, personas: personas, &log)
        guard !log.hasErrors, let packs, let rules, let personas, let contests else { return (nil, log.diagnostics) }
        return (Design(packs: packs, rules: rules, personas: personas, contests: contests), log.diagnostics)
    }

    private static func game(_ top: FieldReader, _ path: PlistPath, packs: QuizPacks?, _ log: inout DiagnosticLog) -> (pack: String, questions: Int, level: Int?)? {
        guard let node = log.required("game", in: top.dictionary, at: top.node.location, path, rule: "SW6"),
            let fields = FieldReader(node, path.appending("game"), "game", known: gameKeys, rule: "SW6", &log)
        else { return nil }
        let pack = fields.string("pack", required: true, rule: "SW6", &log)
        let questions = fields.integer("questions", in: 1...10_000, default: 10, rule: "SW6", &log)
        var level: Int?, levelRead = true
        if let node = fields["difficulty"] {
            if let name = log.string(node, path.appending("game").appending("difficulty"), rule: "SW6") {
                if name != "any", let packs {
                    level = packs.level(of: name)
                    if level == nil {
                        levelRead = false
                        log.error(
                            "\"\(name)\" is not a difficulty of the quiz packs (\(packs.difficulties.joined(separator: ", ")), or any)", at: node.location,
                            path.appending("game").appending("difficulty"), rule: "SW6",
                            suggestion: Suggestion.nearest(to: name, in: packs.difficulties + ["any"]).map { "did you mean \"\($0)\"?" })
                    }
                }
            } else {
                levelRead = false
            }
        }
        if let pack, let packs, packs.pack(named: pack) == nil {
            log.error(
                "no quiz pack is called \(quotedName(pack)) (\(briefList(packs.packs.map(\.name), separator: ", ")))", at: fields["pack"]?.location,
                path.appending("game").appending("pack"), rule: "SW6",
                suggestion: Suggestion.nearest(to: pack, in: packs.packs.map(\.name)).map { "did you mean \"\($0)\"?" })
            return nil
        }
        guard let pack, let questions, levelRead else { return nil }
        return (pack, questions, level)
    }

    private static func rules(_ top: FieldReader, _ path: PlistPath, game: (pack: String, questions: Int, level: Int?), _ log: inout DiagnosticLog) -> Rules? {
        var failed = false
        func section(_ key: String, _ known: [String], rule: String) -> FieldReader? {
            guard let node = top[key] else { return nil }
            guard let fields = FieldReader(node, path.appending(key), key, known: known, rule: rule, &log) else {
                failed = true
                return nil
            }
            return fields
        }
        func value<T>(_ read: T?, _ fallback: T) -> T {
            guard let read else {
                failed = true
                return fallback
            }
            return read
        }
        let points = section("points", pointKeys, rule: "SW8")
        let worth = Self.expression(points, "worth", default: defaultWorth, path.appending("points"), &log)
        let cost = Self.expression(points, "hintCost", default: defaultHintCost, path.appending("points"), &log)
        guard let worth, let cost else { return nil }
        var rules = Rules(pack: game.pack, questions: game.questions, difficulty: game.level, worth: worth, hintCost: cost)
        if let points {
            rules.minimumPoints = value(points.integer("minimum", in: 0...1_000_000, default: rules.minimumPoints, rule: "SW8", &log), rules.minimumPoints)
        }
        if let timers = section("timers", timerKeys, rule: "SW7") {
            rules.indicationWindow = value(timers.number("indicationWindow", in: 1...86_400, default: rules.indicationWindow, rule: "SW7", &log), 60)
            rules.windowAfterIndication = value(timers.number("windowAfterIndication", in: seconds, default: rules.windowAfterIndication, rule: "SW7", &log), 20)
            rules.answerTime = value(timers.number("answerTime", in: 1...86_400, default: rules.answerTime, rule: "SW7", &log), 60)
        }
        if let hints = section("hints", hintKeys, rule: "SW9") {
            rules.lettersPerHint = value(hints.integer("lettersPerHint", in: 1...1000, default: rules.lettersPerHint, rule: "SW9", &log), 1)
            rules.hintOrder = value(hints.choice("order", default: rules.hintOrder, rule: "SW9", &log), .fromStart)
            rules.shakeCooldown = value(hints.number("cooldown", in: seconds, default: rules.shakeCooldown, rule: "SW9", &log), 1)
        }
        rules.scramble = value(top.choice("scramble", default: rules.scramble, rule: "SW5", &log), .notAnswer)
        if let spelling = section("spelling", spellingKeys, rule: "SW10") {
            rules.spelling = value(spelling.choice("rule", default: rules.spelling, rule: "SW10", &log), .exact)
            rules.spellingTolerance = value(spelling.integer("tolerance", in: 0...1000, default: rules.spellingTolerance, rule: "SW10", &log), 1)
            rules.penaltyPerLetter = value(spelling.integer("penaltyPerLetter", in: 0...1_000_000, default: rules.penaltyPerLetter, rule: "SW10", &log), 1)
        }
        rules.referenceLength = value(top.integer("referenceLength", in: 1...1000, default: rules.referenceLength, rule: "SW12", &log), 6)
        return failed ? nil : rules
    }

    /// Key `key` of `section` as an expression in length and difficulty: a string to compile, or
    /// a number; `fallback`'s text when absent.
    private static func expression(_ section: FieldReader?, _ key: String, default fallback: String, _ path: PlistPath, _ log: inout DiagnosticLog) -> Expression? {
        guard let section, let node = section[key] else { return try? Expression(parsing: fallback, variables: Rules.scope) }
        if let x = node.value.number {
            guard x.isFinite else {
                log.error("\(key) must be finite", at: node.location, path.appending(key), rule: "SW8")
                return nil
            }
            return Expression(constant: x, variables: Rules.scope)
        }
        guard let text = log.string(node, path.appending(key), rule: "SW8") else { return nil }
        do throws(ExpressionError) {
            return try Expression(parsing: text, variables: Rules.scope)
        } catch {
            log.error("\(key) \"\(text)\": \(error.message) at column \(error.column)", at: node.location, path.appending(key), rule: "SW8", suggestion: error.suggestion)
            return nil
        }
    }

    private static func personas(_ top: FieldReader, _ path: PlistPath, difficulties: [String]?, _ log: inout DiagnosticLog) -> [Persona]? {
        guard let node = log.required("personas", in: top.dictionary, at: top.node.location, path, rule: "SW12"),
            let dictionary = log.dictionary(node, path.appending("personas"), "personas", rule: "SW12")
        else { return nil }
        if dictionary.keys.isEmpty { log.error("names no persona", at: node.location, path.appending("personas"), rule: "SW12") }
        var personas: [Persona] = []
        var failed = false
        for name in dictionary.keys {
            let at = path.appending("personas").appending(name)
            if name.contains(" vs ") || name.allSatisfy(\.isWhitespace) {
                // A contest is named by its personas joined with " vs ": such a name would make two
                // contests' names, and their seeds, the same.
                log.error("a persona's name cannot be empty or hold \" vs \": \"\(name)\"", at: dictionary.keyLocation(name), at, rule: "SW12")
                failed = true
            }
            guard let fields = FieldReader(dictionary[name]!, at, "a persona", known: personaKeys, rule: "SW12", &log) else {
                failed = true
                continue
            }
            if let persona = Self.persona(name, fields, at, difficulties: difficulties, &log) { personas.append(persona) } else { failed = true }
        }
        return failed ? nil : personas
    }

    private static func persona(_ name: String, _ fields: FieldReader, _ path: PlistPath, difficulties: [String]?, _ log: inout DiagnosticLog) -> Persona? {
        var solve: [Double]?
        if let node = log.required("solveSeconds", in: fields.dictionary, at: fields.node.location, path, rule: "SW12"),
            let table = log.dictionary(node, path.appending("solveSeconds"), "solveSeconds", rule: "SW12")
        {
            var seconds: [String: Double] = [:]
            for key in table.keys {
                let at = path.appending("solveSeconds").appending(key)
                if let difficulties, !difficulties.contains(key) {
                    log.error(
                        "\"\(key)\" is not a difficulty of the quiz packs (\(difficulties.joined(separator: ", ")))", at: table.keyLocation(key), at, rule: "SW12",
                        suggestion: Suggestion.nearest(to: key, in: difficulties).map { "did you mean \"\($0)\"?" })
                }
                if let x = FieldReader.number(table[key]!, at, "solveSeconds of \(key)", in: 0.001...86_400, rule: "SW12", &log) { seconds[key] = x }
            }
            if let difficulties {
                let missing = difficulties.filter { table[$0] == nil }
                if !missing.isEmpty {
                    log.error("says nothing of \(briefList(missing.map { quotedName($0) }, separator: ", ")): give seconds for every difficulty", at: node.location, path.appending("solveSeconds"), rule: "SW12")
                } else {
                    // Every difficulty's value read (an unknown key's does not stand in for a bad one).
                    let read = difficulties.compactMap { seconds[$0] }
                    if read.count == difficulties.count { solve = read }
                }
            }
        }
        let lengthExponent = fields.number("lengthExponent", in: 0...10, default: 1, rule: "SW12", &log)
        let hintSpeedup = fields.number("hintSpeedup", in: 0...1000, default: 2, rule: "SW12", &log)
        let typo = fields.number("typoChance", in: 0...1, default: 0.02, rule: "SW12", &log)
        let bluff = fields.number("bluffChance", in: 0...1, default: 0.1, rule: "SW12", &log)
        let typing = fields.number("typingSeconds", in: 0...3600, default: 0.5, rule: "SW12", &log)
        var shakeAfter: Double?? = .some(15)
        if let node = fields["shakeAfter"] {
            if node.value.string == "never" {
                shakeAfter = .some(nil)
            } else if node.value.number != nil {
                shakeAfter = FieldReader.number(node, path.appending("shakeAfter"), "shakeAfter", in: 0...86_400, rule: "SW9", &log).map { .some($0) }
            } else {
                log.error("shakeAfter is seconds, or \"never\"", at: node.location, path.appending("shakeAfter"), rule: "SW9")
                shakeAfter = nil
            }
        }
        guard let solve, let lengthExponent, let hintSpeedup, let typo, let bluff, let typing, case .some(let shakes) = shakeAfter else { return nil }
        return Persona(
            name: name, solveSeconds: solve, lengthExponent: lengthExponent, hintSpeedup: hintSpeedup, typoChance: typo, bluffChance: bluff, shakeAfter: shakes,
            typingSeconds: typing)
    }

    /// The most contests a design may list, refused before any is read: each is a lineup that
    /// every command plays and reports on its own (issue 43: 200,000 took minutes to check).
    public static let mostContests = 1_000

    /// The most teams in one contest: far past a party round one device (seeds/003 names no
    /// number), and a bound on a question's race, which each event plays over every team (a
    /// contest of 10,000 teams took 83 s a game, found by cli_fuzz's repetition mutation).
    public static let mostTeams = 100

    private static func contests(_ top: FieldReader, _ path: PlistPath, personas: [Persona]?, _ log: inout DiagnosticLog) -> [[Int]]? {
        guard let node = log.required("contests", in: top.dictionary, at: top.node.location, path, rule: "SW11"),
            let items = log.array(node, path.appending("contests"), "contests", rule: "SW11")
        else { return nil }
        if items.isEmpty { log.error("names no contest: list the teams of each, by persona", at: node.location, path.appending("contests"), rule: "SW11") }
        guard items.count <= mostContests else {
            log.error(
                "\(items.count.groupedText) contests: at most \(mostContests.groupedText) (each is played and reported on its own)", at: node.location, path.appending("contests"),
                rule: "SW11")
            return nil
        }
        var contests: [[Int]] = []
        var firstOf: [[Int]: Int] = [:]
        let personaIndex = personas.map { list in Dictionary(list.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first }) }
        var failed = false
        for (i, item) in items.enumerated() {
            let at = path.appending("contests").appending(i)
            guard let names = log.strings(item, at, rule: "SW11") else {
                failed = true
                continue
            }
            if names.isEmpty { log.error("a contest of no team", at: item.location, at, rule: "SW11") }
            guard names.count <= mostTeams else {
                log.error(
                    "a contest of \(names.count.groupedText) teams: at most \(mostTeams) (teams share one device; each question's race is played event by event over every team)",
                    at: item.location, at, rule: "SW11")
                failed = true
                continue
            }
            guard let personas else { continue }
            var teams: [Int] = []
            for (j, name) in names.enumerated() {
                if let index = personaIndex?[name] {
                    teams.append(index)
                } else {
                    failed = true
                    log.error(
                        "no persona is called \"\(name)\"", at: item.value.array![j].location, at.appending(j), rule: "SW11",
                        suggestion: Suggestion.nearest(to: name, in: personas.map(\.name)).map { "did you mean \"\($0)\"?" })
                }
            }
            if !teams.isEmpty, let first = firstOf[teams] {
                log.error("the same teams as contests[\(first)]: it would play the very same games", at: item.location, at, rule: "SW11")
            } else if !teams.isEmpty {
                firstOf[teams] = contests.count
            }
            contests.append(teams)
        }
        return failed ? nil : contests
    }
}
