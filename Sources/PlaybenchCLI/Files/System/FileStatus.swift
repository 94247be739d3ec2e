#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `lstat`, `stat` or `fstat` says about a file: enough to name it in a message ("is a
/// FIFO") and to make a file like it (mode, owner).
struct FileStatus {
    enum Kind: Equatable {
        case regular, directory, symbolicLink, fifo, characterDevice, blockDevice, socket, other

        /// For messages: "is a FIFO".
        var name: String {
            switch self {
            case .regular: "a regular file"
            case .directory: "a directory"
            case .symbolicLink: "a symbolic link"
            case .fifo: "a FIFO (named pipe)"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .socket: "a socket"
            case .other: "not a regular file"
            }
        }
    }

    var kind: Kind
    /// Permission bits (and set-id, sticky).
    var permissions: mode_t
    var owner: uid_t
    var group: gid_t
    var device: UInt64
    var inode: UInt64
    var size: Int

    init(_ s: stat) {
        switch s.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        case S_IFIFO: kind = .fifo
        case S_IFCHR: kind = .characterDevice
        case S_IFBLK: kind = .blockDevice
        case S_IFSOCK: kind = .socket
        default: kind = .other
        }
        permissions = s.st_mode & 0o7777
        owner = s.st_uid
        group = s.st_gid
        device = UInt64(s.st_dev)
        inode = UInt64(s.st_ino)
        size = Int(s.st_size)
    }

    /// The path itself (a symbolic link is not followed).
    static func of(_ path: String) -> Result<FileStatus, SystemError> {
        var s = stat()
        return lstat(path, &s) == 0 ? .success(FileStatus(s)) : .failure(.last)
    }

    /// What the path leads to, symbolic links followed.
    static func following(_ path: String) -> Result<FileStatus, SystemError> {
        var s = stat()
        return stat(path, &s) == 0 ? .success(FileStatus(s)) : .failure(.last)
    }

    static func of(descriptor fd: Int32) -> Result<FileStatus, SystemError> {
        var s = stat()
        return fstat(fd, &s) == 0 ? .success(FileStatus(s)) : .failure(.last)
    }

    func isSameFile(as other: FileStatus) -> Bool { device == other.device && inode == other.inode }
}

/// Splitting and joining paths as text (no file system access).
enum Paths {
    /// The directory a path's last component is in ("." for a bare name) and that component.
    static func split(_ path: String) -> (directory: String, name: String) {
        let path = withoutTrailingSlashes(path)
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    static func withoutTrailingSlashes(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// "2 GiB", "512 MiB", "1.5 KiB", "17 bytes".
    static func size(_ bytes: Int) -> String {
        let units = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        for (unit, name) in units where bytes >= unit {
            let value = Double(bytes) / Double(unit)
            return value == value.rounded() ? "\(Int(value)) \(name)" : "\((value * 10).rounded() / 10) \(name)"
        }
        return "\(bytes) byte\(bytes == 1 ? "" : "s")"
    }
}
