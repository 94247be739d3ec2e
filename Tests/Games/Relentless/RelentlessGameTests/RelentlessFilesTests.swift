import Diagnostics
import Foundation
import GameSeam
import Relentless
import RelentlessGame
import RelentlessSimulation
import Testing
import TestSupport

/// Relentless reads its files through the folder a command hands it (GameSeam's DesignFolder),
/// so these tests hand it files from memory: which file is read, how it is named, what is
/// missing (C1: catalogue and parameters), and what falls back to the built-in design.
@Suite struct RelentlessFilesTests {
    /// A design's files in memory, with a directory name or none, and files named one by one.
    struct MemoryFolder: DesignFolder {
        var directory: String?
        var files: [String: [UInt8]] = [:]
        var namedFiles: [String: String] = [:]
        /// What is at each named path.
        var namedContents: [String: [UInt8]] = [:]
        var label: String { directory ?? "memory" }

        func file(_ name: String) throws(DesignFileError) -> DesignFile? {
            let options = ["GameConfig.plist": "catalogue", "DefaultGameParameters.plist": "parameters", "Balance.plist": "balance"]
            if let option = options[name], let path = namedFiles[option] {
                return namedContents[path].map { DesignFile(path: path, bytes: $0) }
            }
            guard let directory else { return nil }
            return files[name].map { DesignFile(path: "\(directory)/\(name)", bytes: $0) }
        }
    }

    static func shipped(_ name: String) throws -> [UInt8] { try Fixtures.bytes(Fixtures.shippedDesign.appendingPathComponent(name)) }

    /// The shipped design's five files, under `directory`.
    static func shippedFolder(_ directory: String = "mine") throws -> MemoryFolder {
        var folder = MemoryFolder(directory: directory)
        for name in ["GameConfig.plist", "DefaultGameParameters.plist", "DemoGameParameters.plist", "Players.plist", "Balance.plist"] {
            folder.files[name] = try shipped(name)
        }
        return folder
    }

