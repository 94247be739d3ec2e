import Explore
import Foundation
import GameSeam
import MonteCarlo
import Synchronization
import TabulaImaginariumGame
import Testing

/// A design's files read from the repository's `Designs/` (what `explore Designs/NAME` reads).
struct ShippedFolder: DesignFolder {
    var name: String
    /// Files read from memory in place of the design's own.
    var replacing: [String: [UInt8]] = [:]
    var root: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }
    var directory: String? { "Designs/\(name)" }
    var label: String { "Designs/\(name)" }
    var namedFiles: [String: String] { [:] }

    func file(_ file: String) throws(DesignFileError) -> DesignFile? {
        if let bytes = replacing[file] { return DesignFile(path: "Designs/\(name)/\(file)", bytes: bytes) }
        let url = root.appendingPathComponent("Designs/\(name)/\(file)")
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return DesignFile(path: "Designs/\(name)/\(file)", bytes: Array(data))
    }
}

/// An edit that renames a design's lineups or changes how many there are is paired with the
/// lineup of the same name, else the one in the same place, else refused: never a lineup the
/// edited design does not have (which trapped the server).
@Suite struct LineupChangeTests {
    @Test func everySessionAtOneSizeIsPairedByPlaceOrRefused() throws {
        let game = TabulaImaginariumDefinition()
        let (playable, diagnostics) = try game.playable(ShippedFolder(name: "tabula"), GameOptionValues())
        let design = try #require(playable, "\(diagnostics)")
        let session = ComparingExploreSession(game, design, label: "Designs/tabula", directory: "Designs/tabula", games: 4)
        let lineups = session.design.lineups
        #expect(lineups.count >= 3 && lineups[2] == "5 devices", "\(lineups)")
        let editedNames = game.lineups(of: try game.setting(design, [("devices", "4")])).map(\.name)
        for index in lineups.indices {
            let names = Mutex<[String]>([]), notes = Mutex<[String?]>([])
            var problems: [ExploreProblem] = []
            let end = session.run(
                ExploreRunRequest(edits: [ExploreEdit(name: "devices", value: "4")], lineup: index, games: 4), threads: 1, cancellation: Cancellation(),
                progress: { _, _ in }, refused: { problems = $0 }
            ) { block in
                names.withLock { $0.append(block.lineup) }
                notes.withLock { $0.append(block.commands.note) }
            }
            if let same = editedNames.firstIndex(of: lineups[index]) {
                #expect(end == .complete && names.withLock { $0 } == [lineups[index]], "\(same)")
                // Its own simulate plays the same seeds: the command reproduces the page.
                #expect(notes.withLock { $0 } == [nil])
            } else if editedNames.indices.contains(index) {
                #expect(end == .complete && names.withLock { $0 } == ["\(lineups[index]) → \(editedNames[index])"], "\(problems)")
                // Renamed, its own simulate plays seeds of its own: the page says its numbers differ.
                #expect(notes.withLock { $0 }.first??.contains("seeds of its own") == true)
            } else {
                #expect(end == .refused && problems.first?.message.contains("none of them \(lineups[index])") == true, "\(problems)")
            }
        }
    }
}
