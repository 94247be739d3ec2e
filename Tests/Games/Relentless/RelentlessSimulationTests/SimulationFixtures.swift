import Diagnostics
import Foundation
import PropertyList
import Relentless
import RelentlessGeneration
import RelentlessSimulation
import Testing
import TestSupport

/// Designs and teams shared by the simulation tests.
enum SimulationFixtures {
    /// The shipped design (the game as it shipped), its parameters edited by `edit`; or another
    /// directory's (``harsher(parameters:)``).
    static func shipped(_ directory: URL = Fixtures.shippedDesign, parameters edit: (String) -> String = { $0 }) throws -> PreparedDesign {
        let sources = try Fixtures.shippedDesignSources(directory)
        let file = try #require(sources.parameters)
        let parameters = edit(String(decoding: file.bytes, as: UTF8.self))
        let edited = DesignSources(catalogue: sources.catalogue, parameters: .init(name: file.name, bytes: Array(parameters.utf8)))
        let result = DesignLoader.load(edited)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.filter { $0.severity == .error })")
        return try PreparedDesign(try #require(result.design))
    }

    /// A shipped design directory by name (`relentless`, `harsher`).
    static func directory(_ name: String) -> URL { Fixtures.designs.appendingPathComponent(name) }

    /// Designs/harsher: the original's fallback values (dailyExpense 50, a drain of 1 a second).
    static func harsher(parameters edit: (String) -> String = { $0 }) throws -> PreparedDesign {
        try shipped(Fixtures.harsherDesign, parameters: edit)
    }

    /// The shipped parameters with one key's value replaced (the key must be in the file).
    static func replacing(_ key: String, with value: String) -> @Sendable (String) -> String {
        { $0.settingParameter(key, to: value) }
    }

    static func players() throws -> PlayerModel {
        let url = Fixtures.shippedDesign.appendingPathComponent(PlayersReader.fileName)
        let (model, diagnostics) = PlayersReader.read(try PlistReader.read(bytes: try Fixtures.bytes(url)), file: url.path)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return try #require(model)
    }

    static func team(_ names: String...) throws -> [Persona] {
        let model = try players()
        return try names.map { try #require(model.persona(named: $0), "no persona \($0)") }
    }

    /// Every round of `games` games of `team`, with the game's seed.
    static func rounds(
        _ design: PreparedDesign, team: [Persona], games: Int, maxRounds: Int = 12, seed: UInt64 = 1
    ) throws -> [(seed: UInt64, round: GameRound)] {
        let simulator = GameSimulator(design: design, team: team, maxRounds: maxRounds)
        var all: [(UInt64, GameRound)] = []
        for g in 0..<games {
            let gameSeed = seed &* 1_000_003 &+ UInt64(g)
            _ = try simulator.play(seed: gameSeed) { all.append((gameSeed, $0)) }
        }
        return all
    }
}
