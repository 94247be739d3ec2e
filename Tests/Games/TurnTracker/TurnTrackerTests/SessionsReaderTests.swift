import Diagnostics
import Expressions
import PropertyList
import Testing
@testable import TurnTracker

/// `Sessions.plist` read against the games of `Games.plist`: each rule (TT7–TT11) made to fire by
/// one change of a sound file.
@Suite struct SessionsReaderTests {
    static let island = TrackedGame(
        name: "Island", mode: .coop, players: 1...4,
        phases: [Phase(name: "Spirit", actions: ["Grow", "Play"]), Phase(name: "Invaders", symmetric: true, actions: ["Ravage"])])
    static let deck = TrackedGame(name: "Deck", mode: .versus, players: 2...4, phases: [Phase(name: "Turn", actions: ["Place", "Score"])])
    static let solo = TrackedGame(name: "Solo", mode: .coop, players: 1...1, phases: [Phase(name: "Go", actions: ["Move"])])
    static let games = [island, deck, solo]

    /// Island: a range of rounds, a timer, the game's 30 s, Grow's own and the Invaders' own time.
    static let islandSettings = """
        <key>Island</key><dict><key>rounds</key><dict><key>min</key><integer>6</integer><key>max</key><integer>10</integer></dict>\
        <key>turnTimer</key><integer>300</integer><key>actionSeconds</key><integer>30</integer><key>phases</key><dict>\
        <key>Spirit</key><dict><key>actions</key><dict><key>Grow</key><dict><key>distribution</key><string>lognormal</string>\
        <key>median</key><integer>60</integer><key>sigma</key><real>0.5</real></dict></dict></dict>\
        <key>Invaders</key><dict><key>actionSeconds</key><dict><key>distribution</key><string>exponential</string><key>mean</key><integer>20</integer></dict></dict>\
        </dict></dict>
        """
    /// Deck: an expression of rounds, no game time: the phase's 45 s and Score's own 5 s.
    static let deckSettings = """
        <key>Deck</key><dict><key>rounds</key><string>71 / players</string><key>phases</key><dict><key>Turn</key><dict>\
        <key>actionSeconds</key><integer>45</integer><key>actions</key><dict><key>Score</key><integer>5</integer></dict></dict></dict></dict>
        """
    static let soloSettings = "<key>Solo</key><dict><key>rounds</key><integer>12</integer><key>actionSeconds</key><integer>10</integer></dict>"
    static let personas = """
        <key>steady</key><dict/><key>quick</key><dict><key>speed</key><real>1.5</real><key>spread</key><real>0.3</real>\
        <key>forgetReady</key><real>0.05</real><key>notice</key><integer>10</integer></dict>
        """
    static let islandTable = "<dict><key>game</key><string>Island</string><key>players</key><array><string>steady</string><string>quick</string><string>steady</string></array></dict>"
    static let tables = islandTable + """
        <dict><key>game</key><string>Deck</string><key>players</key><array><string>quick</string><string>steady</string></array></dict>\
        <dict><key>game</key><string>Solo</string><key>players</key><array><string>quick</string></array></dict>
        """

    static func file(
        games: String = islandSettings + deckSettings + soloSettings, personas: String = personas, tables: String = tables, top: String = ""
    ) -> String {
        "<plist version=\"1.0\"><dict>\(top)<key>games</key><dict>\(games)</dict><key>personas</key><dict>\(personas)</dict><key>tables</key><array>\(tables)</array></dict></plist>"
    }

    /// The sound file with `old` (which must be in it, once) replaced by `new`.
    static func changed(_ old: String, _ new: String) throws -> String {
        let sound = file()
        try #require(sound.ranges(of: old).count == 1, "\(old) is not once in the sound file")
        return sound.replacing(old, with: new)
    }

    static func read(_ text: String, games: [TrackedGame] = games) throws -> (SessionDesign?, [Diagnostic]) {
        SessionsReader.read(try PlistReader.read(bytes: Array(text.utf8)), file: "Sessions.plist", games: games)
    }

    static func rules(_ d: [Diagnostic], _ severity: Diagnostic.Severity = .error) -> [String] { d.filter { $0.severity == severity }.compactMap(\.rule) }

    /// The one error of `text`, which must have exactly the rules `expected`.
    static func error(_ text: String, _ expected: [String]) throws -> Diagnostic? {
        let (design, d) = try read(text)
        #expect(design == nil)
        #expect(rules(d) == expected, "\(d)")
        return d.first { $0.severity == .error }
    }

    static func solo(_ settings: String) throws -> String { try changed(soloSettings, "<key>Solo</key><dict>\(settings)</dict>") }

