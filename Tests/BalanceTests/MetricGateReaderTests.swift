import Balance
import Diagnostics
import GameSeam
import PropertyList
import Testing

/// Every game's Balance.plist (MetricGateReader), and what a game may add to it: keys of its own
/// at the top, lineups beyond those its design plays, a check of each target (issue 41).
@Suite struct MetricGateReaderTests {
    static let metrics = [
        MetricDefinition(name: "wins", kind: .proportion, summary: "share of games won"),
        MetricDefinition(name: "length", kind: .mean, summary: "mean moves a game"),
    ]

    static func read(_ body: String, lineups: [String] = ["a vs b"], rules: MetricGateReader.GameRules = .init()) throws -> (MetricGatePlan?, [Diagnostic]) {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>\(body)</dict></plist>
            """
        return MetricGateReader.read(try PlistReader.read(bytes: Array(text.utf8)), file: "Balance.plist", lineups: lineups, metrics: metrics, rules: rules)
    }

    static func target(_ lineup: String?, _ metric: String = "wins") -> String {
        "<key>targets</key><array><dict>" + (lineup.map { "<key>lineup</key><string>\($0)</string>" } ?? "")
            + "<key>metric</key><string>\(metric)</string><key>atLeast</key><real>0.5</real></dict></array>"
    }

    @Test func aTargetNamesALineupTheDesignPlaysOrItsOnlyOne() throws {
        let (plan, diagnostics) = try Self.read(Self.target(nil))
        #expect(diagnostics.isEmpty)
        #expect(plan?.targets.map(\.lineup) == ["a vs b"])
        #expect(plan?.targets.first?.name == "a vs b: share of games won at least 50%")
        let (unknown, errors) = try Self.read(Self.target("a vs c"))
        #expect(unknown == nil)
        #expect(errors.first?.description == "Balance.plist:2:76: error: targets[0].lineup: unknown lineup \"a vs c\"; one of \"a vs b\" (did you mean \"a vs b\"?)")
    }

    @Test func aGameAddsTopKeysLineupsAndChecks() throws {
        let rules = MetricGateReader.GameRules(
            topKeys: ["horizon"], formerTargetKeys: ["weight": MetricGateReader.Refusal("weight is gone", suggestion: "write it in the metric")],
            lineup: { $0.hasPrefix("team ") ? .success($0.uppercased()) : .failure(MetricGateReader.Refusal("a lineup is \"team NAME\"", rule: "K1", suggestion: "try \"team x\"")) },
            targetProblem: { $0.lineup == "TEAM Z" ? MetricGateReader.Refusal("team z plays no \($0.metric)", rule: "K2") : nil },
            metricSpellings: ["wins", "length(N)"])
        let (plan, diagnostics) = try Self.read("<key>horizon</key><integer>3</integer>" + Self.target("team x"), rules: rules)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        // The lineup as the game names it, and the target's default name with it.
        #expect(plan?.targets.map(\.lineup) == ["TEAM X"])
        #expect(plan?.targets.first?.name == "TEAM X: share of games won at least 50%")

        let (_, withoutRules) = try Self.read("<key>horizon</key><integer>3</integer>" + Self.target("a vs b"))
        #expect(withoutRules.first?.message == "unknown key \"horizon\" in the balance file")

        let (refused, why) = try Self.read(Self.target("crew x"), rules: rules)
        #expect(refused == nil)
        #expect(why.first?.keyPath == "targets[0].lineup")
        #expect(why.first?.message == "lineup \"crew x\": a lineup is \"team NAME\"")
        #expect(why.first?.rule == "K1" && why.first?.suggestion == "try \"team x\"")

        let (checked, problem) = try Self.read(Self.target("team z"), rules: rules)
        #expect(checked == nil)
        #expect(problem.first?.keyPath == "targets[0]")
        #expect(problem.first?.message == "team z plays no wins")
        #expect(problem.first?.rule == "K2")

        // A key a target once took is refused at the key, with what to write instead.
        let (former, weight) = try Self.read(
            "<key>targets</key><array><dict><key>lineup</key><string>team x</string><key>weight</key><integer>2</integer>"
                + "<key>metric</key><string>wins</string><key>atLeast</key><real>0.5</real></dict></array>", rules: rules)
        #expect(former == nil)
        #expect(weight.map(\.keyPath) == ["targets[0].weight"], "\(weight)")
        #expect(weight.first?.message == "weight is gone" && weight.first?.suggestion == "write it in the metric")

        let (_, spelled) = try Self.read(Self.target("team x", "winz"), rules: rules)
        #expect(spelled.first?.message == "unknown metric \"winz\"; one of \"wins\", \"length(N)\"")
    }
}
