import Balance
import Diagnostics
import Foundation
import GameSeam
import MonteCarlo
import Relentless
import RelentlessGame
import RelentlessSimulation
import Testing
import TestSupport

/// Relentless's gate on the seam: its Balance.plist (teams, rounds, starts, horizon metrics) read
/// by the game (`GatePlanning`) and played by the shared `MetricGate`, on real games of the
/// shipped design (few and short, for a debug build).
@Suite struct RelentlessGateTests {
    static let game = PlayableRelentless()

    /// A Balance.plist with `top` keys before the targets, and each target's dict body.
    static func balance(top: String, targets: [String]) -> [UInt8] {
        Array(DesignFixtures.plist("<dict>\(top)<key>targets</key><array>\(targets.map { "<dict>\($0)</dict>" }.joined())</array></dict>").utf8)
    }

    static let survival = "<key>team</key><string>casual,casual,casual,casual</string><key>metric</key><string>survival</string><key>round</key><integer>6</integer><key>atLeast</key><real>0.5</real>"
    static let impossibleMoney = "<key>team</key><string>casual,casual,casual,casual</string><key>metric</key><string>medianMoney</string><key>round</key><integer>6</integer><key>atLeast</key><integer>1000000</integer>"
    static let mixedRounds = "<key>team</key><string>novice,casual,expert</string><key>metric</key><string>meanRounds</string><key>atLeast</key><integer>3</integer>"
    static let ruin = "<key>team</key><string>novice,novice,novice</string><key>metric</key><string>ruin</string><key>atMost</key><real>0.5</real>"
    static let drift = "<key>team</key><string>novice,novice,novice</string><key>metric</key><string>drift</string><key>atLeast</key><integer>0</integer>"
    static let top = "<key>firstGames</key><integer>32</integer><key>maxGames</key><integer>128</integer><key>maxRounds</key><integer>6</integer>"

