import Balance
import RelentlessBalance
import Testing

/// A Relentless lineup's name as Balance.plist's targets give it: a team and where its games
/// start (M3).
@Suite struct TeamNameTests {
    @Test(arguments: [
        ("4 × casual", ["casual", "casual", "casual", "casual"], nil),
        ("novice, casual, expert", ["novice", "casual", "expert"], nil),
        ("novice,casual,expert", ["novice", "casual", "expert"], nil),
        ("1 × expert", ["expert"], nil),
        ("4 × casual from difficulty 5", ["casual", "casual", "casual", "casual"], 5.0),
        ("novice, expert from difficulty 2.5", ["novice", "expert"], 2.5),
        // "N ×" repeats a name only when it is the whole team.
        ("2×fast, casual", ["2×fast", "casual"], nil),
        ("1 × 2×fast", ["2×fast"], nil),
    ] as [(String, [String], Double?)])
    func aNameIsATeamAndAStart(text: String, team: [String], start: Double?) throws {
        let name = try TeamName(parsing: text)
        #expect(name.team == team)
        #expect(name.start == start)
    }

    /// The name written is the one tables and gates give the lineup, and reads back the same.
    @Test func theTextIsTheLineupsName() throws {
        #expect(TeamName(team: ["casual", "casual", "casual"]).text == "3 × casual")
        #expect(TeamName(team: ["novice", "expert"], start: 5).text == "novice, expert from difficulty 5")
        #expect(try TeamName(parsing: "novice,expert from difficulty 5").text == "novice, expert from difficulty 5")
    }

    @Test(arguments: [
        ("x × casual", "\"x\" before \"×\" is not a team size"),
        ("0 × casual", "\"0\" before \"×\" is not a team size"),
        ("4 × ", "\"N × persona\" repeats one persona"),
        ("casual,,expert", "names an empty persona"),
        ("", "names an empty persona"),
        ("4 × casual from difficulty high", "\"high\" after \"from difficulty\" is not a difficulty"),
    ])
    func aNameThatIsNoTeamSaysWhy(text: String, reason: String) {
        #expect(throws: TeamName.Problem.self) { try TeamName(parsing: text) }
        do { _ = try TeamName(parsing: text) } catch { #expect(error.description.hasPrefix(reason), "\(error)") }
    }

    @Test func aTeamTheDesignCannotPlaySaysWhy() throws {
        let personas = ["novice", "casual", "expert"]
        func problem(_ text: String) throws -> MetricGateReader.Refusal? {
            try TeamName(parsing: text).problem(personas: personas, teamSizes: 3...6, difficulties: 1...10)
        }
        #expect(try problem("3 × casual") == nil)
        #expect(try problem("3 × casul") == MetricGateReader.Refusal(
            "\"casul\" is not a persona of Players.plist (novice, casual, expert)", suggestion: "did you mean \"casual\"?"))
        #expect(try problem("casul, expret, casul")?.message == "\"casul\", \"expret\" are not personas of Players.plist (novice, casual, expert)")
        #expect(try problem("2 × casual") == MetricGateReader.Refusal("a team of 2 is outside the design's team sizes 3...6", rule: "C6"))
        #expect(try problem("3 × casual from difficulty 11")?.rule == "M3")
        #expect(try problem("3 × casual from difficulty 11")?.message.hasPrefix("difficulty 11 is outside the design's difficulty range 1...10") == true)
        #expect(try TeamName(parsing: "2 × nobody").problem(personas: nil, teamSizes: nil, difficulties: nil) == nil, "nil skips a check")
    }

    /// A team whose persona names hold a comma or " from difficulty " has no name that reads
    /// back as it: the conversion of an older target says so rather than suggest one.
    @Test func aNameIsWritableWhenItReadsBack() {
        #expect(TeamName(team: ["novice", "casual"], start: 3).isWritable)
        #expect(TeamName(team: ["2×fast", "casual"]).isWritable)
        #expect(TeamName(team: ["2×fast"]).isWritable)
        #expect(!TeamName(team: ["a,b", "c"]).isWritable)
        #expect(!TeamName(team: ["x from difficulty 3"]).isWritable)
    }
}
