import Expressions
import GameSeam
import MonteCarlo
import ShakyWords
import ShakyWordsRuns

/// Everything a simulation of a Shaky Words design found, per contest, with the intervals people
/// and tools read, and the game maker's questions answered in sentences: what `simulate` prints,
/// `report` draws and both write as JSON.
///
/// Every number comes from the games' ``QuizStatistics`` and the design; the sentences are
/// written from them, never typed in. The teams' numbers are this project's assumptions
/// (``Persona``): seeds/003 reports no playtest timings.
///
/// ```swift
/// let summary = QuizSummary(design: design, label: "Designs/shaky", seed: 1, gamesRequested: 1000,
///                           contests: [("quick vs casual", statistics)], complete: true)
/// summary.contests[0].answer("wins")   // who wins how often, in a sentence with intervals
/// ```
public struct QuizSummary: Sendable, Encodable {
    /// How messages name the design.
    public var label: String
    public var seed: UInt64
    public var confidence: Double
    /// Games asked for per contest.
    public var gamesRequested: Int
    /// False when the run was interrupted: a contest then holds fewer games, or is missing.
    public var complete: Bool
    public var rules: RulesPlayed
    /// The modelled teams of the contests played, as the design states them.
    public var teams: [Team]
    /// What the teams' numbers are: assumptions, not measurements.
    public var assumptions: String
    /// Whether the pack is balanced across its difficulties (question 6).
    public var pack: PackBalance
    public var contests: [Contest]
    /// Which spelling rule keeps long answers winnable; nil when the run played one rule.
    public var spelling: SpellingComparison?

    /// `spelling` holds the first contest's games under other spelling rules, when the run played
    /// them (`report` does).
    public init(
        design: Design, label: String, seed: UInt64, gamesRequested: Int, contests: [(String, QuizStatistics)], complete: Bool,
        spelling: [(rule: SpellingRule, statistics: QuizStatistics)] = []
    ) {
        let confidence = Confidence.ninetyFive
        self.label = label
        self.seed = seed
        self.confidence = confidence.level
        self.gamesRequested = gamesRequested
        self.complete = complete
        rules = RulesPlayed(design)
        var played: [Contest] = []
        for (index, (name, statistics)) in contests.enumerated() {
            let seats = Self.seats(of: name, at: index, in: design)
            played.append(Contest(name: name, personas: seats, statistics: statistics, design: design, gamesRequested: gamesRequested, confidence))
        }
        self.contests = played
        var used: [Int] = []
        for contest in played { for p in contest.personaIndices where !used.contains(p) { used.append(p) } }
        if used.isEmpty { used = Array(design.personas.indices) }
        teams = used.sorted().map { Team(design.personas[$0], design: design) }
        assumptions =
            "Every team's number (its solving times by difficulty, how length and letters in place speed it, typos, bluffs, when it shakes, typing) "
            + "is this project's assumption, not a measurement: seeds/003 reports no playtest timings. Fit them to a playtest, or sweep them, "
            + "before reading a number here as the game's."
        pack = PackBalance(design: design, contests: played)
        if let first = contests.first, !spelling.isEmpty {
            self.spelling = SpellingComparison(
                contest: first.0, rules: [(design.rules.spelling, first.1)] + spelling, design: design, confidence)
        }
    }

    /// The contest called `name`, or nil.
    public func contest(named name: String) -> Contest? { contests.first { $0.name == name } }

    /// The personas of contest `name`, the `index`-th played: the design's contest of that name
    /// (the same index first), or, for a name the design does not have, the personas named in it.
    static func seats(of name: String, at index: Int, in design: Design) -> [Int] {
        if index < design.contests.count, design.contestName(index) == name { return design.contests[index] }
        if let i = design.contests.indices.first(where: { design.contestName($0) == name }) { return design.contests[i] }
        return name.split(separator: " vs ").map(String.init).compactMap { part in design.personas.firstIndex { $0.name == part } }
    }
}

extension QuizSummary {
    /// A mean or a share with its interval at the summary's confidence, and the number of values
    /// it rests on; no bounds when they give none (fewer than two values, or no trial).
    public struct Estimate: Sendable, Codable, Hashable {
        public var value: Double
        public var lower: Double?
        public var upper: Double?
        public var sample: Int

        public init(value: Double, lower: Double?, upper: Double?, sample: Int) {
            (self.value, self.lower, self.upper, self.sample) = (value, lower, upper, sample)
        }

        /// The mean of `moments` with its normal interval.
        init(_ moments: Moments, _ confidence: Confidence) {
            value = moments.count > 0 ? moments.mean : 0
            sample = moments.count
            if let interval = moments.meanInterval(confidence) { (lower, upper) = (interval.lowerBound, interval.upperBound) }
        }

