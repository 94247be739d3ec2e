import Balance
import ExampleGame
import Explore
import GameSeam
import MonteCarlo
import Synchronization
import Testing

/// The session behind the page, on Coin (Tests/ExampleGame), whose share of games won is a
/// binomial tail: what the page shows is tested against the games played without it, and
/// against the closed form.
@Suite struct ExploreSessionTests {
    let game = CoinGame()

    func session(edits: [ExploreEdit] = []) throws -> ComparingExploreSession<CoinGame> {
        ComparingExploreSession(game, try CoinFolder().playable(), label: "coin", directory: "coin", games: 600, edits: edits)
    }

    /// Every block a run streams, and how it ended.
    func run(_ session: ComparingExploreSession<CoinGame>, _ request: ExploreRunRequest, cancellation: Cancellation = Cancellation())
        -> (blocks: [ExploreBlock], problems: [ExploreProblem], end: ExploreRunEnd)
    {
        let blocks = Mutex<[ExploreBlock]>([])
        var problems: [ExploreProblem] = []
        let end = session.run(request, threads: 2, cancellation: cancellation, progress: { _, _ in }, refused: { problems = $0 }) { block in
            blocks.withLock { $0.append(block) }
        }
        return (blocks.withLock { $0 }, problems, end)
    }

    @Test func theDesignIsShownAsTheGameDefinesIt() throws {
        let design = try session().design
        #expect(design.game == "Coin" && design.design == "coin" && design.lineups == ["10 flips"])
        #expect(design.parameters.map(\.name) == ["flips", "target", "headsPercent"])
        #expect(design.parameters.map(\.value) == ["10", "6", "50"])
        #expect(design.parameters[0].effect == "flips a game (K1)")
        #expect(design.parameters.allSatisfy { $0.kind == "integers" })
        #expect(design.parameters[2].lower == 0 && design.parameters[2].upper == 100)
        // A slider spans a quarter to four times the value, within the parameter's range.
        #expect(design.parameters[2].sliderLower == 12 && design.parameters[2].sliderUpper == 100)
        #expect(design.metrics.map(\.name) == ["wins", "heads"] && design.gameMetrics.map(\.name) == ["wins", "heads"])
        #expect(design.games == 600 && design.seed == 1)
    }

    /// Blocks of 256 games, each the numbers of every game so far; the last is those of the
    /// games played without the page: each design's own run (as simulate plays it) and the
    /// paired run (as diff plays it), bit for bit.
    @Test func theLastBlockIsTheRunOfEveryGame() throws {
        let session = try session()
        let request = ExploreRunRequest(edits: [ExploreEdit(name: "headsPercent", value: "60")], lineup: 0, games: 600, seed: 9)
        let (blocks, problems, end) = run(session, request)
        #expect(problems.isEmpty && end == .complete)
        #expect(blocks.map(\.games) == [256, 512, 600])
        #expect(blocks.map(\.final) == [false, false, true])
        let last = try #require(blocks.last)
        let design = try CoinFolder().playable(), edited = try CoinFolder(headsPercent: 60).playable()
        for (playable, side) in [(design, \ExploreBlock.Row.design), (edited, \ExploreBlock.Row.edited)] {
            let own = game.play(playable, lineup: 0, games: 600, seed: 9, threads: 1, cancellation: nil).statistics
            for row in last.rows {
                #expect(row[keyPath: side] == game.estimate(row.metric, of: own, confidence: .ninetyFive))
            }
        }
        let paired = game.playPaired(design, lineup: 0, variants: [(edited, 0)], games: 600, seed: 9, threads: 3, cancellation: nil)
        for (m, difference) in last.differences.enumerated() {
            let expected = PairedDifference(paired.statistics.moments.differences[0][m], .ninetyFive)
            #expect(difference.mean == expected.mean && difference.lower == expected.lower && difference.upper == expected.upper)
            #expect(difference.design == paired.statistics.moments.base[m].mean && difference.edited == paired.statistics.moments.values[0][m].mean)
        }
    }

    /// The paired difference in wins holds the closed form's, P(X ≥ 6) at p = 0.6 less that at
    /// p = 0.5 (0.2561): with seed 1 and 4,000 games, as a 95% interval does 19 times in 20.
    @Test func thePairedDifferenceHoldsTheExactOne() throws {
        let session = ComparingExploreSession(game, try CoinFolder().playable(), label: "coin", directory: "coin", games: 4000)
        let (blocks, _, _) = run(session, ExploreRunRequest(edits: [ExploreEdit(name: "headsPercent", value: "60")], games: 4000))
        let wins = try #require(blocks.last?.differences.first { $0.metric == "wins" })
        let exact = binomialTail(10, 0.6, atLeast: 6) - binomialTail(10, 0.5, atLeast: 6)
        #expect(abs(exact - 0.2561) < 1e-4)
        #expect(wins.lower <= exact && exact <= wins.upper && wins.significant)
        // Pairing: the difference's interval is narrower than either design's own.
        let row = try #require(blocks.last?.rows.first { $0.metric == "wins" })
        #expect(try #require(row.edited).upper - row.edited!.lower > wins.upper - wins.lower)
    }

