import ArgumentParser
import GameSeam
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The only place that writes to the terminal: standard output and error, each with write(2)
/// loops that cannot crash the process.
///
/// A write to standard output that fails (a full disk or /dev/full: ENOSPC; a closed pipe: EPIPE;
/// a closed descriptor: EBADF) is reported once on standard error, later writes to it are
/// skipped, and the process exits 74 when the command ends (``Playbench/main()``). A failed write
/// to standard error is ignored: there is nowhere left to say so.
enum Output {
    private struct State {
        var closed = false
        var failure: SystemError?
    }

    private static let state = Mutex(State())

    static func standard(_ text: String) {
        standard(bytes: Array(text.utf8))
    }

    static func standard(bytes: [UInt8]) {
        let failed = state.withLock { state -> SystemError? in
            guard state.failure == nil else { return nil }
            if state.closed {
                state.failure = SystemError(code: EBADF)
            } else if let failure = POSIX.writeAll(STDOUT_FILENO, bytes) {
                state.failure = failure
            }
            return state.failure
        }
        if let failed { error("cannot write to standard output: \(failed.reason)") }
    }

    /// Why writing to standard output failed, if it did: the command then exits 74.
    static var standardOutputFailure: SystemError? { state.withLock { $0.failure } }

    /// Standard output was closed when the process started (its slot now holds /dev/null).
    static func standardOutputWasClosed() {
        state.withLock { $0.closed = true }
    }

    static func error(_ text: String) {
        standardError("playbench: error: \(text)\n")
    }

    /// What the user should know that does not stop the command (a setting measured to give
    /// intervals too narrow, a file that could not be kept for --resume).
    static func warning(_ text: String) {
        standardError("playbench: warning: \(text)\n")
    }

    /// A usage error found after parsing (a directory of another run, say): said, and exit 64.
    static func usage(_ text: String) -> ExitCode {
        error(text)
        return ExitCode.validationFailure
    }

    /// Text on standard error as it is (progress bars, traces).
    static func standardError(_ text: String) {
        _ = POSIX.writeAll(STDERR_FILENO, Array(text.utf8))
    }

    /// Runs `body`; a file that cannot be read or written is reported on standard error and
    /// ends the command with the exit code the error names (66, 73, 74, 130).
    /// A design's file that cannot be read ends the command as ``exitingOnFileError(_:)`` does.
    static func exitingOnDesignFileError<T>(_ body: () throws(DesignFileError) -> T) throws -> T {
        try exitingOnFileError { () throws(FileError) -> T in
            do throws(DesignFileError) { return try body() } catch { throw FileError(error) }
        }
    }

    static func exitingOnFileError<T>(_ body: () throws(FileError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw failure(error)
        }
    }

    /// Prints why a game made no content (`command`'s), as each case asks; the exit code to end
    /// with: 66 or 74 for a file, 1 for a design with errors (printed as check prints them) or
    /// content that could not be made, 64 for a value the game refuses.
    static func failure(_ error: ContentError, command: String) -> ExitCode {
        switch error {
        case .file(let file):
            return failure(FileError(file))
        case .design(let label, let diagnostics):
            return DiagnosticRenderer.designHasErrors(diagnostics, label: label)
        case .usage(let message):
            self.error("\(message) (see 'playbench \(command) --help')")
            return ExitCode.validationFailure
        case .failed(let message):
            self.error(message)
            return ExitCode(1)
        }
    }

    /// Prints what could not be read or written; the exit code it names, to end the command with.
    static func failure(_ error: FileError) -> ExitCode {
        self.error(error.description)
        return ExitCode(error.exitCode)
    }
}
