import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary names this CLI makes beside an output, and their removal when a run that made
/// them was killed (SIGKILL, a power cut) and could not.
///
/// `.NAME.playbench-PID-RANDOM.tmp`: a file being written, to be renamed over NAME.
/// `.NAME.playbench-PID-RANDOM.new`: a directory being assembled, to be swapped with NAME; after
///   the swap, the previous NAME, being removed.
/// `.NAME.playbench-PID-RANDOM.old`: the previous directory NAME between the two renames of the
///   fallback swap (``DirectoryOutput``).
///
/// The run that makes one holds an flock on it for as long as it needs it; so another run can
/// tell a leftover (no lock) from a live run's temporary (locked), whatever the process ids,
/// and removes only leftovers: the first time it writes into a directory, it removes that
/// directory's leftovers, except that an `.old` whose NAME is missing is renamed back to NAME.
enum Leftovers {
    static let marker = ".playbench-"

    static func name(for base: String, kind: Kind) -> String {
        ".\(base)\(marker)\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 16)).\(kind.rawValue)"
    }

    enum Kind: String {
        case tmp, new, old
    }

    /// The output's name and the kind of a leftover's name; nil for any other name.
    static func parse(_ name: String) -> (base: String, kind: Kind)? {
        guard name.hasPrefix("."), let marker = name.range(of: marker, options: .backwards) else { return nil }
        let base = String(name[name.index(after: name.startIndex)..<marker.lowerBound])
        let rest = name[marker.upperBound...].split(separator: ".")
        guard rest.count == 2, let kind = Kind(rawValue: String(rest[1])) else { return nil }
        let id = rest[0].split(separator: "-")
        guard id.count == 2, UInt64(id[0]) != nil, UInt64(id[1], radix: 16) != nil, !base.isEmpty else { return nil }
        return (base, kind)
    }

    static func isLeftoverName(_ name: String) -> Bool { parse(name) != nil }

    /// Removes `directory`'s leftovers, once per directory and process.
    static func clean(_ directory: String) {
        guard Temporaries.firstLook(at: directory) else { return }
        for name in Tree.entries(directory) {
            guard let (base, kind) = parse(name) else { continue }
            let path = Paths.join(directory, name)
            guard case .success(let fd) = POSIX.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK) else { continue }
            defer { close(fd) }
            // Locked: a live run's.
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { continue }
            let original = Paths.join(directory, base)
            if kind == .old, case .failure = FileStatus.of(original) {
                rename(path, original)
            } else {
                Tree.remove(path)
            }
        }
    }
}

/// A temporary file or directory beside an output: created under its leftover name, locked
/// (flock) while this process needs it, and registered for removal on Ctrl-C.
struct Temporary {
    let path: String
    /// Open on the file or directory, holding its flock.
    let descriptor: Int32

    /// A new temporary file beside `output`, open for writing.
    static func file(besides output: String) throws(FileError) -> Temporary {
        try make(besides: output, kind: .tmp) { path in POSIX.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666) }
    }

    /// A new, empty temporary directory beside `output`.
    static func directory(besides output: String) throws(FileError) -> Temporary {
        try make(besides: output, kind: .new) { path in
            guard mkdir(path, 0o777) == 0 else { return .failure(.last) }
            return POSIX.open(path, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
        }
    }

    private static func make(
        besides output: String, kind: Leftovers.Kind, _ create: (String) -> Result<Int32, SystemError>
    ) throws(FileError) -> Temporary {
        let (directory, name) = Paths.split(output)
        for _ in 0..<8 {
            let path = Paths.join(directory, Leftovers.name(for: name, kind: kind))
            let created = Temporaries.withLock { paths in
                let result = create(path)
                if case .success = result { paths.insert(path) }
                return result
            }
            let fd: Int32
            switch created {
            case .success(let opened): fd = opened
            case .failure(let failure) where failure.code == EEXIST: continue
            case .failure(let failure):
                throw FileError(kind: .unwritable, path: output, reason: "cannot create a temporary \(kind == .tmp ? "file" : "directory") in \(directory): \(failure.reason)")
            }
            // Another run's clean-up may have taken it for a leftover between the two calls: if
            // it is no longer there, make another.
            flock(fd, LOCK_EX)
            if case .success(let opened) = FileStatus.of(descriptor: fd), case .success(let named) = FileStatus.of(path), opened.isSameFile(as: named) {
                return Temporary(path: path, descriptor: fd)
            }
            close(fd)
            Temporaries.forget(path)
        }
        throw FileError(kind: .unwritable, path: output, reason: "cannot create a temporary name in \(directory)")
    }

    /// Removes it and closes it (a failed or abandoned write).
    func discard() {
        Temporaries.withLock { paths in
            Tree.remove(path)
            paths.remove(path)
        }
        close(descriptor)
    }
}
