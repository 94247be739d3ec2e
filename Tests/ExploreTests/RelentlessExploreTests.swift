import Explore
import Foundation
import GameSeam
import MonteCarlo
import PropertyList
import RelentlessGame
import Testing

/// Explore on the shipped Relentless design with its files: edits that meet in one value are
/// saved as `--set` plays them, and what `check` refuses is neither played nor saved.
@Suite struct RelentlessExploreTests {
    let game = PlayableRelentless()

    func session() throws -> ComparingExploreSession<PlayableRelentless> {
        let folder = ShippedFolder(name: "relentless")
        let (playable, diagnostics) = try game.playable(folder, GameOptionValues())
        return ComparingExploreSession(
            game, try #require(playable, "\(diagnostics)"), label: "Designs/relentless", directory: "Designs/relentless", games: 2,
            files: ExploreFiles(folder: folder, checkedBy: game), saveTo: "saved")
    }

    /// A number inside an expression, edited after the whole expression or beside another
    /// number of it: the saved file holds what --set makes of them in order (read back, the
    /// design --set gives), not each written from the design as it was.
    @Test(arguments: [
        [ExploreEdit(name: "numOfCategories[1]", value: "6"), ExploreEdit(name: "numOfCategories[2]", value: "20")],
        [ExploreEdit(name: "numOfCategories", value: "4 * diffLevel / 10 + 1"), ExploreEdit(name: "numOfCategories[1]", value: "3")],
    ])
    func editsThatMeetInOneValueAreSavedAsPlayed(edits: [ExploreEdit]) throws {
        let session = try session()
        let (saved, problems) = session.saving(edits)
        #expect(problems.isEmpty, "\(problems)")
        let file = try #require(saved?.files.first { $0.name == "DefaultGameParameters.plist" })
        let folder = ShippedFolder(name: "relentless", replacing: ["DefaultGameParameters.plist": file.bytes])
        let reread = try #require(try game.playable(folder, GameOptionValues()).0)
        let played = try game.setting(session.playable, edits.map { ($0.name, $0.value) })
        #expect(game.value(of: "numOfCategories", in: reread) == game.value(of: "numOfCategories", in: played))
        #expect(game.value(of: "numOfCategories", in: played) != game.value(of: "numOfCategories", in: session.playable))
    }

    /// --set takes a smallest team of 4 (the default team of 4 fits), but Balance.plist holds a
    /// target for 3 novices, which check then refuses (C6): nothing played, nothing saved.
    @Test func whatCheckRefusesIsNeitherPlayedNorSaved() throws {
        let session = try session()
        let edits = [ExploreEdit(name: "minNumOfPlayers", value: "4")]
        #expect(throws: Never.self) { try game.setting(session.playable, [("minNumOfPlayers", "4")]) }
        let problems = session.problems(edits)
        #expect(problems.contains { $0.message.contains("Balance.plist") && $0.message.contains("[C6]") }, "\(problems)")
        let end = session.run(ExploreRunRequest(edits: edits, games: 2), threads: 1, cancellation: Cancellation(), progress: { _, _ in }, refused: { _ in }) { _ in }
        #expect(end == .refused)
        #expect(session.saving(edits).0 == nil)
    }
}
