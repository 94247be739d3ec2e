/// The columns of a variant's row, the same in the text and HTML tables: every share and mean
/// with its interval.
enum VariantColumns {
    static func header(_ matchup: AndoraSummary.MatchupResult, level: Int) -> [String] {
        var header = ["variant", "games", "X wins [\(level)%]", "draws [\(level)%]", "O wins [\(level)%]", "X − O [\(level)%]", "X's score [\(level)%]"]
        if !matchup.selfPlay { header.append("\(matchup.label.split(separator: " ").first ?? "first")'s score [\(level)%]") }
        return header + ["ended by a line [\(level)%]", "marks: mean [\(level)%] (p10–p90)", "mini-fields at the end: X / O / ?"]
    }

    static func cells(_ v: AndoraSummary.VariantResult) -> [String] {
        func share(_ i: AndoraSummary.Interval) -> String { "\(Format.percent(i.value)) \(Format.percentInterval(i))" }
        var cells = [
            v.variant, String(v.games), share(v.xWinShare), share(v.drawShare), share(v.oWinShare),
            "\(Format.signed(v.firstPlayerAdvantage.value)) \(Format.interval(v.firstPlayerAdvantage, signed: true))", share(v.balance),
        ]
        if let score = v.firstAgentScore { cells.append(share(score)) }
        return cells + [
            share(v.lineShare),
            "\(Format.decimal(v.meanMarks.value)) [\(Format.decimal(v.meanMarks.lower)), \(Format.decimal(v.meanMarks.upper))] (\(v.marksP10)–\(v.marksP90))",
            "\(Format.decimal(v.meanFieldsX)) / \(Format.decimal(v.meanFieldsO)) / \(Format.decimal(v.meanFieldsBoth))",
        ]
    }
}
