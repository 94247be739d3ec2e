import Diagnostics
import PropertyList

/// Reads `Games.plist`, the game definitions as the app holds them (seeds/000: "number and names of
/// phases, if a phase is symmetric, number and names of actions in each phase"), every mistake
/// located with its rule id. The file holds nothing the app does not: what a simulation needs
/// besides lives in a file of its own, so this one can go back to the app unchanged.
///
/// ```xml
/// <dict>
///   <key>games</key>
///   <array>
///     <dict>
///       <key>name</key>    <string>Spirit Island</string>            <!-- TT1 -->
///       <key>mode</key>    <string>coop</string>                     <!-- TT1: coop | versus -->
///       <key>players</key> <dict><key>min</key><integer>1</integer><key>max</key><integer>4</integer></dict>  <!-- TT2 -->
///       <key>phases</key>                                            <!-- TT3–TT6 -->
///       <array>
///         <dict><key>name</key><string>Spirit</string><key>actions</key><array><string>Grow</string></array></dict>
///         <dict><key>name</key><string>Invaders</string><key>symmetric</key><true/><key>actions</key><array><string>Ravage</string></array></dict>
///       </array>
///     </dict>
///   </array>
/// </dict>
/// ```
public enum GamesReader {
    public static let fileName = "Games.plist"
    public static let topKeys = ["games"]
    public static let gameKeys = ["name", "mode", "players", "phases"]
    public static let playerKeys = ["min", "max"]
    public static let phaseKeys = ["name", "symmetric", "actions"]
    /// The most phases a round may have: ten times seeds/000's most, few enough that exploring
    /// the state machine (TT6) and playing a session stay quick.
    public static let mostPhases = 50

    public static func read(_ root: PlistNode, file: String) -> ([TrackedGame]?, [Diagnostic]) {
        var log = DiagnosticLog(file: file)
        let top = PlistPath()
        guard let dictionary = log.dictionary(root, top, "the games' root", rule: nil) else { return (nil, log.diagnostics) }
        log.rejectUnknownKeys(dictionary, known: topKeys, top, what: "the games' file", rule: nil)
        guard let node = log.required("games", in: dictionary, at: root.location, top, rule: "TT1"),
            let items = log.array(node, top.appending("games"), "games", rule: "TT1")
        else { return (nil, log.diagnostics) }
        if items.isEmpty { log.error("holds no game", at: node.location, top.appending("games"), rule: "TT1") }
        var games: [TrackedGame] = []
        var names: Set<String> = []
        var explored: [ExplorationShape: TurnExploration.Result] = [:]
        for (i, item) in items.enumerated() {
            let path = top.appending("games").appending(i)
            guard let game = Self.game(item, path, &log) else { continue }
            guard names.insert(game.name).inserted else {
                log.error("a second game named \(quotedName(game.name)): the app lists games by name", at: item.location, path.appending("name"), rule: "TT1")
                continue
            }
            games.append(game)
            Self.judge(game, item, path, &explored, &log)
        }
        guard !log.hasErrors else { return (nil, log.diagnostics) }
        return (games, log.diagnostics)
    }

    private static func game(_ node: PlistNode, _ path: PlistPath, _ log: inout DiagnosticLog) -> TrackedGame? {
        guard let d = log.dictionary(node, path, "a game", rule: "TT1") else { return nil }
        log.rejectUnknownKeys(d, known: gameKeys, path, what: "a game", rule: "TT1")
        let before = log.errorCount
        var name: String?
        if let n = log.required("name", in: d, at: node.location, path, rule: "TT1"), let text = log.string(n, path.appending("name"), rule: "TT1") {
            if text.allSatisfy(\.isWhitespace) { log.error("a game's name cannot be empty", at: n.location, path.appending("name"), rule: "TT1") } else { name = text }
        }
        var mode: Mode?
        if let n = log.required("mode", in: d, at: node.location, path, rule: "TT1"), let text = log.string(n, path.appending("mode"), rule: "TT1") {
            mode = Mode(rawValue: text)
            if mode == nil {
                log.error(
                    "\"\(text)\" is not a mode: coop or versus", at: n.location, path.appending("mode"), rule: "TT1",
                    suggestion: Suggestion.nearest(to: text, in: Mode.allCases.map(\.rawValue)).map { "did you mean \"\($0)\"?" })
            }
        }
        let players = Self.players(d, node, path, &log)
        var phases: [Phase] = []
        if let n = log.required("phases", in: d, at: node.location, path, rule: "TT3"), let list = log.array(n, path.appending("phases"), "phases", rule: "TT3") {
            if list.isEmpty { log.error("a game with no phase: a round needs one", at: n.location, path.appending("phases"), rule: "TT3") }
            if list.count > Self.mostPhases {
                log.error(
                    "\(list.count) phases in a round: at most \(Self.mostPhases) (seeds/000: a round has 1-5; the state machine is explored phase by phase)",
                    at: n.location, path.appending("phases"), rule: "TT3")
            }
            for (j, item) in list.enumerated() {
                if let phase = Self.phase(item, path.appending("phases").appending(j), &log) { phases.append(phase) }
            }
        }
        guard log.errorCount == before, let name, let mode, let players else { return nil }
        return TrackedGame(name: name, mode: mode, players: players, phases: phases)
    }

