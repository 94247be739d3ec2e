import Balance
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

    /// Why a request with these headers is not this machine's own (403), nil when it is. A
    /// request a page sends names the page's origin: it must be the server's own (its host and
    /// port, so that another server on this machine cannot drive it either).
    func foreign(host: String?, origin: String?) -> String? {
        if !names.isEmpty {
            guard let host, names.contains(Self.name(ofHost: host)) else {
                return "explore answers requests to this machine's address (\(names.sorted().joined(separator: ", "))), not Host: \(host ?? "(none)")"
            }
        }
        if let origin, Self.authority(ofOrigin: origin) != host.map(Self.authority(ofHost:)) {
            return "explore answers its own page, not one from \(origin)"
        }
        return nil
    }

    /// "127.0.0.1:8080", lowercased, without HTTP's default port.
    static func authority(ofHost host: String) -> String {
        let authority = host.trimmingSpaces.lowercased()
        return authority.hasSuffix(":80") ? String(authority.dropLast(3)) : authority
    }

    /// The host and port of "http://127.0.0.1:8080" as ``authority(ofHost:)`` writes them;
    /// nil for another scheme or "null" (a sandboxed or file page).
    static func authority(ofOrigin origin: String) -> String? {
        guard origin.lowercased().hasPrefix("http://") else { return nil }
        return authority(ofHost: String(origin.dropFirst("http://".count).prefix { $0 != "/" }))
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

    private static func bare(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }
}
