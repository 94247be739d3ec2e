import Andora
import AndoraReports
import AndoraRuns
import Diagnostics
import GameSeam
import MonteCarlo
import PropertyList

/// Andora, ultimate tic-tac-toe (seeds/002; rule ids R…), on the seam: a directory with
/// Andora.plist, its rule variants and the matchups of agents that play them. Every variant is
/// played with every matchup; each pair is a lineup.
public struct AndoraDefinition: ComparingGame, ReplayingGame {
    public let name = "Andora"
    public let summary = "ultimate tic-tac-toe (seeds/002)"
    public let designFileName = DesignReader.fileName
    public let commands = [
        "check": "its rule variants (R1.4, R1.9.2) and matchups of agents",
        "simulate": """
            every rule variant of Andora.plist with every matchup of agents, --games games each, \
            seats alternating so that neither agent holds X more often (with an odd --games the \
            first agent holds X once more): X's, O's and the draws' shares, the first player's \
            advantage (P(X wins) − P(O wins)) and X's score with their intervals, how games ended \
            (a line of mini-fields, R1.9.1, or a player who cannot place, R1.9.2) and their \
            length; then each variant against the first and what the mini-field strategy (R1.4) \
            changes. --agents A,B plays agent A against B, A alone against itself (random, \
            greedy, mcts or mcts:PLAYOUTS; MCTS takes minutes); --replay N prints game N of \
            every lineup move by move.
            """,
        "gate": "Balance.plist's targets on a variant and matchup's shares, advantage and length",
        "diff": "two designs' shared lineups, game by game on the same seeds: every metric's paired change with its interval, and each parameter changed alone",
        "sensitivity": "how every lineup's metrics move with the MCTS agents' playouts, moved ±--step, game by game: paired effects and elasticities",
        "tune": "the playouts (--param playouts) at which a lineup's metric meets --target",
        "sweep": "every value of playouts, miniFieldStrategy or whenTargetIsFull (--set), each lineup's metrics with intervals",
        "report": "the same as a report (HTML, Markdown, JSON) with the answer to the strategy question",
        "params": "playouts, miniFieldStrategy and whenTargetIsFull: each one's value, values and effect",
    ]
    public let fileOptions: [DesignFileOption] = []
    public let checkOptions: Set<CheckOption> = []
    public var rules: [RulesArticle] { [RulesArticle(catalog: AndoraReference.catalog, markdown: AndoraReference.article)] }
    /// `--agents A,B`: a matchup to play instead of the design's; repeated, several.
    public static let agentsOption = GameOption(
        "agents", .texts, valueName: "A,B", picksLineups: true,
        help: "A matchup, A,B (agent A against B) or A (against itself); repeat for several. Agents: \(AgentKind.spellings). Default: the design's matchups.")
    public var playOptions: [GameOption] { [Self.agentsOption] }

    public init() {}

    /// A design ready to play: its variants and the matchups that play them.
    public struct Playable: Sendable {
        public var design: Design
        public var matchups: [Matchup]
        /// (variant, matchup) per lineup, matchup by matchup.
        public var cells: [(variant: Design.Variant, matchup: Matchup)] {
            matchups.flatMap { m in design.variants.map { (variant: $0, matchup: m) } }
        }
    }

    public func check(_ design: any DesignFolder, _ request: CheckRequest) throws(DesignFileError) -> CheckResult {
        let (found, diagnostics) = try read(design)
        // What playable(design, [:]) would give: the design's own matchups.
        let playable = diagnostics.hasErrors ? nil : found.map { Playable(design: $0, matchups: $0.matchups) }
        return CheckResult(diagnostics: diagnostics, summary: found.map(Self.describe), playable: playable)
    }

    /// The design and every diagnostic of its Andora.plist.
    func read(_ design: any DesignFolder) throws(DesignFileError) -> (Design?, [Diagnostic]) {
        guard let file = try design.file(designFileName) else {
            throw DesignFileError(kind: .missing, path: design.label, reason: "no \(designFileName)")
        }
        do throws(PlistError) {
            return DesignReader.read(try PlistReader.read(bytes: file.bytes, limits: .design), file: file.path)
        } catch {
            return (nil, [error.diagnostic(file: file.path)])
        }
    }

    /// What `check` prints under a design without errors.
    public static func describe(_ design: Design) -> String {
        var text = "Andora design: \(design.variants.count) variant\(design.variants.count == 1 ? "" : "s")\n"
        for v in design.variants { text += "  \(v.name): mini-field strategy \(v.rules.strategy.rawValue) (R1.4), full target: \(v.rules.whenTargetIsFull.rawValue)\n" }
        text += "matchups: \(briefList(design.matchups.map(\.label), separator: "; "))\n"
        return text
    }

