import ReportKit

/// The gate's verdicts as a JUnit XML report, the format CI systems (GitHub Actions test
/// reporters, GitLab, Jenkins) show as tests: one test case per target; a missed target is a
/// failure whose message says why, an undecided one is skipped.
public enum GateJUnit {
    public static func render(_ verdicts: GateVerdicts, balanceFile: String) -> String {
        let failures = verdicts.missed
        let skipped = verdicts.undecided
        let count = verdicts.targets.count
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<testsuites name="playbench gate" tests="\#(count)" failures="\#(failures)" errors="0" skipped="\#(skipped)">"# + "\n"
        xml += #"  <testsuite name="\#(text("balance targets of \(verdicts.design)"))" tests="\#(count)" failures="\#(failures)" errors="0" skipped="\#(skipped)">"# + "\n"
        xml += "    <properties>\n"
        for (name, value) in verdicts.properties {
            xml += #"      <property name="\#(name)" value="\#(text(value))"/>"# + "\n"
        }
        xml += "    </properties>\n"
        for t in verdicts.targets {
            xml += #"    <testcase classname="\#(text("balance.\(t.player)"))" name="\#(text(t.name))" file="\#(text(balanceFile))">"# + "\n"
            let detail = "\(t.summary)\n\(t.explanation)\n\(t.source.map { "target written at \($0)" } ?? "")"
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
