import MonteCarlo
import ShakyWords
import ShakyWordsRuns

extension QuizSummary {
    /// Which spelling rule keeps long answers winnable (SW10): the first contest's games under each
    /// rule, on the same seeds (the same solving times and typos), compared on the longest third of
    /// the pool's answers.
    public struct SpellingComparison: Sendable, Codable, Hashable {
        public var contest: String
        /// Answers of this many letters or more are the long ones.
        public var longFrom: Int
        public var rules: [Row]
        public var sentence: String

        /// One spelling rule's games.
        public struct Row: Sendable, Codable, Hashable {
            public var rule: String
            /// What the rule lets through ("exact", "tolerant: 1 wrong letter").
            public var label: String
            public var asPlayed: Bool
            /// Long questions asked, the share nobody answered, and the points they paid.
            public var longQuestions: Int
            public var longUnanswered: Estimate
            public var longPoints: Estimate
            /// Every question: the share nobody answered.
            public var unanswered: Estimate
        }

        init?(contest: String, rules played: [(rule: SpellingRule, statistics: QuizStatistics)], design: Design, _ confidence: Confidence) {
            guard played.count > 1 else { return nil }
            let lengths = design.pool.map(\.answer.count).sorted()
            guard let longest = lengths.last else { return nil }
            longFrom = min(lengths[(lengths.count * 2) / 3], longest)
            self.contest = contest
            let r = design.rules, longFrom = longFrom
            rules = played.map { rule, s in
                let long = s.cells.filter { $0.length >= longFrom }
                var points = Moments()
                for cell in long { points.merge(cell.points) }
                let asked = long.reduce(0) { $0 + $1.questions }, missed = long.reduce(0) { $0 + $1.unanswered }
                let all = s.cells.reduce(0) { $0 + $1.questions }, allMissed = s.cells.reduce(0) { $0 + $1.unanswered }
                let label = switch rule {
                case .exact: "exact"
                case .tolerant: "tolerant (\(r.spellingTolerance) wrong letter\(r.spellingTolerance == 1 ? "" : "s"))"
                case .penalty: "penalty (\(r.penaltyPerLetter) point\(r.penaltyPerLetter == 1 ? "" : "s") a wrong letter)"
                }
                return Row(
                    rule: rule.rawValue, label: label, asPlayed: rule == r.spelling, longQuestions: asked,
                    longUnanswered: Estimate(Proportion(missed, of: asked), confidence), longPoints: Estimate(points, confidence),
                    unanswered: Estimate(Proportion(allMissed, of: all), confidence))
            }
            sentence = Self.sentence(contest: contest, longFrom: longFrom, rows: rules)
        }

        static func sentence(contest: String, longFrom: Int, rows: [Row]) -> String {
            var text = "On answers of \(longFrom) letters or more (the longest third of the pool), \(contest) leaves "
            text += QuizFormat.list(rows.map { "\(QuizFormat.share($0.longUnanswered)) unanswered under \($0.label)\($0.asPlayed ? ", as played" : "")" })
            text += ", and such a question pays " + QuizFormat.list(rows.map { "\(QuizFormat.mean($0.longPoints)) (\($0.rule))" }) + " points (SW10)."
            guard let best = rows.min(by: { $0.longUnanswered.value < $1.longUnanswered.value }) else { return text }
            let others = rows.filter { $0.rule != best.rule }
            let apart = others.allSatisfy { best.longUnanswered.separates(from: $0.longUnanswered) == true }
            text += " \(best.rule.capitalizedFirst) keeps long answers most winnable"
            text += apart ? ", its interval apart from the others': settled at 95%." : ", but its interval overlaps another's: not settled at 95%."
            return text
        }
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
