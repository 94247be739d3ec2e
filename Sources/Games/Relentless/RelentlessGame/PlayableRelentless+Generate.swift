import Diagnostics
import PropertyList
import GameSeam
import Relentless
import RelentlessGeneration
import RelentlessReports

/// `playbench generate` for Relentless: one round made as the host makes it (G1–G8), from a
/// seed, a team size and a difficulty.
extension PlayableRelentless: GeneratingGame {
    public var generateOptions: Set<String> { ["players", "difficulty", "seed", "game", "round", "orders", "items", "explain"] }

    public func generate(_ folder: any DesignFolder, _ request: GenerateRequest) throws(ContentError) -> GeneratedContent {
        let options = request.options
        func choice<Choice: RawRepresentable & CaseIterable>(_ name: String, _: Choice.Type) throws(ContentError) -> Choice? where Choice.RawValue == String {
            guard let text = options[name] else { return nil }
            guard let value = Choice(rawValue: text) else {
                throw .usage("--\(name) \(text) is not one of \(Choice.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return value
        }
        func number(_ name: String) throws(ContentError) -> UInt64 {
            guard let text = options[name] else { return name == "seed" ? 1 : 0 }
            guard let value = UInt64(text) else { throw .usage("--\(name) takes a whole number from 0, not '\(text)'") }
            return value
        }
        let orders = try choice("orders", OrderMakerChoice.self), items = try choice("items", ItemAllocatorChoice.self)
        let (seed, game, round) = (try number("seed"), try number("game"), try number("round"))

        let read: (design: Design?, label: String, choice: PipelineChoice, diagnostics: [Diagnostic])
        do throws(DesignFileError) {
            // The command's options override the design's Pipeline.plist, command by command.
            read = try RelentlessFiles.design(folder) { PipelineChoice(orders: orders ?? $0.orders, items: items ?? $0.items) }
        } catch {
            throw .file(error)
        }
        let chosen = read.choice
        guard let design = read.design, !read.diagnostics.hasErrors else { throw .design(label: read.label, diagnostics: read.diagnostics) }

        let (players, difficulty) = try Self.range(design, players: options["players"], difficulty: options["difficulty"])
        let parameters = design.parameters.resolved(difficulty: difficulty, players: players)
        let reproduce = GenerateCommandLine.of(
            designDirectory: folder.directory, files: NamedDesignFiles(folder), players: players, difficulty: difficulty, seed: seed, game: game,
            round: round, orders: orders, items: items)
        let made: Round, prepared: PreparedDesign
        do {
            prepared = try PreparedDesign(design)
            made = try chosen.pipeline.makeRound(prepared, parameters: parameters, seed: seed, game: game, round: round)
        } catch {
            throw .failed("\(error.description)\n  reproduce: \(reproduce)")
        }
        let report = RoundReport(round: made, design: prepared, parameters: parameters, pipeline: chosen.pipeline, label: read.label, reproduce: reproduce)
        switch request.format {
        case .text:
            return .text(RoundText.render(report) + (request.explain ? BuildPlanText.render(made, prepared) : ""))
        case .json:
            return .json(report)
        case .plist:
            do throws(PlistError) { return .bytes(try RoundPlist.render(report)) } catch { throw .failed(error.description) }
        }
    }

    /// Team size and difficulty, defaulted to the design's minimums; outside its ranges (C6, M3)
    /// is a usage error.
    static func range(_ design: Design, players: String?, difficulty: String?) throws(ContentError) -> (Int, Double) {
        guard let teams = design.parameters.teamSizes,
            let low = design.parameters.value(.minDifficultyLevel, difficulty: 0, players: 0),
            let high = design.parameters.value(.maxDifficultyLevel, difficulty: 0, players: 0)
        else {
            throw .failed("the design's team sizes or difficulty range cannot be read; run playbench check")
        }
        var teamSize = teams.lowerBound
        if let players {
            guard let n = Int(players) else { throw .usage("--players takes a whole number, not '\(players)'") }
            teamSize = n
        }
        guard teams.contains(teamSize) else {
            throw .usage("--players \(teamSize) is outside the design's team sizes \(teams.lowerBound)...\(teams.upperBound)")
        }
        var level = low
        if let difficulty {
            guard let x = Double(difficulty) else { throw .usage("--difficulty takes a number, not '\(difficulty)'") }
            level = x
        }
        guard level.isFinite, level >= low, level <= high else {
            throw .usage("--difficulty \(level.designerText) is outside the design's difficulty range \(low.designerText)...\(high.designerText)")
        }
        return (teamSize, level)
    }
}
