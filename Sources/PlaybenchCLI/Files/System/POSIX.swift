#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed system call: its errno, read right after the call, before anything else can change it.
struct SystemError: Error {
    var code: Int32

    /// The system's words for it ("No space left on device").
    var reason: String { POSIX.reason(code) }

    /// The errno of the call that just failed.
    static var last: SystemError { SystemError(code: errno) }
}

/// Thin, never-crashing wrappers around the system calls the CLI's files and terminal take: each
/// failure comes back as a value, with the errno of the call that failed.
enum POSIX {
    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// Writes every byte to `fd`, through short writes, EINTR and a non-blocking descriptor's
    /// EAGAIN (some CI runners hand one over as standard output); nil, or the write's errno.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> SystemError? {
        guard var next = bytes.baseAddress else { return nil }
        var left = bytes.count
        while left > 0 {
            let n = write(fd, next, min(left, 1 << 30))
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    var writable = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&writable, 1, -1)
                    continue
                }
                return .last
            }
            // A device that takes nothing and reports no error would loop forever.
            if n == 0 { return SystemError(code: EIO) }
            next += n
            left -= n
        }
        return nil
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> SystemError? {
        bytes.withUnsafeBytes { writeAll(fd, $0) }
    }

    /// open(2), retried on EINTR (a FIFO's open blocks until the other end opens it).
    static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Result<Int32, SystemError> {
        while true {
            #if canImport(Glibc)
                let fd = Glibc.open(path, flags, mode)
            #else
                let fd = Darwin.open(path, flags, mode)
            #endif
            if fd >= 0 { return .success(fd) }
            if errno != EINTR { return .failure(.last) }
        }
    }

    /// Reads `fd` to its end, refusing more than `limit` bytes: `sizeHint` (a regular file's size)
    /// only reserves memory.
    static func readAll(_ fd: Int32, limit: Int, sizeHint: Int = 0) -> Result<[UInt8], ReadProblem> {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(max(sizeHint, 0), limit) + 1)
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, chunk) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.system(.last))
            }
            if n == 0 { return .success(bytes) }
            bytes.append(contentsOf: buffer[0..<n])
            if bytes.count > limit { return .failure(.overLimit) }
        }
    }

    enum ReadProblem: Error {
        case system(SystemError)
        case overLimit
    }

    /// fsync(2) on a directory, so that the names just made or renamed in it survive a crash.
    /// File systems that cannot sync a directory (EINVAL) are not an error.
    static func syncDirectory(_ path: String) -> SystemError? {
        guard case .success(let fd) = open(path, O_RDONLY | O_CLOEXEC | O_DIRECTORY) else { return .last }
        defer { close(fd) }
        if fsync(fd) != 0, errno != EINVAL { return .last }
        return nil
    }

    /// readlink(2) as a string.
    static func readLink(_ path: String) -> Result<String, SystemError> {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n >= 0 else { return .failure(.last) }
        return .success(String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    #if os(Linux)
        private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        /// glibc 2.28+ has renameat2, but Swift's Glibc module does not declare it.
        private static let noExchange = getenv("PLAYBENCH_TRACE_NO_EXCHANGE") != nil
        private static let renameAt2: RenameAt2? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2").map {
            unsafeBitCast($0, to: RenameAt2.self)
        }
    #endif

    /// Swaps two names atomically (renameat2 with RENAME_EXCHANGE, Linux 3.15+); ENOSYS where the
    /// system has no such call (or PLAYBENCH_TRACE_NO_EXCHANGE is set, for tests of the
    /// fallback), EINVAL where the file system cannot.
    static func exchange(_ a: String, _ b: String) -> SystemError? {
        #if os(Linux)
            guard let renameAt2, !noExchange else { return SystemError(code: ENOSYS) }
            return renameAt2(AT_FDCWD, a, AT_FDCWD, b, 2 /* RENAME_EXCHANGE */) == 0 ? nil : .last
        #else
            return SystemError(code: ENOSYS)
        #endif
    }
}