    @Test func anEditTheDesignCannotTakeIsSaidBesideItsFieldAndNothingIsPlayed() throws {
        let session = try session()
        let (blocks, problems, end) = run(session, ExploreRunRequest(edits: [ExploreEdit(name: "target", value: "eleven")], games: 600))
        #expect(end == .refused && blocks.isEmpty)
        #expect(problems == [ExploreProblem(name: "target", message: "target takes a whole number in 0...1000, not 'eleven'")])
        // A rule the edits break together, said with their values beside the edit that breaks it
        // alone; edits that mend each other (flips 4 alone is below the design's target 6) are
        // none.
        let together = session.problems([ExploreEdit(name: "flips", value: "4"), ExploreEdit(name: "target", value: "5")])
        #expect(together == [ExploreProblem(name: "flips", message: "target 5 is above flips 4 (K2)")])
        #expect(session.problems([ExploreEdit(name: "flips", value: "4"), ExploreEdit(name: "target", value: "3")]).isEmpty)
        // Each fine alone, not together: above them all.
        let neither = session.problems([ExploreEdit(name: "flips", value: "7"), ExploreEdit(name: "target", value: "8")])
        #expect(neither == [ExploreProblem(name: nil, message: "target 8 is above flips 7 (K2)")])
        #expect(session.problems([ExploreEdit(name: "coins", value: "5")]).first?.name == "coins")
    }

    /// Edits are read as `--set` reads them: spaces at either end dropped, and a value left
    /// empty is said beside its field, not played.
    @Test func editsAreTrimmedAndAnEmptyValueIsRefused() throws {
        let session = try session()
        let (blocks, _, end) = run(session, ExploreRunRequest(edits: [ExploreEdit(name: " flips ", value: "  8 ")], games: 2))
        #expect(end == .complete && blocks.last?.commands.edited == "playbench simulate coin --set flips=8 --games 2 --seed 1")
        #expect(session.problems([ExploreEdit(name: "flips", value: "  ")]) == [ExploreProblem(name: "flips", message: "no value: write a number or an expression")])
        let (none, problems, refused) = run(session, ExploreRunRequest(edits: [ExploreEdit(name: "flips", value: "")], games: 2))
        #expect(refused == .refused && none.isEmpty && problems.first?.name == "flips")
    }

    /// A session asked for fewer than 2 games a run still plays 2 (an interval needs two).
    @Test func aRunPlaysAtLeastTwoGames() throws {
        let session = ComparingExploreSession(game, try CoinFolder().playable(), label: "coin", directory: "coin", games: 1, maxGames: 1)
        #expect(session.design.games == 2 && session.design.maxGames == 2)
        #expect(run(session, ExploreRunRequest(edits: [], games: 2)).end == .complete)
    }

    /// The page keeps the seed as its digits: a JavaScript number would round one above 2^53.
    @Test func theSeedIsShownAsItsDigits() throws {
        let session = ComparingExploreSession(game, try CoinFolder().playable(), label: "coin", directory: "coin", seed: .max, lineup: 0)
        #expect(session.design.seedText == "18446744073709551615")
        #expect(run(session, ExploreRunRequest(edits: [], games: 2, seed: .max)).blocks.last?.commands.design.hasSuffix("--seed 18446744073709551615") == true)
    }

    @Test func aRequestOutOfBoundsIsRefused() throws {
        let session = try session()
        for request in [ExploreRunRequest(edits: [], lineup: 1, games: 600), ExploreRunRequest(edits: [], games: 1), ExploreRunRequest(edits: [], games: 100_001)] {
            let (blocks, problems, end) = run(session, request)
            #expect(end == .refused && blocks.isEmpty && problems.count == 1)
        }
    }

    @Test func aCancelledRunPlaysNoFurther() throws {
        let cancellation = Cancellation()
        cancellation.cancel()
        let (blocks, _, end) = run(try session(), ExploreRunRequest(edits: [], games: 600), cancellation: cancellation)
        #expect(end == .cancelled && blocks.isEmpty)
    }

    /// The commands name the edits in the parameters' order, the last value of a name kept,
    /// each word as a shell reads it.
    @Test func theCommandsReproduceTheRunAsAsked() throws {
        let session = try session()
        let edits = [ExploreEdit(name: "target", value: "4"), ExploreEdit(name: "flips", value: "8"), ExploreEdit(name: "target", value: "5")]
        let (blocks, _, _) = run(session, ExploreRunRequest(edits: edits, games: 300, seed: 42))
        let commands = try #require(blocks.last?.commands)
        #expect(commands.design == "playbench simulate coin --games 300 --seed 42")
        #expect(commands.edited == "playbench simulate coin --set flips=8 --set target=5 --games 300 --seed 42")
        let spaced = ComparingExploreSession(game, try CoinFolder().playable(), label: "my coin", directory: "my coin", games: 600)
        #expect(spaced.run(ExploreRunRequest(edits: [], games: 2), threads: 1, cancellation: Cancellation(), progress: { _, _ in }, refused: { _ in }) { block in
            precondition(block.commands.design.hasPrefix("playbench simulate 'my coin' "))
        } == .complete)
    }
}
