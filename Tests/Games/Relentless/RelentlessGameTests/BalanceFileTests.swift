import Balance
import Diagnostics
import PropertyList
import RelentlessBalance
@testable import RelentlessGame
import Testing
import TestSupport

/// Relentless's Balance.plist in every game's form (a lineup, a metric, a band: the shared
/// MetricGateReader's), and the older form it replaces, which is read as before with a note of
/// what to write instead (issue 41).
@Suite struct BalanceFileTests {
    static func read(_ body: String) throws -> (BalancePlan?, [Diagnostic]) {
        let text = DesignFixtures.plist("<dict>\(body)</dict>")
        return BalanceFile.read(
            try PlistReader.read(bytes: Array(text.utf8)), file: "Balance.plist", personas: ["novice", "casual", "expert"], teamSizes: 3...6,
            difficulties: 1...10)
    }

    static let top = "<key>maxRounds</key><integer>20</integer><key>startDifficulty</key><real>2</real><key>allowCertainRuin</key><true/><key>firstGames</key><integer>100</integer>"

    /// The same targets written by hand in both forms.
    static let older = top + """
        <key>targets</key><array>
        <dict><key>team</key><string>casual,casual,casual,casual</string><key>metric</key><string>survival</string><key>round</key><integer>5</integer>\
        <key>atLeast</key><real>0.4</real><key>atMost</key><real>0.6</real></dict>
        <dict><key>team</key><array><string>novice</string><string>casual</string><string>expert</string></array><key>metric</key><string>seatSatisfaction</string>\
        <key>seat</key><integer>2</integer><key>startDifficulty</key><integer>4</integer><key>atLeast</key><real>1</real></dict>
        <dict><key>name</key><string>named</string><key>team</key><string>novice,novice,novice</string><key>metric</key><string>ruin</string><key>atMost</key><real>0.5</real></dict>
        </array>
        """
    static let shared = top + """
        <key>targets</key><array>
        <dict><key>lineup</key><string>4 × casual</string><key>metric</key><string>survival(5)</string><key>atLeast</key><real>0.4</real><key>atMost</key><real>0.6</real></dict>
        <dict><key>lineup</key><string>novice, casual, expert from difficulty 4</string><key>metric</key><string>seatSatisfaction(2)</string><key>atLeast</key><real>1</real></dict>
        <dict><key>name</key><string>named</string><key>lineup</key><string>3 × novice</string><key>metric</key><string>ruin</string><key>atMost</key><real>0.5</real></dict>
        </array>
        """

    static func withoutSources(_ plan: BalancePlan?) -> BalancePlan? {
        guard var plan else { return nil }
        for i in plan.targets.indices { plan.targets[i].source = nil }
        return plan
    }

    @Test func bothFormsReadToTheSamePlan() throws {
        let (olderPlan, olderDiagnostics) = try Self.read(Self.older)
        let (sharedPlan, sharedDiagnostics) = try Self.read(Self.shared)
        #expect(!olderDiagnostics.hasErrors && sharedDiagnostics.isEmpty, "\(olderDiagnostics) \(sharedDiagnostics)")
        let plan = try #require(Self.withoutSources(sharedPlan))
        #expect(plan == Self.withoutSources(olderPlan))
        // And what the targets say, checked against the file rather than either reader.
        #expect(plan.maxRounds == 20 && plan.startDifficulty == 2 && plan.allowCertainRuin && plan.schedule.looks.first == 100)
        #expect(plan.targets.map(\.team) == [Array(repeating: "casual", count: 4), ["novice", "casual", "expert"], Array(repeating: "novice", count: 3)])
        #expect(plan.targets.map(\.metric) == [.survival, .seatSatisfaction, .ruin])
        #expect(plan.targets.map(\.round) == [5, nil, nil] && plan.targets.map(\.seat) == [nil, 2, nil])
        #expect(plan.targets.map(\.startDifficulty) == [nil, 4, nil])
        #expect(plan.targets[0].name == "4 × casual: share of games alive after round 5 between 40% and 60%")
        #expect(plan.targets[2].name == "named")
        #expect(sharedPlan?.targets[1].source == "Balance.plist:6:1")
    }

    @Test func anOlderFileSaysWhatToWriteAtEachTarget() throws {
        let (plan, diagnostics) = try Self.read(Self.older)
        #expect(plan?.targets.count == 3)
        let notes = diagnostics.filter { $0.severity == .note }
        #expect(notes.map(\.keyPath) == ["targets[0]", "targets[1]", "targets[2]"])
        #expect(notes.map(\.location?.line) == [5, 6, 7])
        #expect(notes[1].message.contains("write <key>lineup</key><string>novice, casual, expert from difficulty 4</string> and <key>metric</key><string>seatSatisfaction(2)</string>"))
        #expect(notes[0].message.contains("<string>4 × casual</string> and <key>metric</key><string>survival(5)</string>"))
    }

