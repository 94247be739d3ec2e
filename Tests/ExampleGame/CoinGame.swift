import Diagnostics
import GameSeam
import MonteCarlo
import PropertyList
import Randomness

/// The smallest game on the seam, for the reference's "Adding a game" and for the tests that prove
/// a game gets every command by implementing ``GameDefinition`` alone.
///
/// Coin: one player flips a coin `flips` times and wins with at least `target` heads; the coin
/// shows heads `headsPercent` times in a hundred. Its design is a directory holding `Coin.plist`:
///
/// ```xml
/// <dict>
///   <key>flips</key>        <integer>10</integer>   <!-- K1: 1...1000 -->
///   <key>target</key>       <integer>6</integer>    <!-- K2: 0...flips -->
///   <key>headsPercent</key> <integer>50</integer>   <!-- K3: 0...100 -->
/// </dict>
/// ```
public struct CoinGame: ComparingGame, ReplayingGame {
    public struct Design: Sendable, Equatable {
        public var flips: Int
        public var target: Int
        public var headsPercent: Int
    }

    public static let fileName = "Coin.plist"
    public static let keys = ["flips", "target", "headsPercent"]

    public let name = "Coin"
    public let summary = "flip a coin, win with enough heads (Tests/ExampleGame)"
    public let designFileName = CoinGame.fileName
    public let commands = [
        "check": "flips, target and the coin's bias (K1–K3)",
        "simulate": "the share of games won and the heads a game, with intervals",
        "gate": "Balance.plist's targets on wins and heads",
        "report": "wins and heads with their intervals, as a page, a summary and JSON",
        "diff": "two coins' wins and heads, game by game on the same flips: the paired change with its interval",
        "sensitivity": "how wins and heads move with flips, target and headsPercent moved ±--step, game by game: paired effects and elasticities",
        "tune": "the flips, target or headsPercent at which wins or heads meets --target",
        "sweep": "flips, target or headsPercent over values (--set), wins and heads at each",
        "generate": "the flips of one game from --seed (H heads, T tails)",
        "params": "flips, target and headsPercent: each one's value, values and effect",
    ]
    public let fileOptions: [DesignFileOption] = []
    public let checkOptions: Set<CheckOption> = []

    public init() {}

    public func check(_ design: any DesignFolder, _ request: CheckRequest) throws(DesignFileError) -> CheckResult {
        guard let file = try design.file(Self.fileName) else {
            throw DesignFileError(kind: .missing, path: design.label, reason: "no \(Self.fileName)")
        }
        let (read, diagnostics) = Self.read(file)
        return CheckResult(
            diagnostics: diagnostics,
            summary: read.map { "Coin design: \($0.flips) flips, \($0.target) heads to win, heads \($0.headsPercent)%\n" })
    }

    /// The design and every mistake in its file, located, with its rule id.
    public static func read(_ file: DesignFile) -> (Design?, [Diagnostic]) {
        let root: PlistNode
        do throws(PlistError) {
            root = try PlistReader.read(bytes: file.bytes)
        } catch {
            return (nil, [error.diagnostic(file: file.path)])
        }
        var log = DiagnosticLog(file: file.path)
        let top = PlistPath()
        guard let dictionary = log.dictionary(root, top, "the design's root", rule: nil) else { return (nil, log.diagnostics) }
        log.rejectUnknownKeys(dictionary, known: keys, top, what: "the design", rule: nil)
        func number(_ key: String, _ range: ClosedRange<Int>, rule: String) -> Int? {
            guard let node = log.required(key, in: dictionary, at: root.location, top, rule: rule),
                let value = log.integer(node, top.appending(key), rule: rule)
            else { return nil }
            guard range.contains(value) else {
                log.error("\(key) must be in \(range.lowerBound)...\(range.upperBound), not \(value)", at: node.location, top.appending(key), rule: rule)
                return nil
            }
            return value
        }
        let flips = number("flips", 1...1000, rule: "K1")
        let target = number("target", 0...(flips ?? 1000), rule: "K2")
        let headsPercent = number("headsPercent", 0...100, rule: "K3")
        guard let flips, let target, let headsPercent else { return (nil, log.diagnostics) }
        return (Design(flips: flips, target: target, headsPercent: headsPercent), log.diagnostics)
    }
}

extension CoinGame {
    /// Games won and heads thrown: a count and moments, which merge exactly enough.
    public struct Statistics: MergeableStatistics, Codable {
        public var games = 0
        public var wins = 0
        public var heads = Moments()

        public mutating func merge(_ other: Statistics) {
            games += other.games
            wins += other.wins
            heads.merge(other.heads)
        }
    }

    public func playable(_ design: any DesignFolder, _ options: GameOptionValues) throws(PlayLoadError) -> (Design?, [Diagnostic]) {
        let file: DesignFile?
        do throws(DesignFileError) { file = try design.file(Self.fileName) } catch { throw .file(error) }
        guard let file else { throw .file(DesignFileError(kind: .missing, path: design.label, reason: "no \(Self.fileName)")) }
        let (read, diagnostics) = Self.read(file)
        return (diagnostics.hasErrors ? nil : read, diagnostics)
    }

    /// One lineup: the coin's player.
    public func lineups(of design: Design) -> [Lineup] {
        [Lineup(name: "\(design.flips) flips", seedKey: Lineup.seedKey(of: "coin"), chunkSize: 256)]
    }

    public func emptyStatistics() -> Statistics { Statistics() }

    public func invariantViolation(of statistics: Statistics, games: Int) -> String? {
        guard statistics.games == games, statistics.heads.count == games else { return "\(statistics.games) games where \(games) were played" }
        guard (0...games).contains(statistics.wins) else { return "\(statistics.wins) wins in \(games) games" }
        return statistics.heads.invariantViolation
    }

