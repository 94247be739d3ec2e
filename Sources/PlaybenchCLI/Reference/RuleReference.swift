import ArgumentParser
import Diagnostics
import Foundation
import GameSeam

/// The rule ids of the games' references, read from each game's rules article (``RulesArticle``:
/// the Markdown of `<Game>Rules.md` in the DocC catalog beside its model, built into the binary), so
/// that the text `check --explain-rule ID` prints is the text the reference shows: one source.
///
/// ```swift
/// RuleReference.entry("c4")?.title   // "Parts and depth"
/// print(RuleReference.entry("C4")!.terminalText)
/// // C4: Parts and depth
/// //
/// // An assembled category names its parts by category and has a `depth`: …
/// ```
///
/// An entry is a level-3 heading `### ID: Title` and everything up to the next heading.
enum RuleReference {
    struct Entry: Equatable, Sendable {
        var id: String
        var title: String
        /// The entry's Markdown, without its heading.
        var body: String
        /// The catalog of its article, for its links printed as paths.
        var catalog: String

        /// For a terminal: code blocks indented instead of fenced, and `<doc:Name>` links as the
        /// article's path in the repository.
        var terminalText: String {
            var lines = ["\(id): \(title)", ""]
            var inCode = false
            for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("```") {
                    inCode.toggle()
                    continue
                }
                lines.append(inCode ? "    " + line : RuleReference.plainLinks(String(line), catalog: catalog))
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    /// Every entry of the run's games' rules articles, game by game in the registry's order.
    static var entries: [Entry] {
        GameRegistry.active.games.flatMap(\.rules).flatMap { parse($0.markdown, catalog: $0.catalog) }
    }

    /// The entries of a rules article of `catalog`, in its order.
    static func parse(_ markdown: String, catalog: String) -> [Entry] {
        var entries: [Entry] = []
        var current: (id: String, title: String, lines: [Substring])?
        var inCode = false
        func finish() {
            guard let entry = current else { return }
            let body = entry.lines.drop { $0.allSatisfy(\.isWhitespace) }.reversed().drop { $0.allSatisfy(\.isWhitespace) }.reversed()
            entries.append(Entry(id: entry.id, title: entry.title, body: body.joined(separator: "\n"), catalog: catalog))
            current = nil
        }
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle() }
            if !inCode, line.hasPrefix("#") {
                finish()
                if line.hasPrefix("### ") {
                    let heading = line.dropFirst(4)
                    let parts = heading.split(separator: ":", maxSplits: 1)
                    let id = String(parts[0]).trimmingSpaces
                    let title = parts.count > 1 ? String(parts[1]).trimmingSpaces : ""
                    current = (id, title, [])
                }
                continue
            }
            current?.lines.append(line)
        }
        finish()
        return entries
    }

    /// The entry of `id`, written as in a message (`C4`, `[C4]`) or in lower case.
    static func entry(_ id: String, in entries: [Entry] = entries) -> Entry? {
        let wanted = normalized(id)
        return entries.first { $0.id == wanted }
    }

    /// `check --explain-rule ID`: prints the entry, or, for an id the reference lacks, says so
    /// with the nearest id and ends with exit 64 (bad usage).
    static func explain(_ id: String) throws {
        let entries = entries
        guard let entry = entry(id, in: entries) else {
            let ids = entries.map(\.id)
            let suggestion = Suggestion.nearest(to: normalized(id), in: ids).map { " (did you mean \"\($0)\"?)" } ?? ""
            Output.error("no rule \"\(id)\" in the reference\(suggestion); the ids are \(ids.joined(separator: ", "))")
            throw ExitCode.validationFailure
        }
        Output.standard(entry.terminalText)
    }

    private static func normalized(_ id: String) -> String {
        var text = id.trimmingSpaces
        if text.hasPrefix("["), text.hasSuffix("]"), text.count > 2 { text = String(text.dropFirst().dropLast()) }
        return text.uppercased()
    }

    /// `<doc:GameConfig>` → `CATALOG/GameConfig.md`, and `[A title](../Other.docc/X.md)` →
    /// `A title (PATH/Other.docc/X.md)`: each linked article's path in the repository.
    static func plainLinks(_ line: String, catalog: String) -> String {
        var result = ""
        var rest = Substring(line)
        while let start = rest.range(of: "<doc:"), let end = rest[start.upperBound...].firstIndex(of: ">") {
            result += rest[..<start.lowerBound]
            result += "\(catalog)/\(rest[start.upperBound..<end]).md"
            rest = rest[rest.index(after: end)...]
        }
        result += rest
        return result.replacing(/\[([^\]]+)\]\(([^)]+\.md)\)/) { match in
            "\(match.output.1) (\(resolved(String(match.output.2), from: catalog)))"
        }
    }

    /// A relative path from a directory, as a path from the repository root.
    static func resolved(_ relative: String, from directory: String) -> String {
        var parts = directory.split(separator: "/").map(String.init)
        for part in relative.split(separator: "/").map(String.init) {
            if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " || $0 == "\r" }.reversed())
    }
}
