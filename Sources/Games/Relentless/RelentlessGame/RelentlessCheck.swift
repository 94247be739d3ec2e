import Diagnostics
import GameSeam
import PropertyList
import Relentless
import RelentlessBalance
import RelentlessGeneration
import RelentlessSimulation

/// Relentless's check through the seam: the values of its property lists (C2–C8), its
/// Pipeline.plist, Players.plist and Balance.plist, and solvability, static (G3, G4) and sampled
/// (G1–G8, P4), of the games started anywhere the host's slider allows (M3), or at one start.
/// It reads the design's files through ``DesignFolder`` (``RelentlessFiles``) and does no I/O.
struct RelentlessCheck {
    var folder: any DesignFolder
    var designDirectory: String?
    var named: NamedDesignFiles
    var samples: Int
    var seed: UInt64
    var explain: Bool
    var forPeople: Bool
    /// The games checked (M3): those started at `--start-difficulty`, else every start.
    var coverage: StartCoverage

    /// The default of `--samples`.
    static let defaultSamples = 200

    init(_ design: any DesignFolder, _ request: CheckRequest) {
        folder = design
        designDirectory = design.directory
        named = NamedDesignFiles(design)
        samples = request.samples ?? Self.defaultSamples
        seed = request.seed ?? 1
        explain = request.explain
        forPeople = request.forPeople
        coverage = request.startDifficulty.map { .from($0) } ?? .everyStart
    }

    func run() throws(DesignFileError) -> CheckResult {
        let read = try RelentlessFiles.design(folder, coverage: coverage)
        let choice = read.choice
        var diagnostics = read.diagnostics
        if let design = read.design, let start = coverage.start, !StartDifficulty.allows(start, in: design.parameters) {
            // Outside the range no game starts there: nothing of the design to check from it.
            diagnostics.append(startOutsideRange(start, design.parameters))
            return CheckResult(diagnostics: diagnostics, summary: DesignSummary.describe(design), witness: nil, label: nil)
        }
        if !named.given {
            let (players, playerDiagnostics) = try RelentlessFiles.playersForCheck(folder)
            diagnostics += playerDiagnostics
            if let players, let sizes = read.design?.parameters.teamSizes, !sizes.contains(players.defaultTeam.count) {
                // What check accepts every command plays: simulate, report and gate play the
                // default team when no team is named (C6).
                diagnostics.append(Diagnostic(
                    .error,
                    "a team of \(players.defaultTeam.count) players, outside the design's team sizes \(sizes.lowerBound)...\(sizes.upperBound): simulate, report and gate play it when no --team is given",
                    file: designDirectory.map { RelentlessFiles.path($0, PlayersReader.fileName) } ?? "\(BuiltInDesign.directoryLabel)/\(PlayersReader.fileName)",
                    location: players.defaultTeamLocation, keyPath: "defaultTeam", rule: "C6",
                    suggestion: "name \(sizes.lowerBound == sizes.upperBound ? "\(sizes.lowerBound)" : "\(sizes.lowerBound) to \(sizes.upperBound)") personas"))
            }
            // Balance.plist is optional (only `gate` needs it), but a broken one is a mistake now.
            if try RelentlessFiles.hasBalance(folder) {
                let (_, _, balanceDiagnostics) = try RelentlessFiles.balance(folder, players: players, parameters: read.design?.parameters)
                diagnostics += balanceDiagnostics
            }
        }
        var witness: String?
        if let design = read.design { diagnostics += solvability(design, diagnostics, choice, witness: &witness) }
        return CheckResult(
            diagnostics: diagnostics, summary: read.design.map(DesignSummary.describe), witness: witness,
            label: folder.directory == nil && named.given ? named.label : nil)
    }

    /// Solvability, static and sampled, of what the design's errors leave sound
    /// (``SolvabilityScope``): one run reports the structural mistakes and the rounds no team
    /// can play together, as a compiler goes on after its first error.
    private func solvability(_ design: Design, _ found: [Diagnostic], _ choice: PipelineChoice, witness: inout String?) -> [Diagnostic] {
        let scope: SolvabilityScope
        switch SolvabilityScope.of(design, found, needed: choice.parametersRead, coverage: coverage) {
        case .scope(let scoped): scope = scoped
        case .none(let why): return [Diagnostic(.note, "solvability was not checked: \(why)", file: design.catalogue.file)]
        }
        var diagnostics = scope.notes
        if !scope.leftOut.isEmpty {
            let left = scope.leftOut
            let names = left.map { "\"\($0)\"" }.joined(separator: ", ")
            diagnostics.append(Diagnostic(
                .note, "solvability was checked without \(left.count == 1 ? "category" : "categories") \(names), which \(left.count == 1 ? "has errors or is" : "have errors or are") built from one that has: fix them and check again",
                file: design.catalogue.file))
        }
        let sampled = scope.design.parameters.sampledDifficulties(coverage, shapedBy: choice.parametersRead)
        diagnostics += sbcNotes(sampled, scope.design.parameters)
        do {
            let prepared = try PreparedDesign(scope.design, decodingItems: false)
            diagnostics += StaticSolvability.check(prepared, difficulties: sampled.difficulties)
            // Sampled even after a static finding: it adds a round that shows the problem.
            if samples > 0 {
                // generate refuses a design with errors: until they are fixed, a round is named, not
                // replayed; a round made without broken categories is not the one the fixed design
                // makes. (A value read within the game's range makes the rounds it makes: a team
                // size sampled is one the design allows, a chance above 1 draws as 1.)
                let refused = found.contains { $0.severity == .error && ($0.file == design.catalogue.file || $0.file == design.parameters.file) }
                diagnostics += sampledSolvability(
                    prepared, choice, sampled.difficulties, replay: !refused ? .now : !scope.leftOut.isEmpty ? .never : .onceFixed)
                if explain, forPeople, !found.hasErrors { witness = self.witness(prepared, choice) }
            }
        } catch {
            // Not preparable for generation: the static checks say why; nothing to sample.
            diagnostics += StaticSolvability.check(scope.design)
        }
        return diagnostics
    }

