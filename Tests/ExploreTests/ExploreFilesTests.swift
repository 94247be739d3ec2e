import ExampleGame
import Explore
import Foundation
import GameSeam
import MonteCarlo
import Testing

/// Edits written into the design's files: checked as `check` reads the files (located messages
/// with the rule id beside the field), and saved with only the edited values' text changed.
@Suite struct ExploreFilesTests {
    let game = CoinGame()

    func session(_ folder: CoinFolder = CoinFolder()) throws -> ComparingExploreSession<CoinGame> {
        ComparingExploreSession(
            game, try folder.playable(), label: "coin", directory: "coin", games: 600, files: ExploreFiles(folder: folder, checkedBy: CoinGame()), saveTo: "saved")
    }

    /// CoinFolder's text: line 5 writes headsPercent (K3), line 4 target (K2).
    @Test func aValueOutsideItsRuleIsSaidWhereTheFileWouldHoldIt() throws {
        let session = try session()
        let problems = session.problems([ExploreEdit(name: "headsPercent", value: "101")])
        #expect(problems.count == 1 && problems[0].name == "headsPercent", "\(problems)")
        let message = problems.first?.message ?? ""
        #expect(message.hasPrefix("coin/Coin.plist:5:") && message.hasSuffix("[K3]"), "\(message)")
        // Nothing is played while it stands.
        #expect(session.run(ExploreRunRequest(edits: [ExploreEdit(name: "headsPercent", value: "101")], games: 2), threads: 1, cancellation: .init(), progress: { _, _ in }, refused: { _ in }) { _ in } == .refused)
    }

    /// flips 4 under the design's target 6 breaks K2 at target's line: said above the fields
    /// (target is no edit), and beside flips in --set's words.
    @Test func aRuleBrokenElsewhereInTheFileIsSaidAboveTheFields() throws {
        let problems = try session().problems([ExploreEdit(name: "flips", value: "4")])
        #expect(problems.contains { $0.name == nil && $0.message.hasPrefix("coin/Coin.plist:4:") && $0.message.hasSuffix("[K2]") }, "\(problems)")
        #expect(problems.contains { $0.name == "flips" && $0.message.contains("K2") }, "\(problems)")
    }

    @Test func savingChangesOnlyTheEditedValuesText() throws {
        let folder = CoinFolder()
        let original = String(decoding: try #require(try folder.file(CoinGame.fileName)).bytes, as: UTF8.self)
        let (saved, problems) = try session(folder).saving([ExploreEdit(name: "headsPercent", value: "60"), ExploreEdit(name: "target", value: " 7 ")])
        #expect(problems.isEmpty)
        let file = try #require(saved?.files.first)
        #expect(saved?.files.count == 1 && file.name == "Coin.plist" && file.path == "coin/Coin.plist")
        let expected = original.replacingOccurrences(of: "<integer>50</integer>", with: "<integer>60</integer>")
            .replacingOccurrences(of: "<integer>6</integer>", with: "<integer>7</integer>")
        #expect(String(decoding: file.bytes, as: UTF8.self) == expected)
        // Edits the design cannot take are not saved.
        let (refused, why) = try session(folder).saving([ExploreEdit(name: "headsPercent", value: "101")])
        #expect(refused == nil && why.first?.name == "headsPercent")
    }

    @Test func aSessionWithoutFilesOffersNoSaving() throws {
        let session = ComparingExploreSession(game, try CoinFolder().playable(), label: "coin", directory: "coin", saveTo: "saved")
        #expect(session.design.saveTo == nil)
        #expect(session.saving([]).0 == nil)
        // Without files, edits are checked as --set checks them, in its words.
        #expect(session.problems([ExploreEdit(name: "headsPercent", value: "101")]).first?.message == "headsPercent takes a whole number in 0...100, not '101'")
    }
}