    public var parameters: [ParameterDefinition] {
        [
            ParameterDefinition(name: "flips", values: .integers(1...1000), effect: "flips a game (K1)"),
            ParameterDefinition(name: "target", values: .integers(0...1000), effect: "heads that win (K2), at most flips"),
            ParameterDefinition(name: "headsPercent", values: .integers(0...100), effect: "the coin's heads in a hundred (K3)"),
        ]
    }

    public func value(of name: String, in design: Design) -> String? {
        switch name {
        case "flips": String(design.flips)
        case "target": String(design.target)
        case "headsPercent": String(design.headsPercent)
        default: nil
        }
    }

    /// Each parameter is a top-level key of Coin.plist.
    public func written(_ name: String, value: String, in design: Design) -> WrittenValue? {
        guard parameters.contains(where: { $0.name == name }) else { return nil }
        return WrittenValue(file: Self.fileName, path: PlistPath([.key(name)]), value: WrittenValue.number(value))
    }

    public func setting(_ design: Design, _ name: String, to value: String) throws(PlayLoadError) -> Design {
        guard let n = Int(value) else { throw .option("\(name) takes a whole number, not '\(value)'") }
        var changed = design
        switch name {
        case "flips": changed.flips = n
        case "target": changed.target = n
        case "headsPercent": changed.headsPercent = n
        default: throw .option("'\(name)' is not a parameter of Coin designs")
        }
        return changed
    }

    /// K2 holds flips and target together: asked once both are set, so `--set flips=4 --set
    /// target=3` is a design whatever the order the two are given in.
    public func problem(afterSetting design: Design) -> PlayLoadError? {
        design.target <= design.flips ? nil : .unplayable(reason: "target \(design.target) is above flips \(design.flips) (K2)", diagnostics: [])
    }

    /// Every flip of a game from its seed: true for heads.
    func flips(_ design: Design, seed: UInt64) -> [Bool] {
        var random = RandomSource(seed: seed)
        return (0..<design.flips).map { _ in random.uniform(below: 100) < design.headsPercent }
    }

    public func play(_ design: Design, lineup: Int, game: UInt64, seed: UInt64, into statistics: inout Statistics) {
        let heads = flips(design, seed: seed).count { $0 }
        statistics.games += 1
        if heads >= design.target { statistics.wins += 1 }
        statistics.heads.add(Double(heads))
    }

    /// Both metrics are means over games of a value each game has: won (1 or 0), and its heads.
    public var gameMetrics: [MetricDefinition] { metrics }

    public func measure(_ design: Design, lineup: Int, game: UInt64, seed: UInt64) -> [Double] {
        let heads = flips(design, seed: seed).count { $0 }
        return [heads >= design.target ? 1 : 0, Double(heads)]
    }

    public func replay(_ design: Design, lineup: Int, game: UInt64, seed: UInt64) -> String {
        let flips = flips(design, seed: seed)
        let heads = flips.count { $0 }
        return flips.map { $0 ? "H" : "T" }.joined() + "\n\(heads) heads: \(heads >= design.target ? "won" : "lost")\n"
    }

    public var metrics: [MetricDefinition] {
        [
            MetricDefinition(name: "wins", kind: .proportion, summary: "share of games won"),
            MetricDefinition(name: "heads", kind: .mean, summary: "heads thrown in a game"),
        ]
    }

    public func estimate(_ name: String, of statistics: Statistics, confidence: Confidence) -> MetricEstimate? {
        switch name {
        case "wins": .share(Proportion(statistics.wins, of: statistics.games), confidence)
        case "heads": .mean(statistics.heads, confidence)
        default: nil
        }
    }

    public func simulationText(_ run: PlayedRun<Self>) -> String {
        var text = "Coin: \(run.label), seed \(run.seed)\n"
        for (lineup, statistics) in zip(run.lineups, run.statistics) {
            text += "\(lineup.name): \(statistics.games) games\n"
            for metric in metrics {
                guard let e = estimate(metric.name, of: statistics, confidence: .ninetyFive) else { continue }
                text += "  \(metric.name): \(metric.text(e.value)) (\(metric.text(e.lower)) to \(metric.text(e.upper)))\n"
            }
        }
        return text + "(\(run.how))\n"
    }

    public func simulationJSON(_ run: PlayedRun<Self>) -> any Encodable & Sendable { run.statistics }

    /// The report every game on the seam can have: its metrics, lineup by lineup.
    public func report(_ run: PlayedRun<Self>) -> (files: [ReportFile], played: String) { MetricsReport.files(self, run) }
}

/// `playbench generate` for Coin: the flips of one game from `--seed`, as a game plays them.
extension CoinGame: GeneratingGame {
    public var generateOptions: [GameOption] { [] }

    public func generate(_ folder: any DesignFolder, _ request: GenerateRequest) throws(ContentError) -> GeneratedContent {
        let file: DesignFile?
        do throws(DesignFileError) { file = try folder.file(Self.fileName) } catch { throw .file(error) }
        guard let file else { throw .file(DesignFileError(kind: .missing, path: folder.label, reason: "no \(Self.fileName)")) }
        let (read, diagnostics) = Self.read(file)
        guard let design = read, !diagnostics.hasErrors else { throw .design(label: folder.label, diagnostics: diagnostics) }
        let flips = flips(design, seed: request.seed).map { $0 ? "H" : "T" }.joined()
        switch request.format {
        case .text: return .text(flips + "\n")
        case .json: return .json(["flips": flips])
        case .plist: throw .usage("Coin writes no property lists: use --format text or json")
        }
    }
}
