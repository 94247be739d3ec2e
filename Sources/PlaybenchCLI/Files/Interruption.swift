#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import MonteCarlo

/// Ctrl-C (or SIGTERM, SIGHUP) during a long run: while an Interruption is open, the first stop
/// signal cancels the run (which then returns what it has, marked partial) instead of ending the
/// process, so nothing is lost or half-written. Any later one ends the process at once, cleanly
/// (``Signals``).
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

    /// The conventional exit status of a process ended by a signal, 128 + its number: 130 for
    /// SIGINT (also when none came: what a cancelled run exits with), 143 for SIGTERM, 129 for
    /// SIGHUP.
    static var exitStatus: Int32 { 128 + (Signals.stoppedBy ?? SIGINT) }

    /// "interrupted", naming the signal when it was not Ctrl-C ("interrupted by SIGTERM").
    static var word: String {
        switch Signals.stoppedBy {
        case SIGTERM: "interrupted by SIGTERM"
        case SIGHUP: "interrupted by SIGHUP"
        default: "interrupted"
        }
    }
}
