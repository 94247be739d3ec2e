import ArgumentParser
import Foundation

/// The only place that writes to the terminal.
enum Output {
    static func standard(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data("playbench: error: \(text)\n".utf8))
    }

    /// Runs `body`; a file that cannot be read or written is reported on standard error and
    /// ends the command with the exit code the error names (66, 73, 74).
    static func exitingOnFileError<T>(_ body: () throws(FileError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            self.error(error.description)
            throw ExitCode(error.exitCode)
        }
    }
}