    public func playable(_ design: any DesignFolder, _ options: GameOptionValues) throws(PlayLoadError) -> (Playable?, [Diagnostic]) {
        let matchups = try Self.matchups(try options.texts(Self.agentsOption))
        let (found, diagnostics): (Design?, [Diagnostic])
        do throws(DesignFileError) { (found, diagnostics) = try read(design) } catch { throw .file(error) }
        guard let found, !diagnostics.hasErrors else { return (nil, diagnostics) }
        return (Playable(design: found, matchups: matchups.isEmpty ? found.matchups : matchups), diagnostics)
    }

    /// `--agents` values as matchups; a value that is no matchup, or one named twice (it would
    /// play the very same games), is a usage error.
    public static func matchups(_ agents: [String]) throws(PlayLoadError) -> [Matchup] {
        var matchups: [Matchup] = []
        for text in agents {
            guard let matchup = Matchup(text) else {
                throw .option("--agents \(text): write A,B (A against B) or A (A against itself), with agents \(AgentKind.spellings)")
            }
            if matchups.contains(matchup) {
                throw .option("--agents \(text): \(matchup.label) is named twice; it would play the very same games")
            }
            matchups.append(matchup)
        }
        return matchups
    }

    public func lineups(of playable: Playable) -> [Lineup] {
        // A lineup's seeds depend on its variant's rules and its matchup alone, which a design of
        // thousands of variants shares among a few: each spelled and hashed once (issue 43).
        struct SeedSource: Hashable {
            var strategy: MiniFieldStrategy
            var whenTargetIsFull: FullTargetRule
            var matchup: Matchup
        }
        var seeds: [SeedSource: (key: UInt64, chunkSize: Int, label: String)] = [:]
        return playable.cells.map { cell in
            let source = SeedSource(strategy: cell.variant.rules.strategy, whenTargetIsFull: cell.variant.rules.whenTargetIsFull, matchup: cell.matchup)
            let seed: (key: UInt64, chunkSize: Int, label: String)
            if let known = seeds[source] {
                seed = known
            } else {
                let match = MatchRun(rules: cell.variant.rules, matchup: cell.matchup)
                seed = (key: match.seedKey, chunkSize: match.preferredChunkSize, label: cell.matchup.label)
                seeds[source] = seed
            }
            return Lineup(name: "\(seed.label) on \(cell.variant.name)", seedKey: seed.key, chunkSize: seed.chunkSize)
        }
    }

    public func emptyStatistics() -> MatchStatistics { MatchStatistics() }

    public func invariantViolation(of statistics: MatchStatistics, games: Int) -> String? { statistics.invariantViolation(games: games) }

    public func play(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64, into statistics: inout MatchStatistics) {
        let cell = playable.cells[lineup]
        let match = MatchRun(rules: cell.variant.rules, matchup: cell.matchup)
        statistics.record(match.playGame(game, seed: seed), firstAgentHeldX: game % 2 == 0)
    }

    public let metrics = [
        MetricDefinition(name: "xWins", kind: .proportion, summary: "share of games X wins (R1.9.1)"),
        MetricDefinition(name: "oWins", kind: .proportion, summary: "share of games O wins (R1.9.1)"),
        MetricDefinition(name: "draws", kind: .proportion, summary: "share of games drawn (R1.9.2)"),
        MetricDefinition(name: "firstPlayerAdvantage", kind: .mean, summary: "first player's advantage, P(X wins) − P(O wins) (R1.6)", decimals: 3),
        MetricDefinition(name: "firstAgentScore", kind: .mean, summary: "the first agent's score share, win 1, draw ½, whatever its seat", decimals: 3),
        MetricDefinition(name: "meanLength", kind: .mean, summary: "marks placed in a game", decimals: 1),
    ]

    /// Every metric is a mean over games of a value each game has: the game's X win, O win, draw,
    /// X's lead (1, 0 or −1), the first agent's score (R1.6 seats it at X in even games) and
    /// its length.
    public var gameMetrics: [MetricDefinition] { metrics }

    public func measure(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64) -> [Double] {
        let cell = playable.cells[lineup]
        let end = MatchRun(rules: cell.variant.rules, matchup: cell.matchup).playGame(game, seed: seed)
        let (x, o): (Double, Double) = switch end.outcome {
        case .won(let sign): sign == .x ? (1, 0) : (0, 1)
        default: (0, 0)
        }
        let firstHoldsX = game % 2 == 0
        let firstScore = x + o == 0 ? 0.5 : (firstHoldsX ? x : o)
        return [x, o, 1 - x - o, x - o, firstScore, Double(end.moveCount)]
    }

    public func estimate(_ name: String, of s: MatchStatistics, confidence: Confidence) -> MetricEstimate? {
        guard s.games > 0 else { return nil }
        func interval(_ e: AndoraRuns.Estimate) -> MetricEstimate { MetricEstimate(value: e.value, interval: e.lower...e.upper, sample: s.games) }
        switch name {
        case "xWins": return .share(s.xWinShare, confidence)
        case "oWins": return .share(s.oWinShare, confidence)
        case "draws": return .share(s.drawShare, confidence)
        case "firstPlayerAdvantage": return interval(s.firstPlayerAdvantage(confidence))
        case "firstAgentScore": return interval(s.firstAgentScore(confidence))
        case "meanLength": return s.games > 1 ? interval(s.meanLength(confidence)) : nil
        default: return nil
        }
    }

