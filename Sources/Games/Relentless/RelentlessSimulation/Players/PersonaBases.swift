import Diagnostics
import PropertyList

/// Resolves the `base` of a `Players.plist`'s personas (``PlayersReader``): every persona is read
/// once, after the persona it extends, whatever their order in the file.
///
/// A base names a persona of the same file first, else a shipped one; a persona whose base is its
/// own name extends the shipped persona of that name. A base that is neither, or a chain of bases
/// that comes back to where it started, is an error at the `base` value, naming the file's and
/// the shipped personas. A persona whose base failed is left out without a message of its own:
/// the base's message says what to fix.
struct PersonaBases {
    let entries: PlistDictionary
    let shipped: [Persona]
    /// Where the personas are (`personas`).
    let path: PlistPath
    /// Personas read so far: nil when one failed (and was reported).
    private var done: [String: Persona?] = [:]
    /// The chain of personas being read, each waiting for its base.
    private var waiting: [String] = []

    init(entries: PlistDictionary, shipped: [Persona], path: PlistPath) {
        self.entries = entries
        self.shipped = shipped
        self.path = path
    }

    mutating func resolve(_ name: String, _ log: inout DiagnosticLog) -> Persona? {
        if let known = done[name] { return known }
        guard let node = entries[name] else { return nil }
        let persona = read(name, node, &log)
        done[name] = .some(persona)
        return persona
    }

    private mutating func read(_ name: String, _ node: PlistNode, _ log: inout DiagnosticLog) -> Persona? {
        let personaPath = path.appending(name)
        guard let d = log.dictionary(node, personaPath, "a persona", rule: nil) else { return nil }
        var base: Persona?
        if let baseNode = d[PlayersReader.baseKey] {
            let basePath = personaPath.appending(PlayersReader.baseKey)
            guard let baseName = log.string(baseNode, basePath, rule: nil) else { return nil }
            if baseName == name {
                guard let own = shipped.first(where: { $0.name == name }) else {
                    log.error(
                        "persona \"\(name)\" names itself as its base, and no shipped persona has that name\(shippedList)",
                        at: baseNode.location, basePath, rule: nil, suggestion: suggestion(for: baseName, besides: name))
                    return nil
                }
                base = own
            } else if entries[baseName] != nil {
                if let start = waiting.firstIndex(of: baseName) {
                    let cycle = (waiting[start...] + [name, baseName]).joined(separator: " → ")
                    log.error(
                        "persona \"\(name)\" extends \"\(baseName)\", which extends it in turn: \(cycle); a chain of bases must end in a persona without one",
                        at: baseNode.location, basePath, rule: nil,
                        suggestion: "give one persona of the cycle the keys it needs instead of a base, or a shipped persona as its base\(shippedList)")
                    return nil
                }
                waiting.append(name)
                base = resolve(baseName, &log)
                waiting.removeLast()
                guard base != nil else { return nil }
            } else if let theirs = shipped.first(where: { $0.name == baseName }) {
                base = theirs
            } else {
                log.error(
                    "unknown base persona \"\(baseName)\": neither a persona of this file nor a shipped one\(shippedList)",
                    at: baseNode.location, basePath, rule: nil, suggestion: suggestion(for: baseName, besides: name))
                return nil
            }
        }
        return PlayersReader.persona(name, d, at: node.location, personaPath, base: base, &log)
    }

    private var shippedList: String {
        shipped.isEmpty ? "" : " (shipped: \(shipped.map(\.name).joined(separator: ", ")))"
    }

    /// "did you mean …?" among the names a base may take (not the persona itself).
    private func suggestion(for baseName: String, besides name: String) -> String? {
        let candidates = entries.keys.filter { $0 != name } + shipped.map(\.name)
        return Suggestion.nearest(to: baseName, in: candidates).map { "did you mean \"\($0)\"?" }
    }
}
