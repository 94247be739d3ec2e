import Diagnostics
import Expressions
import GameSeam
import MonteCarlo
import PropertyList
import ShakyWords
import ShakyWordsReports
import ShakyWordsRuns

/// Shaky Words, the team quiz of scrambled letters (seeds/003; rule ids SW…), on the seam: a
/// directory with ShakyWords.plist (the rules, the modelled teams and their contests) and
/// QuizPacks.plist (the questions). Each contest is a lineup.
public struct ShakyWordsDefinition: ComparingGame, ReplayingGame {
    public let name = "ShakyWords"
    public let summary = "the team quiz of scrambled letters and shakes for hints (seeds/003)"
    public let designFileName = DesignReader.fileName
    public var inputFileNames: [String] { [DesignReader.fileName, QuizPacksReader.fileName] }
    public let commands = [
        "check": "the quiz packs (SW1–SW5: fields, difficulties, duplicates, alphabet, scrambles), the game's pack and size (SW6), points and hints (SW8, SW9), the personas and contests (SW11, SW12)",
        "generate": "one game's questions from --seed: each scramble and the order shakes reveal its letters, with the command that replays it",
        "simulate": """
            every contest of ShakyWords.plist, --games games each: teams racing to indicate on one \
            clock (SW7), shakes (SW9), answers in indication order with typos (SW10): the first \
            team's wins, ties, timeouts, unanswered questions, points and shakes per question; \
            --replay N prints game N question by question
            """,
        "report": "the same as a report (HTML, Markdown, JSON) that answers the maker's questions: points by length and difficulty, timeouts, who wins",
        "gate": "Balance.plist's targets on a contest's wins, timeouts, points and shakes",
        "sweep": "timers, points, hints, scramble and spelling rules (--set), each contest's metrics with intervals",
        "tune": "a number of the rules (--param) at which a contest's metric meets --target",
        "sensitivity": "how every contest's metrics move with each number of the rules moved ±--step, game by game: paired effects and elasticities",
        "diff": "two designs' shared contests, game by game on the same seeds: every metric's paired change, and each rule changed alone",
        "params": "every rule --set can change: its value, values and effect",
    ]
    public let fileOptions: [DesignFileOption] = []
    public let checkOptions: Set<CheckOption> = []
    public var rules: [RulesArticle] { [RulesArticle(catalog: ShakyWordsReference.catalog, markdown: ShakyWordsReference.article)] }

    public init() {}

    /// A design read and checked, with how messages name its files.
    public struct Playable: Sendable {
        public var design: Design
        public var designFile: String
        public var packsFile: String
        /// Spelling rules the first contest also plays, after every contest (`report` adds the
        /// rules the design does not play, to say which keeps long answers winnable, SW10).
        public var spellingVariants: [SpellingRule] = []

        /// The design and contest lineup `index` plays.
        func cell(_ index: Int) -> (design: Design, contest: Int) {
            guard index >= design.contests.count else { return (design, index) }
            var variant = design
            variant.rules.spelling = spellingVariants[index - design.contests.count]
            return (variant, 0)
        }
    }

    public func check(_ folder: any DesignFolder, _ request: CheckRequest) throws(DesignFileError) -> CheckResult {
        let (found, diagnostics) = try read(folder)
        return CheckResult(diagnostics: diagnostics, summary: found.map { Self.describe($0.design) }, playable: found)
    }

