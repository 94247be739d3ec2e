import Diagnostics
import Expressions
import PropertyList

/// Reads `Sessions.plist`, what a simulation needs beside the app's game definitions, every
/// mistake located with its rule id: each game's rounds, action times and turn timer (TT7–TT9),
/// the modelled players (TT10) and the tables that play (TT11).
///
/// ```xml
/// <dict>
///   <key>games</key>
///   <dict>
///     <key>Spirit Island</key>                                   <!-- a game of Games.plist -->
///     <dict>
///       <key>rounds</key>        <integer>10</integer>           <!-- TT7: or {min, max}, or "71 / players" -->
///       <key>turnTimer</key>     <integer>600</integer>          <!-- TT9: optional -->
///       <key>actionSeconds</key> <integer>60</integer>           <!-- TT8: every action's time -->
///       <key>phases</key>                                        <!-- TT8: a phase's own, an action's own -->
///       <dict><key>Invaders</key><dict><key>actions</key><dict><key>Ravage</key><real>90</real></dict></dict></dict>
///     </dict>
///   </dict>
///   <key>personas</key>                                          <!-- TT10 -->
///   <dict><key>steady</key><dict><key>forgetReady</key><real>0.03</real></dict></dict>
///   <key>tables</key>                                            <!-- TT11 -->
///   <array><dict><key>game</key><string>Spirit Island</string><key>players</key><array><string>steady</string><string>steady</string></array></dict></array>
/// </dict>
/// ```
public enum SessionsReader {
    public static let fileName = "Sessions.plist"
    public static let topKeys = ["games", "personas", "tables"]
    public static let gameKeys = ["rounds", "turnTimer", "actionSeconds", "phases"]
    public static let roundsKeys = ["min", "max"]
    public static let phaseKeys = ["actionSeconds", "actions"]
    public static let personaKeys = ["speed", "spread", "forgetReady", "notice"]
    public static let tableKeys = ["game", "players"]
    /// The most tables a design may list, refused before any is read: each is a lineup that every
    /// command plays and reports on its own (issue 43).
    public static let mostTables = 1_000
    /// A time's keys (TT8): its distribution and that distribution's numbers.
    public static var timeKeys: [String] { ["distribution"] + TimeDistributionReader.keys.values.joined().sorted() }

