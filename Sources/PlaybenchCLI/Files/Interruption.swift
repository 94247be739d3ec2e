import Dispatch
import MonteCarlo

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C during a long run: the first SIGINT cancels the run (which then returns what it has,
/// marked partial) instead of killing the process, so nothing is lost or half-written. A second
/// Ctrl-C kills as usual.
final class Interruption {
    let cancellation = Cancellation()
    private let source: DispatchSourceSignal

    init() {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [cancellation] in
            cancellation.cancel()
            signal(SIGINT, SIG_DFL)
        }
        source.resume()
    }

    /// Ctrl-C kills again.
    func end() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }

    /// The conventional exit status of a process ended by SIGINT.
    static let exitStatus: Int32 = 130
}
