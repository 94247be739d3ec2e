import Diagnostics
import PropertyList
import Relentless
import RelentlessSimulation

/// Reads a playtest log written as a property list (``PlaytestLog``), every mistake located.
///
/// ```xml
/// <dict>
///   <key>design</key>    <string>relentless-design-1:9f3c0c2e5b1a7d44</string>
///   <key>playtests</key>
///   <array>
///     <dict>
///       <key>name</key>     <string>Thursday club</string>
///       <key>teamSize</key> <integer>4</integer>
///       <key>rounds</key>
///       <array>
///         <dict><key>correct</key><integer>9</integer> <key>wrong</key><integer>2</integer>
///               <key>timedOut</key><integer>1</integer> <key>end</key><string>time</string>
///               <key>money</key><integer>140</integer></dict>
///       </array>
///     </dict>
///   </array>
/// </dict>
/// ```
public enum PlaytestLogReader {
    public static let topKeys = ["design", "playtests"]
    public static let playtestKeys = ["name", "teamSize", "startDifficulty", "maxRounds", "rounds"]
    public static let roundKeys = ["correct", "wrong", "timedOut", "end", "endSeconds", "money", "players"]
    public static let playerKeys = ["correct", "wrong", "timedOut"]
    /// The most rounds one playtest may log.
    public static var maxRounds: Int { PlaytestChecks.maxRounds }
    /// The most orders one count may hold: far beyond any round.
    static let countLimit = 100_000

    /// - Parameters:
    ///   - version: the design's version (``DesignVersion``): a log of another is refused.
    ///   - parameters: the design's parameters, which say what a playtest can be.
    public static func read(_ root: PlistNode, file: String, version: String, parameters: Parameters) -> (PlaytestLog?, [Diagnostic]) {
        var log = DiagnosticLog(file: file)
        let rootPath = PlistPath()
        guard let top = FieldReader(root, rootPath, "the playtest log", known: topKeys, rule: nil, &log) else { return (nil, log.diagnostics) }
        let design = top.string("design", required: true, rule: nil, &log)
        if let design { PlaytestChecks.checkVersion(design, expected: version, at: top["design"]?.location, rootPath.appending("design"), &log) }
        var playtests: [Playtest] = []
        if let node = log.required("playtests", in: top.dictionary, at: root.location, rootPath, rule: nil),
            let entries = log.array(node, rootPath.appending("playtests"), "playtests", rule: nil)
        {
            if entries.isEmpty { log.error("holds no playtest", at: node.location, rootPath.appending("playtests"), rule: nil) }
            var times = PlaytestChecks.RoundTimes(parameters)
            for (i, entry) in entries.enumerated() {
                if let (playtest, places) = readPlaytest(entry, index: i, &log) {
                    PlaytestChecks.check(playtest, index: i, places: places, parameters: parameters, times: &times, &log)
                    playtests.append(playtest)
                }
            }
        }
        guard !log.hasErrors, let design else { return (nil, log.diagnostics) }
        return (PlaytestLog(design: design, playtests: playtests), log.diagnostics)
    }

    private static func readPlaytest(_ node: PlistNode, index: Int, _ log: inout DiagnosticLog) -> (Playtest, PlaytestPlaces)? {
        let path = PlistPath().appending("playtests").appending(index)
        guard let fields = FieldReader(node, path, "a playtest", known: playtestKeys, rule: nil, &log) else { return nil }
        var places = PlaytestPlaces(playtest: node.location)
        for key in playtestKeys { places.fields[key] = fields[key]?.location }
        let name = fields.string("name", rule: nil, &log) ?? "playtest \(index + 1)"
        let teamSize = fields.integer("teamSize", in: 1...64, default: nil, rule: nil, &log)
        let start = fields.number("startDifficulty", in: -1e9...1e9, default: .nan, rule: "M3", &log)
        let maxRounds = fields.integer("maxRounds", in: 1...PlaytestChecks.maxRounds, default: 0, rule: "M2", &log)
        var rounds: [PlaytestRound] = []
        if let roundsNode = log.required("rounds", in: fields.dictionary, at: node.location, path, rule: nil),
            let entries = log.array(roundsNode, path.appending("rounds"), "rounds", rule: nil)
        {
            for (r, entry) in entries.enumerated() {
                var roundPlaces = RoundPlaces(round: entry.location)
                if let round = readRound(entry, path.appending("rounds").appending(r), &roundPlaces, &log) { rounds.append(round) }
                places.rounds.append(roundPlaces)
            }
            guard rounds.count == entries.count else { return nil }
        }
        guard let teamSize, let start, let maxRounds else { return nil }
        return (Playtest(name: name, teamSize: teamSize, startDifficulty: start.isNaN ? nil : start, rounds: rounds, maxRounds: maxRounds == 0 ? nil : maxRounds), places)
    }

    private static func readRound(_ node: PlistNode, _ path: PlistPath, _ places: inout RoundPlaces, _ log: inout DiagnosticLog) -> PlaytestRound? {
        guard let fields = FieldReader(node, path, "a round", known: roundKeys, rule: nil, &log) else { return nil }
        for key in roundKeys { places.fields[key] = fields[key]?.location }
        let before = log.count
        var round = PlaytestRound()
        round.correct = count(fields, "correct", rule: "P5", &log)
        round.wrong = count(fields, "wrong", rule: "P5", &log)
        round.timedOut = count(fields, "timedOut", rule: "P6", &log)
        if fields["end"] != nil {
            // A missing end stays nil; a wrong one is reported with the nearest.
            round.end = fields.choice("end", default: RoundOutcome.End.time, rule: "P7", &log)
        }
        if fields["endSeconds"] != nil { round.endSeconds = fields.number("endSeconds", in: 0...1e9, default: 0, rule: "P7", &log) }
        if let money = fields["money"] { round.money = log.integer(money, path.appending("money"), rule: "M1") }
        if let playersNode = fields["players"], let entries = log.array(playersNode, path.appending("players"), "players", rule: nil) {
            var players: [PlayerTally] = []
            for (p, entry) in entries.enumerated() {
                let playerPath = path.appending("players").appending(p)
                guard let player = FieldReader(entry, playerPath, "a player's round", known: playerKeys, rule: nil, &log) else { continue }
                places.players.append(Dictionary(uniqueKeysWithValues: playerKeys.compactMap { k in player[k].map { (k, $0.location) } }))
                players.append(PlayerTally(
                    correct: count(player, "correct", rule: "P5", &log), wrong: count(player, "wrong", rule: "P5", &log),
                    timedOut: count(player, "timedOut", rule: "P6", &log)))
            }
            round.players = players
        }
        return log.diagnostics[before...].hasErrors ? nil : round
    }

    private static func count(_ fields: FieldReader, _ key: String, rule: String, _ log: inout DiagnosticLog) -> Int? {
        guard fields[key] != nil else { return nil }
        return fields.integer(key, in: 0...countLimit, default: 0, rule: rule, &log)
    }
}