    /// Reads the file against `games`, the definitions of `Games.plist`.
    public static func read(_ root: PlistNode, file: String, games: [TrackedGame]) -> (SessionDesign?, [Diagnostic]) {
        var log = DiagnosticLog(file: file)
        let top = PlistPath()
        guard let fields = FieldReader(root, top, "the sessions' root", known: topKeys, rule: nil, &log) else { return (nil, log.diagnostics) }
        var timings = [GameTiming?](repeating: nil, count: games.count)
        // Games with settings written, read or not: a table of one whose settings have errors
        // is not told again that it has none.
        var written = Set<Int>()
        let gameIndex = Self.positions(games.map(\.name))
        if let node = log.required("games", in: fields.dictionary, at: root.location, top, rule: "TT7"),
            let settings = log.dictionary(node, top.appending("games"), "games", rule: "TT7")
        {
            for (name, value) in settings.pairs {
                let path = top.appending("games").appending(name)
                guard let index = gameIndex[name] else {
                    log.error(
                        "\(quotedName(name)) is not a game of Games.plist (\(briefList(games.map(\.name), separator: ", ")))", at: settings.keyLocation(name), path, rule: "TT7",
                        suggestion: Suggestion.nearest(to: name, in: games.map(\.name)).map { "did you mean \"\($0)\"?" })
                    continue
                }
                written.insert(index)
                timings[index] = timing(value, games[index], path, &log)
            }
            for (index, game) in games.enumerated() where !written.contains(index) {
                log.note("\"\(game.name)\" has no session settings here: no table can play it", at: node.location, top.appending("games"), rule: "TT7")
            }
        } else {
            // The section itself is reported: its games are not missing again at every table.
            written = Set(games.indices)
        }
        var personas: [Persona] = []
        // Personas written with errors: a table that seats one is not told it does not exist.
        var broken = Set<String>()
        if let node = log.required("personas", in: fields.dictionary, at: root.location, top, rule: "TT10"),
            let list = log.dictionary(node, top.appending("personas"), "personas", rule: "TT10")
        {
            if list.isEmpty { log.error("no persona: a table needs players", at: node.location, top.appending("personas"), rule: "TT10") }
            for (name, value) in list.pairs {
                if let persona = persona(name, value, top.appending("personas").appending(name), &log) { personas.append(persona) } else { broken.insert(name) }
            }
        }
        // No persona at all is reported once, not at every seat.
        let seatsReported = personas.isEmpty && broken.isEmpty
        var tables: [SessionTable] = []
        var tableNodes: [PlistNode] = []
        if let node = log.required("tables", in: fields.dictionary, at: root.location, top, rule: "TT11"),
            let list = log.array(node, top.appending("tables"), "tables", rule: "TT11")
        {
            if list.isEmpty { log.error("no table: nothing would be played", at: node.location, top.appending("tables"), rule: "TT11") }
            if list.count > mostTables {
                log.error(
                    "\(list.count.groupedText) tables: at most \(mostTables.groupedText) (each is played and reported on its own)", at: node.location, top.appending("tables"),
                    rule: "TT11")
                return (nil, log.diagnostics)
            }
            let names = Names(games: gameIndex, personas: Self.positions(personas.map(\.name)))
            for (i, item) in list.enumerated() {
                if let table = table(item, top.appending("tables").appending(i), games, timings, written, personas, names, seatsReported ? nil : broken, &log) {
                    tables.append(table)
                    tableNodes.append(item)
                }
            }
        }
        guard !log.hasErrors else { return (nil, log.diagnostics) }
        let design = SessionDesign(games: games, timings: timings, personas: personas, tables: tables)
        // No errors so far: every table was read, tables[i] is the file's tables[i].
        var seen: [String: Int] = [:]
        for (i, (table, node)) in zip(tables, tableNodes).enumerated() {
            let name = design.name(of: table)
            if let first = seen[name] {
                log.error("the same table as tables[\(first)] (\(name)): results would name both alike", at: node.location, top.appending("tables").appending(i), rule: "TT11")
            }
            seen[name] = seen[name] ?? i
            if let tooLong = SessionLimits.tooLong(table, in: design) {
                let players = top.appending("tables").appending(i).appending("players")
                log.error(tooLong, at: node.value.dictionary?["players"]?.location ?? node.location, players, rule: "TT11")
            }
        }
        guard !log.hasErrors else { return (nil, log.diagnostics) }
        return (design, log.diagnostics)
    }