    static func target(_ lineup: String, _ metric: String) -> String {
        top + "<key>targets</key><array><dict><key>lineup</key><string>\(lineup)</string><key>metric</key><string>\(metric)</string><key>atLeast</key><real>0.5</real></dict></array>"
    }

    @Test(arguments: [
        (target("3 × casul", "survival(5)"), "targets[0].lineup", "lineup \"3 × casul\": \"casul\" is not a persona of Players.plist (novice, casual, expert)"),
        (target("2 × casual", "survival(5)"), "targets[0].lineup", "lineup \"2 × casual\": a team of 2 is outside the design's team sizes 3...6"),
        (target("3 × casual from difficulty 12", "ruin"), "targets[0].lineup", "lineup \"3 × casual from difficulty 12\": difficulty 12 is outside"),
        (target("three casuals", "ruin"), "targets[0].lineup", "lineup \"three casuals\": \"three casuals\" is not a persona"),
        (target("3 × casual", "survival(21)"), "targets[0]", "metric \"survival(21)\": round 21 is past the games' last (maxRounds is 20)"),
        (target("3 × casual", "seatWaitShare(4)"), "targets[0]", "metric \"seatWaitShare(4)\": seat 4 is no place in a team of 3 (3 × casual)"),
        (target("3 × casual", "survival"), "targets[0].metric", "unknown metric \"survival\"; one of \"survival(ROUND)\""),
        (target("3 × casual", "meanRounds(3)"), "targets[0].metric", "unknown metric \"meanRounds(3)\""),
        (top + "<key>targets</key><array><dict><key>metric</key><string>ruin</string><key>atMost</key><real>0.5</real></dict></array>", "targets[0]",
         "missing key \"lineup\""),
        (top + "<key>maxRound</key><integer>3</integer><key>targets</key><array/>", "maxRound", "unknown key \"maxRound\""),
    ])
    func aMistakeIsLocatedAndSaid(body: String, keyPath: String, message: String) throws {
        let (plan, diagnostics) = try Self.read(body)
        #expect(plan == nil)
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.contains { $0.keyPath == keyPath && $0.message.hasPrefix(message) }, "\(diagnostics.map(\.description))")
    }

    /// Errors cite their rule and suggest what to write in the fields every diagnostic has.
    @Test func aRefusedLineupCarriesItsRuleAndSuggestion() throws {
        let (_, size) = try Self.read(Self.target("2 × casual", "ruin"))
        #expect(size.first { $0.severity == .error }?.rule == "C6")
        let (_, start) = try Self.read(Self.target("3 × casual from difficulty 12", "ruin"))
        #expect(start.first { $0.severity == .error }?.rule == "M3")
        let (_, persona) = try Self.read(Self.target("3 × casul", "ruin"))
        #expect(persona.first { $0.severity == .error }?.suggestion == "did you mean \"casual\"?")
    }

    /// A lineup is named as tables name it, however it is spelt: one team, one name.
    @Test func aLineupIsNamedAsTablesNameIt() throws {
        let (plan, _) = try Self.read(Self.target("casual,casual,casual, casual", "survival(5)"))
        #expect(plan?.targets.first?.team == Array(repeating: "casual", count: 4))
        #expect(plan?.targets.first?.name == "4 × casual: share of games alive after round 5 at least 50%")
    }

    /// A key of the older form in a file that names lineups is refused at the key, with what to
    /// write instead; a file mixing the forms too.
    @Test func anOlderKeyAmongLineupsSaysWhatToWrite() throws {
        let stray = Self.top + """
            <key>targets</key><array>
            <dict><key>lineup</key><string>3 × casual</string><key>metric</key><string>seatWaitShare</string><key>seat</key><integer>2</integer>\
            <key>atMost</key><real>0.5</real></dict>
            </array>
            """
        let (plan, diagnostics) = try Self.read(stray)
        #expect(plan == nil)
        let seat = diagnostics.first { $0.keyPath == "targets[0].seat" }
        #expect(seat?.message == "\"seat\" is a key of the older form, which a target naming a lineup does not take")
        #expect(seat?.suggestion == "write the seat in the metric: \"seatWaitShare(2)\"")

        let mixed = Self.top + """
            <key>targets</key><array>
            <dict><key>team</key><string>casual,casual,casual</string><key>metric</key><string>ruin</string><key>atMost</key><real>0.5</real></dict>
            <dict><key>lineup</key><string>3 × casual</string><key>metric</key><string>ruin</string><key>atMost</key><real>0.5</real></dict>
            </array>
            """
        let (none, errors) = try Self.read(mixed)
        #expect(none == nil)
        #expect(errors.contains { $0.keyPath == "targets[0].team" && $0.suggestion?.hasPrefix("name the team in the lineup") == true }, "\(errors.map(\.description))")
        #expect(errors.contains { $0.keyPath == "targets[0]" && $0.message.hasPrefix("missing key \"lineup\"") })
    }
}
