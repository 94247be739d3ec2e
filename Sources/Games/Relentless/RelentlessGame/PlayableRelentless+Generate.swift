import Diagnostics
import PropertyList
import GameSeam
import Relentless
import RelentlessGeneration
import RelentlessReports

/// `playbench generate` for Relentless: one round made as the host makes it (G1–G8), from a
/// seed, a team size and a difficulty.
extension PlayableRelentless: GeneratingGame {
    /// `generate --players N`.
    public static let generatePlayersOption = GameOption(
        "players", .integer(1...1_000), help: "How many play, within the design's minNumOfPlayers...maxNumOfPlayers (C6). Default: the fewest.")
    /// `generate --difficulty D`.
    public static let difficultyOption = GameOption(
        "difficulty", .number, valueName: "D", help: "The difficulty level, within the design's minDifficultyLevel...maxDifficultyLevel (M3). Default: the minimum.")
    /// `generate --game N`.
    public static let gameOption = GameOption(
        "game", .seed, default: .seed(0), valueName: "N", help: "Which game of a batch: its rounds draw from their own random streams.")
    /// `generate --round N`.
    public static let generateRoundOption = GameOption(
        "round", .seed, default: .seed(0), valueName: "N", help: "Which round of the game: every round draws from its own random streams.")
    /// `generate --orders`.
    public static let ordersOption = GameOption(
        "orders", .choice(OrderMakerChoice.allCases.map(\.rawValue)), valueName: "orders",
        help: "Order maker (G6): uniform (the rules), or own-item (probOfSelectingOwnItem is the chance an order item is the player's own, C8). Default: the design's Pipeline.plist, else uniform.")
    /// `generate --items`.
    public static let itemsOption = GameOption(
        "items", .choice(ItemAllocatorChoice.allCases.map(\.rawValue)), valueName: "items",
        help: "Item allocator (G5): shuffle (the rules), or even-categories (every category spread evenly over the team). Default: the design's Pipeline.plist, else shuffle.")
    /// `generate --explain`.
    public static let explainOption = GameOption(
        "explain", .flag, help: "After the round, show for each order how the team can fill it: who supplies which item, what is assembled (text format).")

    public var generateOptions: [GameOption] {
        [Self.generatePlayersOption, Self.difficultyOption, Self.gameOption, Self.generateRoundOption, Self.ordersOption, Self.itemsOption, Self.explainOption]
    }

    public func generate(_ folder: any DesignFolder, _ request: GenerateRequest) throws(ContentError) -> GeneratedContent {
        func choice<Choice: RawRepresentable>(_ option: GameOption, _: Choice.Type) throws(ContentError) -> Choice? where Choice.RawValue == String {
            try request.options.usage.text(option).flatMap(Choice.init(rawValue:))
        }
        func number(_ option: GameOption) throws(ContentError) -> UInt64 {
            try request.options.usage.seed(option) ?? 0
        }
        let orders = try choice(Self.ordersOption, OrderMakerChoice.self), items = try choice(Self.itemsOption, ItemAllocatorChoice.self)
        let (seed, game, round) = (request.seed, try number(Self.gameOption), try number(Self.generateRoundOption))

        let read: (design: Design?, label: String, choice: PipelineChoice, diagnostics: [Diagnostic])
        do throws(DesignFileError) {
            // The command's options override the design's Pipeline.plist, command by command.
            read = try RelentlessFiles.design(folder) { PipelineChoice(orders: orders ?? $0.orders, items: items ?? $0.items) }
        } catch {
            throw .file(error)
        }
        let chosen = read.choice
        guard let design = read.design, !read.diagnostics.hasErrors else { throw .design(label: read.label, diagnostics: read.diagnostics) }

        let (players, difficulty) = try Self.range(
            design, players: try request.options.usage.integer(Self.generatePlayersOption),
            difficulty: try request.options.usage.number(Self.difficultyOption))
        let parameters = design.parameters.resolved(difficulty: difficulty, players: players)
        let reproduce = GenerateCommandLine.of(
            designDirectory: folder.directory, files: NamedDesignFiles(folder), players: players, difficulty: difficulty, seed: seed, game: game,
            round: round, orders: orders, items: items)
        let made: Round, prepared: PreparedDesign
        do {
            prepared = try PreparedDesign(design, decodingItems: false)
            made = try chosen.pipeline.makeRound(prepared, parameters: parameters, seed: seed, game: game, round: round)
        } catch {
            throw .failed("\(error.description)\n  reproduce: \(reproduce)")
        }
        let report = RoundReport(round: made, design: prepared, parameters: parameters, pipeline: chosen.pipeline, label: read.label, reproduce: reproduce)
        switch request.format {
        case .text:
            return .text(RoundText.render(report) + (request.options.isOn(Self.explainOption) ? BuildPlanText.render(made, prepared) : ""))
        case .json:
            return .json(report)
        case .plist:
            do throws(PlistError) { return .bytes(try RoundPlist.render(report)) } catch { throw .failed(error.description) }
        }
    }

    /// Team size and difficulty, defaulted to the design's minimums; outside its ranges (C6, M3)
    /// is a usage error.
    static func range(_ design: Design, players: Int?, difficulty: Double?) throws(ContentError) -> (Int, Double) {
        guard let teams = design.parameters.teamSizes,
            let low = design.parameters.value(.minDifficultyLevel, difficulty: 0, players: 0),
            let high = design.parameters.value(.maxDifficultyLevel, difficulty: 0, players: 0)
        else {
            throw .failed("the design's team sizes or difficulty range cannot be read; run playbench check")
        }
        let teamSize = players ?? teams.lowerBound
        guard teams.contains(teamSize) else {
            throw .usage("--players \(teamSize) is outside the design's team sizes \(teams.lowerBound)...\(teams.upperBound)")
        }
        let level = difficulty ?? low
        guard level.isFinite, level >= low, level <= high else {
            throw .usage("--difficulty \(level.designerText) is outside the design's difficulty range \(low.designerText)...\(high.designerText)")
        }
        return (teamSize, level)
    }
}
