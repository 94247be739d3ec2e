import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `playbench gate` as CI runs it: a small Balance.plist (few, short games, for a debug build)
/// on the shipped design and on one made harsher on purpose.
@Suite("playbench gate")
struct GateCommandTests {
    static let balance = DesignFixtures.plist("""
        <dict>
          <key>firstGames</key><integer>32</integer>
          <key>maxGames</key><integer>64</integer>
          <key>maxRounds</key><integer>6</integer>
          <key>targets</key>
          <array>
            <dict>
              <key>name</key><string>casual teams survive the first days</string>
              <key>team</key><string>casual,casual,casual,casual</string>
              <key>metric</key><string>survival</string>
              <key>round</key><integer>6</integer>
              <key>atLeast</key><real>0.5</real>
            </dict>
            <dict>
              <key>team</key><string>expert,expert,expert</string>
              <key>metric</key><string>medianMoney</string>
              <key>round</key><integer>6</integer>
              <key>atLeast</key><integer>200</integer>
            </dict>
          </array>
        </dict>
        """)

    /// The shipped design's files with `dailyExpense` set (nil: as shipped), and `balance` as its Balance.plist.
    static func design(dailyExpense: Int? = nil, balance: String? = Self.balance) throws -> URL {
        let directory = try Fixtures.temporaryDirectory("gate")
        for name in ["GameConfig.plist", "Players.plist"] {
            try FileManager.default.copyItem(at: Fixtures.shippedDesign.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        let parameters = String(decoding: try Fixtures.bytes(Fixtures.shippedDesign.appendingPathComponent("DefaultGameParameters.plist")), as: UTF8.self)
        let edited = dailyExpense.map { parameters.settingParameter("dailyExpense", to: "<integer>\($0)</integer>") } ?? parameters
        try Data(edited.utf8).write(to: directory.appendingPathComponent("DefaultGameParameters.plist"))
        if let balance { try Data(balance.utf8).write(to: directory.appendingPathComponent("Balance.plist")) }
        return directory
    }

    /// One target any design meets (at least no team alive after round 1), in games long
    /// enough to reach the top of the shipped ramp (19 rounds), so eventual ruin is measured.
    static func horizonBalance(allowCertainRuin: Bool? = nil, games: Int = 32) -> String {
        DesignFixtures.plist("""
            <dict>
              <key>firstGames</key><integer>\(games)</integer>
              <key>maxGames</key><integer>\(2 * games)</integer>
              <key>maxRounds</key><integer>21</integer>
              \(allowCertainRuin.map { "<key>allowCertainRuin</key><\($0)/>" } ?? "")
              <key>targets</key>
              <array>
                <dict>
                  <key>team</key><string>casual,casual,casual,casual</string>
                  <key>metric</key><string>survival</string>
                  <key>round</key><integer>1</integer>
                  <key>atLeast</key><real>0</real>
                </dict>
              </array>
            </dict>
            """)
    }

    @Test("a design certain to lose every game eventually fails its gate, whatever its targets within the horizon (issue 39, M2)")
    func certainRuinFails() throws {
        // Every game lost in round 1: eventual ruin is a share of games, and telling it from
        // "at most 99%" at the gate's 98.8% takes some 500 games (Clopper-Pearson: 0.006^(1/n) > 0.99).
        let broke = try Self.design(dailyExpense: 1000, balance: Self.horizonBalance(games: 600))
        let result = try CommandRunner.playbench(["gate", broke.path])
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("4 × casual is not certain to lose every game eventually"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("1 of 2 targets met, 1 missed."), "\(result.standardOutput)")

        // The file may say the game is meant to end so.
        let allowed = try Self.design(dailyExpense: 1000, balance: Self.horizonBalance(allowCertainRuin: true))
        let passing = try CommandRunner.playbench(["gate", allowed.path])
        #expect(passing.status == 0, "\(passing.standardOutput)\(passing.standardError)")
        #expect(passing.standardOutput.contains("1 of 1 target met."), "\(passing.standardOutput)")

        // The shipped design's casual team is far from certain ruin: the added target is met.
        let shipped = try CommandRunner.playbench(["gate", try Self.design(balance: Self.horizonBalance()).path])
        #expect(shipped.status == 0, "\(shipped.standardOutput)\(shipped.standardError)")
        #expect(shipped.standardOutput.contains("2 of 2 targets met."), "\(shipped.standardOutput)")
    }

    @Test func aDesignThatMeetsItsTargetsPasses() throws {
        let design = try Self.design()
        let junit = design.appendingPathComponent("gate.xml"), markdown = design.appendingPathComponent("gate.md")
        let result = try CommandRunner.playbench(["gate", design.path, "--junit", junit.path, "--markdown", markdown.path])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("2 of 2 targets met."))
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains(#"tests="2" failures="0""#))
        #expect(try String(contentsOf: markdown, encoding: .utf8).contains("| ✅ met | casual teams survive the first days |"))
    }

    /// A daily expense above anything a team can earn in a round (M1): every team is broke after
    /// round 1, and the JUnit report says which targets failed and why.
    @Test func aDesignMadeHarsherOnPurposeFailsWithAJUnitReportThatSaysWhy() throws {
        let design = try Self.design(dailyExpense: 1000)
        let junit = design.appendingPathComponent("gate.xml")
        let result = try CommandRunner.playbench(["gate", design.path, "--junit", junit.path])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("MISSED"))
        let data = try Data(contentsOf: junit)
        let parser = XMLParser(data: data)
        #expect(parser.parse(), "JUnit report is not well-formed: \(String(describing: parser.parserError))")
        let xml = String(decoding: data, as: UTF8.self)
        #expect(xml.contains(#"tests="2" failures="2""#))
        #expect(xml.contains(#"<testcase classname="balance.4 × casual" name="casual teams survive the first days""#))
        #expect(xml.contains(#"<failure type="missed" message="0.0% (interval 0.0% to "#))
        #expect(xml.contains("outside &quot;at least 50%&quot;"))
        #expect(xml.contains("Balance.plist:"))
        // No team was solvent after round 6, so there is no median money after it: missed, and said so.
        #expect(xml.contains("none solvent after round 6"), "\(xml)")
    }

    /// ``balance`` written in every game's form, by hand: a lineup and a metric per target.
    static let sharedFormBalance = DesignFixtures.plist("""
        <dict>
          <key>firstGames</key><integer>32</integer>
          <key>maxGames</key><integer>64</integer>
          <key>maxRounds</key><integer>6</integer>
          <key>targets</key>
          <array>
            <dict>
              <key>name</key><string>casual teams survive the first days</string>
              <key>lineup</key><string>4 × casual</string>
              <key>metric</key><string>survival(6)</string>
              <key>atLeast</key><real>0.5</real>
            </dict>
            <dict>
              <key>lineup</key><string>3 × expert</string>
              <key>metric</key><string>medianMoney(6)</string>
              <key>atLeast</key><integer>200</integer>
            </dict>
          </array>
        </dict>
        """)

    /// Relentless's targets in every game's form gate exactly as the older form did (issue 41),
    /// and `check` says, at each older target, what to write in its place.
    @Test func bothFormsOfABalanceFileGateAlikeAndCheckSaysHowToConvert() throws {
        let older = try CommandRunner.playbench(["gate", try Self.design().path, "--format", "json"])
        let shared = try CommandRunner.playbench(["gate", try Self.design(balance: Self.sharedFormBalance).path, "--format", "json"])
        #expect(older.status == 0 && shared.status == 0, "\(older.standardError)\(shared.standardError)")
        func withoutSources(_ text: String) -> String {
            text.split(separator: "\n").filter { !$0.contains("\"source\"") && !$0.contains("\"design\"") }.joined(separator: "\n")
        }
        #expect(withoutSources(older.standardOutput) == withoutSources(shared.standardOutput))
        #expect(shared.standardOutput.contains("\"lineup\" : \"3 × expert\""))
        // The gate says so too, beside its verdicts.
        #expect(older.standardError.contains("note: targets[1]: a target of the older form"), "\(older.standardError)")
        #expect(!shared.standardError.contains("older form"))

        let check = try CommandRunner.playbench(["check", try Self.design().path])
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.standardOutput.contains(
            "Balance.plist:10:5: note: targets[0]: a target of the older form: every game's Balance.plist names a lineup and a metric; write <key>lineup</key><string>4 × casual</string> and <key>metric</key><string>survival(6)</string>"),
            "\(check.standardOutput)")
        #expect(check.standardOutput.contains("<string>3 × expert</string> and <key>metric</key><string>medianMoney(6)</string>"))
        let converted = try CommandRunner.playbench(["check", try Self.design(balance: Self.sharedFormBalance).path])
        #expect(converted.status == 0 && !converted.standardOutput.contains("older form"), "\(converted.standardOutput)")
    }

