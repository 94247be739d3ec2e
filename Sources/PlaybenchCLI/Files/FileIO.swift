import PropertyList

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every file the CLI reads or writes goes through here.
///
/// Reading: the size limit (``PlistLimits/maxInputBytes``, 512 MiB) is checked before a byte is
/// read: a regular file by its size, a pipe, FIFO or device by reading it in chunks and stopping
/// at the limit.
///
/// Writing (``write(_:to:)``): a regular file is replaced atomically (``AtomicFile``); a device, a
/// FIFO or `-` (standard output; also /dev/stdout, /dev/stderr, /dev/fd/N) is written through,
/// never replaced; a symbolic link is followed to the file it names, which is replaced in its own
/// directory, and the link stays.
enum FileIO {
    static func read(_ path: String, limit: Int = PlistLimits.default.maxInputBytes) throws(FileError) -> [UInt8] {
        guard !path.isEmpty else { throw FileError(kind: .missing, path: "''", reason: "an empty path names no file") }
        let fd: Int32
        switch POSIX.open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY) {
        case .success(let opened): fd = opened
        case .failure(let failure): throw openFailure(path, failure)
        }
        defer { close(fd) }
        guard case .success(let status) = FileStatus.of(descriptor: fd) else {
            throw FileError(kind: .unreadable, path: path, reason: "cannot be read: \(SystemError.last.reason)")
        }
        switch status.kind {
        case .directory:
            throw FileError(kind: .unreadable, path: path, reason: "is a directory, not a file")
        case .regular where status.size > limit:
            throw FileError(
                kind: .unreadable, path: path,
                reason: "is \(Paths.size(status.size)) (\(status.size) bytes), over the limit of \(Paths.size(limit)) for an input file")
        default:
            break
        }
        switch POSIX.readAll(fd, limit: limit, sizeHint: status.kind == .regular ? status.size : 0) {
        case .success(let bytes):
            return bytes
        case .failure(.overLimit):
            throw FileError(
                kind: .unreadable, path: path,
                reason: "is \(status.kind.name) that gave more than \(Paths.size(limit)), the limit for an input file")
        case .failure(.system(let failure)):
            throw FileError(kind: .unreadable, path: path, reason: "cannot be read (\(status.kind.name)): \(failure.reason)")
        }
    }

    private static func openFailure(_ path: String, _ failure: SystemError) -> FileError {
        switch failure.code {
        case ENOENT:
            if case .success(let status) = FileStatus.of(path), status.kind == .symbolicLink {
                return FileError(kind: .missing, path: path, reason: "is a symbolic link to a file that does not exist")
            }
            return FileError(kind: .missing, path: path, reason: "no such file")
        case ENOTDIR:
            return FileError(kind: .missing, path: path, reason: "no such file (a directory on its path is a file)")
        case ELOOP:
            return FileError(kind: .unreadable, path: path, reason: "is a symlink loop (symbolic links that lead back to themselves)")
        case ENXIO:
            if case .success(let status) = FileStatus.following(path) {
                return FileError(kind: .unreadable, path: path, reason: "is \(status.kind.name), which cannot be opened for reading")
            }
        case EACCES:
            return FileError(kind: .unreadable, path: path, reason: "cannot be read: permission denied")
        default:
            break
        }
        return FileError(kind: .unreadable, path: path, reason: "cannot be opened: \(failure.reason)")
    }

    /// Writes an output (see the type's doc): a regular file atomically, a device, FIFO or `-`
    /// through. A write error is an error with the path and the system's reason (73 when the
    /// output cannot be created or put in place, 74 when its bytes cannot be written).
    static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        switch try destination(of: path) {
        case .descriptor(let descriptor): try writeToDescriptor(bytes, descriptor, output: path)
        case .through(let target, let status): try writeThrough(bytes, to: target, status, output: path)
        case .file(let target, let status): try AtomicFile.replace(target, with: bytes, like: status, output: path)
        }
    }

    /// Whether an output can be written, asked before the work that makes it (issue 16: a run
    /// must not play for minutes and then fail on its output): the same errors ``write(_:to:)``
    /// would give for the path as it is now, and a directory the file cannot be created in.
    static func checkWritable(_ path: String) throws(FileError) {
        guard case .file(let target, _) = try destination(of: path) else { return }
        let directory = Paths.split(target).directory
        if access(directory, W_OK | X_OK) != 0 {
            throw FileError(kind: .unwritable, path: path, reason: "cannot be written in \(directory): \(SystemError.last.reason)")
        }
    }

    /// Where an output's bytes go: a descriptor this process has, a device or FIFO written
    /// through, or a regular file (new or replaced) at the end of its links.
    private enum Destination {
        case descriptor(Int32)
        case through(target: String, FileStatus)
        case file(target: String, FileStatus?)
    }

    private static func destination(of path: String) throws(FileError) -> Destination {
        if let descriptor = OutputPath.descriptor(named: path) { return .descriptor(descriptor) }
        guard !path.hasSuffix("/") else {
            throw FileError(kind: .unwritable, path: path, reason: "names a directory (it ends in /); name the file to write")
        }
        // What the kernel reaches through every link: a device or FIFO is written through
        // whatever names it (a link into /proc included).
        if case .success(let reached) = FileStatus.following(path), ![.regular, .directory, .socket].contains(reached.kind) {
            return .through(target: path, reached)
        }
        let (target, status) = try OutputPath.follow(path)
        switch status?.kind {
        case nil, .regular:
            return .file(target: target, status)
        case .directory:
            throw FileError(kind: .unwritable, path: path, reason: "is a directory; name the file to write (for example \(Paths.join(path, "result.json")))")
        case .socket, .other, .symbolicLink:
            throw FileError(kind: .unwritable, path: path, reason: "is \(status!.kind.name), which cannot be written")
        case .fifo, .characterDevice, .blockDevice:
            return .through(target: target, status!)
        }
    }

    /// Whether a directory output can be made: what exists of its path is directories (the
    /// missing rest is created when it is written), and the nearest one can be written in.
    static func checkWritableDirectory(_ path: String) throws(FileError) {
        var current = Paths.withoutTrailingSlashes(path)
        while true {
            switch FileStatus.following(current) {
            case .success(let status):
                guard status.kind == .directory else {
                    throw FileError(kind: .unwritable, path: path, reason: current == Paths.withoutTrailingSlashes(path) ? "is \(status.kind.name), not a directory" : "cannot be created: \(current) is \(status.kind.name), not a directory")
                }
                // The directory is replaced beside itself: its parent must take new names.
                let parent = current == Paths.withoutTrailingSlashes(path) ? Paths.split(current).directory : current
                if access(parent, W_OK | X_OK) != 0 {
                    throw FileError(kind: .unwritable, path: path, reason: "cannot be written in \(parent): \(SystemError.last.reason)")
                }
                return
            case .failure(let failure) where failure.code == ENOENT:
                let parent = Paths.split(current).directory
                guard parent != current else { return }
                current = parent
            case .failure(let failure):
                throw OutputPath.failure(path, failure)
            }
        }
    }

    /// The name the callers in Sharding/ use; the same as ``write(_:to:)``.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileError) {
        try write(bytes, to: path)
    }

    /// `-`, /dev/stdout, /dev/fd/N…: the descriptor this process already has.
    private static func writeToDescriptor(_ bytes: [UInt8], _ descriptor: Int32, output: String) throws(FileError) {
        if descriptor == STDOUT_FILENO {
            Output.standard(bytes: bytes)
            return
        }
        Signals.trace("write \(output)")
        if let failure = POSIX.writeAll(descriptor, bytes) {
            throw FileError(kind: .writeFailed, path: output, reason: "cannot write: \(failure.reason)")
        }
    }

    /// A device or FIFO: opened and written, never replaced (a FIFO's open waits for a reader).
    private static func writeThrough(_ bytes: [UInt8], to target: String, _ status: FileStatus, output: String) throws(FileError) {
        let fd: Int32
        switch POSIX.open(target, O_WRONLY | O_CLOEXEC | O_NOCTTY) {
        case .success(let opened): fd = opened
        case .failure(let failure):
            throw FileError(kind: .unwritable, path: output, reason: "cannot open \(status.kind.name) for writing: \(failure.reason)")
        }
        Signals.trace("write \(output)")
        let failure = POSIX.writeAll(fd, bytes)
        let closed = close(fd) == 0 ? nil : SystemError.last
        if let failure = failure ?? closed {
            throw FileError(kind: .writeFailed, path: output, reason: "cannot write to \(status.kind.name): \(failure.reason)")
        }
    }

    /// Creates `path` and its parents if they are missing.
    static func createDirectory(_ path: String) throws(FileError) {
        let path = Paths.withoutTrailingSlashes(path)
        switch FileStatus.following(path) {
        case .success(let status):
            guard status.kind == .directory else { throw FileError(kind: .unwritable, path: path, reason: "is \(status.kind.name), not a directory") }
            return
        case .failure(let failure) where failure.code == ENOENT:
            let parent = Paths.split(path).directory
            if parent != path { try createDirectory(parent) }
            if mkdir(path, 0o777) != 0, errno != EEXIST {
                throw FileError(kind: .unwritable, path: path, reason: "cannot create the directory: \(SystemError.last.reason)")
            }
        case .failure(let failure):
            throw OutputPath.failure(path, failure)
        }
    }
}