    /// The design of `folder` with `balance` as its Balance.plist, read for the gate.
    static func reading(
        _ balance: [UInt8], folder: RelentlessFilesTests.MemoryFolder? = nil, options: GameOptionValues = [:]
    ) throws -> GatePlanReading<PlayableRelentless> {
        var folder = try folder ?? RelentlessFilesTests.shippedFolder()
        folder.files["Balance.plist"] = balance
        let (playable, diagnostics) = try game.playable(folder, options)
        return try game.gatePlan(folder, for: try #require(playable, "\(diagnostics)"))
    }

    static func gate(_ reading: GatePlanReading<PlayableRelentless>) throws -> MetricGate<PlayableRelentless> {
        MetricGate(game: game, playable: try #require(reading.playable, "\(reading.diagnostics)"), plan: try #require(reading.plan))
    }

    /// The shipped design's files with `dailyExpense` set.
    static func folder(dailyExpense: Int) throws -> RelentlessFilesTests.MemoryFolder {
        var folder = try RelentlessFilesTests.shippedFolder()
        let parameters = String(decoding: try #require(folder.files["DefaultGameParameters.plist"]), as: UTF8.self)
        folder.files["DefaultGameParameters.plist"] = Array(parameters.settingParameter("dailyExpense", to: "<integer>\(dailyExpense)</integer>").utf8)
        return folder
    }

    @Test func theShippedDesignMeetsEasyTargetsAndMissesAnImpossibleOne() throws {
        let reading = try Self.reading(Self.balance(top: Self.top, targets: [Self.survival, Self.impossibleMoney, Self.mixedRounds]))
        // One lineup per team the targets name, in the order they first appear.
        #expect(Self.game.lineups(of: try #require(reading.playable)).map(\.name) == ["4 × casual", "novice, casual, expert"])
        #expect(reading.plan?.targets.map(\.metric) == ["survival(6)", "medianMoney(6)", "meanRounds"])
        let result = try #require(try Self.gate(reading).run(design: "shipped", threads: 2))
        #expect(result.targets.map(\.verdict) == [.met, .missed, .met])
        #expect(result.targets.allSatisfy { $0.games == 32 && $0.looks == 1 })
        let money = try #require(result.targets[1].estimate)
        #expect(money.upper < 1_000_000 && money.lower <= money.value && money.value <= money.upper)
        #expect(result.verdicts.summary == "2 of 3 targets met, 1 missed")
        #expect(result.verdicts.method.hasPrefix("Seed 1, up to 6 rounds a game. "))
    }

    /// A daily expense of 1000 is more than four players can earn in a round (M1: at most
    /// 4 × 100 satisfaction × 2): every team goes broke in round 1, so none is solvent after
    /// round 6 and the median money after it has no value, which misses its band.
    @Test func aHarsherDesignMissesSurvivalAndHasNoMoneyAfterTheRound() throws {
        let reading = try Self.reading(
            Self.balance(top: Self.top, targets: [Self.survival, Self.impossibleMoney, Self.mixedRounds]), folder: try Self.folder(dailyExpense: 1000))
        let result = try #require(try Self.gate(reading).run(design: "harsher", threads: 2))
        #expect(result.targets.map(\.verdict) == [.missed, .missed, .missed])
        #expect(result.targets[0].estimate?.value == 0)
        #expect(result.targets[1].estimate == nil && result.targets[1].games == 128 && result.targets[1].looks == 3)
        let explanations = result.verdicts.targets.map(\.explanation)
        #expect(explanations[0].contains("outside"))
        #expect(explanations[1] == "no value in 128 games: none solvent after round 6")
    }

    @Test func theVerdictsDoNotDependOnThreads() throws {
        let gate = try Self.gate(try Self.reading(Self.balance(top: Self.top, targets: [Self.survival, Self.impossibleMoney, Self.mixedRounds])))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let one = try encoder.encode(try #require(gate.run(design: "shipped", threads: 1)))
        let three = try encoder.encode(try #require(gate.run(design: "shipped", threads: 3)))
        #expect(one == three)
    }

    @Test func cancellingReturnsNothing() throws {
        let gate = try Self.gate(try Self.reading(Self.balance(top: Self.top, targets: [Self.survival])))
        let cancellation = Cancellation()
        cancellation.cancel()
        #expect(gate.run(design: "shipped", cancellation: cancellation) == nil)
    }

    @Test func ruinAndDriftAreMetOnTheGameAsShippedAndMissedOnTheHarsherOne() throws {
        let top = "<key>firstGames</key><integer>64</integer><key>maxGames</key><integer>128</integer><key>maxRounds</key><integer>21</integer>"
        let met = try #require(try Self.gate(try Self.reading(Self.balance(top: top, targets: [Self.ruin, Self.drift]))).run(design: "shipped", threads: 2))
        #expect(met.targets.map(\.verdict) == [.met, .met], "\(met.verdicts.targets.map(\.explanation))")
        var harsher = RelentlessFilesTests.MemoryFolder(directory: "harsher")
        for name in ["GameConfig.plist", "DefaultGameParameters.plist"] {
            harsher.files[name] = try Fixtures.bytes(Fixtures.harsherDesign.appendingPathComponent(name))
        }
        harsher.files["Players.plist"] = try RelentlessFilesTests.shipped("Players.plist")
        let missed = try #require(
            try Self.gate(try Self.reading(Self.balance(top: top, targets: [Self.ruin, Self.drift]), folder: harsher)).run(design: "harsher", threads: 2))
        // Three novices lose about 11 money a round at the top (HorizonTests): certain ruin.
        #expect(missed.targets.map(\.verdict) == [.missed, .missed], "\(missed.verdicts.targets.map(\.explanation))")
        #expect(missed.targets[0].estimate?.value == 1)
    }

    @Test func aTargetBeyondTheHorizonThatTheGamesCannotReachIsRefusedBeforePlay() throws {
        // The shipped ramp reaches difficulty 10 at round 19: two rounds there need 20.
        let survival5 = Self.survival.replacingOccurrences(of: "<integer>6</integer>", with: "<integer>5</integer>")
        func top(_ maxRounds: Int) -> String { "<key>maxRounds</key><integer>\(maxRounds)</integer>" }
        let refused = try Self.reading(Self.balance(top: top(19), targets: [Self.ruin, survival5]))
        #expect(refused.plan == nil && refused.playable == nil)
        let errors = refused.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.message.hasPrefix("ruin of 3 × novice: ") == true)
        #expect(errors.first?.message.contains("raise maxRounds to at least 20") == true, "\(errors)")
        #expect(errors.first?.file?.hasPrefix("mine/Balance.plist:") == true, "the target's place: \(errors)")
        #expect(try Self.reading(Self.balance(top: top(20), targets: [Self.ruin])).plan != nil)
    }

    /// After round 1 of the shipped design, teams starting at the minimum have far more money than
    /// teams thrown in at difficulty 7: one band, two verdicts, from two lineups.
    @Test func aTargetPlaysFromItsOwnStart() throws {
        let money = "<key>team</key><string>casual,casual,casual,casual</string><key>metric</key><string>medianMoney</string><key>round</key><integer>1</integer><key>atLeast</key><integer>200</integer>"
        let top = "<key>firstGames</key><integer>32</integer><key>maxGames</key><integer>64</integer><key>maxRounds</key><integer>2</integer>"
        let reading = try Self.reading(Self.balance(top: top, targets: [money, money + "<key>startDifficulty</key><integer>7</integer>"]))
        let playable = try #require(reading.playable)
        #expect(playable.simulators.map { $0.roundParameters.first?.difficulty } == [1, 7])
        #expect(Self.game.lineups(of: playable).map(\.name) == ["4 × casual", "4 × casual from difficulty 7"])
        let result = try #require(try Self.gate(reading).run(design: "shipped", threads: 2))
        #expect(result.targets.map(\.verdict) == [.met, .missed], "\(result.verdicts.targets.map(\.explanation))")
        #expect(result.properties?.map(\.name) == ["maxRounds"])
    }

    /// The file's start is the result's unless it is the minimum (the default start, said nowhere);
    /// `--start-difficulty` replaces it.
    @Test func thePlansStartIsTheResultsUnlessItIsTheMinimum() throws {
        let casual = Self.survival.replacingOccurrences(of: "<integer>6</integer>", with: "<integer>1</integer>")
        for (written, asked, recorded) in [(1.0, nil, nil), (3.5, nil, 3.5), (3.5, 1, nil), (1.0, 2.5, 2.5)] as [(Double, Double?, Double?)] {
            let top = "<key>firstGames</key><integer>8</integer><key>maxGames</key><integer>8</integer><key>maxRounds</key><integer>2</integer><key>startDifficulty</key><real>\(written)</real>"
            let reading = try Self.reading(Self.balance(top: top, targets: [casual]), options: asked.map { ["start-difficulty": .number($0)] } ?? [:])
            let playable = try #require(reading.playable)
            #expect(playable.simulators.first?.startDifficulty == recorded, "written \(written), asked \(asked.map(\.designerText) ?? "-")")
            let properties = try #require(reading.plan?.properties)
            #expect(properties.first { $0.name == "startDifficulty" }?.value == recorded?.designerText)
        }
    }
}