        /// A share with its Wilson interval.
        init(_ share: Proportion, _ confidence: Confidence) {
            value = share.value
            sample = share.trials
            if share.trials > 0 {
                let interval = share.interval(confidence)
                (lower, upper) = (interval.lowerBound, interval.upperBound)
            }
        }

        init(_ estimate: MetricEstimate) {
            (value, lower, upper, sample) = (estimate.value, estimate.lower, estimate.upper, estimate.sample)
        }

        public var hasInterval: Bool { lower != nil && upper != nil }

        /// Whether this interval and `other`'s do not overlap; nil when either has none.
        public func separates(from other: Estimate) -> Bool? {
            guard let lower, let upper, let otherLower = other.lower, let otherUpper = other.upper else { return nil }
            return upper < otherLower || otherUpper < lower
        }

        /// Whether the interval lies wholly on one side of 0; nil without one.
        public var excludesZero: Bool? {
            guard let lower, let upper else { return nil }
            return lower > 0 || upper < 0
        }

        /// `self − other` for two independent means (Welch's normal interval); nil bounds when
        /// either rests on fewer than two values.
        static func difference(_ a: Moments, _ b: Moments, _ confidence: Confidence) -> Estimate {
            let value = (a.count > 0 ? a.mean : 0) - (b.count > 0 ? b.mean : 0)
            guard a.count > 1, b.count > 1 else { return Estimate(value: value, lower: nil, upper: nil, sample: a.count + b.count) }
            let half = confidence.z * (a.variance / Double(a.count) + b.variance / Double(b.count)).squareRoot()
            return Estimate(value: value, lower: value - half, upper: value + half, sample: a.count + b.count)
        }
    }

    /// The rules as played (seeds/003 and this project's choices, SW6–SW11).
    public struct RulesPlayed: Sendable, Codable, Hashable {
        public var pack: String
        public var questions: Int
        /// The difficulty a game asks, or "any".
        public var difficulty: String
        public var indicationWindow: Double
        public var windowAfterIndication: Double
        public var answerTime: Double
        /// The expressions' text (SW8).
        public var worth: String
        public var hintCost: String
        public var minimumPoints: Int
        public var lettersPerHint: Int
        public var hintOrder: String
        public var shakeCooldown: Double
        public var scramble: String
        public var spelling: String
        public var spellingTolerance: Int
        public var penaltyPerLetter: Int
        public var referenceLength: Int

        init(_ design: Design) {
            let r = design.rules
            pack = r.pack
            questions = r.questions
            difficulty = r.difficulty.map { design.packs.difficultyName($0) } ?? "any"
            indicationWindow = r.indicationWindow
            windowAfterIndication = r.windowAfterIndication
            answerTime = r.answerTime
            worth = r.worth.source
            hintCost = r.hintCost.source
            minimumPoints = r.minimumPoints
            lettersPerHint = r.lettersPerHint
            hintOrder = r.hintOrder.rawValue
            shakeCooldown = r.shakeCooldown
            scramble = r.scramble.rawValue
            spelling = r.spelling.rawValue
            spellingTolerance = r.spellingTolerance
            penaltyPerLetter = r.penaltyPerLetter
            referenceLength = r.referenceLength
        }
    }

    /// A modelled team (SW12): every number an assumption of this project's.
    public struct Team: Sendable, Codable, Hashable {
        public var name: String
        /// Mean seconds to solve, by difficulty (easiest first), at the reference length.
        public var solveSeconds: [Double]
        public var difficulties: [String]
        public var lengthExponent: Double
        public var hintSpeedup: Double
        public var typoChance: Double
        public var bluffChance: Double
        /// Seconds without progress before it shakes; nil: it never does.
        public var shakeAfter: Double?
        public var typingSeconds: Double

        init(_ persona: Persona, design: Design) {
            name = persona.name
            solveSeconds = persona.solveSeconds
            difficulties = persona.solveSeconds.indices.map { $0 < design.packs.difficulties.count ? design.packs.difficulties[$0] : "level \($0 + 1)" }
            lengthExponent = persona.lengthExponent
            hintSpeedup = persona.hintSpeedup
            typoChance = persona.typoChance
            bluffChance = persona.bluffChance
            shakeAfter = persona.shakeAfter
            typingSeconds = persona.typingSeconds
        }
    }

    /// One of the game maker's questions answered in a sentence.
    public struct Answer: Sendable, Codable, Hashable {
        /// "points", "timeouts", "difficulty", "shakes", "wins", "scores", "pack".
        public var id: String
        public var question: String
        public var sentence: String
    }
}
