#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A regular file replaced whole: the bytes go to a temporary file beside it (in the same
/// directory, so that the rename is atomic), which is fsync'd and renamed over the file; then the
/// directory is fsync'd, so that the new name survives a crash. A reader sees the old file or the
/// new one, never half of one, whenever the process is killed; the file keeps its permissions.
enum AtomicFile {
    /// - Parameters:
    ///   - path: the regular file (or a name not yet taken), symbolic links already followed.
    ///   - existing: what is at `path` now, nil for nothing.
    ///   - output: the path as the user gave it, for messages.
    static func replace(_ path: String, with bytes: [UInt8], like existing: FileStatus?, output: String) throws(FileError) {
        let directory = Paths.split(path).directory
        Leftovers.clean(directory)
        let temporary = try Temporary.file(besides: path)
        if let existing {
            fchmod(temporary.descriptor, existing.permissions)
            if geteuid() == 0 { _ = fchown(temporary.descriptor, existing.owner, existing.group) }
        }
        Signals.trace("write \(output)")
        if let failure = POSIX.writeAll(temporary.descriptor, bytes) ?? (fsync(temporary.descriptor) == 0 ? nil : .last) {
            temporary.discard()
            throw FileError(kind: .writeFailed, path: output, reason: "cannot write: \(failure.reason)")
        }
        try commit(temporary, to: path, output: output)
        if let failure = POSIX.syncDirectory(directory) {
            throw FileError(kind: .writeFailed, path: output, reason: "written, but its directory cannot be synced: \(failure.reason)")
        }
    }

    /// Renames the temporary into place, unless Ctrl-C came first: then it is removed and the
    /// output is as it was.
    static func commit(_ temporary: Temporary, to path: String, output: String) throws(FileError) {
        Signals.beforeCommit(output)
        defer { close(temporary.descriptor) }
        try Temporaries.withLock { (paths: inout Set<String>) throws(FileError) in
            if Signals.wasInterrupted {
                Tree.remove(temporary.path)
                paths.remove(temporary.path)
                throw FileError(kind: .interrupted, path: output, reason: "\(Interruption.word) before it was replaced; it is as it was")
            }
            if rename(temporary.path, path) != 0 {
                let failure = SystemError.last
                Tree.remove(temporary.path)
                paths.remove(temporary.path)
                throw FileError(kind: .unwritable, path: output, reason: "cannot be replaced: \(failure.reason)")
            }
            paths.remove(temporary.path)
        }
    }
}
