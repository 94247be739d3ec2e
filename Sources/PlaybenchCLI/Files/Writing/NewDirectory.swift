import Foundation

/// A directory a command writes a design into: missing or empty, never one that holds files (a
/// design it would write over). `init` writes a starter design there, `explore --save-to` the
/// edited one.
enum NewDirectory {
    /// Refuses `directory` when it exists and is not an empty directory (exit 73); `command`
    /// names who asks ("init").
    static func refuseExisting(_ directory: String, for command: String) throws(FileError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw FileError(kind: .unwritable, path: directory, reason: "exists and is not a directory; \(command) writes a design into a new or empty directory")
        }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw FileError(kind: .unwritable, path: directory, reason: "cannot be listed: \(error.localizedDescription)")
        }
        guard entries.isEmpty else {
            let shown = entries.sorted().prefix(3).joined(separator: ", ") + (entries.count > 3 ? ", …" : "")
            throw FileError(
                kind: .unwritable, path: directory,
                reason: "is not empty (\(shown)); \(command) never overwrites a design: name a new or empty directory")
        }
    }
}
