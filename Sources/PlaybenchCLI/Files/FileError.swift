/// A file could not be read or written; carries the exit code the CLI should use.
struct FileError: Error, CustomStringConvertible {
    enum Kind {
        /// An input that is not there (or a directory on its path).
        case missing
        /// An input that cannot be read, or is over the size limit.
        case unreadable
        /// An output that cannot be created or put in place.
        case unwritable
        /// An output whose bytes could not be written (a full disk, a device that refuses them).
        case writeFailed
        /// A directory output another run is writing (its lock is held).
        case busy
        /// Ctrl-C came before the output was put in place: the previous one is as it was.
        case interrupted
    }

    var kind: Kind
    var path: String
    var reason: String

    var description: String { "\(path): \(reason)" }

    /// sysexits.h codes, so scripts can tell "your file is wrong" (1) from "I could not read it".
    var exitCode: Int32 {
        switch kind {
        case .missing: 66  // EX_NOINPUT
        case .unreadable, .writeFailed: 74  // EX_IOERR
        case .unwritable, .busy: 73  // EX_CANTCREAT
        case .interrupted: Interruption.exitStatus
        }
    }
}
