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
        ("4 × casual, expert", "\"N × persona\" repeats one persona"),
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
        #expect(try TeamName(parsing: "3 × casual").problem(personas: personas, teamSizes: 3...6, difficulties: 1...10) == nil)
        #expect(try TeamName(parsing: "3 × casul").problem(personas: personas, teamSizes: 3...6, difficulties: 1...10)
            == "\"casul\" is not a persona of Players.plist (novice, casual, expert); did you mean \"casual\"?")
        #expect(try TeamName(parsing: "2 × casual").problem(personas: personas, teamSizes: 3...6, difficulties: 1...10)
            == "a team of 2 is outside the design's team sizes 3...6 (C6)")
        #expect(try TeamName(parsing: "3 × casual from difficulty 11").problem(personas: personas, teamSizes: 3...6, difficulties: 1...10)?
            .hasPrefix("difficulty 11 is outside the design's difficulty range 1...10") == true)
        #expect(try TeamName(parsing: "2 × nobody").problem(personas: nil, teamSizes: nil, difficulties: nil) == nil, "nil skips a check")
    }
}
