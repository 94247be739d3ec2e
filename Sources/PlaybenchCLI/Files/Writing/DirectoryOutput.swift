#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A directory output (report's files, a sweep's tables) replaced as a whole or not at all.
///
///     try DirectoryOutput.replace("Reports/mine", with: [("report.html", html), ("results.json", json)])
///
/// The new files are written into a fresh directory beside the target
/// (`.NAME.playbench-PID-RANDOM.new`, see ``Leftovers``) together with hard links to everything
/// else the target holds (a screenshot, a sweep's points, subdirectories: copied where a link
/// cannot be made), fsync'd, and swapped with the target in one rename (renameat2 with
/// RENAME_EXCHANGE): whenever the process is killed, the target is the previous directory or the
/// new one, complete. The previous one is then removed; anything written into it meanwhile is
/// moved into the new one first, so nothing is lost.
///
/// Where the file system cannot exchange two names (EINVAL, ENOSYS), the swap takes two renames:
/// the target to `.NAME.playbench-….old`, the new directory to the target. Killed between them,
/// the target is missing and the previous directory is whole under the `.old` name; the next run
/// that writes beside it renames it back. A file system that cannot rename the target at all (a
/// mount point, EXDEV) is an error, and the target is left as it was.
///
/// Two runs must not replace one directory at once: hold an ``OutputLock`` on it for the run.
enum DirectoryOutput {
    /// - Parameter files: paths relative to the directory ("report.html", "points/00003.json")
    ///   and their bytes; each replaces what was at its path.
    static func replace(_ output: String, with files: [(path: String, bytes: [UInt8])]) throws(FileError) {
        let own = Set(files.map(\.path))
        try FileIO.createDirectory(Paths.split(output).directory)
        let (target, status) = try OutputPath.follow(output)
        if let status, status.kind != .directory {
            throw FileError(kind: .unwritable, path: output, reason: "is \(status.kind.name), not a directory")
        }
        Leftovers.clean(Paths.split(target).directory)
        if status != nil { Leftovers.clean(target) }
        let staging = try Temporary.directory(besides: target)
        do throws(FileError) {
            if let status {
                fchmod(staging.descriptor, status.permissions)
                if geteuid() == 0 { _ = fchown(staging.descriptor, status.owner, status.group) }
                try carry(from: target, to: staging.path, skipping: own, relative: "")
            }
            Signals.trace("write \(output)")
            for file in files { try writeNew(file.bytes, at: file.path, in: staging.path, output: output) }
            if let failure = syncDirectories(staging.path) {
                throw FileError(kind: .writeFailed, path: output, reason: "cannot write: \(failure.reason)")
            }
        } catch {
            staging.discard()
            throw error
        }
        // The previous directory, locked, so that once swapped out (under a leftover name) no
        // other run's clean-up takes it for a leftover before this one is done with it.
        var previous: Int32 = -1
        if status != nil, case .success(let fd) = POSIX.open(target, O_RDONLY | O_CLOEXEC | O_DIRECTORY) {
            previous = fd
            flock(fd, LOCK_EX)
        }
        defer { if previous >= 0 { close(previous) } }
        let retired: String?
        do {
            retired = try swap(staging, into: target, replacing: status != nil, output: output)
        } catch {
            close(staging.descriptor)
            throw error
        }
        close(staging.descriptor)
        if let failure = POSIX.syncDirectory(Paths.split(target).directory) {
            throw FileError(kind: .writeFailed, path: output, reason: "written, but its directory cannot be synced: \(failure.reason)")
        }
        if let retired {
            reconcile(retired, into: target, skipping: own, relative: "")
            Temporaries.withLock { paths in
                Tree.remove(retired)
                paths.remove(retired)
            }
        }
    }

    /// Puts the staged directory in place; returns where the previous one now is, if any.
    private static func swap(_ staging: Temporary, into target: String, replacing: Bool, output: String) throws(FileError) -> String? {
        Signals.beforeCommit(output)
        return try Temporaries.withLock { (paths: inout Set<String>) throws(FileError) -> String? in
            func abandoned(_ reason: String, _ kind: FileError.Kind = .unwritable) -> FileError {
                Tree.remove(staging.path)
                paths.remove(staging.path)
                return FileError(kind: kind, path: output, reason: reason)
            }
            if Signals.wasInterrupted { throw abandoned("\(Interruption.word) before it was replaced; it is as it was", .interrupted) }
            guard replacing else {
                guard rename(staging.path, target) == 0 else { throw abandoned("cannot be put in place: \(SystemError.last.reason)") }
                paths.remove(staging.path)
                return nil
            }
            // Swapped: the staging name now holds the previous directory, still registered.
            guard let failure = POSIX.exchange(staging.path, target) else { return staging.path }
            guard [EINVAL, ENOSYS, EOPNOTSUPP].contains(failure.code) else {
                throw abandoned("cannot be replaced as a whole: \(failure.reason); it is as it was")
            }
            let (directory, name) = Paths.split(target)
            let old = Paths.join(directory, Leftovers.name(for: name, kind: .old))
            guard rename(target, old) == 0 else { throw abandoned("cannot be replaced as a whole: \(SystemError.last.reason); it is as it was") }
            paths.insert(old)
            guard rename(staging.path, target) == 0 else {
                let failure = SystemError.last
                rename(old, target)
                paths.remove(old)
                throw abandoned("cannot be put in place: \(failure.reason); it is as it was")
            }
            paths.remove(staging.path)
            return old
        }
    }