    /// TT7–TT9: one game's rounds, action times and timer.
    private static func timing(_ node: PlistNode, _ game: TrackedGame, _ path: PlistPath, _ log: inout DiagnosticLog) -> GameTiming? {
        guard let fields = FieldReader(node, path, "a game's session settings", known: gameKeys, rule: "TT7", &log) else { return nil }
        let before = log.errorCount
        let rounds = self.rounds(fields, game, &log)
        let fallback = fields["actionSeconds"].flatMap { TimeDistributionReader.read($0, path.appending("actionSeconds"), "actionSeconds", rule: "TT8", &log) }
        var own: [String: (PlistNode, PlistPath)] = [:]
        if let node = fields["phases"], let phases = log.dictionary(node, path.appending("phases"), "phases", rule: "TT8") {
            for (name, value) in phases.pairs {
                guard game.phases.contains(where: { $0.name == name }) else {
                    let names = game.phases.map(\.name)
                    log.error(
                        "\"\(name)\" is not a phase of \(game.name) (\(names.joined(separator: ", ")))", at: phases.keyLocation(name), path.appending("phases").appending(name),
                        rule: "TT8", suggestion: Suggestion.nearest(to: name, in: names).map { "did you mean \"\($0)\"?" })
                    continue
                }
                own[name] = (value, path.appending("phases").appending(name))
            }
        }
        var times: [[TimeDistribution]] = []
        for phase in game.phases {
            var phaseFallback = fallback
            var actionTimes: [String: TimeDistribution] = [:]
            // Times written with errors, reported where they are: not missing as well.
            var phaseWritten = false
            var written = Set<String>()
            if let (node, phasePath) = own[phase.name], let phaseFields = FieldReader(node, phasePath, "a phase's times", known: phaseKeys, rule: "TT8", &log) {
                if let n = phaseFields["actionSeconds"] {
                    phaseWritten = true
                    phaseFallback = TimeDistributionReader.read(n, phasePath.appending("actionSeconds"), "actionSeconds", rule: "TT8", &log)
                }
                if let n = phaseFields["actions"], let actions = log.dictionary(n, phasePath.appending("actions"), "actions", rule: "TT8") {
                    for (name, value) in actions.pairs {
                        guard phase.actions.contains(name) else {
                            log.error(
                                "\"\(name)\" is not an action of phase \(phase.name) (\(phase.actions.joined(separator: ", ")))", at: actions.keyLocation(name),
                                phasePath.appending("actions").appending(name), rule: "TT8",
                                suggestion: Suggestion.nearest(to: name, in: phase.actions).map { "did you mean \"\($0)\"?" })
                            continue
                        }
                        written.insert(name)
                        actionTimes[name] = TimeDistributionReader.read(value, phasePath.appending("actions").appending(name), name, rule: "TT8", &log)
                    }
                }
            }
            var row: [TimeDistribution] = []
            for action in phase.actions {
                if let time = actionTimes[action] ?? phaseFallback {
                    row.append(time)
                } else if !written.contains(action), !phaseWritten, fields["actionSeconds"] == nil {
                    log.error(
                        "no time for action \"\(action)\" of phase \(phase.name): give the game's or the phase's actionSeconds, or the action's own",
                        at: node.location, path, rule: "TT8")
                }
            }
            times.append(row)
        }
        var timer: Double?
        if let n = fields["turnTimer"] {
            timer = FieldReader.number(n, path.appending("turnTimer"), "turnTimer", in: 1...86_400, rule: "TT9", &log)
        }
        guard log.errorCount == before, let rounds else { return nil }
        let timing = GameTiming(rounds: rounds, turnTimer: timer, actionTimes: times)
        if let timer, let node = fields["turnTimer"], let problem = TimerCheck.problem(timer, timing, game) {
            log.error(problem, at: node.location, path.appending("turnTimer"), rule: "TT9")
        }
        return timing
    }

    /// TT7: a whole number, a `{min, max}` range, or an expression in `players`, rounded up, that
    /// gives 1 to 1,000 rounds at every player count the game allows.
    private static func rounds(_ fields: FieldReader, _ game: TrackedGame, _ log: inout DiagnosticLog) -> GameTiming.Rounds? {
        let path = fields.path.appending("rounds")
        guard let node = log.required("rounds", in: fields.dictionary, at: fields.node.location, fields.path, rule: "TT7") else { return nil }
        let allowed = 1...GameTiming.Rounds.most
        switch node.value {
        case .dictionary:
            guard let range = FieldReader(node, path, "rounds", known: roundsKeys, rule: "TT7", &log) else { return nil }
            let low = range.integer("min", in: allowed, default: nil, rule: "TT7", &log)
            let high = range.integer("max", in: allowed, default: nil, rule: "TT7", &log)
            guard let low, let high else { return nil }
            guard low <= high else {
                log.error("min \(low) is above max \(high)", at: node.location, path, rule: "TT7")
                return nil
            }
            return .range(low...high)
        case .string(let text):
            let expression: Expression
            do throws(ExpressionError) {
                expression = try Expression(parsing: text, variables: GameTiming.Rounds.scope)
            } catch {
                log.error("\(error.message) at column \(error.column) of \"\(text)\" (an expression in players)", at: node.location, path, rule: "TT7")
                return nil
            }
            let rounds = GameTiming.Rounds.expression(expression)
            for players in game.players where rounds.range(players: players) == nil {
                let value = expression.evaluate(["players": Double(players)])
                log.error(
                    "\"\(text)\" gives \(value.designerText) rounds for \(players) players: rounds are rounded up to a whole number in \(allowed.lowerBound)...\(allowed.upperBound)",
                    at: node.location, path, rule: "TT7")
                return nil
            }
            return rounds
        default:
            guard let n = log.integer(node, path, rule: "TT7") else { return nil }
            guard allowed.contains(n) else {
                log.error("rounds must be in \(allowed.lowerBound)...\(allowed.upperBound), not \(n)", at: node.location, path, rule: "TT7")
                return nil
            }
            return .fixed(n)
        }
    }

