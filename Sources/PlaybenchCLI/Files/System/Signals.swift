import Foundation
import MonteCarlo
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's signals, set up once at start (``Playbench/main()``):
///
/// - SIGPIPE is ignored, so that writing to a closed pipe is an error (EPIPE, exit 74) that the
///   CLI reports, not a silent kill.
/// - SIGINT (Ctrl-C) while a long run is cancellable (an ``Interruption`` is open) cancels the
///   run, which then returns what it has, marked partial; the command writes no output file
///   and exits 130.
/// - Any other SIGINT (a second Ctrl-C, or one outside a run: loading, writing) removes this
///   process's temporary files and lock files and exits 130 at once. Temporaries are renamed
///   into place under the same lock as this clean-up (``Temporaries``), so an output is either
///   the previous one or the new one, complete, and nothing temporary is left.
///
/// The handler itself only writes the signal's number into a pipe (all a handler may safely do);
/// a thread reads it and acts.
///
/// `PLAYBENCH_TRACE_PHASES=1` prints "playbench: phase: …" lines on standard error: ready (the
/// handler is installed), cancellable (a run has begun), cancel, locked PATH, write PATH, commit
/// PATH (about to rename PATH into place). Tests wait for them before they send a signal,
/// instead of sleeping.
/// `PLAYBENCH_TRACE_COMMIT_PAUSE_MS=N` also waits N ms before each output is renamed into place
/// (with `PLAYBENCH_TRACE_COMMIT_PAUSE_AT=PATH`, only before PATH is), so that a test can land a
/// signal between writing and renaming.
enum Signals {
    private struct State {
        var installed = false
        var interrupts = 0
        var cancellations: [Cancellation] = []
    }

    private static let state = Mutex(State())

    static let tracing = ProcessInfo.processInfo.environment["PLAYBENCH_TRACE_PHASES"].map { !$0.isEmpty && $0 != "0" } ?? false
    private static let commitPause = ProcessInfo.processInfo.environment["PLAYBENCH_TRACE_COMMIT_PAUSE_MS"].flatMap { UInt32($0) }
    private static let commitPauseAt = ProcessInfo.processInfo.environment["PLAYBENCH_TRACE_COMMIT_PAUSE_AT"]

    /// Ignores SIGPIPE, handles SIGINT, and makes sure standard input, output and error are open
    /// (a closed one would otherwise be taken by the next file opened). Idempotent.
    static func install() {
        let first = state.withLock { state in
            defer { state.installed = true }
            return !state.installed
        }
        guard first else { return }
        StandardDescriptors.occupyClosed()
        signal(SIGPIPE, SIG_IGN)
        // A parent that blocks SIGINT or SIGTERM (a test runner's thread, a supervisor) passes
        // its mask on through exec: unblock them, before a thread starts and inherits the mask.
        var stopping = sigset_t()
        sigemptyset(&stopping)
        sigaddset(&stopping, SIGINT)
        sigaddset(&stopping, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &stopping, nil)
        _ = signalled.load(ordering: .relaxed)
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        signalPipe = ends[1]
        let reading = ends[0]
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while true {
                let n = read(reading, &byte, 1)
                if n == 1 { received(Int32(byte)) } else if n < 0 && errno == EINTR { continue } else { return }
            }
        }
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = forwardSignal
        #else
            action.__sigaction_u.__sa_handler = forwardSignal
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = Int32(SA_RESTART)
        sigaction(SIGINT, &action, nil)
        trace("ready")
    }

    /// Whether a SIGINT has arrived: an output not yet renamed into place is then not written.
    /// Set by the handler itself, so it is true as soon as the signal is delivered.
    static var wasInterrupted: Bool { signalled.load(ordering: .relaxed) }

    static func beginCancellable(_ cancellation: Cancellation) {
        install()
        state.withLock { $0.cancellations.append(cancellation) }
        trace("cancellable")
    }

    static func endCancellable(_ cancellation: Cancellation) {
        state.withLock { $0.cancellations.removeAll { $0 === cancellation } }
    }

    private enum Action: Sendable {
        case cancel(Cancellation)
        case exit
    }

    private static func received(_ signal: Int32) {
        guard signal == SIGINT else { return }
        let action = state.withLock { state -> Action in
            state.interrupts += 1
            if state.interrupts == 1, let cancellation = state.cancellations.last { return .cancel(cancellation) }
            return .exit
        }
        switch action {
        case .cancel(let cancellation):
            trace("cancel")
            cancellation.cancel()
        case .exit:
            Temporaries.removeAllAndExit(Interruption.exitStatus, message: "playbench: error: interrupted\n")
        }
    }

    /// A "playbench: phase: …" line on standard error, with PLAYBENCH_TRACE_PHASES set.
    static func trace(_ phase: String) {
        if tracing { Output.standardError("playbench: phase: \(phase)\n") }
    }

    /// Said just before an output is renamed into place (and, for tests, the pause: the whole
    /// of it, even if a signal wakes the sleep).
    static func beforeCommit(_ output: String) {
        trace("commit \(output)")
        guard let commitPause, commitPauseAt == nil || commitPauseAt == output else { return }
        var left = timespec(tv_sec: Int(commitPause / 1000), tv_nsec: Int(commitPause % 1000) * 1_000_000)
        var asked = left
        while nanosleep(&asked, &left) != 0 && errno == EINTR { asked = left }
    }
}

/// The write end of the pipe the SIGINT handler writes to; set before the handler is installed.
nonisolated(unsafe) private var signalPipe: Int32 = -1

/// Set by the handler on SIGINT (a lock-free atomic: async-signal-safe).
private let signalled = Atomic<Bool>(false)

/// The signal handler: async-signal-safe, it only notes the signal and passes it on.
private func forwardSignal(_ signal: Int32) {
    let saved = errno
    if signal == SIGINT { signalled.store(true, ordering: .relaxed) }
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(signalPipe, &byte, 1)
    errno = saved
}

/// Standard input, output and error, which a caller may have closed (`>&-`).
enum StandardDescriptors {
    /// Opens /dev/null on each closed one, so that no file the CLI opens later becomes "standard
    /// output"; a closed standard output is remembered, and writing to it fails as EBADF would.
    static func occupyClosed() {
        for fd in Int32(0)...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            guard case .success(let null) = POSIX.open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY) else { continue }
            if null != fd {
                dup2(null, fd)
                close(null)
            }
            if fd == 1 { Output.standardOutputWasClosed() }
        }
    }
}
