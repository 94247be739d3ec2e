import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file could not be read or written; carries the exit code the CLI should use.
struct FileError: Error, CustomStringConvertible {
    enum Kind { case missing, unreadable, unwritable }

    var kind: Kind
    var path: String
    var reason: String

    var description: String { "\(path): \(reason)" }

    /// sysexits.h codes, so scripts can tell "your file is wrong" (1) from "I could not read it".
    var exitCode: Int32 {
        switch kind {
        case .missing: 66  // EX_NOINPUT
        case .unreadable: 74  // EX_IOERR
        case .unwritable: 73  // EX_CANTCREAT
        }
    }
}

enum FileIO {
    static func read(_ path: String) throws(FileError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FileError(kind: .missing, path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw FileError(kind: .unreadable, path: path, reason: "is a directory, not a file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FileError(kind: .unreadable, path: path, reason: "cannot be read (permissions?)")
        }
        return Array(data)
    }

    /// Writes to a temporary file beside `path`, flushes it, then renames it over `path`: a
    /// reader sees the old file or the new one, never half of one, even if we are killed.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary = "\(directory)/.\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else {
            throw FileError(kind: .unwritable, path: path, reason: "cannot create a file in \(directory): \(String(cString: strerror(errno)))")
        }
        var written = 0
        let ok: Bool = bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return fsync(fd) == 0 }
            while written < buffer.count {
                let n = Glibc.write(fd, base + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += n
            }
            return fsync(fd) == 0
        }
        let reason = String(cString: strerror(errno))
        close(fd)
        guard ok, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw FileError(kind: .unwritable, path: path, reason: "cannot write: \(reason)")
        }
    }

    /// Creates `path` and its parents if they are missing.
    static func createDirectory(_ path: String) throws(FileError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw FileError(kind: .unwritable, path: path, reason: "is a file, not a directory") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw FileError(kind: .unwritable, path: path, reason: "cannot create the directory: \(error.localizedDescription)")
        }
    }

    static func writeStandardOutput(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }
}
