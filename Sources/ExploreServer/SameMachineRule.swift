import Foundation

/// Which requests the server answers: those a page it served sends, from this machine. A web
/// page elsewhere cannot drive it: a request named for another host (a DNS name an attacker
/// points at 127.0.0.1) or sent from another origin is refused, and a POST must say its body is
/// JSON, which a cross-site form cannot without the browser asking first (a preflight this
/// server never grants).
struct SameMachineRule: Sendable {
    /// The names this machine answers to, lowercased; empty when the server listens on every
    /// address (0.0.0.0 or ::), where any name reaches it and the user chose to be reachable.
    let names: Set<String>

    init(listeningOn host: String) {
        let host = host.lowercased()
        names = ["0.0.0.0", "::", "[::]"].contains(host) ? [] : ["localhost", "127.0.0.1", "::1", Self.bare(host)]
    }

    /// Why a request with these headers is not this machine's own (403), nil when it is.
    func foreign(host: String?, origin: String?) -> String? {
        guard !names.isEmpty else { return nil }
        guard let host, names.contains(Self.name(ofHost: host)) else {
            return "explore answers requests to this machine's address (\(names.sorted().joined(separator: ", "))), not Host: \(host ?? "(none)")"
        }
        if let origin, !names.contains(Self.name(ofOrigin: origin)) {
            return "explore answers its own page, not one from \(origin)"
        }
        return nil
    }

    /// Why a POST with this Content-Type is refused (415), nil when it declares JSON.
    func undeclared(contentType: String?) -> String? {
        let type = contentType?.split(separator: ";").first.map { $0.trimmingSpaces.lowercased() }
        return type == "application/json" ? nil : "a request body is JSON: send Content-Type: application/json, not \(contentType ?? "none")"
    }

    /// "127.0.0.1:8080" → "127.0.0.1", "[::1]:8080" → "::1", lowercased.
    static func name(ofHost host: String) -> String {
        let host = host.trimmingSpaces.lowercased()
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") { return String(host[host.index(after: host.startIndex)..<close]) }
        return String(host.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    /// "http://localhost:8080" → "localhost"; "null" (a sandboxed or file page) names none.
    static func name(ofOrigin origin: String) -> String {
        guard let scheme = origin.range(of: "://") else { return "" }
        return name(ofHost: String(origin[scheme.upperBound...].prefix { $0 != "/" }))
    }

    private static func bare(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(self.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
