import ArgumentParser
import GameSeam

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Playbench {
    /// Runs the command the arguments name, as ArgumentParser's `main()` does, with the
    /// process's signals set up first (``Signals``) and every message written by ``Output`` (so
    /// that a full or closed standard output is exit 74, never a crash). Ends the process:
    /// - 74 when standard output could not be written, whatever the command's own status;
    /// - else the command's status: 130 (143 for SIGTERM, 129 for SIGHUP) when a stop signal
    ///   interrupted it, the commands' own "interrupted" status (``Interruption``). A signal that
    ///   came when the result was complete (the run had finished, every output was written) does
    ///   not turn success into failure.
    ///
    /// `registry` is the games the commands serve: the shipped ones, or more (a tool built on
    /// Playbench adds its own game to them; Tests/ExampleGame does).
    public static func main(registry: GameRegistry = shippedGames) {
        ShippedGames.use(registry)
        Signals.install()
        var status: Int32 = 0
        do {
            var command = try parseAsRoot(nil)
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                if code == .success { Output.standard(message + "\n") } else { Output.standardError(message + "\n") }
            }
            status = code.rawValue
        }
        if Output.standardOutputFailure != nil, status != Interruption.exitStatus {
            status = 74
        }
        Signals.finish(status)
        Temporaries.removeAll()
        #if canImport(Glibc)
            Glibc.exit(status)
        #else
            Darwin.exit(status)
        #endif
    }
}

extension Playbench {
    /// The games this executable ships: Andora and Relentless (the default).
    public static var shippedGames: GameRegistry { ShippedGames.registry }
}
