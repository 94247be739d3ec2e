import Diagnostics
import Expressions
import PropertyList

/// What only the quiz packs and the rules together show (SW5, SW6, SW8, SW9): each problem
/// located at the question or key it concerns.
public enum DesignChecks {
    /// Every problem of `design` as its files, `packsFile` and `designFile`, name them.
    public static func check(_ design: Design, packsFile: String, designFile: String, gameLocation: SourceLocation?) -> [Diagnostic] {
        var packs = DiagnosticLog(file: packsFile), rules = DiagnosticLog(file: designFile)
        let r = design.rules
        // SW5: a rule that admits no arrangement of an answer leaves it unscrambled: an error where
        // the game draws, a warning in the packs it does not play.
        for (p, pack) in design.packs.packs.enumerated() {
            for (q, question) in pack.questions.enumerated() where Arrangements.hasSecondArrangement(question.answer) && !r.scramble.isPossible(for: question.answer) {
                let played = pack.name == r.pack && (r.difficulty == nil || r.difficulty == question.level)
                packs.add(
                    played ? .error : .warning,
                    "the scramble rule \(r.scramble.rawValue) has no arrangement of \"\(question.answerText)\": one letter fills more than half of it\(played ? "" : " (a question the game does not draw)")",
                    at: question.location, Self.path(p, q), rule: "SW5", suggestion: "use scramble notAnswer, or another answer")
            }
        }
        // SW6: the seed's own open problem ("selecting quiz packs with less questions than desired").
        let pool = design.pool
        if pool.count < r.questions {
            let kind = r.difficulty.map { " \(design.packs.difficultyName($0))" } ?? ""
            rules.error(
                "a game asks for \(r.questions)\(kind) questions but pack \"\(r.pack)\" holds \(pool.count): a game would run out (the seed names this gap)",
                at: gameLocation, PlistPath().appending("game"), rule: "SW6")
        }
        // SW8, SW9, once per (length, difficulty) the game can ask.
        var seen = Set<[Int]>()
        for question in pool where seen.insert([question.answer.count, question.level]).inserted {
            let n = question.answer.count, level = question.level
            let shakes = LetterBoard.worstCaseHints(length: n, lettersPerHint: r.lettersPerHint)
            let what = "an answer of \(n) letters at \(design.packs.difficultyName(level)) (\"\(question.answerText)\")"
            for (key, expression) in [("worth", r.worth), ("hintCost", r.hintCost)] {
                let value = expression.evaluate(["length": Double(n), "difficulty": Double(level)])
                if !value.isFinite || abs(value) > 1e9 {
                    rules.error("\(key) of \(what) is \(value), not a number of points", at: nil, PlistPath().appending("points").appending(key), rule: "SW8")
                }
            }
            let (worth, cost) = r.worthAndCost(length: n, level: level)
            if cost < 0 {
                rules.warning("a shake of \(what) adds \(-cost) points: hints pay", at: nil, PlistPath().appending("points").appending("hintCost"), rule: "SW8")
            }
            if worth < r.minimumPoints {
                rules.warning("\(what) is worth \(worth), below the minimum \(r.minimumPoints): every answer scores the minimum", at: nil, PlistPath().appending("points").appending("worth"), rule: "SW8")
            } else if shakes > 1, worth.subtractingClamped(cost.multipliedClamped(shakes - 1)) < r.minimumPoints {
                // The first shake that would take the points below the minimum, before the last
                // one the answer can need: from it on, shakes cost less than hintCost, then nothing.
                let k = (1..<shakes).first { worth.subtractingClamped(cost.multipliedClamped($0)) < r.minimumPoints } ?? shakes
                rules.warning(
                    "\(what) would fall below the minimum \(r.minimumPoints) points at shake \(k) of the \(shakes) it can need: that shake and the ones after it cost less than \(cost), the last ones nothing",
                    at: nil, PlistPath().appending("points"), rule: "SW8")
            }
            if shakes > 0, Double(shakes - 1) * r.shakeCooldown >= r.indicationWindow {
                rules.error(
                    "\(what) needs \(shakes) shakes to show every letter; \(shakes - 1) cooldowns of \(r.shakeCooldown.designerText) s outlast the \(r.indicationWindow.designerText) s window, so the shakes meant to keep teams from being stuck (seeds/003) cannot",
                    at: nil, PlistPath().appending("hints").appending("cooldown"), rule: "SW9",
                    suggestion: "more lettersPerHint, a shorter cooldown or a shorter answer")
            }
        }
        if let pace = Self.shakePace(design, lengths: Set(pool.map(\.answer.count))) { rules.warning(pace.message, at: nil, PlistPath().appending("personas"), rule: "SW9") }
        return packs.diagnostics + rules.diagnostics
    }

    /// SW9 as the teams shake: no sooner than the most eager persona's `shakeAfter` after the
    /// last shake, nor than the cooldown. When fewer shakes fit in the window than the longest
    /// answers need, those answers are never fully shown, and a number of the report (points by
    /// shakes) stops short of them: a horizon the designer should know of.
    static func shakePace(_ design: Design, lengths: Set<Int>) -> (fitting: Int, message: String)? {
        let r = design.rules
        let shakers = Set(design.contests.joined()).compactMap { i in design.personas[i].shakeAfter.map { (design.personas[i].name, $0) } }
        guard let eager = shakers.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }) else { return nil }
        let step = max(eager.1, r.shakeCooldown)
        // Shakes at eager, eager + step, …, before the window closes.
        let fitting = eager.1 >= r.indicationWindow ? 0 : step > 0 ? Int(((r.indicationWindow - eager.1) / step).rounded(.up)) : Int.max
        let short = lengths.filter { LetterBoard.worstCaseHints(length: $0, lettersPerHint: r.lettersPerHint) > fitting }.sorted()
        guard let shortest = short.first else { return nil }
        let message =
            "the teams shake at most \(fitting) time\(fitting == 1 ? "" : "s") in the \(r.indicationWindow.designerText) s window (\(eager.0), the most eager, after \(eager.1.designerText) s, then every \(step.designerText) s): answers of \(shortest) letters or more (\(short.count) length\(short.count == 1 ? "" : "s") of the pool) can need more shakes and are never shown whole"
        return (fitting, message)
    }

    private static func path(_ pack: Int, _ question: Int) -> PlistPath {
        PlistPath().appending("packs").appending(pack).appending("questions").appending(question).appending("answer")
    }
}