    /// TT2: the players a game allows, each of whom needs a section on one of the phones.
    private static func players(_ d: PlistDictionary, _ node: PlistNode, _ path: PlistPath, _ log: inout DiagnosticLog) -> ClosedRange<Int>? {
        guard let n = log.required("players", in: d, at: node.location, path, rule: "TT2"),
            let range = log.dictionary(n, path.appending("players"), "players", rule: "TT2")
        else { return nil }
        log.rejectUnknownKeys(range, known: playerKeys, path.appending("players"), what: "players", rule: "TT2")
        let most = ScreenLayout.phones * ScreenLayout.sectionsPerPhone
        func bound(_ key: String) -> Int? {
            guard let v = log.required(key, in: range, at: n.location, path.appending("players"), rule: "TT2"),
                let count = log.integer(v, path.appending("players").appending(key), rule: "TT2")
            else { return nil }
            guard (1...most).contains(count) else {
                log.error(
                    "\(count) players: the app lays out 1 to \(ScreenLayout.sectionsPerPhone) players a phone on at most \(ScreenLayout.phones) phones, \(most) in all",
                    at: v.location, path.appending("players").appending(key), rule: "TT2")
                return nil
            }
            return count
        }
        let low = bound("min"), high = bound("max")
        guard let low, let high else { return nil }
        guard low <= high else {
            log.error("min \(low) is above max \(high)", at: n.location, path.appending("players"), rule: "TT2")
            return nil
        }
        return low...high
    }

    /// TT3: a phase's actions, one button each, as many as a section holds.
    private static func phase(_ node: PlistNode, _ path: PlistPath, _ log: inout DiagnosticLog) -> Phase? {
        guard let d = log.dictionary(node, path, "a phase", rule: "TT3") else { return nil }
        log.rejectUnknownKeys(d, known: phaseKeys, path, what: "a phase", rule: "TT3")
        var name: String?
        if let n = log.required("name", in: d, at: node.location, path, rule: "TT3"), let text = log.string(n, path.appending("name"), rule: "TT3") {
            if text.allSatisfy(\.isWhitespace) { log.error("a phase's name cannot be empty", at: n.location, path.appending("name"), rule: "TT3") } else { name = text }
        }
        var symmetric: Bool? = false
        if let n = d["symmetric"] { symmetric = log.boolean(n, path.appending("symmetric"), rule: "TT3") }
        var actions: [String]?
        if let n = log.required("actions", in: d, at: node.location, path, rule: "TT3"), let names = log.strings(n, path.appending("actions"), rule: "TT3") {
            if names.isEmpty {
                log.error("a phase with no action: its section would show a ready button alone", at: n.location, path.appending("actions"), rule: "TT3")
            } else if names.count > ScreenLayout.actionButtons {
                log.error(
                    "\(names.count) actions, but a section has \(ScreenLayout.actionButtons) action buttons (seeds/000): the app cannot show them all",
                    at: n.location, path.appending("actions"), rule: "TT3")
            } else {
                actions = names
            }
        }
        guard let name, let symmetric, let actions else { return nil }
        return Phase(name: name, symmetric: symmetric, actions: actions)
    }

    /// What the app's state machine depends on (TrackerApp reads no name or action): games of one
    /// shape share one exploration, so a file of many games costs one per shape (issue 43).
    private struct ExplorationShape: Hashable {
        var mode: Mode
        var symmetric: [Bool]
        var players: Int
    }

    /// TT2, TT4–TT6: what the game's structure asks of the app.
    private static func judge(
        _ game: TrackedGame, _ node: PlistNode, _ path: PlistPath, _ explored: inout [ExplorationShape: TurnExploration.Result],
        _ log: inout DiagnosticLog
    ) {
        let fields = node.value.dictionary
        if game.players.upperBound > ScreenLayout.sectionsPerPhone, let layout = ScreenLayout.make(players: game.players.upperBound) {
            log.warning(
                "up to \(game.players.upperBound) players need \(layout.phones.count) phones: one phone lays out at most \(ScreenLayout.sectionsPerPhone), and more phones are the app's optional connection to nearby phones (seeds/000, 2.1.2)",
                at: fields?["players"]?.location ?? node.location, path.appending("players"), rule: "TT2")
        }
        if game.mode == .versus {
            for (j, phase) in game.phases.enumerated() where phase.symmetric {
                let phaseNode = fields?["phases"]?.value.array?[j]
                log.warning(
                    "symmetric has no effect in a versus game: the app passes the turn on every ready, so every player takes a turn of the phase",
                    at: phaseNode?.value.dictionary?["symmetric"]?.location ?? node.location, path.appending("phases").appending(j).appending("symmetric"), rule: "TT4")
            }
        }
        if game.mode == .versus, game.phases.count > 1 {
            log.warning(
                "a versus game with \(game.phases.count) phases: the app passes the turn on ready and never shows a phase's name in versus (seeds/000: most versus games have no phases)",
                at: node.location, path.appending("phases"), rule: "TT4")
        }
        if game.mode == .coop, game.phases.allSatisfy(\.symmetric) {
            log.warning("every phase is symmetric: no player ever takes a turn of their own", at: node.location, path.appending("phases"), rule: "TT5")
        }
        // TT6: every press sequence through two rounds, for up to three players: the rules treat
        // every player alike, and three already hold the first, a middle and the last (2^players
        // ready sets make more players costly, not more telling).
        let app = TrackerApp(game: game, players: min(game.players.upperBound, 3))
        let depth = 2 * game.phases.count * (game.mode == .versus ? app.players : app.players + 1)
        let shape = ExplorationShape(mode: game.mode, symmetric: game.phases.map(\.symmetric), players: app.players)
        let result = explored[shape] ?? TurnExploration.explore(app, depth: depth)
        explored[shape] = result
        for skip in result.skips {
            log.error("\(skip.problem) after \(skip.presses.map(\.description).joined(separator: ", "))", at: node.location, path, rule: "TT6")
        }
        for phase in result.unreachedPhases {
            log.error("no sequence of presses reaches phase \"\(game.phases[phase].name)\"", at: node.location, path.appending("phases").appending(phase), rule: "TT6")
        }
    }
}
