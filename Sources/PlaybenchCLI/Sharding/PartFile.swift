import Foundation
import MonteCarlo
import Simulation
import SimulationRuns

/// What one shard of a cluster job writes: the command it was part of, what it was played from,
/// and the statistics of each block it played (``PartBlock``). JSON, so that a script can look
/// inside; numbers are written so that they read back to the same bits.
struct PartFile: Codable {
    /// 2: parts record each run's start (M3).
    static let currentFormat = "playbench-part/2"

    var format = PartFile.currentFormat
    /// The playbench version that wrote it.
    var version: String
    /// The command line without --shard and --part: what `playbench merge` replays.
    var command: [String]
    /// A fingerprint of every input file (``InputFingerprint``).
    var inputs: String
    var shard: Shard
    /// Blocks per run: the shape of the job, the same in every part.
    var runs: [Int]
    /// Per run, the difficulty its games start at (M3; nil for a run with nothing to play):
    /// parts of different starts are different games, whatever their command line says.
    var startDifficulties: [Double?]
    var blocks: [PartBlock]

    /// The start of each run's games, as a part records it.
    static func startDifficulties(_ runs: [(simulator: GameSimulator?, blocks: GameBlocks)]) -> [Double?] {
        runs.map { $0.simulator?.roundParameters.first?.difficulty }
    }

    func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // An empty Moments has ±infinity extremes.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return Array(try encoder.encode(self))
    }

    /// The `format` of a part of any version.
    static func format(of bytes: [UInt8]) throws -> String {
        struct Format: Decodable { var format: String }
        return try JSONDecoder().decode(Format.self, from: Data(bytes)).format
    }

    static func decode(_ bytes: [UInt8]) throws -> PartFile {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(PartFile.self, from: Data(bytes))
    }
}

/// FNV-1a (64 bit) over the names and bytes of a job's input files: enough to tell that a part
/// was made from other files than the ones merge sees (not a security measure).
enum InputFingerprint {
    static func of(_ files: [(name: String, bytes: [UInt8])]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        for file in files.sorted(by: { $0.name < $1.name }) {
            add(file.name.utf8)
            add([0])
            add(String(file.bytes.count).utf8)
            add([0])
            add(file.bytes)
        }
        return String(hash, radix: 16)
    }

    /// The files of a design directory (every regular file in it, by name), or of the built-in
    /// design, plus any other files the command reads.
    static func of(designDirectory: String?, more: [String] = []) -> String {
        var files: [(name: String, bytes: [UInt8])] = []
        if let designDirectory {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: designDirectory)) ?? []
            for name in names.sorted() {
                let path = (designDirectory as NSString).appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                    let data = FileManager.default.contents(atPath: path)
                else { continue }
                files.append((name, Array(data)))
            }
        } else {
            files = [
                ("GameConfig.plist", PackageResources.GameConfig_plist), ("DefaultGameParameters.plist", PackageResources.DefaultGameParameters_plist),
                ("DemoGameParameters.plist", PackageResources.DemoGameParameters_plist), ("Players.plist", PackageResources.Players_plist),
                ("Balance.plist", PackageResources.Balance_plist),
            ]
        }
        for path in more {
            if let data = FileManager.default.contents(atPath: path) { files.append(("+" + path, Array(data))) }
        }
        return of(files)
    }
}
