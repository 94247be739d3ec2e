/// The tables of a Shaky Words summary, the same in the text, Markdown and HTML reports: a
/// header and rows of cells each.
enum QuizTables {
    typealias Table = (header: [String], rows: [[String]])

    static func level(_ summary: QuizSummary) -> Int { Int((summary.confidence * 100).rounded()) }

    /// Every metric of a contest with its interval (question 2's overall timeouts among them).
    static func metrics(_ contest: QuizSummary.Contest, level: Int) -> Table {
        (["metric", "value [\(level)%]", "what it measures"], contest.metrics.map { [$0.metric, QuizFormat.metric($0), $0.summary] })
    }

    /// Question 1: questions by difficulty and answer length.
    static func cells(_ contest: QuizSummary.Contest, level: Int) -> Table {
        let header = [
            "difficulty", "letters", "questions", "worth / shake", "points [\(level)%]", "\(contest.teams.first ?? "first team")'s points [\(level)%]",
            "timeouts [\(level)%]", "unanswered [\(level)%]", "shakes [\(level)%]",
        ]
        let rows = contest.cells.map { c in
            [
                c.difficulty, String(c.length), String(c.questions), "\(c.worth) / \(c.hintCost)", QuizFormat.mean(c.points), QuizFormat.mean(c.firstTeamPoints),
                QuizFormat.share(c.timeouts), QuizFormat.share(c.unanswered), QuizFormat.mean(c.shakes, 2),
            ]
        }
        return (header, rows)
    }

    /// Questions 2 and 3: by difficulty, lengths pooled.
    static func difficulties(_ contest: QuizSummary.Contest, level: Int) -> Table {
        let header = ["difficulty", "questions", "mean worth", "points [\(level)%]", "timeouts [\(level)%]", "unanswered [\(level)%]", "shakes [\(level)%]"]
        let rows = contest.difficulties.map { d in
            [
                d.difficulty, String(d.questions), QuizFormat.number(d.worth), QuizFormat.mean(d.points), QuizFormat.share(d.timeouts),
                QuizFormat.share(d.unanswered), QuizFormat.mean(d.shakes, 2),
            ]
        }
        return (header, rows)
    }

    /// Question 4: by answer length, difficulties pooled.
    static func lengths(_ contest: QuizSummary.Contest, level: Int) -> Table {
        let header = ["letters", "questions", "shakes [\(level)%]", "points [\(level)%]", "a shake shows", "a shake costs", "of the worth"]
        let rows = contest.lengths.map { l in
            [
                String(l.length), String(l.questions), QuizFormat.mean(l.shakes, 2), QuizFormat.mean(l.points), QuizFormat.percent(l.revealedPerShake),
                QuizFormat.number(l.hintCost), l.costShare.map(QuizFormat.percent) ?? "—",
            ]
        }
        return (header, rows)
    }

    /// Question 4: points by the shakes a question had.
    static func shakes(_ contest: QuizSummary.Contest, level: Int) -> Table {
        (["shakes", "questions", "points [\(level)%]"], contest.shakes.map { [String($0.shakes), String($0.questions), QuizFormat.mean($0.points)] })
    }

    /// Questions 5 and 7: each seat's wins and scores.
    static func seats(_ contest: QuizSummary.Contest, level: Int) -> Table {
        let header = ["seat", "team", "wins alone [\(level)%]", "score: mean [\(level)%]", "p10", "median", "p90"]
        var rows = contest.seats.map { s in
            [
                String(s.seat), s.team, contest.isSolo ? "—" : QuizFormat.share(s.winsAlone), QuizFormat.mean(s.score),
                s.p10.map(String.init) ?? "—", s.median.map(String.init) ?? "—", s.p90.map(String.init) ?? "—",
            ]
        }
        if !contest.isSolo { rows.append(["", "ties", QuizFormat.share(contest.ties), "", "", "", ""]) }
        return (header, rows)
    }

    /// Question 6: the pack by difficulty.
    static func pack(_ pack: QuizSummary.PackBalance) -> Table {
        let header = ["difficulty", "in the pack", "in the pool", "share of the pool", "asked in the games", "share asked", "fewer than a game asks"]
        let rows = pack.levels.map { l in
            [
                l.difficulty, String(l.inPack), String(l.inPool), QuizFormat.percent(l.poolShare), String(l.played), QuizFormat.percent(l.playedShare),
                l.short ? "yes" : "no",
            ]
        }
        return (header, rows)
    }

    /// The modelled teams (assumptions, SW12).
    static func teams(_ summary: QuizSummary) -> Table {
        let header = ["team", "solve seconds by difficulty", "length exponent", "hint speed-up", "typo chance", "bluff chance", "shakes after", "typing s/letter"]
        let rows = summary.teams.map { t in
            [
                t.name, zip(t.difficulties, t.solveSeconds).map { "\($0) \(QuizFormat.seconds($1))" }.joined(separator: ", "), QuizFormat.seconds(t.lengthExponent),
                QuizFormat.seconds(t.hintSpeedup), QuizFormat.percent(t.typoChance), QuizFormat.percent(t.bluffChance),
                t.shakeAfter.map { "\(QuizFormat.seconds($0)) s" } ?? "never", QuizFormat.seconds(t.typingSeconds),
            ]
        }
        return (header, rows)
    }

    /// The rules as played, a line each.
    static func rules(_ r: QuizSummary.RulesPlayed) -> [String] {
        let spelling: String
        switch r.spelling {
        case "tolerant": spelling = "tolerant (at most \(QuizFormat.counted(r.spellingTolerance, "wrong letter")))"
        case "penalty": spelling = "penalty (\(QuizFormat.counted(r.penaltyPerLetter, "point")) a wrong letter)"
        default: spelling = r.spelling
        }
        return [
            "a game: \(r.questions) questions of \(r.difficulty == "any" ? "any difficulty" : r.difficulty) from pack \"\(r.pack)\" (SW6)",
            "timers: \(QuizFormat.seconds(r.indicationWindow)) s to indicate, then at most \(QuizFormat.seconds(r.windowAfterIndication)) s; \(QuizFormat.seconds(r.answerTime)) s to answer (SW7)",
            "points: worth `\(r.worth)`, a shake costs `\(r.hintCost)`, at least \(r.minimumPoints) (SW8)",
            "shakes: \(QuizFormat.counted(r.lettersPerHint, "letter")) in place each, order \(r.hintOrder), cooldown \(QuizFormat.seconds(r.shakeCooldown)) s (SW9)",
            "scramble \(r.scramble) (SW5); spelling \(spelling) (SW10); solving times stated for \(r.referenceLength)-letter answers (SW12)",
        ]
    }
}