    /// The run as Andora's reports see it.
    public func summary(_ run: PlayedRun<Self>) -> AndoraSummary {
        let cells = run.playable.cells
        let played = zip(cells, run.statistics).map { (variant: $0.variant, matchup: $0.matchup, statistics: $1) }
        return AndoraSummary(design: run.label, seed: run.seed, gamesRequested: run.gamesRequested, cells: played, everyCellPlayed: run.statistics.count == run.lineups.count)
    }

    public func simulationText(_ run: PlayedRun<Self>) -> String { AndoraText.render(summary(run), how: run.how) }

    public func simulationJSON(_ run: PlayedRun<Self>) -> any Encodable & Sendable { summary(run) }

    public func report(_ run: PlayedRun<Self>) -> (files: [ReportFile], played: String) {
        let summary = summary(run)
        let variants = run.playable.design.variants.count, matchups = run.playable.matchups.count
        return (
            [
                .text(name: "report.html", contents: AndoraHTML.render(summary)), .text(name: "summary.md", contents: AndoraMarkdown.render(summary)),
                .json(name: "results.json", value: summary),
            ],
            "\(variants) variant\(variants == 1 ? "" : "s") × \(matchups) matchup\(matchups == 1 ? "" : "s")"
        )
    }

    /// The game move by move: each mark as mini-field.cell counted from 1 (R1.1, R1.2), then how
    /// it ended.
    public func replay(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64) -> String {
        let cell = playable.cells[lineup]
        let match = MatchRun(rules: cell.variant.rules, matchup: cell.matchup)
        var text = "X: \(cell.matchup.xAgent(game: game)), O: \(cell.matchup.oAgent(game: game)) (R1.6: the matchup's first agent holds X in even games)\n"
        var number = 0
        let end = match.playGame(game, seed: seed) { position, move in
            number += 1
            text += "\(number). \(position.mover == .x ? "X" : "O") \(move)\n"
        }
        switch end.outcome {
        case .won(let sign): text += "\(sign == .x ? "X" : "O") wins with a line of mini-fields after \(end.moveCount) marks (R1.9.1)\n"
        default: text += "drawn after \(end.moveCount) marks: the player to move could not place a sign (R1.9.2)\n"
        }
        return text
    }

    public var parameters: [ParameterDefinition] {
        [
            ParameterDefinition(
                name: "playouts", values: .integers(1...100_000),
                effect: "every MCTS agent of every matchup searches with this many playouts a move (mcts:N); other agents are unchanged"),
            ParameterDefinition(
                name: "miniFieldStrategy", values: .choices(MiniFieldStrategy.allCases.map(\.rawValue)),
                effect: "every variant decides its mini-fields this way (R1.4)"),
            ParameterDefinition(
                name: "whenTargetIsFull", values: .choices(FullTargetRule.allCases.map(\.rawValue)),
                effect: "every variant treats a full target mini-field this way (R1.8.2, R1.9.2)"),
        ]
    }

    public func setting(_ playable: Playable, _ name: String, to value: String) throws(PlayLoadError) -> Playable {
        var changed = playable
        switch name {
        case "playouts":
            guard let playouts = Int(value) else { throw .option("playouts takes a whole number, not '\(value)'") }
            func stronger(_ agent: AgentKind) -> AgentKind {
                if case .mcts = agent { return .mcts(playouts: playouts) }
                return agent
            }
            changed.matchups = playable.matchups.map { Matchup(stronger($0.first), stronger($0.second)) }
        case "miniFieldStrategy":
            guard let strategy = MiniFieldStrategy(rawValue: value) else { throw .option("miniFieldStrategy is first or any, not '\(value)'") }
            for i in changed.design.variants.indices { changed.design.variants[i].rules.strategy = strategy }
        case "whenTargetIsFull":
            guard let rule = FullTargetRule(rawValue: value) else { throw .option("whenTargetIsFull is draw or playAnywhere, not '\(value)'") }
            for i in changed.design.variants.indices { changed.design.variants[i].rules.whenTargetIsFull = rule }
        default:
            throw .option("'\(name)' is not a parameter of Andora designs")
        }
        return changed
    }

    public func value(of name: String, in playable: Playable) -> String? {
        func one(_ values: [String]) -> String? { Set(values).count == 1 ? values.first : nil }
        switch name {
        case "playouts":
            return one(playable.matchups.flatMap { [$0.first, $0.second] }.compactMap { agent in
                if case .mcts(let playouts) = agent { return String(playouts) }
                return nil
            })
        case "miniFieldStrategy": return one(playable.design.variants.map(\.rules.strategy.rawValue))
        case "whenTargetIsFull": return one(playable.design.variants.map(\.rules.whenTargetIsFull.rawValue))
        default: return nil
        }
    }
}
