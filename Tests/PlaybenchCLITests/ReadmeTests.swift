import Foundation
import TestSupport
import Testing

/// The README is short and says nothing the reference does not (issue 41): it is what Playbench
/// is, the two commands, an example per game and an index into the DocC reference. A key, an
/// option or a rule id it names must be one the reference documents, and no table of the
/// reference is repeated in it, so the README cannot drift from the reference unnoticed.
@Suite("the README")
struct ReadmeTests {
    static let readme = (try? String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    /// Every article of every catalog, as one text.
    static let reference: String = {
        ReferenceTests.catalogs.values.flatMap { catalog in
            ((try? FileManager.default.contentsOfDirectory(atPath: catalog.path)) ?? []).filter { $0.hasSuffix(".md") }
                .compactMap { try? String(contentsOf: catalog.appendingPathComponent($0), encoding: .utf8) }
        }.joined(separator: "\n")
    }()

    /// The options of the playbench commands the text shows: in code blocks and in backticks, the
    /// `--name`s after `playbench` on the same line.
    static func playbenchOptions(in text: String) -> Set<String> {
        var options = Set<String>()
        let snippets = text.split(separator: "\n").map(String.init) + text.matches(of: /`([^`\n]+)`/).map { String($0.output.1) }
        for snippet in snippets {
            guard let start = snippet.range(of: "playbench ") else { continue }
            for match in snippet[start.upperBound...].matches(of: /(?:^|\s)(--[a-z][a-z-]*)/) { options.insert(String(match.output.1)) }
        }
        return options
    }

    /// Backticked names that read as a design's keys (`dailyExpense`, `isOrderItem`) or files
    /// (`Andora.plist`).
    static func keysAndFiles(in text: String) -> Set<String> {
        Set(text.matches(of: /`([a-z]+[A-Z][A-Za-z0-9]*|[A-Za-z]+\.plist)`/).map { String($0.output.1) })
    }

    @Test("is under 300 lines")
    func isShort() {
        let lines = Self.readme.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines > 50 && lines < 300, "\(lines) lines")
    }

    @Test("names only options the reference documents")
    func optionsAreDocumented() {
        let options = Self.playbenchOptions(in: Self.readme)
        // The scan sees the README's options (if it broke, the check below would pass vacuously).
        #expect(options.contains("--agents") && options.contains("--seed"), "\(options.sorted())")
        for option in options.sorted() where !Self.reference.contains(option) {
            Issue.record("the README names \(option), which no reference article does")
        }
        #expect(Self.playbenchOptions(in: "run `playbench simulate --teams 3` now") == ["--teams"])
    }

    @Test("names only keys and files the reference documents")
    func keysAreDocumented() {
        let names = Self.keysAndFiles(in: Self.readme)
        #expect(names.contains("Andora.plist"), "\(names.sorted())")
        for name in names.sorted() where !Self.reference.contains(name) {
            Issue.record("the README names `\(name)`, which no reference article does")
        }
    }

    @Test("cites only rule ids the games' rules articles have")
    func ruleIdsAreDocumented() throws {
        let documented = Set(try ReferenceTests.ruleEntries().map(\.id))
        let cited = Set(Self.readme.matches(of: ReferenceTests.ruleId).map { String($0.id) })
        #expect(cited.contains("C4"))
        for id in cited.sorted() where !documented.contains(id) {
            Issue.record("the README cites \(id), which no game's rules article has")
        }
    }

    @Test("repeats no table of the reference")
    func repeatsNoTable() {
        let referenceNames = Set(ReferenceTests.tableRows(of: Self.reference).flatMap(\.names))
        #expect(referenceNames.contains("dailyExpense"))
        for row in ReferenceTests.tableRows(of: Self.readme) {
            for name in row.names where referenceNames.contains(name) {
                Issue.record("the README's table documents `\(name)`, as the reference's does")
            }
        }
    }

    @Test("links only files that are there")
    func linksResolve() {
        let links = Self.readme.matches(of: /\]\(([^)#]+)\)/).map { String($0.output.1) }.filter { !$0.hasPrefix("http") }
        #expect(links.count >= 20)
        for link in links where !FileManager.default.fileExists(atPath: Fixtures.packageRoot.appendingPathComponent(link).path) {
            Issue.record("the README links \(link), which is not there")
        }
    }
}
