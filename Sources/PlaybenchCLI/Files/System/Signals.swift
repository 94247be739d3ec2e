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
/// - A stop signal (SIGINT, Ctrl-C; SIGTERM, how Kubernetes, Slurm and CI runners stop a job;
///   SIGHUP, a closed terminal) while a long run is cancellable (an ``Interruption`` is open)
///   cancels the run, which then returns what it has, marked partial; the command writes no
///   output file and exits 128 + the signal's number: 130 for SIGINT, 143 for SIGTERM, 129 for
///   SIGHUP (``Interruption/exitStatus``).
/// - Any other stop signal (a second one, or one outside a run: loading, writing) removes this
///   process's temporary files and lock files and exits the same way at once. Temporaries are
///   renamed into place under the same lock as this clean-up (``Temporaries``), so an output is
///   either the previous one or the new one, complete, and nothing temporary is left.
/// - Once the command has finished (``finish(_:)``: every output in place, its status known), a
///   stop signal changes nothing: the process ends with the command's own status, since the
///   result is complete.
///
/// The handler itself only writes the signal's number into a pipe (all a handler may safely do);
/// a thread reads it and acts.
///
/// `PLAYBENCH_TRACE_PHASES=1` prints "playbench: phase: …" lines on standard error: ready (the
/// handler is installed), cancellable (a run has begun), cancel, locked PATH, write PATH, commit
/// PATH (about to rename PATH into place), finished (the command is done, its status known).
/// Tests wait for them before they send a signal, instead of sleeping.
/// `PLAYBENCH_TRACE_COMMIT_PAUSE_MS=N` also waits N ms before each output is renamed into place
/// (with `PLAYBENCH_TRACE_COMMIT_PAUSE_AT=PATH`, only before PATH is), so that a test can land a
/// signal between writing and renaming. `PLAYBENCH_TRACE_EXIT_PAUSE_MS=N` waits N ms after
/// "finished", so that a test can land a signal after the result is complete.
enum Signals {
    private struct State {
        var installed = false
        var interrupts = 0
        var cancellations: [Cancellation] = []
        /// The command's status once it has finished (``finish(_:)``).
        var finished: Int32?
    }

    /// The signals that stop a run: Ctrl-C, a scheduler's or supervisor's stop, a closed terminal.
    static let stopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private static let state = Mutex(State())

    static let tracing = ProcessInfo.processInfo.environment["PLAYBENCH_TRACE_PHASES"].map { !$0.isEmpty && $0 != "0" } ?? false
    private static let commitPause = ProcessInfo.processInfo.environment["PLAYBENCH_TRACE_COMMIT_PAUSE_MS"].flatMap { UInt32($0) }
    private static let commitPauseAt = ProcessInfo.processInfo.environment["PLAYBENCH_TRACE_COMMIT_PAUSE_AT"]
    private static let exitPause = ProcessInfo.processInfo.environment["PLAYBENCH_TRACE_EXIT_PAUSE_MS"].flatMap { UInt32($0) }

    /// Ignores SIGPIPE, handles the stop signals, and makes sure standard input, output and error are open
    /// (a closed one would otherwise be taken by the next file opened). Idempotent.
    static func install() {
        let first = state.withLock { state in
            defer { state.installed = true }
            return !state.installed
        }
        guard first else { return }
        StandardDescriptors.occupyClosed()
        signal(SIGPIPE, SIG_IGN)
        // A parent that blocks a stop signal (a test runner's thread, a supervisor) passes its
        // mask on through exec: unblock them, before a thread starts and inherits the mask.
        var stopping = sigset_t()
        sigemptyset(&stopping)
        for stop in stopSignals { sigaddset(&stopping, stop) }
        pthread_sigmask(SIG_UNBLOCK, &stopping, nil)
        _ = firstStop.load(ordering: .relaxed)
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
        for stop in stopSignals { sigaction(stop, &action, nil) }
        trace("ready")
    }

    /// Whether a stop signal has arrived: an output not yet renamed into place is then not
    /// written. Set by the handler itself, so it is true as soon as the signal is delivered.
    static var wasInterrupted: Bool { firstStop.load(ordering: .relaxed) != 0 }

    /// The first stop signal that arrived, if any.
    static var stoppedBy: Int32? {
        let signal = firstStop.load(ordering: .relaxed)
        return signal == 0 ? nil : signal
    }

    /// The command is done with status `status` (every output in place or abandoned): a stop
    /// signal from now on ends the process with that status, not as an interruption.
    static func finish(_ status: Int32) {
        state.withLock { $0.finished = status }
        trace("finished")
        if let exitPause { pause(milliseconds: exitPause) }
    }

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
        /// The command had finished: nothing to do (main ends the process with its status).
        case none
    }

    private static func received(_ signal: Int32) {
        guard stopSignals.contains(signal) else { return }
        let action = state.withLock { state -> Action in
            if state.finished != nil { return .none }
            state.interrupts += 1
            if state.interrupts == 1, let cancellation = state.cancellations.last { return .cancel(cancellation) }
            return .exit
        }
        switch action {
        case .none:
            trace("ignored")
        case .cancel(let cancellation):
            trace("cancel")
            cancellation.cancel()
        case .exit:
            Temporaries.removeAllAndExit(Interruption.exitStatus, message: "playbench: error: \(Interruption.word)\n")
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
        pause(milliseconds: commitPause)
    }

    /// Sleeps the whole of `milliseconds`, even if a signal wakes the sleep.
    private static func pause(milliseconds: UInt32) {
        var left = timespec(tv_sec: Int(milliseconds / 1000), tv_nsec: Int(milliseconds % 1000) * 1_000_000)
        var asked = left
        while nanosleep(&asked, &left) != 0 && errno == EINTR { asked = left }
    }
}

/// The write end of the pipe the signal handler writes to; set before the handler is installed.
nonisolated(unsafe) private var signalPipe: Int32 = -1

/// The first stop signal, set by the handler (a lock-free atomic: async-signal-safe); 0 for none.
private let firstStop = Atomic<Int32>(0)

/// The signal handler: async-signal-safe, it only notes the signal and passes it on.
private func forwardSignal(_ signal: Int32) {
    let saved = errno
    if signal == SIGINT || signal == SIGTERM || signal == SIGHUP {
        _ = firstStop.compareExchange(expected: 0, desired: signal, ordering: .relaxed)
    }
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
