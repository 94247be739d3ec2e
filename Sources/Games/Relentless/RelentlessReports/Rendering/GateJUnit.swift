import RelentlessBalance
import ReportKit

/// The gate's verdicts as a JUnit XML report, the format CI systems (GitHub Actions test
/// reporters, GitLab, Jenkins) show as tests: one test case per target; a missed target is a
/// failure whose message says why, an undecided one is skipped.
public enum GateJUnit {
    public static func render(_ result: GateResult, balanceFile: String) -> String {
        let failures = result.missed.count
        let skipped = result.undecided.count
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<testsuites name="playbench gate" tests="\#(result.targets.count)" failures="\#(failures)" errors="0" skipped="\#(skipped)">"# + "\n"
        xml += #"  <testsuite name="\#(text("balance targets of \(result.design)"))" tests="\#(result.targets.count)" failures="\#(failures)" errors="0" skipped="\#(skipped)">"# + "\n"
        xml += "    <properties>\n"
        for (name, value) in [
            ("seed", String(result.seed)), ("confidence", "\(result.confidence)"), ("intervalConfidence", "\(result.intervalConfidence)"),
            ("firstGames", String(result.firstGames)), ("maxGames", String(result.maxGames)), ("maxRounds", String(result.maxRounds)),
        ] + (result.startDifficulty.map { [("startDifficulty", $0.designerText)] } ?? []) {
            xml += #"      <property name="\#(name)" value="\#(text(value))"/>"# + "\n"
        }
        xml += "    </properties>\n"
        for t in result.targets {
            let classname = "balance.\(TeamLabel.of(t.target.team))"
            xml += #"    <testcase classname="\#(text(classname))" name="\#(text(t.target.name))" file="\#(text(balanceFile))">"# + "\n"
            let detail = "\(t.target.summary)\n\(t.explanation)\n\(t.target.source.map { "target written at \($0)" } ?? "")"
            switch t.verdict {
            case .met:
                xml += "      <system-out>\(text(t.explanation))</system-out>\n"
            case .missed:
                xml += #"      <failure type="missed" message="\#(text(t.explanation))">\#(text(detail))</failure>"# + "\n"
            case .undecided:
                xml += #"      <skipped message="\#(text("undecided: " + t.explanation))"/>"# + "\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// Escaped text with the characters XML 1.0 forbids (controls other than tab and newline)
    /// dropped: a target's name comes from a designer's file.
    static func text(_ raw: String) -> String {
        escape(String(raw.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\t" || $0 == "\n" }.map(Character.init)))
    }
}
