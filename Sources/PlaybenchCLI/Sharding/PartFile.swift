import Foundation
import MonteCarlo
import Randomness
import RelentlessGame
import RelentlessSimulation
import RelentlessRuns

/// What one shard of a cluster job writes: the command it was part of, what it was played from,
/// and the statistics of each block it played (``PartBlock``). JSON, so that a script can look
/// inside; numbers are written so that they read back to the same bits.
///
/// A part carries a checksum of everything else in it (``PartChecksum``), so that a part
/// changed after it was written (a bit flipped on disk, a number edited by hand) is refused by
/// `playbench merge` rather than folded into a result; merge also validates what a part says
/// (``PartFile/validate(name:checkingChecksum:)``), for a part whose checksum was made to fit.
struct PartFile: Codable {
    /// 3: a checksum, and statistics written canonically (exemplars as a sorted list, histograms
    /// as their buckets). 2: parts record each run's start (M3).
    static let currentFormat = "playbench-part/3"
    /// Formats older playbenches wrote: named as older, not as broken.
    static let olderFormats = ["playbench-part/1", "playbench-part/2"]

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
    /// ``PartChecksum`` of the part without this field; nil only while it is computed.
    var checksum: String?

    /// The start of each run's games, as a part records it.
    static func startDifficulties(_ runs: [(simulator: GameSimulator?, blocks: GameBlocks)]) -> [Double?] {
        runs.map { $0.simulator?.roundParameters.first?.difficulty }
    }

    /// The part as written: its JSON with the checksum.
    func encoded() throws -> [UInt8] {
        var sealed = self
        sealed.checksum = try PartChecksum.of(self)
        return try Self.canonicalBytes(sealed)
    }

    /// JSON with sorted keys: the same part always gives the same bytes (the statistics write
    /// themselves canonically), which is what the checksum is computed over.
    static func canonicalBytes(_ part: PartFile) throws -> [UInt8] {
        Array(try PartJSON.encoder.encode(part))
    }

    /// The `format` of a part of any version.
    static func format(of bytes: [UInt8]) throws -> String {
        struct Format: Decodable { var format: String }
        return try JSONDecoder().decode(Format.self, from: Data(bytes)).format
    }

    static func decode(_ bytes: [UInt8]) throws -> PartFile {
        try PartJSON.decoder.decode(PartFile.self, from: Data(bytes))
    }
}

/// How every part format is written and read: sorted keys (the canonical bytes a checksum is
/// taken over), and non-finite numbers as strings (an empty Moments has ±infinity extremes).
enum PartJSON {
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }
}

/// FNV-1a (64 bit) over the names and bytes of a job's input files: enough to tell that a part
/// was made from other files than the ones merge sees (not a security measure).
enum InputFingerprint {
    /// One line a file, `NAME<TAB>HASH` sorted by name, so that a mismatch can name the files
    /// that changed (``changedFiles(_:_:)``).
    static func of(_ files: [(name: String, bytes: [UInt8])]) -> String {
        files.sorted(by: { $0.name < $1.name }).map { file in
            var hash = FNV1a64()
            hash.add(String(file.bytes.count).utf8)
            hash.add([0])
            hash.add(file.bytes)
            // A name is a file name: a tab or newline in one is kept out of the format's separators.
            let name = file.name.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
            return "\(name)\t\(String(hash.value, radix: 16))"
        }.joined(separator: "\n")
    }

    /// The files two fingerprints disagree on, by name ("GameConfig.plist changed", "+B.plist
    /// added"); nil when one is not of this form (a part of an older version).
    static func changedFiles(_ old: String, _ new: String) -> [String]? {
        func files(_ text: String) -> [String: String]? {
            var files: [String: String] = [:]
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count == 2 else { return nil }
                files[String(fields[0])] = String(fields[1])
            }
            return files
        }
        guard let a = files(old), let b = files(new) else { return nil }
        return Set(a.keys).union(b.keys).sorted().compactMap { name in
            switch (a[name], b[name]) {
            case let (x?, y?) where x != y: "\(name) changed"
            case (nil, _?): "\(name) added"
            case (_?, nil): "\(name) removed"
            default: nil
            }
        }
    }

    /// "(GameConfig.plist changed)", or "" when the files cannot be told.
    static func phrase(_ old: String, _ new: String) -> String {
        guard let changed = changedFiles(old, new), !changed.isEmpty else { return "" }
        return " (" + changed.joined(separator: ", ") + ")"
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
            files = BuiltInDesign.files
        }
        for path in more {
            if let data = FileManager.default.contents(atPath: path) { files.append(("+" + path, Array(data))) }
        }
        return of(files)
    }
}
