import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A client of one connection written with the socket calls themselves, so a test can send what
/// no browser would (a body over the limit, a broken request) and hang up halfway through an
/// answer.
final class RawHTTP: @unchecked Sendable {
    let socket: Int32
    /// Every byte received so far.
    private var received: [UInt8] = []

    init(port: UInt16, timeout seconds: Int = 120) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        // A guard against a server that never answers, not a speed bound. The server answers
        // above the priority of the test run's own work (ExploreServer.run()), so a full run's
        // load on 2 cores slows an answer by seconds, not minutes.
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(socket) }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return }
            sent += n
        }
    }

    /// A request with a body (JSON unless said), `Connection: close`.
    func request(_ method: String, _ path: String, body: String = "", headers: [String] = []) {
        func has(_ name: String) -> Bool { headers.contains { $0.lowercased().hasPrefix(name + ":") } }
        var head = "\(method) \(path) HTTP/1.1\r\n" + (has("host") ? "" : "Host: 127.0.0.1\r\n") + "Connection: close\r\n"
        for header in headers { head += header + "\r\n" }
        if method == "POST" && !has("content-length") { head += "Content-Length: \(body.utf8.count)\r\n" }
        if method == "POST" && !has("content-type") { head += "Content-Type: application/json\r\n" }
        send(head + "\r\n" + body)
    }

    /// Bytes as they come, nil at the end.
    func receive() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let n = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        return n > 0 ? Array(buffer[..<n]) : nil
    }

    /// Everything until the server closes: the status code and the body (chunks joined).
    func response() -> (status: Int, body: String) {
        while let bytes = receive() { received += bytes }
        return Self.parse(received)
    }

    /// Reads until `predicate` holds of the text so far (or the end); the text.
    func read(until predicate: (String) -> Bool) -> String {
        while let bytes = receive() {
            received += bytes
            if predicate(String(decoding: received, as: UTF8.self)) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }

    static func parse(_ bytes: [UInt8]) -> (status: Int, body: String) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return (0, text) }
        let head = text[..<end.lowerBound]
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        var body = String(text[end.upperBound...])
        if head.lowercased().contains("transfer-encoding: chunked") { body = dechunked(body) }
        return (status, body)
    }

    /// A chunked body's chunks joined (sizes count bytes).
    static func dechunked(_ text: String) -> String {
        var rest = Array(text.utf8)[...], out: [UInt8] = []
        while let cr = rest.firstIndex(of: 0x0D), let size = Int(String(decoding: rest[..<cr], as: UTF8.self), radix: 16), size > 0 {
            let start = cr + 2
            guard start + size <= rest.endIndex else { break }
            out += rest[start..<start + size]
            rest = rest[(start + size + 2)...]
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// `body` on a thread of its own: a test's blocking socket calls must not hold one of the few
/// threads the server in the same process answers on.
func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