    /// TT10: a modelled player.
    private static func persona(_ name: String, _ node: PlistNode, _ path: PlistPath, _ log: inout DiagnosticLog) -> Persona? {
        guard let fields = FieldReader(node, path, "a persona", known: personaKeys, rule: "TT10", &log) else { return nil }
        let speed = fields.number("speed", in: 0.01...100, default: 1, rule: "TT10", &log)
        let spread = fields.number("spread", in: 0...3, default: 0, rule: "TT10", &log)
        let forget = fields.number("forgetReady", in: 0...1, default: 0, rule: "TT10", &log)
        var notice: TimeDistribution? = Persona.defaultNotice
        if let n = fields["notice"] { notice = TimeDistributionReader.read(n, path.appending("notice"), "notice", rule: "TT10", &log) }
        guard let speed, let spread, let forget, let notice else { return nil }
        return Persona(name: name, speed: speed, spread: spread, forgetReady: forget, notice: notice)
    }

    /// Games and personas by name, for the tables' lookups (a file of ten thousand tables and
    /// games looked each up in a list, issue 43).
    struct Names {
        var games: [String: Int]
        var personas: [String: Int]
    }

    /// Each name's first position.
    static func positions(_ names: [String]) -> [String: Int] {
        var found: [String: Int] = [:]
        for (i, name) in names.enumerated() where found[name] == nil { found[name] = i }
        return found
    }

    /// TT11: a table: a game with session settings and players it allows, each a persona;
    /// `broken` names the personas whose entries have errors (nil: the personas are reported
    /// as a whole), whose seats are not reported again.
    private static func table(
        _ node: PlistNode, _ path: PlistPath, _ games: [TrackedGame], _ timings: [GameTiming?], _ written: Set<Int>, _ personas: [Persona],
        _ names: Names, _ broken: Set<String>?, _ log: inout DiagnosticLog
    ) -> SessionTable? {
        guard let fields = FieldReader(node, path, "a table", known: tableKeys, rule: "TT11", &log) else { return nil }
        var game: Int?
        if let name = fields.string("game", required: true, rule: "TT11", &log) {
            if let index = names.games[name] {
                if timings[index] != nil {
                    game = index
                } else if !written.contains(index) {
                    log.error("\(name) has no session settings under games: its rounds and action times are unknown", at: fields["game"]?.location, path.appending("game"), rule: "TT11")
                }
            } else {
                log.error(
                    "\"\(name)\" is not a game of Games.plist", at: fields["game"]?.location, path.appending("game"), rule: "TT11",
                    suggestion: Suggestion.nearest(to: name, in: games.map(\.name)).map { "did you mean \"\($0)\"?" })
            }
        }
        var players: [Int]?
        if let n = log.required("players", in: fields.dictionary, at: node.location, path, rule: "TT11"), let seatNames = log.strings(n, path.appending("players"), rule: "TT11") {
            var seats: [Int] = []
            for (i, name) in seatNames.enumerated() {
                if let index = names.personas[name] {
                    seats.append(index)
                } else if let broken, !broken.contains(name) {
                    log.error(
                        "\(quotedName(name)) is not a persona (\(briefList(personas.map(\.name), separator: ", ")))", at: n.value.array?[i].location, path.appending("players").appending(i),
                        rule: "TT11", suggestion: Suggestion.nearest(to: name, in: personas.map(\.name)).map { "did you mean \"\($0)\"?" })
                }
            }
            if seats.count == seatNames.count { players = seats }
            if let game, !games[game].players.contains(seatNames.count) {
                log.error(
                    "\(counted(seatNames.count, "player")) at \(games[game].name), which allows \(games[game].players.lowerBound) to \(games[game].players.upperBound) (TT2)",
                    at: n.location, path.appending("players"), rule: "TT11")
                players = nil
            }
        }
        guard let game, let players else { return nil }
        return SessionTable(game: game, players: players)
    }
}
