import Diagnostics
import Foundation
import RelentlessGeneration
import Randomness
import Relentless
import TestSupport
import Testing

@Suite("Sampling solvability (G1–G8, P4)")
struct SamplingSolvabilityTests {
    func prepared(catalogue: String = DesignFixtures.validCatalogue, parameters: String = DesignFixtures.validParameters) throws -> PreparedDesign {
        let result = DesignLoader.load(DesignFixtures.sources(catalogue: catalogue, parameters: parameters))
        return try PreparedDesign(try #require(result.design))
    }

    func shippedDesign() throws -> PreparedDesign {
        let result = DesignLoader.load(try Fixtures.shippedDesignSources())
        return try PreparedDesign(try #require(result.design))
    }

    @Test("the shipped design: every sampled round is generated, stocks every player, and every order has a plan")
    func shippedDesignIsSolvable() throws {
        let summary = SamplingSolvability.check(try shippedDesign(), samples: 20, seed: 7)
        #expect(summary.failures == [])
        #expect(summary.roundsSampled == 19 * 4 * 20)
    }

    @Test("G4: a round that cannot stock six players is found, and its reproduction fails the same way")
    func generationFailureReproduces() throws {
        let design = try prepared()
        let summary = SamplingSolvability.check(design, samples: 30, seed: 3)
        let failure = try #require(summary.failures.first { $0.rule == "G4" })
        #expect(failure.occurrences > 0)
        let parameters = design.design.parameters.resolved(difficulty: failure.difficulty, players: failure.players)
        #expect(throws: GenerationError.self) {
            try Pipeline.default.makeRound(design, parameters: parameters, seed: failure.seed, game: failure.game, round: failure.round)
        }
    }

    @Test("P4: an order no player can fill is found, with a round that reproduces it")
    func unsuppliableOrderReproduces() throws {
        // Book becomes an order item no warehouse stocks (G3); three players so G4 is no obstacle.
        let catalogue = DesignFixtures.orderOnlyBookCatalogue
        let parameters = DesignFixtures.threePlayerParameters
        let design = try prepared(catalogue: catalogue, parameters: parameters)
        let summary = SamplingSolvability.check(design, samples: 40, seed: 11)
        let failure = try #require(summary.failures.first { $0.rule == "P4" })
        #expect(failure.message.contains("Book: "))
        let round = try Pipeline.default.makeRound(
            design, parameters: design.design.parameters.resolved(difficulty: failure.difficulty, players: failure.players),
            seed: failure.seed, game: failure.game, round: failure.round)
        #expect(round.allOrders.contains { BuildPlan(order: $0, round: round, design: design) == nil })
    }

    @Test("a build plan only uses items the team holds, and assembles the rest from parts")
    func buildPlansUseWarehouses() throws {
        let design = try shippedDesign()
        let parameters = design.design.parameters.resolved(difficulty: 10, players: 6)
        let round = try Pipeline.default.makeRound(design, parameters: parameters, seed: 5)
        let held = Set(round.players.flatMap(\.warehouse))
        func check(_ step: BuildPlan.Step) {
            switch step {
            case .warehouse(let item, let player):
                #expect(round.players[player].warehouse.contains(item))
            case .assemble(let item, let parts):
                #expect(!held.contains(item))
                #expect(parts.count == design.parts(of: item).count)
                parts.forEach(check)
            }
        }
        for order in round.allOrders {
            let plan = try #require(BuildPlan(order: order, round: round, design: design))
            #expect(plan.steps.count == order.items.count)
            plan.steps.forEach(check)
        }
    }

    @Test("check prints a reproduce command; running it shows the order without a plan")
    func cliReproduction() throws {
        let directory = try Fixtures.temporaryDirectory("unsolvable")
        let catalogue = DesignFixtures.orderOnlyBookCatalogue
        let parameters = DesignFixtures.threePlayerParameters
        try Data(catalogue.utf8).write(to: directory.appendingPathComponent("GameConfig.plist"))
        try Data(parameters.utf8).write(to: directory.appendingPathComponent("DefaultGameParameters.plist"))
        let result = try CommandRunner.playbench(["check", directory.path, "--samples", "40"])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("[G3]"))
        let line = try #require(result.standardOutput.split(separator: "\n").first { $0.contains("[P4]") })
        let command = try #require(line.range(of: "reproduce: playbench ").map { line[$0.upperBound...] })
        let arguments = command.prefix { $0 != ")" }.split(separator: " ").map(String.init)
        #expect(arguments.first == "generate")
        #expect(arguments.contains("--explain"))
        let replay = try CommandRunner.playbench(arguments)
        #expect(replay.status == 0)
        #expect(replay.standardOutput.contains("no plan: some item is neither in a warehouse nor assemblable"))
    }

