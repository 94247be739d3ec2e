import Foundation
import GameSeam
import Relentless
import RelentlessGame
import RelentlessGeneration
@testable import RelentlessSimulation
import TestSupport
import Testing

/// A sensitivity's variants play one seed side by side (``GameSimulator/play(_:seed:observe:)``,
/// issue 44): a round their move leaves as it was is generated once, and one they play alike is
/// played once. Each variant's game must be its game alone, and the sharing must really happen
/// (else these tests would prove nothing about it).
@Suite struct SharedRoundsTests {
    static let game = PlayableRelentless()

    /// The design and every variant a sensitivity plays (the keys, or the personas).
    static func variants(_ options: GameOptionValues, subject: String? = nil, harsher: Bool = false) throws -> [PlayableRelentless.Playable] {
        var folder = try RelentlessFilesTests.shippedFolder()
        if harsher {
            folder.files["DefaultGameParameters.plist"] = try Fixtures.bytes(Fixtures.harsherDesign.appendingPathComponent("DefaultGameParameters.plist"))
        }
        let (asked, diagnostics) = try game.playable(folder, options)
        let playable = try #require(asked, "\(diagnostics)")
        let moves = game.moves(of: playable, step: 0.1, subject: subject)
        return [playable] + moves.moves.flatMap { move in move.designs.map { [$0.low, $0.high] } ?? [] }
    }

    static func same(_ designs: [PlayableRelentless.Playable], seeds: ClosedRange<UInt64>) -> Bool {
        let lineups = designs.map { (design: $0, lineup: 0) }
        return seeds.allSatisfy { seed in
            game.measure(lineups, game: seed, seed: seed) == designs.map { game.measure($0, lineup: 0, game: seed, seed: seed) }
        }
    }

    /// How many (variant, round) pairs share the base's generation, and its play.
    static func shared(_ designs: [PlayableRelentless.Playable]) -> (generation: Int, play: Int, neither: Int) {
        let base = designs[0].simulators[0]
        var counts = (generation: 0, play: 0, neither: 0)
        for variant in designs.dropFirst().map({ $0.simulators[0] }) {
            #expect(variant.design.sharesTables(with: base.design))
            for r in 0..<base.maxRounds {
                if !base.generatesAlike(variant, round: r) {
                    counts.neither += 1
                } else if base.playsAlike(variant, round: r) {
                    counts.play += 1
                } else {
                    counts.generation += 1
                }
            }
        }
        return counts
    }

    @Test func aSensitivitysVariantsPlayTheirOwnGamesTogether() throws {
        let designs = try Self.variants(["team": .texts(["casual,novice,expert"]), "max-rounds": .integer(12)])
        #expect(designs.count > 30)
        let counts = Self.shared(designs)
        // Money moves share the base's play; play moves its generation; ramp and catalogue moves neither.
        #expect(counts.play > 0 && counts.generation > 0 && counts.neither > 0, "\(counts)")
        #expect(Self.same(designs, seeds: 1...8))
    }

    @Test func teamsThatLoseApartOnAHarshDesign() throws {
        let designs = try Self.variants(["team": .texts(["novice,novice,casual"]), "max-rounds": .integer(15)], harsher: true)
        #expect(Self.same(designs, seeds: 1...10))
    }

    @Test func thePersonasVariantsShareRoundsButNotPlay() throws {
        let designs = try Self.variants(["team": .texts(["casual,casual,casual"]), "max-rounds": .integer(8)], subject: "personas")
        let counts = Self.shared(designs)
        #expect(counts.generation > 0 && counts.play == 0 && counts.neither == 0, "\(counts)")
        #expect(Self.same(designs, seeds: 1...6))
    }

    @Test func aDesignOfAnotherCatalogueOrAComposedPipelinePlaysAlone() throws {
        let playable = try PlayableRelentlessTests.playable(["max-rounds": .integer(5)])
        let base = playable.simulators[0]
        // Another catalogue (prepared again: the same items, other tables) plays alone, the same game.
        let other = GameSimulator(design: try PreparedDesign(playable.design), team: base.team, maxRounds: 5)
        #expect(!other.design.sharesTables(with: base.design))
        // A pipeline with a command replaced has no choice: it shares nothing.
        var composed = Pipeline.default
        composed.houses = RoundRobinHouseDealer()
        #expect(composed.choice == nil && Pipeline.default.choice == PipelineChoice())
        let custom = GameSimulator(design: base.design, team: base.team, maxRounds: 5, pipeline: composed)
        #expect(!base.generatesAlike(custom, round: 0))
        for seed: UInt64 in 1...5 {
            var rounds = [[Int]](repeating: [], count: 3)
            let together = GameSimulator.play([base, other, custom], seed: seed) { i, round in rounds[i].append(round.money) }
            for (i, simulator) in [base, other, custom].enumerated() {
                var alone: [Int] = []
                let game = try simulator.play(seed: seed) { alone.append($0.money) }
                #expect(try together[i].get() == game && rounds[i] == alone, "simulator \(i), seed \(seed)")
            }
        }
    }
}