    /// TT7–TT11: every value as written, every default and every time by its precedence.
    @Test func aSoundFileReadsClean() throws {
        let (read, d) = try Self.read(Self.file())
        #expect(d.isEmpty, "\(d)")
        let design = try #require(read)
        #expect(design.games == Self.games)
        #expect(design.timings.count == 3)
        let island = try #require(design.timings[0])
        if case .range(let range) = island.rounds { #expect(range == 6...10) } else { Issue.record("Island: \(island.rounds)") }
        #expect(island.turnTimer == 300)
        // The action's own over the game's; the phase's own over the game's.
        #expect(island.actionTimes == [[.logNormal(median: 60, sigma: 0.5), .fixed(30)], [.exponential(mean: 20)]])
        let deck = try #require(design.timings[1])
        if case .expression(let e) = deck.rounds { #expect(e.source == "71 / players") } else { Issue.record("Deck: \(deck.rounds)") }
        #expect(deck.turnTimer == nil)
        // The action's own over the phase's, with no game time at all.
        #expect(deck.actionTimes == [[.fixed(45), .fixed(5)]])
        let solo = try #require(design.timings[2])
        if case .fixed(let n) = solo.rounds { #expect(n == 12) } else { Issue.record("Solo: \(solo.rounds)") }
        #expect(solo.turnTimer == nil)
        #expect(solo.actionTimes == [[.fixed(10)]])
        #expect(design.personas == [
            Persona(name: "steady", speed: 1, spread: 0, forgetReady: 0, notice: Persona.defaultNotice),
            Persona(name: "quick", speed: 1.5, spread: 0.3, forgetReady: 0.05, notice: .fixed(10)),
        ])
        #expect(design.tables == [SessionTable(game: 0, players: [0, 1, 0]), SessionTable(game: 1, players: [1, 0]), SessionTable(game: 2, players: [1])])
        #expect(design.name(of: design.tables[0]) == "Island: steady, quick, steady")
    }

    /// TT7: a name under games that no game of Games.plist has, with the nearest.
    @Test func anUnknownGameIsTT7WithTheNearest() throws {
        let e = try Self.error(Self.changed("<key>games</key><dict>", "<key>games</key><dict><key>Islnd</key><dict/>"), ["TT7"])
        #expect(e?.keyPath == "games.Islnd")
        #expect(e?.suggestion == "did you mean \"Island\"?")
    }

    /// TT7: a game without settings is a note, not an error: the file still reads.
    @Test func aGameWithoutSettingsIsATT7Note() throws {
        let extra = TrackedGame(name: "Extra", mode: .versus, players: 2...2, phases: [Phase(name: "T", actions: ["x"])])
        let (design, d) = try Self.read(Self.file(), games: Self.games + [extra])
        #expect(design != nil)
        #expect(Self.rules(d) == [])
        #expect(Self.rules(d, .note) == ["TT7"])
        #expect(d.first?.message.contains("\"Extra\" has no session settings") == true, "\(d)")
        #expect(design?.timings.count == 4 && design?.timings[3] == nil)
    }

    /// TT7: rounds are required.
    @Test func missingRoundsAreTT7() throws {
        let e = try Self.error(Self.solo("<key>actionSeconds</key><integer>10</integer>"), ["TT7"])
        #expect(e?.keyPath == "games.Solo")
        #expect(e?.message == "missing key \"rounds\"")
    }

    /// TT7: a whole number of rounds in 1...1000.
    @Test func zeroOrAThousandAndOneRoundsAreTT7() throws {
        for (n, message) in [(0, "rounds must be in 1...1000, not 0"), (1001, "rounds must be in 1...1000, not 1001")] {
            let e = try Self.error(Self.changed("<integer>12</integer>", "<integer>\(n)</integer>"), ["TT7"])
            #expect(e?.keyPath == "games.Solo.rounds")
            #expect(e?.message == message)
        }
    }

    /// TT7: a range's min above its max.
    @Test func aReversedRangeOfRoundsIsTT7() throws {
        let text = try Self.changed("<integer>6</integer><key>max</key><integer>10</integer>", "<integer>5</integer><key>max</key><integer>3</integer>")
        let e = try Self.error(text, ["TT7"])
        #expect(e?.keyPath == "games.Island.rounds")
        #expect(e?.message == "min 5 is above max 3")
    }

    /// TT7: an expression that does not parse.
    @Test func anExpressionThatDoesNotParseIsTT7() throws {
        let e = try Self.error(Self.changed("<string>71 / players</string>", "<string>71 /</string>"), ["TT7"])
        #expect(e?.keyPath == "games.Deck.rounds")
        #expect(e?.message.contains("of \"71 /\" (an expression in players)") == true, "\(String(describing: e))")
    }

    /// TT7: an expression must give 1...1000 rounds at every player count the game allows.
    @Test func anExpressionDividingByZeroIsTT7() throws {
        let e = try Self.error(Self.changed("<string>71 / players</string>", "<string>71 / (players - 2)</string>"), ["TT7"])
        #expect(e?.keyPath == "games.Deck.rounds")
        #expect(e?.message.contains("\"71 / (players - 2)\" gives inf rounds for 2 players") == true, "\(String(describing: e))")
    }

    /// TT7: an expression's rounds are rounded up: 71 / 3 = 23.7 plays 24.
    @Test func anExpressionsRoundsAreRoundedUp() throws {
        let (design, d) = try Self.read(Self.file())
        #expect(d.isEmpty)
        let rounds = try #require(design?.timings[1]?.rounds)
        #expect(rounds.range(players: 2) == 36...36)
        #expect(rounds.range(players: 3) == 24...24)
        #expect(rounds.range(players: 4) == 18...18)
    }

    /// TT8: a phase the game does not have, with the nearest.
    @Test func anUnknownPhaseIsTT8() throws {
        let e = try Self.error(Self.changed("<key>Invaders</key>", "<key>Invader</key>"), ["TT8"])
        #expect(e?.keyPath == "games.Island.phases.Invader")
        #expect(e?.suggestion == "did you mean \"Invaders\"?")
    }

    /// TT8: an action its phase does not have, with the nearest.
    @Test func anUnknownActionIsTT8() throws {
        let e = try Self.error(Self.changed("<key>Score</key>", "<key>Scor</key>"), ["TT8"])
        #expect(e?.keyPath == "games.Deck.phases.Turn.actions.Scor")
        #expect(e?.suggestion == "did you mean \"Score\"?")
    }

    /// TT8: an action with no time: not its own, its phase's or its game's.
    @Test func anActionWithoutATimeIsTT8() throws {
        let e = try Self.error(Self.solo("<key>rounds</key><integer>12</integer>"), ["TT8"])
        #expect(e?.keyPath == "games.Solo")
        #expect(e?.message.contains("no time for action \"Move\" of phase Go") == true, "\(String(describing: e))")
    }

    /// TT8: a distribution that does not exist, with the nearest; the phase's actions it was
    /// meant for are not also told they have no time.
    @Test func anUnknownDistributionIsTT8() throws {
        let e = try Self.error(Self.changed("<string>exponential</string>", "<string>exponentail</string>"), ["TT8"])
        #expect(e?.keyPath == "games.Island.phases.Invaders.actionSeconds.distribution")
        #expect(e?.suggestion == "did you mean \"exponential\"?")
    }

    /// TT8: a key of another distribution, and the key this one needs missing.
    @Test func aMedianInAnExponentialIsTT8() throws {
        let (_, d) = try Self.read(Self.changed("<key>mean</key>", "<key>median</key>"))
        #expect(Self.rules(d) == ["TT8", "TT8"])
        #expect(d.map(\.message) == ["median is not a setting of an exponential time (mean)", "missing key \"mean\""])
        #expect(d.first?.keyPath == "games.Island.phases.Invaders.actionSeconds.median")
    }

    /// TT8: a log-normal's sigma in 0...5.
    @Test func sigmaSixIsTT8() throws {
        let e = try Self.error(Self.changed("<real>0.5</real>", "<real>6</real>"), ["TT8"])
        #expect(e?.keyPath == "games.Island.phases.Spirit.actions.Grow.sigma")
        #expect(e?.message == "sigma must be in 0...5, not 6")
    }

    /// TT8: a negative time is one error, the only time of its game not also missing.
    @Test func aNegativeTimeIsOneTT8() throws {
        let e = try Self.error(Self.changed("<key>actionSeconds</key><integer>10</integer>", "<key>actionSeconds</key><integer>-5</integer>"), ["TT8"])
        #expect(e?.keyPath == "games.Solo.actionSeconds")
        #expect(e?.message == "actionSeconds must be in 0...86400, not -5")
    }

    /// TT9: a timer shorter than the shortest action's median; as long is enough.
    @Test func aTimerShorterThanTheShortestActionIsTT9() throws {
        let e = try Self.error(Self.solo("<key>rounds</key><integer>12</integer><key>turnTimer</key><integer>5</integer><key>actionSeconds</key><integer>10</integer>"), ["TT9"])
        #expect(e?.keyPath == "games.Solo.turnTimer")
        #expect(e?.message.contains("a 5 s timer is shorter than the shortest action (Move of Go, fixed 10 s)") == true, "\(String(describing: e))")
        let (design, d) = try Self.read(Self.solo("<key>rounds</key><integer>12</integer><key>turnTimer</key><integer>10</integer><key>actionSeconds</key><integer>10</integer>"))
        #expect(d.isEmpty, "\(d)")
        #expect(design?.timings[2]?.turnTimer == 10)
    }

    /// TT9: a symmetric co-op phase has no turns: its Ravage (median 13.9 s) does not make a 20 s
    /// timer enough for Spirit's 30 s Play, and 30 s is.
    @Test func aSymmetricPhaseDoesNotCountForTT9() throws {
        let e = try Self.error(Self.changed("<integer>300</integer>", "<integer>20</integer>"), ["TT9"])
        #expect(e?.message.contains("a 20 s timer is shorter than the shortest action (Play of Spirit, fixed 30 s)") == true, "\(String(describing: e))")
        #expect(try Self.read(Self.changed("<integer>300</integer>", "<integer>30</integer>")).1.isEmpty)
    }

    /// TT9: an exponential's median is ln 2 × its mean: 6.93 s for a mean of 10 s.
    @Test func anExponentialsMedianBoundsTT9() throws {
        let time = "<key>actionSeconds</key><dict><key>distribution</key><string>exponential</string><key>mean</key><integer>10</integer></dict>"
        let e = try Self.error(Self.solo("<key>rounds</key><integer>12</integer><key>turnTimer</key><integer>6</integer>\(time)"), ["TT9"])
        #expect(e?.message.contains("(Move of Go, exponential, mean 10 s, median 6.9 s)") == true, "\(String(describing: e))")
        #expect(try Self.read(Self.solo("<key>rounds</key><integer>12</integer><key>turnTimer</key><integer>7</integer>\(time)")).1.isEmpty)
    }

    /// TT9: a timer in 1...86400 seconds.
    @Test func aZeroTimerIsTT9() throws {
        let e = try Self.error(Self.changed("<integer>300</integer>", "<integer>0</integer>"), ["TT9"])
        #expect(e?.keyPath == "games.Island.turnTimer")
        #expect(e?.message == "turnTimer must be in 1...86400, not 0")
    }

    /// TT10: speed in 0.01...100, spread in 0...3, forgetReady in 0...1.
    @Test func aPersonasNumbersOutOfRangeAreTT10() throws {
        for (old, new, key) in [("<real>1.5</real>", "<real>0</real>", "speed"), ("<real>0.3</real>", "<real>4</real>", "spread"), ("<real>0.05</real>", "<real>1.5</real>", "forgetReady")] {
            let e = try Self.error(Self.changed(old, new), ["TT10"])
            #expect(e?.keyPath == "personas.quick.\(key)")
        }
    }

    /// TT10: a key a persona does not have, with the nearest.
    @Test func anUnknownPersonaKeyIsTT10() throws {
        let e = try Self.error(Self.changed("<key>spread</key>", "<key>spraed</key>"), ["TT10"])
        #expect(e?.keyPath == "personas.quick.spraed")
        #expect(e?.suggestion == "did you mean \"spread\"?")
    }

    /// TT10: at least one persona, reported once: not again at each of the six seats.
    @Test func noPersonaIsTT10() throws {
        let (_, d) = try Self.read(Self.file(personas: ""))
        #expect(Self.rules(d) == ["TT10"], "\(d)")
        #expect(d.first?.message == "no persona: a table needs players")
    }

    /// TT11: a table of a game Games.plist does not have, with the nearest.
    @Test func aTableOfAnUnknownGameIsTT11() throws {
        let e = try Self.error(Self.changed("<string>Deck</string>", "<string>Dekc</string>"), ["TT11"])
        #expect(e?.keyPath == "tables[1].game")
        #expect(e?.suggestion == "did you mean \"Deck\"?")
    }

    /// TT11: a table of a game without session settings (which itself gets the TT7 note).
    @Test func aTableOfAGameWithoutSettingsIsTT11() throws {
        let (design, d) = try Self.read(Self.file(games: Self.islandSettings + Self.deckSettings))
        #expect(design == nil)
        #expect(Self.rules(d) == ["TT11"], "\(d)")
        #expect(Self.rules(d, .note) == ["TT7"])
        #expect(d.first { $0.severity == .error }?.keyPath == "tables[2].game")
    }

    /// TT11: a seat naming no persona, with the nearest.
    @Test func anUnknownPersonaIsTT11() throws {
        let e = try Self.error(Self.changed("<array><string>quick</string></array>", "<array><string>quik</string></array>"), ["TT11"])
        #expect(e?.keyPath == "tables[2].players[0]")
        #expect(e?.suggestion == "did you mean \"quick\"?")
    }

    /// TT11: more players than the game allows (TT2).
    @Test func tooManyPlayersAreTT11() throws {
        let e = try Self.error(Self.changed("<array><string>quick</string></array>", "<array><string>quick</string><string>quick</string></array>"), ["TT11"])
        #expect(e?.keyPath == "tables[2].players")
        #expect(e?.message == "2 players at Solo, which allows 1 to 1 (TT2)")
    }

    /// TT11: no two tables alike.
    @Test func aTableTwiceIsTT11() throws {
        let e = try Self.error(Self.file(tables: Self.islandTable + Self.tables), ["TT11"])
        #expect(e?.keyPath == "tables[1]")
        #expect(e?.message.contains("the same table as tables[0] (Island: steady, quick, steady)") == true, "\(String(describing: e))")
    }

    /// TT11: a session of at most 100,000 steps: a versus game of 50 phases for 4 players plays
    /// 200 steps a round, so 500 rounds are read and 501 are an error at the table's players.
    @Test func aSessionOfTooManyStepsIsTT11() throws {
        let long = TrackedGame(name: "Long", mode: .versus, players: 4...4, phases: (0..<50).map { Phase(name: "P\($0)", actions: ["a"]) })
        func file(rounds: Int) -> String {
            "<plist version=\"1.0\"><dict><key>games</key><dict><key>Long</key><dict><key>rounds</key><integer>\(rounds)</integer>"
                + "<key>actionSeconds</key><integer>1</integer></dict></dict><key>personas</key><dict><key>p</key><dict/></dict>"
                + "<key>tables</key><array><dict><key>game</key><string>Long</string><key>players</key><array>"
                + String(repeating: "<string>p</string>", count: 4) + "</array></dict></array></dict></plist>"
        }
        #expect(try Self.read(file(rounds: 500), games: [long]).0 != nil)
        let (design, d) = try Self.read(file(rounds: 501), games: [long])
        #expect(design == nil && Self.rules(d) == ["TT11"], "\(d)")
        #expect(d.first?.keyPath == "tables[0].players")
        #expect(d.first?.message == "a session of up to 100200 steps (rounds × phases × players): at most 100000")
    }

    /// TT11: at least one table.
    @Test func noTableIsTT11() throws {
        let e = try Self.error(Self.file(tables: ""), ["TT11"])
        #expect(e?.keyPath == "tables")
        #expect(e?.message == "no table: nothing would be played")
    }

    /// TT11: a seat of a persona whose entry has an error is not also told it does not exist.
    @Test func aSeatOfABrokenPersonaIsOnlyItsTT10() throws {
        let e = try Self.error(Self.changed("<key>notice</key><integer>10</integer>", "<key>notice</key><integer>-1</integer>"), ["TT10"])
        #expect(e?.keyPath == "personas.quick.notice")
    }

    /// The root's keys, with the nearest (no rule of its own).
    @Test func anUnknownTopKeyIsReportedWithTheNearest() throws {
        let (design, d) = try Self.read(Self.file(top: "<key>table</key><array/>"))
        #expect(design == nil)
        #expect(d.count == 1 && d.first?.severity == .error && d.first?.rule == nil, "\(d)")
        #expect(d.first?.keyPath == "table")
        #expect(d.first?.suggestion == "did you mean \"tables\"?")
    }

    /// TT7, TT10, TT11: games, personas and tables are required, each missing one reported once
    /// (not again at every table or seat).
    @Test func missingSectionsAreTheirRules() throws {
        let sound = Self.file()
        for (section, expected) in [
            ("<key>games</key><dict>\(Self.islandSettings + Self.deckSettings + Self.soloSettings)</dict>", ["TT7"]),
            ("<key>personas</key><dict>\(Self.personas)</dict>", ["TT10"]),
            ("<key>tables</key><array>\(Self.tables)</array>", ["TT11"]),
        ] {
            try #require(sound.contains(section))
            let (design, d) = try Self.read(sound.replacing(section, with: ""))
            #expect(design == nil)
            #expect(Self.rules(d) == expected, "\(d)")
            #expect(d.first?.message.hasPrefix("missing key") == true && d.first?.keyPath == "", "\(d)")
        }
    }
}