    /// Issue 16: the same design given file by file; the reproduce command names the same files
    /// (generate takes check's --catalogue and --parameters) and shows the same failure.
    @Test("check of files named one by one prints a reproduce command with those files; running it shows the order without a plan")
    func cliReproductionOfNamedFiles() throws {
        let directory = try Fixtures.temporaryDirectory("unsolvable files")
        let catalogue = directory.appendingPathComponent("Books Only.plist")
        let parameters = directory.appendingPathComponent("three.plist")
        try Data(DesignFixtures.orderOnlyBookCatalogue.utf8).write(to: catalogue)
        try Data(DesignFixtures.threePlayerParameters.utf8).write(to: parameters)
        let result = try CommandRunner.playbench(["check", "--catalogue", catalogue.path, "--parameters", parameters.path, "--samples", "40"])
        #expect(result.status == 1)
        let line = try #require(result.standardOutput.split(separator: "\n").first { $0.contains("[P4]") })
        let command = String(try #require(line.range(of: "reproduce: ").map { line[$0.upperBound...].prefix { $0 != ")" } }))
        #expect(command.hasPrefix("playbench generate --catalogue '\(catalogue.path)' --parameters '\(parameters.path)' "), "\(command)")
        // The path with a space is quoted for the shell: unquote it the way sh would.
        var arguments: [String] = []
        var rest = Substring(command.dropFirst("playbench ".count))
        while !rest.isEmpty {
            if rest.hasPrefix("'") {
                let end = try #require(rest.dropFirst().firstIndex(of: "'"))
                arguments.append(String(rest[rest.index(after: rest.startIndex)..<end]))
                rest = rest[rest.index(after: end)...].drop { $0 == " " }
            } else {
                let word = rest.prefix { $0 != " " }
                arguments.append(String(word))
                rest = rest.dropFirst(word.count).drop { $0 == " " }
            }
        }
        #expect(arguments.contains(catalogue.path))
        let replay = try CommandRunner.playbench(arguments)
        #expect(replay.status == 0, "\(replay.standardError)")
        #expect(replay.standardOutput.contains("no plan: some item is neither in a warehouse nor assemblable"))
        // Without the files the command makes a round of the shipped design, which has a plan for every order.
        let shipped = try CommandRunner.playbench(arguments.filter { $0 != catalogue.path && $0 != parameters.path && $0 != "--catalogue" && $0 != "--parameters" })
        #expect(shipped.status == 0, "\(shipped.standardError)")
        #expect(!shipped.standardOutput.contains("no plan"))
    }
}

/// A package-limit command that always limits packages to one item: fine for one-item atomic
/// orders, too small for anything assembled.
struct OneItemPackageLimit: PackageLimitDecider {
    var name: String { "one-item" }
    var rules: String { "G8" }
    var parametersRead: [ParameterKey] { [] }

    func packageLimit(
        orders: RoundOrders, orderItems: [ItemID], _ context: RoundContext, items: RoundItems, using random: inout RandomSource
    ) -> Int? { 1 }
}

@Suite("Packing need (P4, G8)")
struct PackingNeedTests {
    @Test("an assembled item needs its parts together; deeper parts are built first")
    func peaks() throws {
        let design = try RoundFixtures.prepared()
        let catalogue = design.catalogue
        let car = try #require(catalogue.index(of: "Car"))
        let police = try #require(catalogue.index(of: "Police Car"))
        var random = RandomSource(seed: 1)
        let carItem = design.sampleItem(of: car, using: &random)
        let policeItem = design.sampleItem(of: police, using: &random)
        #expect(PackingNeed.peak(of: carItem, in: design) == 3)  // Fruit + two Wheels at once
        // Police Car = Car (peak 3) + Siren: build the car (3), then car + siren (2).
        #expect(PackingNeed.peak(of: policeItem, in: design) == 3)
        let order = Order(items: [policeItem, carItem], baseTimeLimit: 140)
        // Police car first (3), then the finished police car beside a car being built (1 + 3).
        #expect(PackingNeed.peak(of: order, in: design) == 4)
        // G8's formula is never below the true need.
        #expect(FormulaPackageLimitDecider.need(of: order) >= PackingNeed.peak(of: order, in: design))
        // Per category, found once per design: every atomic item 1, Car and Police Car 3 as above.
        let peaks = PackingNeed.categoryPeaks(in: design)
        #expect(peaks == catalogue.categories.map { ["Car", "Police Car"].contains($0.name) ? 3 : 1 })
        #expect(PackingNeed.peak(of: order, categoryPeaks: peaks) == 4)
    }

    @Test("sampling reports a package limit below an order's need, with a reproducible round")
    func tooSmallLimit() throws {
        let parameters = DesignFixtures.threePlayerParameters
        let design = try RoundFixtures.prepared(parameters: parameters)
        var pipeline = Pipeline.default
        pipeline.packageLimit = OneItemPackageLimit()
        let summary = SamplingSolvability.check(design, samples: 10, seed: 2, pipeline: pipeline)
        let failure = try #require(summary.failures.first { $0.rule == "G8" })
        let round = try pipeline.makeRound(
            design, parameters: design.design.parameters.resolved(difficulty: failure.difficulty, players: failure.players),
            seed: failure.seed, game: failure.game, round: failure.round)
        #expect(round.allOrders.contains { PackingNeed.peak(of: $0, in: design) > 1 })
        #expect(SamplingSolvability.check(design, samples: 10, seed: 2).failures.allSatisfy { $0.rule != "G8" })
    }
}
