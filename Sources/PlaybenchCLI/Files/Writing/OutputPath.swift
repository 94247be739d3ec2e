#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where an output really goes. A symbolic link is followed, link by link, to the path it names
/// at last: that file (or directory) is the one replaced, in its own directory, and the link is
/// left as it was, never replaced by a regular file. A link to a missing file creates that file,
/// as the shell's `>` would.
enum OutputPath {
    /// The final path and what is there now (nil: nothing yet, in an existing directory).
    static func follow(_ path: String) throws(FileError) -> (path: String, status: FileStatus?) {
        guard !path.isEmpty else {
            throw FileError(kind: .unwritable, path: "''", reason: "an empty path names no file; name a file (or - for standard output)")
        }
        var current = Paths.withoutTrailingSlashes(path)
        // Linux's own limit on links followed in one path (ELOOP past it).
        for _ in 0..<40 {
            switch FileStatus.of(current) {
            case .success(let status) where status.kind == .symbolicLink:
                switch POSIX.readLink(current) {
                case .success(let target):
                    current = target.hasPrefix("/") ? target : Paths.join(Paths.split(current).directory, target)
                case .failure(let failure):
                    throw FileError(kind: .unwritable, path: path, reason: "is a symbolic link that cannot be read: \(failure.reason)")
                }
            case .success(let status):
                return (current, status)
            case .failure(let failure) where failure.code == ENOENT:
                let directory = Paths.split(current).directory
                switch FileStatus.following(directory) {
                case .success(let status) where status.kind == .directory:
                    return (current, nil)
                case .success(let status):
                    throw FileError(kind: .unwritable, path: path, reason: "cannot be created: \(directory) is \(status.kind.name), not a directory")
                case .failure(let failure):
                    throw Self.failure(path, failure, directory: directory)
                }
            case .failure(let failure):
                throw Self.failure(path, failure)
            }
        }
        throw Self.failure(path, SystemError(code: ELOOP))
    }

    /// The descriptor an output names: `-` and /dev/stdout are 1, /dev/stderr 2, /dev/fd/N and
    /// /proc/self/fd/N are N; nil for any other path. Written to as they are, never replaced
    /// (/dev/stdout is a link into /proc, whose targets are not paths to follow).
    static func descriptor(named path: String) -> Int32? {
        switch path {
        case "-", "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                return Int32(path.dropFirst(prefix.count))
            }
            return nil
        }
    }

    /// An output path that cannot be looked at, in words.
    static func failure(_ path: String, _ failure: SystemError, directory: String? = nil) -> FileError {
        switch failure.code {
        case ELOOP:
            return FileError(kind: .unwritable, path: path, reason: "is a symlink loop (symbolic links that lead back to themselves)")
        case ENOENT:
            return FileError(kind: .unwritable, path: path, reason: "cannot be created: no such directory\(directory.map { " \($0)" } ?? "")")
        case ENOTDIR:
            return FileError(kind: .unwritable, path: path, reason: "cannot be created: a directory on its path is a file")
        case EACCES:
            return FileError(kind: .unwritable, path: path, reason: "cannot be written: permission denied")
        default:
            return FileError(kind: .unwritable, path: path, reason: "cannot be written: \(failure.reason)")
        }
    }
}
