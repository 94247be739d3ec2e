#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import RelentlessGeneration

/// The workspaces a thread's games are played in by ``GameSimulator/play(seed:timeline:observe:)``:
/// the engine's buffers are made once per thread and design instead of once per game, which
/// a game of 30 rounds spent about 4% of its instructions on (callgrind, issue 44).
///
/// A workspace is taken out while its game is played and given back after, so a game played
/// from within another's observer gets a workspace of its own. The few kept are the designs
/// played last (a paired comparison alternates two), each holding its design alive; a thread's
/// workspaces go when it ends. So a long-lived process (`explore`'s server) keeps at most
/// ``capacity`` designs' workspaces per thread that has played, the rest freed as new designs
/// are played. Which workspace a game is played in never changes the game
/// (``GameSimulator/play(seed:timeline:in:observe:)``).
final class ThreadWorkspaces {
    /// A workspace held by reference: taking it out and giving it back moves a pointer, not the
    /// workspace's fifty-odd buffers (each a retain and a release, a game's worth of a short one).
    final class Held {
        var workspace: GameWorkspace
        init(_ workspace: GameWorkspace) { self.workspace = workspace }
    }

    private var kept: [Held] = []
    /// Enough for the designs a paired comparison or a sweep's step plays in turn.
    private static let capacity = 4

    /// The calling thread's.
    static var current: ThreadWorkspaces {
        if let pointer = pthread_getspecific(key) { return Unmanaged<ThreadWorkspaces>.fromOpaque(pointer).takeUnretainedValue() }
        let made = ThreadWorkspaces()
        let status = pthread_setspecific(key, Unmanaged.passRetained(made).toOpaque())
        precondition(status == 0, "pthread_setspecific failed (\(status))")
        return made
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            // Optional on Glibc and Musl, not on Darwin: the same code for both.
            let value: UnsafeMutableRawPointer? = pointer
            guard let value else { return }
            Unmanaged<ThreadWorkspaces>.fromOpaque(value).release()
        }
        precondition(status == 0, "pthread_key_create failed (\(status))")
        return key
    }()

    /// A workspace of `design`: one kept, or a new one.
    func take(for design: PreparedDesign) -> Held {
        if let i = kept.firstIndex(where: { $0.workspace.table.design === design }) { return kept.remove(at: i) }
        return Held(GameWorkspace(design: design))
    }

    /// Keeps `held` for the thread's next game of its design, forgetting the least recent.
    func give(_ held: Held) {
        kept.insert(held, at: 0)
        if kept.count > Self.capacity { kept.removeLast() }
    }

    /// How many workspaces are kept (for tests).
    var count: Int { kept.count }
}
