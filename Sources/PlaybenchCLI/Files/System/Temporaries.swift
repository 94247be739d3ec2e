import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What this process must remove before it exits: the temporary files and directories it made
/// beside its outputs (until each is renamed into place) and the lock files it holds.
///
/// Creating a temporary and registering it, or renaming it into place and forgetting it, happen
/// under one lock, which Ctrl-C's clean-up (``Signals``) takes too: so a temporary is never left
/// unregistered, and a file already renamed into place is never removed.
enum Temporaries {
    private struct Registry {
        var paths: Set<String> = []
        /// Directories whose leftovers this process has already removed (``Leftovers``).
        var cleaned: Set<String> = []
    }

    private static let registry = Mutex(Registry())

    /// Runs `body` holding the registry, with the set of paths to remove.
    static func withLock<T: Sendable, E: Error>(_ body: (inout Set<String>) throws(E) -> T) throws(E) -> T {
        try registry.withLock { (registry: inout Registry) throws(E) -> T in try body(&registry.paths) }
    }

    static func forget(_ path: String) {
        _ = withLock { $0.remove(path) }
    }

    /// Whether `directory`'s leftovers still need a look, and from now on not.
    static func firstLook(at directory: String) -> Bool {
        registry.withLock { $0.cleaned.insert(directory).inserted }
    }

    /// Removes everything registered (a lock file is unlinked while still held, which is safe:
    /// see ``OutputLock``).
    static func removeAll() {
        withLock { paths in
            for path in paths { Tree.remove(path) }
            paths.removeAll()
        }
    }

    /// Removes everything registered and ends the process at once with `status`. The registry
    /// stays locked: nothing can be created or renamed into place after the clean-up.
    static func removeAllAndExit(_ status: Int32, message: String) -> Never {
        registry.withLock { registry in
            for path in registry.paths { Tree.removeUnderWay(path) }
            Output.standardError(message)
            _exit(status)
        }
    }
}

/// Removing and copying whole trees, without following symbolic links.
enum Tree {
    /// Removes `path` and, for a directory, everything in it; errors are ignored (what cannot be
    /// removed stays, named as a leftover that a later run removes).
    static func remove(_ path: String) {
        guard case .success(let status) = FileStatus.of(path) else { return }
        if status.kind == .directory {
            for name in entries(path) { remove(Paths.join(path, name)) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// Removes a temporary that another thread may still be writing into (a directory being
    /// assembled): it is first renamed away, so that the writer's next files fail instead of
    /// landing in it, then removed until nothing is left.
    static func removeUnderWay(_ path: String) {
        guard case .success(let status) = FileStatus.of(path) else { return }
        guard status.kind == .directory else { return remove(path) }
        let (directory, name) = Paths.split(path)
        let base = Leftovers.parse(name)?.base ?? name
        let away = Paths.join(directory, Leftovers.name(for: base, kind: .new))
        let doomed = rename(path, away) == 0 ? away : path
        for _ in 0..<100 {
            remove(doomed)
            guard case .success = FileStatus.of(doomed) else { return }
            usleep(1000)
        }
    }

    /// The names in a directory, without "." and "..".
    static func entries(_ path: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    }
}
