import Balance
import Diagnostics
import GameSeam

/// A Relentless lineup as tables and gates name it: its team, "4 × casual", or "novice, casual,
/// expert" for a mixed one (as ``GameSeam/Lineup/name(ofPlayers:)`` writes it), and " from
/// difficulty D" when its games start above the design's minimum (M3). Balance.plist's targets
/// name their lineups this way, as every game's do.
public struct TeamName: Hashable, Sendable {
    /// Persona names, one per player.
    public var team: [String]
    /// Where the games start (M3); nil for the plan's start.
    public var start: Double?

    public init(team: [String], start: Double? = nil) {
        self.team = team
        self.start = start
    }

    static let startWords = " from difficulty "

    /// Why a text names no team.
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// The name read; why it is none, said for a designer, when it is not.
    public init(parsing text: String) throws(TeamName.Problem) {
        var teamText = Substring(text)
        if let from = text.firstRange(of: Self.startWords) {
            teamText = text[..<from.lowerBound]
            let number = text[from.upperBound...]
            guard let start = Double(number), start.isFinite else {
                throw Problem("\"\(number)\" after \"from difficulty\" is not a difficulty: give a number, e.g. \"4 × casual from difficulty 5\"")
            }
            self.start = start
        }
        // Commas first: "N × " repeats a name only when it is the whole team, so a persona
        // named with a "×" ("2×fast, casual") stays one persona.
        let names = teamText.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace }
        if names.count == 1, let times = names[0].firstIndex(of: "×") {
            let count = names[0][..<times].trimmingWhitespace
            let persona = names[0][names[0].index(after: times)...].trimmingWhitespace
            guard let n = Int(count), n >= 1, n <= 1000 else {
                throw Problem("\"\(count)\" before \"×\" is not a team size: give a whole number from 1, e.g. \"4 × casual\"")
            }
            guard !persona.isEmpty else {
                throw Problem("\"N × persona\" repeats one persona: give its name after \"×\", e.g. \"4 × casual\"")
            }
            team = Array(repeating: persona, count: n)
        } else {
            team = names
            guard !team.contains(where: \.isEmpty) else {
                throw Problem("names an empty persona: give \"N × persona\" or persona names separated by commas, e.g. \"4 × casual\" or \"novice, casual, expert\"")
            }
        }
    }

    /// "4 × casual", "novice, expert from difficulty 5".
    public var text: String {
        Lineup.name(ofPlayers: team) + (start.map { "\(Self.startWords)\($0.designerText)" } ?? "")
    }

    /// Whether ``text`` reads back as this team and start: not when a persona's name has a
    /// comma, or is itself "N × name", or holds " from difficulty ".
    public var isWritable: Bool { (try? TeamName(parsing: text)) == self }

    /// Why the design cannot play this lineup (a persona Players.plist lacks, a team size or a
    /// start outside the design's), or nil. Nil arguments skip their check.
    public func problem(personas: [String]?, teamSizes: ClosedRange<Int>?, difficulties: ClosedRange<Double>?) -> MetricGateReader.Refusal? {
        if let personas {
            var unknown: [String] = []
            for name in team where !personas.contains(name) && !unknown.contains(name) { unknown.append(name) }
            if let first = unknown.first {
                let names = unknown.map { "\"\($0)\"" }.joined(separator: ", ")
                return MetricGateReader.Refusal(
                    "\(names) \(unknown.count == 1 ? "is not a persona" : "are not personas") of Players.plist (\(personas.joined(separator: ", ")))",
                    suggestion: Suggestion.nearest(to: first, in: personas).map { "did you mean \"\($0)\"?" })
            }
        }
        if let teamSizes, !teamSizes.contains(team.count) {
            return MetricGateReader.Refusal("a team of \(team.count) is outside the design's team sizes \(teamSizes.lowerBound)...\(teamSizes.upperBound)", rule: "C6")
        }
        if let start, let difficulties, !difficulties.contains(start) {
            return MetricGateReader.Refusal(
                "difficulty \(start.designerText) is outside the design's difficulty range \(difficulties.lowerBound.designerText)...\(difficulties.upperBound.designerText) (minDifficultyLevel...maxDifficultyLevel)",
                rule: "M3")
        }
        return nil
    }
}