    @Test func jsonCarriesEveryVerdictAndInterval() throws {
        let result = try CommandRunner.playbench(["gate", try Self.design().path, "--format", "json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let targets = try #require(object["targets"] as? [[String: Any]])
        #expect(targets.count == 2)
        #expect(targets.allSatisfy { ($0["verdict"] as? String) == "met" })
        let estimate = try #require(targets[1]["estimate"] as? [String: Double])
        #expect(try #require(estimate["lower"]) <= estimate["value"] ?? -1)
    }

    @Test func aMissingBalanceFileIsAMissingInput() throws {
        let result = try CommandRunner.playbench(["gate", try Self.design(balance: nil).path])
        #expect(result.status == 66)
        #expect(result.standardError.contains("Balance.plist: no such file: a gate needs balance targets"))
        // Issue 16: the hint names no path the user may not have (the shipped design is built in).
        #expect(!result.standardError.contains("Designs/relentless"), "\(result.standardError)")
    }

    @Test func aMissingBalanceFileNamedForTheBuiltInDesignIsAMissingInput() throws {
        // Never the built-in design's own targets in its place.
        let result = try CommandRunner.playbench(["gate", "--balance", "/no/such/strict.plist"])
        #expect(result.status == 66)
        #expect(result.standardError.contains("/no/such/strict.plist: no such file"), "\(result.standardError)")
    }

    @Test func aBrokenBalanceFileIsReportedWhereItIsWrong() throws {
        let broken = Self.balance.replacingOccurrences(of: "<string>medianMoney</string>", with: "<string>medianMony</string>")
        let result = try CommandRunner.playbench(["gate", try Self.design(balance: broken).path])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains(#"Balance.plist:"#))
        #expect(result.standardOutput.contains(#"error: targets[1].metric: unknown metric "medianMony""#))
        #expect(result.standardOutput.contains(#"did you mean "medianMoney"?"#))
    }

    @Test func anUnwritableReportIsExit73() throws {
        let design = try Self.design()
        let result = try CommandRunner.playbench(["gate", design.path, "--junit", design.appendingPathComponent("no/such/dir/gate.xml").path])
        #expect(result.status == 73)
    }
}