    @Test func theBuiltInDesignIsTheShippedDirectory() throws {
        // The oracle is Designs/relentless on disk, which the built-in design is compiled from.
        #expect(BuiltInDesign.files.count == 5)
        for (name, bytes) in BuiltInDesign.files { #expect(try bytes == Self.shipped(name), "\(name)") }
        let (sources, label) = try RelentlessFiles.sources(MemoryFolder(directory: nil))
        #expect(label == "the shipped design (built in)")
        #expect(sources.catalogue?.name == "<built-in>/GameConfig.plist" && sources.parameters?.name == "<built-in>/DefaultGameParameters.plist")
        #expect(sources.demoParameters != nil)
    }

    @Test func aDirectoryIsReadFromTheFolderWithItsPaths() throws {
        var folder = try Self.shippedFolder()
        folder.files["DemoGameParameters.plist"] = nil
        let (sources, label) = try RelentlessFiles.sources(folder)
        #expect(label == "mine")
        #expect(sources.catalogue?.name == "mine/GameConfig.plist" && sources.parameters?.name == "mine/DefaultGameParameters.plist")
        #expect(sources.demoParameters == nil, "the demo parameters are optional")
    }

    @Test(arguments: ["GameConfig.plist", "DefaultGameParameters.plist"])
    func aDirectoryWithoutHalfOfC1IsAMissingFile(name: String) throws {
        var folder = try Self.shippedFolder()
        folder.files[name] = nil
        let error = try #require(throws: DesignFileError.self) { try RelentlessFiles.sources(folder) }
        #expect(error.kind == .missing && error.path == "mine/\(name)" && error.reason == "no such file")
    }

    @Test func aNamedFileIsPairedWithTheBuiltInOtherHalf() throws {
        let folder = MemoryFolder(directory: nil, namedFiles: ["parameters": "p.plist"], namedContents: ["p.plist": try Self.shipped("DefaultGameParameters.plist")])
        let (sources, label) = try RelentlessFiles.sources(folder)
        #expect(sources.parameters?.name == "p.plist" && sources.catalogue?.name == "<built-in>/GameConfig.plist")
        #expect(label == "p.plist (with the built-in catalogue)")
        // A named file that is not there is missing, never replaced by the built-in one.
        let gone = MemoryFolder(directory: nil, namedFiles: ["catalogue": "gone.plist"])
        let error = try #require(throws: DesignFileError.self) { try RelentlessFiles.sources(gone) }
        #expect(error.kind == .missing && error.path == "gone.plist")
    }

    @Test func playersComeFromTheDirectoryElseTheShippedFile() throws {
        let own = try Self.shippedFolder()
        #expect(try RelentlessFiles.players(own).label == "mine/Players.plist")
        var without = own
        without.files["Players.plist"] = nil
        let (model, label, diagnostics) = try RelentlessFiles.players(without)
        #expect(label == "<built-in>/Players.plist" && diagnostics.isEmpty && model?.names.isEmpty == false)
        // check reads a directory's own file only; the built-in design's own is checked too.
        #expect(try RelentlessFiles.playersForCheck(without).0 == nil)
        #expect(try RelentlessFiles.playersForCheck(MemoryFolder(directory: nil)).0 != nil)
    }

    @Test func aBrokenPipelineIsADiagnosticAtItsFile() throws {
        var folder = try Self.shippedFolder()
        folder.files["Pipeline.plist"] = Array("<plist><dict>".utf8)
        let (_, diagnostics) = try RelentlessFiles.pipeline(folder)
        #expect(diagnostics.contains { $0.severity == .error && $0.file == "mine/Pipeline.plist" })
        // The built-in design has no Pipeline.plist: the rules' own commands.
        #expect(try RelentlessFiles.pipeline(MemoryFolder(directory: nil)).1.isEmpty)
    }

    @Test func balanceTargetsNamedInTheDirectoryOrBuiltIn() throws {
        var folder = try Self.shippedFolder()
        #expect(try RelentlessFiles.hasBalance(folder))
        #expect(try RelentlessFiles.balance(folder, players: nil, parameters: nil).label == "mine/Balance.plist")
        folder.files["Balance.plist"] = nil
        #expect(try !RelentlessFiles.hasBalance(folder))
        let error = try #require(throws: DesignFileError.self) { try RelentlessFiles.balance(folder, players: nil, parameters: nil) }
        #expect(error.kind == .missing && error.path == "mine/Balance.plist" && error.reason.contains("a gate needs balance targets"))
        // --balance FILE replaces it; a named file that is not there is missing, not the built-in one.
        folder.namedFiles["balance"] = "strict.plist"
        folder.namedContents["strict.plist"] = try Self.shipped("Balance.plist")
        #expect(try RelentlessFiles.balance(folder, players: nil, parameters: nil).label == "strict.plist")
        let named = MemoryFolder(directory: nil, namedFiles: ["balance": "gone.plist"])
        let gone = try #require(throws: DesignFileError.self) { try RelentlessFiles.balance(named, players: nil, parameters: nil) }
        #expect(gone.path == "gone.plist")
        #expect(try RelentlessFiles.balance(MemoryFolder(directory: nil), players: nil, parameters: nil).label == "<built-in>/Balance.plist")
    }

    @Test func theCheckRunsOnFilesInMemory() throws {
        let clean = try PlayableRelentless().check(try Self.shippedFolder(), CheckRequest(samples: 20))
        #expect(!clean.diagnostics.contains { $0.severity == .error }, "\(clean.diagnostics)")
        #expect(clean.summary?.contains("catalogue:") == true)
        // C2: a catalogue that is no property list is an error located in the folder's file.
        var broken = try Self.shippedFolder()
        broken.files["GameConfig.plist"] = Array("not a plist".utf8)
        let result = try PlayableRelentless().check(broken, CheckRequest(samples: 20))
        #expect(result.diagnostics.contains { $0.severity == .error && $0.file == "mine/GameConfig.plist" })
    }
}
