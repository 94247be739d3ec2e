import MonteCarlo

/// Ctrl-C during a long run: while an Interruption is open, the first SIGINT cancels the run
/// (which then returns what it has, marked partial) instead of ending the process, so nothing is
/// lost or half-written. Any later Ctrl-C ends the process at once, cleanly (``Signals``).
///
///     let interruption = Interruption()
///     defer { interruption.end() }
///     let run = try play(cancellation: interruption.cancellation)
///     if run.isPartial { throw ExitCode(Interruption.exitStatus) }
final class Interruption {
    let cancellation = Cancellation()

    init() {
        Signals.beginCancellable(cancellation)
    }

    /// The run is over: Ctrl-C ends the process again.
    func end() {
        Signals.endCancellable(cancellation)
    }

    /// The conventional exit status of a process ended by SIGINT.
    static let exitStatus: Int32 = 130
}
