import Foundation
import Randomness

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
}
