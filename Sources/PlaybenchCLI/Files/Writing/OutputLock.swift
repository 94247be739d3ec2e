#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One run at a time writes a directory output: a second `report` or `sweep` into the same
/// directory is refused (exit 73) while the first runs, instead of the two mixing their files.
///
///     let lock = try OutputLock(for: "Reports/mine")   // before the games: refused at once
///     defer { lock.release() }
///
/// The lock is an flock on `.NAME.playbench-lock` beside the directory (beside, not in it: the
/// directory is swapped whole, ``DirectoryOutput``), which holds the holder's process id. The
/// holder removes the file when it is done, still holding it; a run that locks a file no longer
/// at that name (removed meanwhile) tries again, so two runs never both hold "the" lock. The
/// kernel releases a killed run's lock: its file stays, free, and the next run takes it.
final class OutputLock: Sendable {
    let path: String
    private let descriptor: Int32

    init(for output: String) throws(FileError) {
        try FileIO.createDirectory(Paths.split(output).directory)
        let (target, status) = try OutputPath.follow(output)
        if let status, status.kind != .directory {
            throw FileError(kind: .unwritable, path: output, reason: "is \(status.kind.name), not a directory")
        }
        let (directory, name) = Paths.split(target)
        let path = Paths.join(directory, ".\(name).playbench-lock")
        for _ in 0..<8 {
            // Made, locked and registered for removal in one step under the registry's lock: a
            // Ctrl-C in between (Temporaries.removeAllAndExit, which takes that lock) would
            // otherwise leave behind a lock file this run had just made.
            let attempt: Result<Int32?, FileError> = Temporaries.withLock { paths in
                let fd: Int32
                switch POSIX.open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o666) {
                case .success(let opened): fd = opened
                case .failure(let failure):
                    return .failure(FileError(kind: .unwritable, path: output, reason: "cannot create its lock file \(path): \(failure.reason)"))
                }
                if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                    let failure = SystemError.last
                    let holder = POSIX.readAll(fd, limit: 64).map { String(decoding: $0, as: UTF8.self).trimmingWhitespace }
                    close(fd)
                    guard failure.code == EWOULDBLOCK else {
                        return .failure(FileError(kind: .unwritable, path: output, reason: "cannot lock \(path): \(failure.reason)"))
                    }
                    let who = (try? holder.get()).flatMap { $0.isEmpty ? nil : " (process \($0))" } ?? ""
                    return .failure(FileError(
                        kind: .busy, path: output,
                        reason: "is being written by another playbench run\(who); wait until it has finished, or choose another output"))
                }
                guard case .success(let locked) = FileStatus.of(descriptor: fd), case .success(let named) = FileStatus.of(path), locked.isSameFile(as: named) else {
                    close(fd)
                    return .success(nil)
                }
                paths.insert(path)
                return .success(fd)
            }
            guard let fd = try attempt.get() else { continue }
            _ = ftruncate(fd, 0)
            _ = POSIX.writeAll(fd, Array("\(getpid())\n".utf8))
            self.path = path
            descriptor = fd
            Leftovers.clean(directory)
            if status != nil { Leftovers.clean(target) }
            Signals.trace("locked \(output)")
            return
        }
        throw FileError(kind: .busy, path: output, reason: "cannot take its lock \(path): other runs keep replacing it")
    }

    /// Removes the lock file, then lets the lock go.
    func release() {
        let held = Temporaries.withLock { paths in
            guard paths.remove(path) != nil else { return false }
            unlink(path)
            return true
        }
        if held { close(descriptor) }
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        String(self.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
