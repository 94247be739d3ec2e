import ArgumentParser
import Diagnostics
import ExampleGame
import GameSeam
import MonteCarlo
@testable import PlaybenchCLI
import Testing

/// A game that plays but neither compares games one by one nor prints one: Coin with only
/// `PlayableGame`'s members, to see the commands that need more refuse it by name.
private struct PlayOnlyCoin: PlayableGame {
    let coin = CoinGame()
    var name: String { "PlayOnlyCoin" }
    var summary: String { coin.summary }
    var designFileName: String { coin.designFileName }
    var commands: [String: String] { coin.commands }
    var fileOptions: [DesignFileOption] { coin.fileOptions }
    var checkOptions: Set<CheckOption> { coin.checkOptions }
    func check(_ design: any DesignFolder, _ request: CheckRequest) throws(DesignFileError) -> CheckResult { try coin.check(design, request) }
    func playable(_ design: any DesignFolder, _ options: GameOptionValues) throws(PlayLoadError) -> (CoinGame.Design?, [Diagnostic]) {
        try coin.playable(design, options)
    }
    var parameters: [ParameterDefinition] { coin.parameters }
    func setting(_ design: CoinGame.Design, _ name: String, to value: String) throws(PlayLoadError) -> CoinGame.Design {
        try coin.setting(design, name, to: value)
    }
    func value(of name: String, in design: CoinGame.Design) -> String? { coin.value(of: name, in: design) }
    func lineups(of design: CoinGame.Design) -> [Lineup] { coin.lineups(of: design) }
    func emptyStatistics() -> CoinGame.Statistics { coin.emptyStatistics() }
    func invariantViolation(of statistics: CoinGame.Statistics, games: Int) -> String? { coin.invariantViolation(of: statistics, games: games) }
    func play(_ design: CoinGame.Design, lineup: Int, game: UInt64, seed: UInt64, into statistics: inout CoinGame.Statistics) {
        coin.play(design, lineup: lineup, game: game, seed: seed, into: &statistics)
    }
    var metrics: [MetricDefinition] { coin.metrics }
    func estimate(_ name: String, of statistics: CoinGame.Statistics, confidence: Confidence) -> MetricEstimate? {
        coin.estimate(name, of: statistics, confidence: confidence)
    }
    func simulationText(_ run: PlayedRun<Self>) -> String { "" }
    func simulationJSON(_ run: PlayedRun<Self>) -> any Encodable & Sendable { run.statistics }
    func report(_ run: PlayedRun<Self>) -> (files: [ReportFile], played: String) { MetricsReport.files(self, run) }
}

/// What some commands need beyond playing is a capability of its own (`ComparingGame` for diff
/// and sensitivity, `ReplayingGame` for `simulate --replay`); a game without it is refused by
/// name, and one with it is served (issue 41).
@Suite struct CapabilityTests {
    static let playOnly = GameRegistry(games: [PlayOnlyCoin()], defaultGame: PlayOnlyCoin())
    static let coin = GameRegistry(games: [CoinGame()], defaultGame: CoinGame())

    @Test func aGameThatOnlyPlaysIsRefusedByTheCommandsThatCompareOrReplay() throws {
        let design = DesignDirectory(nil, registry: Self.playOnly)
        #expect(try SeamPlay.playableGame(design, command: "simulate").name == "PlayOnlyCoin")
        let compare = try #require(throws: ValidationError.self) { try SeamPlay.comparingGame(design, command: "diff") }
        #expect(compare.message == "diff compares games one by one: PlayOnlyCoin names no metric every game has a value of")
        let replay = try #require(throws: ValidationError.self) { try SeamPlay.replayingGame(design, command: "simulate") }
        #expect(replay.message == "--replay prints one game: PlayOnlyCoin games are not printed one by one")
    }

    @Test func aGameWithTheCapabilitiesIsServed() throws {
        let design = DesignDirectory(nil, registry: Self.coin)
        #expect(try SeamPlay.comparingGame(design, command: "sensitivity").name == "Coin")
        #expect(try SeamPlay.replayingGame(design, command: "simulate").name == "Coin")
    }
}
