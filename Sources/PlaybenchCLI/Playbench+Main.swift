import ArgumentParser
import GameSeam
import ShippedGames

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Playbench {
    /// Runs the command the arguments name, as ArgumentParser's `main()` does, with the
    /// process's signals set up first (`Signals`) and every message written by `Output` (so
    /// that a full or closed standard output is exit 74, never a crash). Ends the process:
    /// - 74 when standard output could not be written, whatever the command's own status;
    /// - else the command's status: 130 (143 for SIGTERM, 129 for SIGHUP) when a stop signal
    ///   interrupted it, the commands' own "interrupted" status (`Interruption`). A signal that
    ///   came when the result was complete (the run had finished, every output was written) does
    ///   not turn success into failure.
    ///
    /// `registry` is the games the commands serve: the shipped ones, or more (a tool built on
    /// Playbench adds its own game to them; Tests/ExampleGame does).
    public static func main(registry: GameRegistry = shippedGames) {
        GameRegistry.use(registry)
        Signals.install()
        var status: Int32 = 0
        var parsed: (any ParsableCommand.Type)?
        do {
            var command = try parseAsRoot(nil)
            parsed = type(of: command)
            try command.run()
        } catch {
            let code = exitCode(for: error)
            var message = fullMessage(for: error)
            // A usage error a command finds as it runs names that command's usage and help,
            // not the root's "playbench <subcommand>" (issue 39).
            if let parsed, error is ValidationError { message = commandUsageMessage(error, of: parsed) }
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
    /// "Error: …", the command's usage line and where its help is, for a usage error found
    /// after parsing.
    static func commandUsageMessage(_ error: any Error, of command: any ParsableCommand.Type) -> String {
        let usage = usageString(for: command)
        guard !usage.isEmpty else { return fullMessage(for: error) }
        let path = usage.split(separator: " ").prefix { !($0.hasPrefix("<") || $0.hasPrefix("[") || $0.hasPrefix("-")) }.joined(separator: " ")
        return "Error: \(error)\nUsage: \(usage)\n  See '\(path) --help' for more information."
    }
}

extension Playbench {
    /// The games this executable ships (`ShippedGames`), Relentless the default.
    public static var shippedGames: GameRegistry { GameRegistry.shipped }
}
