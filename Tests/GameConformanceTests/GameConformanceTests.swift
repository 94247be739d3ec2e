import AndoraGame
import ArgumentParser
import Diagnostics
import ExampleGame
import Foundation
import GameSeam
import MonteCarlo
import RelentlessGame
import ShakyWordsGame
import TabulaImaginariumGame
import Testing
import TestSupport
import TurnTrackerGame
@testable import PlaybenchCLI

/// What every game on the seam must do for the commands to serve it alike (issue 17), asked of
/// each game the project has: Relentless, Andora, Shaky Words, Turn Tracker, Tabula Imaginarium and the example game, Coin. A new game joins `games`.
///
/// Each game reads its design from memory here (``MemoryFolder``): the seam asks a game for no I/O.
@Suite("Every game on the seam keeps the seam's promises")
struct GameConformanceTests {
    /// A design's files held in memory.
    struct MemoryFolder: DesignFolder {
        var files: [String: [UInt8]]
        var directory: String? { "memory" }
        var label: String { "memory" }
        var namedFiles: [String: String] { [:] }
        func file(_ name: String) throws(DesignFileError) -> DesignFile? { files[name].map { DesignFile(path: "memory/\(name)", bytes: $0) } }
    }

    /// A game, a design of it, and the options that keep its games quick.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var run: @Sendable () throws -> Void
        var testDescription: String { name }
    }

    static let coinDesign = MemoryFolder(files: [
        CoinGame.fileName: Array("""
            <plist version="1.0"><dict><key>flips</key><integer>10</integer><key>target</key><integer>6</integer>\
            <key>headsPercent</key><integer>50</integer></dict></plist>
            """.utf8)
    ])

    static var andoraDesign: MemoryFolder {
        MemoryFolder(files: ["Andora.plist": (try? Fixtures.bytes(Fixtures.designs.appendingPathComponent("andora/Andora.plist"))) ?? []])
    }

    static var shakyWordsDesign: MemoryFolder {
        var files: [String: [UInt8]] = [:]
        for name in ["ShakyWords.plist", "QuizPacks.plist"] {
            files[name] = (try? Fixtures.bytes(Fixtures.designs.appendingPathComponent("shaky-words/\(name)"))) ?? []
        }
        return MemoryFolder(files: files)
    }

    static var turnTrackerDesign: MemoryFolder {
        var files: [String: [UInt8]] = [:]
        for name in ["Games.plist", "Sessions.plist"] {
            files[name] = (try? Fixtures.bytes(Fixtures.designs.appendingPathComponent("turn-tracker/\(name)"))) ?? []
        }
        return MemoryFolder(files: files)
    }

    /// The shipped map, its generator and its sync session.
    static var tabulaDesign: MemoryFolder {
        var files: [String: [UInt8]] = [:]
        for name in ["TabulaMap.plist", "Generator.plist", "Session.plist"] {
            files[name] = (try? Fixtures.bytes(Fixtures.designs.appendingPathComponent("tabula/\(name)"))) ?? []
        }
        return MemoryFolder(files: files)
    }

    /// The shipped Relentless design's files, read from Designs/relentless into memory.
    static var relentlessDesign: MemoryFolder {
        var files: [String: [UInt8]] = [:]
        for name in ["GameConfig.plist", "DefaultGameParameters.plist", "Players.plist"] {
            files[name] = (try? Fixtures.bytes(Fixtures.shippedDesign.appendingPathComponent(name))) ?? []
        }
        return MemoryFolder(files: files)
    }

    static let games: [Case] = [
        Case(name: "Coin") { try conforms(CoinGame(), coinDesign, options: [:]) },
        Case(name: "Relentless") { try conforms(PlayableRelentless(), relentlessDesign, options: ["max-rounds": .integer(4), "team": .texts(["casual,casual,casual", "expert,novice,casual"])]) },
        Case(name: "Andora") { try conforms(AndoraDefinition(), andoraDesign, options: ["agents": .texts(["random", "greedy,random"])]) },
        Case(name: "ShakyWords") { try conforms(ShakyWordsDefinition(), shakyWordsDesign, options: [:]) },
        Case(name: "TurnTracker") { try conforms(TurnTrackerDefinition(), turnTrackerDesign, options: [:]) },
        Case(name: "TabulaImaginarium") { try conforms(TabulaImaginariumDefinition(), tabulaDesign, options: [:]) },
    ]

    /// The games whose check hands back the design it read (``CheckResult/playable``).
    static let checkingOnce: Set<String> = ["Andora", "ShakyWords", "TurnTracker", "TabulaImaginarium"]

    @Test(arguments: games)
    func keepsThePromises(_ game: Case) throws { try game.run() }

    /// Every promise, for one game.
    static func conforms<Game: ComparingGame & ReplayingGame>(_ game: Game, _ folder: MemoryFolder, options: GameOptionValues) throws {
        // The design checks clean and loads for play.
        let checked = try game.check(folder, CheckRequest())
        #expect(!checked.diagnostics.contains { $0.severity == .error }, "\(game.name): \(checked.diagnostics)")
        let playable = try #require(try game.playable(folder, options).0)

        // A playable the check hands back, so that check reads the design once (issue 43), is
        // the one playable(_:[:]) gives: the same lineups, playing the same games.
        if let handed = checked.playable {
            let own = try #require(handed as? Game.Playable, "\(game.name): check hands back another type")
            let fresh = try #require(try game.playable(folder, [:]).0)
            #expect(game.lineups(of: own).map(\.name) == game.lineups(of: fresh).map(\.name), "\(game.name)")
            #expect(game.lineups(of: own).map(\.seedKey) == game.lineups(of: fresh).map(\.seedKey), "\(game.name)")
            for (which, design) in [("check's", own), ("playable's", fresh)] {
                var statistics = game.emptyStatistics()
                let seeds = game.lineups(of: design)[0].seeds(7)
                game.play(design, lineup: 0, game: 3, seed: seeds.seed(game: 3), into: &statistics)
                var reference = game.emptyStatistics()
                game.play(fresh, lineup: 0, game: 3, seed: seeds.seed(game: 3), into: &reference)
                #expect(try encoded(statistics) == encoded(reference), "\(game.name): \(which) playable plays another game")
            }
        } else {
            #expect(!Self.checkingOnce.contains(game.name), "\(game.name): check no longer hands back what it read")
        }

        // Lineups: some, distinctly named, with a chunk size.
        let lineups = game.lineups(of: playable)
        #expect(!lineups.isEmpty && Set(lineups.map(\.name)).count == lineups.count, "\(game.name): \(lineups.map(\.name))")
        #expect(lineups.allSatisfy { $0.chunkSize >= 1 })

        // A game is a function of its seed.
        func one(_ lineup: Int, _ number: UInt64) throws -> Data {
            var statistics = game.emptyStatistics()
            game.play(playable, lineup: lineup, game: number, seed: lineups[lineup].seeds(7).seed(game: number), into: &statistics)
            return try encoded(statistics)
        }
        for lineup in lineups.indices { #expect(try one(lineup, 3) == one(lineup, 3), "\(game.name): game 3 of \(lineups[lineup].name)") }

        // Runs do not depend on the thread count, and their statistics survive JSON (what a part holds).
        let single = game.play(playable, lineup: 0, games: 600, seed: 11, threads: 1, cancellation: nil)
        let many = game.play(playable, lineup: 0, games: 600, seed: 11, threads: 3, cancellation: nil)
        #expect(try encoded(single.statistics) == encoded(many.statistics), "\(game.name): threads change the statistics")
        let decoded = try PartJSON.decoder.decode(Game.Statistics.self, from: try encoded(single.statistics))
        #expect(try encoded(decoded) == encoded(single.statistics), "\(game.name): statistics do not survive JSON")

        // What merge trusts: a run's statistics pass the game's check for its games, not for others,
        // and neither does a copy that claims a game more than its other counts hold (a forged
        // part; a count changed within its range is the checksum's to catch).
        #expect(game.invariantViolation(of: single.statistics, games: 600) == nil, "\(game.name)")
        #expect(game.invariantViolation(of: single.statistics, games: 599) != nil, "\(game.name)")
        var object = try #require(try JSONSerialization.jsonObject(with: try encoded(single.statistics)) as? [String: Any])
        object["games"] = 601
        let forged = try PartJSON.decoder.decode(Game.Statistics.self, from: try JSONSerialization.data(withJSONObject: object))
        #expect(game.invariantViolation(of: forged, games: 601) != nil, "\(game.name): a game more passes")

        // Metrics: distinct names, described; estimates ordered, shares in 0...1.
        #expect(Set(game.metrics.map(\.name)).count == game.metrics.count && game.metrics.allSatisfy { !$0.summary.isEmpty })
        for metric in game.metrics {
            guard let e = game.estimate(metric.name, of: single.statistics, confidence: .ninetyFive) else { continue }
            #expect(e.lower <= e.value && e.value <= e.upper, "\(game.name).\(metric.name): \(e)")
            if metric.kind == .proportion { #expect(0 <= e.lower && e.upper <= 1, "\(game.name).\(metric.name): \(e)") }
            #expect(e.sample == 600 || metric.kind != .proportion)
        }
        #expect(game.estimate("no such metric", of: single.statistics, confidence: .ninetyFive) == nil)

        // Parameters: distinct, each with an effect; the design's own value is one it takes, and
        // setting it changes nothing that is played; a value outside the domain is refused.
        #expect(Set(game.parameters.map(\.name)).count == game.parameters.count && game.parameters.allSatisfy { !$0.effect.isEmpty })
        for parameter in game.parameters {
            if let value = game.value(of: parameter.name, in: playable) {
                #expect(parameter.check(value) == nil, "\(game.name).\(parameter.name) = \(value)")
                let same = try game.setting(playable, [(parameter.name, value)])
                #expect(game.lineups(of: same) == lineups, "\(game.name): setting \(parameter.name) to its own value changed the lineups")
            }
            switch parameter.values {
            case .integers(let range): #expect(parameter.check(String(range.upperBound + 1)) != nil)
            case .numbers(let range): #expect(parameter.check("\(range.upperBound * 2 + 1)") != nil)
            case .choices: #expect(parameter.check("no such choice") != nil)
            }
        }
        #expect(throws: PlayLoadError.self) { try game.setting(playable, [("no such parameter", "1")]) }

        // A compared game has a value of every game metric, the same each time (ComparingGame).
        #expect(!game.gameMetrics.isEmpty, "\(game.name)")
        let measured = game.measure(playable, lineup: 0, game: 0, seed: 5)
        #expect(measured.count == game.gameMetrics.count, "\(game.name)")
        #expect(measured == game.measure(playable, lineup: 0, game: 0, seed: 5), "\(game.name)")

        // A replay is the game the run played, the same each time.
        #expect(!game.replay(playable, lineup: 0, game: 0, seed: 5).isEmpty)
        #expect(game.replay(playable, lineup: 0, game: 0, seed: 5) == game.replay(playable, lineup: 0, game: 0, seed: 5))

        // Help and refusals name real commands and options.
        let commands = Set(Playbench.configuration.subcommands.map { $0.configuration.commandName ?? "" })
        for command in game.commands.keys { #expect(commands.contains(command), "\(game.name) lists no command '\(command)'") }
        #expect(!game.designFileName.isEmpty && !game.summary.isEmpty)
    }

    /// As a part carries them (``PartJSON``), so what is checked here is what merge reads.
    static func encoded(_ value: some Encodable) throws -> Data {
        try PartJSON.encoder.encode(value)
    }
}