    /// The design and every diagnostic of both files.
    public func read(_ folder: any DesignFolder) throws(DesignFileError) -> (Playable?, [Diagnostic]) {
        guard let designFile = try folder.file(DesignReader.fileName) else {
            throw DesignFileError(kind: .missing, path: folder.label, reason: "no \(DesignReader.fileName)")
        }
        guard let packsFile = try folder.file(QuizPacksReader.fileName) else {
            throw DesignFileError(kind: .missing, path: folder.label, reason: "no \(QuizPacksReader.fileName) beside \(DesignReader.fileName): the questions are there (SW1)")
        }
        var diagnostics: [Diagnostic] = []
        var packs: QuizPacks?
        do throws(PlistError) {
            let read = QuizPacksReader.read(try PlistReader.read(bytes: packsFile.bytes, limits: .design), file: packsFile.path)
            packs = read.0
            diagnostics += read.1
        } catch {
            diagnostics.append(error.diagnostic(file: packsFile.path))
        }
        let root: PlistNode
        do throws(PlistError) {
            root = try PlistReader.read(bytes: designFile.bytes, limits: .design)
        } catch {
            return (nil, diagnostics + [error.diagnostic(file: designFile.path)])
        }
        let (design, more) = DesignReader.read(root, file: designFile.path, packs: packs)
        diagnostics += more
        guard let design else { return (nil, diagnostics) }
        let gameLocation = root.value.dictionary?["game"]?.location
        diagnostics += DesignChecks.check(design, packsFile: packsFile.path, designFile: designFile.path, gameLocation: gameLocation)
        guard !diagnostics.hasErrors else { return (nil, diagnostics) }
        return (Playable(design: design, designFile: designFile.path, packsFile: packsFile.path), diagnostics)
    }

    /// What `check` prints under a design without errors.
    public static func describe(_ design: Design) -> String {
        let r = design.rules
        var text = "Shaky Words design: \(design.packs.packs.count) quiz pack\(design.packs.packs.count == 1 ? "" : "s") ("
        text += briefList(design.packs.packs.map { "\($0.name): \($0.questions.count) questions" }, separator: "; ") + ")\n"
        let kind = r.difficulty.map { design.packs.difficultyName($0) } ?? "any difficulty"
        text += "  a game: \(r.questions) questions of \(kind) from \(r.pack) (SW6); \(design.pool.count) to draw from\n"
        text += "  timers: \(r.indicationWindow.designerText) s to indicate, then at most \(r.windowAfterIndication.designerText) s; \(r.answerTime.designerText) s to answer (SW7)\n"
        text += "  points: worth \(r.worth.source), a shake costs \(r.hintCost.source), at least \(r.minimumPoints) (SW8)\n"
        text += "  shakes: \(r.lettersPerHint) letter\(r.lettersPerHint == 1 ? "" : "s") each, \(r.hintOrder.rawValue), \(r.shakeCooldown.designerText) s apart (SW9); scramble \(r.scramble.rawValue) (SW5); spelling \(r.spelling.rawValue) (SW10)\n"
        text += "  contests: \(briefList(design.contests.indices.map(design.contestName), separator: "; "))\n"
        return text
    }

    public func playable(_ folder: any DesignFolder, _ options: GameOptionValues) throws(PlayLoadError) -> (Playable?, [Diagnostic]) {
        do throws(DesignFileError) { return try read(folder) } catch { throw .file(error) }
    }

    public var lineupNoun: String { "contest" }

    public func playedAs(_ playable: Playable) -> String? {
        let r = playable.design.rules
        return "\(r.questions) questions a game from \(r.pack)\(r.difficulty.map { ", \(playable.design.packs.difficultyName($0))" } ?? "")"
    }

    /// A contest's lineup, then the first contest's under each spelling variant, on the first
    /// contest's seeds: the same solving times and typos, judged by another rule.
    public func lineups(of playable: Playable) -> [Lineup] {
        let design = playable.design
        func key(_ i: Int) -> UInt64 { Lineup.seedKey(of: "shaky-words " + design.contestName(i)) }
        let contests = design.contests.indices.map { Lineup(name: design.contestName($0), seedKey: key($0), chunkSize: 64) }
        let variants = playable.spellingVariants.map { Lineup(name: "\(design.contestName(0)), spelling \($0.rawValue)", seedKey: key(0), chunkSize: 64) }
        return contests + variants
    }

    public func reportPlayable(_ playable: Playable) throws(PlayLoadError) -> Playable {
        var report = playable
        report.spellingVariants = SpellingRule.allCases.filter { $0 != playable.design.rules.spelling }
        return report
    }

    public func emptyStatistics() -> QuizStatistics { QuizStatistics() }

    public func invariantViolation(of statistics: QuizStatistics, games: Int) -> String? { statistics.invariantViolation(games: games) }