    /// Hard links (or copies) of everything in `source` but the output's own files and leftovers.
    private static func carry(from source: String, to destination: String, skipping own: Set<String>, relative: String) throws(FileError) {
        for name in Tree.entries(source) where !Leftovers.isLeftoverName(name) {
            let path = relative.isEmpty ? name : relative + "/" + name
            guard !own.contains(path) else { continue }
            let from = Paths.join(source, name), to = Paths.join(destination, name)
            // Gone meanwhile: nothing to carry.
            guard case .success(let status) = FileStatus.of(from) else { continue }
            if status.kind == .directory {
                guard mkdir(to, 0o777) == 0 else { throw carryFailure(from, .last) }
                chmod(to, status.permissions)
                if geteuid() == 0 { _ = lchown(to, status.owner, status.group) }
                try carry(from: from, to: to, skipping: own, relative: path)
            } else if linkat(AT_FDCWD, from, AT_FDCWD, to, 0) != 0 {
                // Another file system below (a mount point), or links refused (protected_hardlinks).
                let failure = SystemError.last
                guard copy(from, to, status) else { throw carryFailure(from, failure) }
            }
        }
    }

    private static func carryFailure(_ path: String, _ failure: SystemError) -> FileError {
        FileError(kind: .unwritable, path: path, reason: "cannot be kept in the new directory: \(failure.reason)")
    }

    /// A regular file's bytes, or a symbolic link, copied.
    private static func copy(_ from: String, _ to: String, _ status: FileStatus) -> Bool {
        if status.kind == .symbolicLink {
            guard case .success(let target) = POSIX.readLink(from) else { return false }
            return symlink(target, to) == 0
        }
        guard status.kind == .regular, case .success(let input) = POSIX.open(from, O_RDONLY | O_CLOEXEC) else { return false }
        defer { close(input) }
        guard case .success(let output) = POSIX.open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, status.permissions) else { return false }
        defer { close(output) }
        fchmod(output, status.permissions)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return false }
            if n == 0 { return fsync(output) == 0 }
            if buffer.withUnsafeBytes({ POSIX.writeAll(output, UnsafeRawBufferPointer(rebasing: $0[0..<n])) }) != nil { return false }
        }
    }

    /// A new file at `relative` in `staging`, with the directories on its way there (never
    /// `staging` itself: gone, it has been removed on Ctrl-C, and must stay so).
    private static func writeNew(_ bytes: [UInt8], at relative: String, in staging: String, output: String) throws(FileError) {
        var directory = staging
        for component in relative.split(separator: "/").dropLast() {
            directory = Paths.join(directory, String(component))
            if mkdir(directory, 0o777) != 0, errno != EEXIST {
                throw FileError(kind: .unwritable, path: output, reason: "cannot create \(component) in a temporary directory: \(SystemError.last.reason)")
            }
        }
        let path = Paths.join(staging, relative)
        let fd: Int32
        switch POSIX.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666) {
        case .success(let opened): fd = opened
        case .failure(let failure):
            throw FileError(kind: .unwritable, path: output, reason: "cannot create \(Paths.split(path).name) in a temporary directory: \(failure.reason)")
        }
        defer { close(fd) }
        if let failure = POSIX.writeAll(fd, bytes) ?? (fsync(fd) == 0 ? nil : .last) {
            throw FileError(kind: .writeFailed, path: output, reason: "cannot write \(Paths.split(path).name): \(failure.reason)")
        }
    }

    /// fsync on every directory of the tree: its new names (links included) survive a crash.
    private static func syncDirectories(_ path: String) -> SystemError? {
        for name in Tree.entries(path) {
            let child = Paths.join(path, name)
            if case .success(let status) = FileStatus.of(child), status.kind == .directory, let failure = syncDirectories(child) { return failure }
        }
        return POSIX.syncDirectory(path)
    }

    /// Moves into the new directory what was written into the previous one while the new one was
    /// assembled: names it lacks, and files replaced since they were linked (or that were copied).
    private static func reconcile(_ retired: String, into target: String, skipping own: Set<String>, relative: String) {
        for name in Tree.entries(retired) where !Leftovers.isLeftoverName(name) {
            let path = relative.isEmpty ? name : relative + "/" + name
            guard !own.contains(path) else { continue }
            let from = Paths.join(retired, name), to = Paths.join(target, name)
            guard case .success(let old) = FileStatus.of(from) else { continue }
            switch FileStatus.of(to) {
            case .failure:
                rename(from, to)
            case .success(let new) where new.kind == .directory && old.kind == .directory:
                reconcile(from, into: to, skipping: own, relative: path)
            case .success(let new) where new.kind != .directory && old.kind != .directory && !new.isSameFile(as: old):
                rename(from, to)
            default:
                break
            }
        }
    }
}