    /// What the sampling covered beyond the ramp of the first start (M3): a note only when other
    /// starts meet round shapes that ramp does not, or when the bound left some out.
    private func sbcNotes(_ sampled: (difficulties: [Double], ramp: Int, shapesLeftOut: Int), _ parameters: Parameters) -> [Diagnostic] {
        guard coverage == .everyStart, sampled.difficulties.count > sampled.ramp || sampled.shapesLeftOut > 0 else { return [] }
        let others = sampled.difficulties.count - sampled.ramp
        let first = parameters.difficultyRange.map { $0.low.designerText } ?? "?"
        let shown = sampled.difficulties[sampled.ramp...].prefix(8).map(\.designerText).joined(separator: ", ") + (others > 8 ? ", …" : "")
        var text = "solvability sampled the \(counted(sampled.ramp, "difficulty", "difficulties")) of the ramp from \(first) and \(others) more (\(shown)), one for each other round shape (the counts and chances a round is made with) that a game started elsewhere meets (M3)"
        if sampled.shapesLeftOut > 0 {
            text += "; \(counted(sampled.shapesLeftOut, "more round shape")) of other starts \(sampled.shapesLeftOut == 1 ? "was" : "were") left out: at most \(ParameterKey.maxReachableDifficulties) difficulties are sampled (check a start on its own with --start-difficulty)"
        }
        return [Diagnostic(.note, text, file: parameters.file, rule: "M3")]
    }

    /// `--start-difficulty` outside minDifficultyLevel...maxDifficultyLevel, at the bound it passes.
    private func startOutsideRange(_ start: Double, _ parameters: Parameters) -> Diagnostic {
        let bound: ParameterKey = start < (parameters.difficultyRange?.low ?? 0) ? .minDifficultyLevel : .maxDifficultyLevel
        return Diagnostic(
            .error, "--start-difficulty \(start.designerText) is outside \(StartDifficulty.range(of: parameters)): no game starts there",
            file: parameters.file, location: parameters.entries[bound]?.location, keyPath: bound.rawValue, rule: "M3")
    }

    /// Sampling (G1–G8, P4): each kind of failure once, with how often it happened and the
    /// command that replays its first occurrence.
    /// When a sampled failure's `generate` command can show it: now; once the design's errors
    /// are fixed (they do not change its rounds, but generate refuses a design with errors); or
    /// never, when the round was made without categories that have errors (fixed, they change it).
    private enum Replay {
        case now, onceFixed, never

        func suggestion(_ command: String) -> String {
            switch self {
            case .now: "reproduce: \(command)"
            case .onceFixed: "once the errors above are fixed, reproduce: \(command)"
            case .never: "check again once the errors above are fixed, for a round that replays it"
            }
        }
    }

    private func sampledSolvability(_ prepared: PreparedDesign, _ choice: PipelineChoice, _ difficulties: [Double], replay: Replay) -> [Diagnostic] {
        let summary = SamplingSolvability.check(prepared, samples: samples, seed: seed, pipeline: choice.pipeline, difficulties: difficulties)
        return summary.failures.map { failure in
            let reproduce = GenerateCommandLine.of(
                designDirectory: designDirectory, files: named, players: failure.players, difficulty: failure.difficulty, seed: failure.seed,
                game: failure.game, round: failure.round, explain: true)
            let message = "\(failure.message), in \(failure.occurrences) of \(counted(summary.roundsSampled, "sampled round")) (first: \(failure.players) players, difficulty \(failure.difficulty.designerText))"
            // Located where a designer would change it: the category the failure names, or the
            // parameter that brings it about (a package limit, G8); else the catalogue as a whole.
            var place: (file: String, location: SourceLocation?, keyPath: String) = (prepared.catalogue.file, nil, "")
            if let name = failure.category, let category = prepared.catalogue.categories.first(where: { $0.name == name }) {
                place = (prepared.catalogue.file, category.location(of: "category"), category.path.description)
            } else if let key = failure.parameter {
                let parameters = prepared.design.parameters
                place = (parameters.file, parameters.entries[key]?.location, key.rawValue)
            }
            return Diagnostic(
                .error, message, file: place.file, location: place.location, keyPath: place.keyPath, rule: failure.rule,
                suggestion: replay.suggestion(reproduce))
        }
    }

    /// Build plans for the first sampled round of the hardest setting, as `generate --explain`
    /// prints them, with the command that shows the whole round.
    private func witness(_ prepared: PreparedDesign, _ choice: PipelineChoice) -> String {
        let parameters = prepared.design.parameters
        guard let teams = parameters.teamSizes, let difficulty = parameters.reachableDifficulties().last else { return "" }
        let level = UInt64(parameters.reachableDifficulties().count - 1)
        let round = parameters.resolved(difficulty: difficulty, players: teams.upperBound)
        guard let made = try? choice.pipeline.makeRound(prepared, parameters: round, seed: seed, game: level, round: 0) else { return "" }
        let command = GenerateCommandLine.of(
            designDirectory: designDirectory, files: named, players: teams.upperBound, difficulty: difficulty, seed: seed, game: level, explain: true)
        return "witness: the first sampled round with \(teams.upperBound) players at difficulty \(difficulty.designerText) (\(command))"
            + BuildPlanText.render(made, prepared)
    }
}