    public func mismatch(of statistics: QuizStatistics, games: Range<UInt64>, lineup: Int, in playable: Playable) -> String? {
        let (design, contest) = playable.cell(lineup)
        let seats = design.contests[contest].count, asked = design.rules.questions
        if statistics.games > 0, statistics.outrightWins.count != seats { return "\(statistics.outrightWins.count) teams where the contest has \(seats)" }
        let questions = statistics.cells.reduce(0) { $0.addingReportingOverflow($1.questions).overflow ? Int.max : $0 + $1.questions }
        let expected = statistics.games.multipliedReportingOverflow(by: asked)
        if expected.overflow || questions != expected.partialValue { return "\(questions) questions in \(statistics.games) games of \(asked)" }
        return nil
    }

    public func play(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64, into statistics: inout QuizStatistics) {
        let (design, contest) = playable.cell(lineup)
        statistics.record(GamePlay.play(design, contest: contest, seed: seed))
    }

    public var metrics: [MetricDefinition] { QuizMetrics.all }

    public var gameMetrics: [MetricDefinition] { QuizMetrics.all }

    public func measure(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64) -> [Double] {
        let (design, contest) = playable.cell(lineup)
        return QuizMetrics.values(of: GamePlay.play(design, contest: contest, seed: seed))
    }

    public func measure(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64, into statistics: inout QuizStatistics) -> [Double] {
        let (design, contest) = playable.cell(lineup)
        let record = GamePlay.play(design, contest: contest, seed: seed)
        statistics.record(record)
        return QuizMetrics.values(of: record)
    }

    public func estimate(_ name: String, of statistics: QuizStatistics, confidence: Confidence) -> MetricEstimate? {
        QuizMetrics.estimate(name, of: statistics, confidence: confidence)
    }

    public func summary(_ run: PlayedRun<Self>) -> QuizSummary {
        let contests = run.playable.design.contests.count
        let played = zip(run.lineups, run.statistics).map { ($0.name, $1) }
        let variants = zip(run.playable.spellingVariants, run.statistics.dropFirst(contests)).map { (rule: $0, statistics: $1) }
        return QuizSummary(
            design: run.playable.design, label: run.label, seed: run.seed, gamesRequested: run.gamesRequested,
            contests: Array(played.prefix(contests)), complete: run.isComplete, spelling: variants.count == run.playable.spellingVariants.count ? variants : [])
    }

    public func simulationText(_ run: PlayedRun<Self>) -> String { QuizText.render(summary(run), how: run.how) }

    public func simulationJSON(_ run: PlayedRun<Self>) -> any Encodable & Sendable { summary(run) }

    public func report(_ run: PlayedRun<Self>) -> (files: [ReportFile], played: String) {
        let summary = summary(run)
        let contests = run.playable.design.contests.count, variants = run.playable.spellingVariants.count
        return (
            [
                .text(name: "report.html", contents: QuizHTML.render(summary)), .text(name: "summary.md", contents: QuizMarkdown.render(summary)),
                .json(name: "results.json", value: summary),
            ],
            "\(contests) contest\(contests == 1 ? "" : "s")" + (variants > 0 ? " and the first under \(variants) other spelling rule\(variants == 1 ? "" : "s")" : "")
        )
    }

    /// The game question by question: each question, its letters, every event with its time.
    public func replay(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64) -> String {
        let (design, contest) = playable.cell(lineup)
        var text = "\(design.contestName(contest)): \(design.rules.questions) questions from \(design.rules.pack) (game seed \(seed))\n"
        var current = -1
        let record = GamePlay.play(design, contest: contest, seed: seed) { index, content, time, event in
            if index != current {
                current = index
                let q = content.question
                text += "\nQuestion \(index + 1) (\(design.packs.difficultyName(q.level)), \(q.answer.count) letters): \(q.text)\n"
                text += "  shown \(String(content.shown)), answer \(q.answerText)\n"
            }
            text += "  \((time.decimalText(1) + " s").padded(8)) \(event)\n"
        }
        text += "\nScores: " + zip(design.contests[contest], record.scores).enumerated().map { "team \($0 + 1) (\(design.personas[$1.0].name)) \($1.1)" }.joined(separator: ", ")
        let leaders = record.leaders
        text += leaders.count == 1 ? "; team \(leaders[0] + 1) wins\n" : "; a tie\n"
        return text
    }
}


extension String {
    func padded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
