import Diagnostics
import RelentlessGeneration
import MonteCarlo
import Relentless
import RelentlessSimulation

/// Which parameters matter: each parameter the design sets is moved down and up by a step
/// (one at a time, ±10 % by default) and played on the same game seeds as the design itself; the
/// paired per-game differences (``DiffMetric``) give each move's effect with an interval.
///
/// ```swift
/// let analysis = Sensitivity(design: design, team: team, pipeline: choice, step: 0.1, maxRounds: 30)
/// let result = try analysis.run(games: 1000, seed: 1, confidence: .ninetyFive, label: "Designs/relentless")
/// result.ranked(by: .roundsReached).first?.key    // the parameter that moves the score most
/// ```
///
/// A number is multiplied by 0.9 and 1.1; an expression is wrapped, `0.9 * (expr)`. A key that
/// takes whole values (C7) is ceiled, so a small value may not move at all (reported as such).
public struct Sensitivity: Sendable {
    /// What is moved: the design's parameters, or the player model's assumptions.
    public enum Subject: String, Sendable, Codable {
        /// Every key DefaultGameParameters.plist sets.
        case parameters
        /// Every persona parameter (``Simulation/PersonaParameter``) of the team, for every
        /// player at once.
        case personas
    }

    /// A parameter's two moves, or why it cannot be moved.
    struct Variant: Sendable {
        var key: String
        var current: String
        var low: String
        var high: String
        var simulators: (low: GameSimulator, high: GameSimulator)?
        var reason: String?
        /// How much each move changes the values the game plays (after C7's ceiling), as a
        /// fraction: the mean over the difficulties a game reaches; nil where not measurable.
        var lowChange: Double?
        var highChange: Double?
        /// The key moves the difficulty ramp itself (M3), so every difficulty's values shift.
        var movesRamp = false
    }

    let base: GameSimulator
    let variants: [Variant]
    public let step: Double
    public let subject: Subject

    /// Moves the design's parameters.
    /// - Parameter startDifficulty: where every game starts (M3), the design's and each move's;
    ///   nil for each one's minDifficultyLevel.
    public init(design: Design, team: [Persona], pipeline: PipelineChoice, step: Double, maxRounds: Int, startDifficulty: Double? = nil) throws {
        func simulator(_ d: Design) throws -> GameSimulator {
            GameSimulator(design: try PreparedDesign(d), team: team, maxRounds: maxRounds, startDifficulty: startDifficulty, pipeline: pipeline.pipeline)
        }
        base = try simulator(design)
        self.step = step
        subject = .parameters
        variants = ParameterKey.allCases.compactMap { key -> Variant? in
            guard let entry = design.parameters.entries[key] else { return nil }
            let (low, high) = Self.moves(entry, key: key, step: step)
            if case .number(0) = entry.value {
                return Variant(key: key.rawValue, current: entry.text, low: low, high: high, reason: "0 moved by a fraction is still 0")
            }
            var variant = Self.variant(key.rawValue, current: entry.text, low: low, high: high) { side in
                let text = side == 0 ? low : high
                var moved = design
                moved.parameters.entries[key] = try Parameters.entry(text, for: key)
                if let why = StartDifficulty.unplayable(startDifficulty, moved.parameters, alsoUsed: pipeline.parametersRead) {
                    throw Unplayable("\(text) \(why)")
                }
                if let sizes = moved.parameters.teamSizes, !sizes.contains(team.count) { throw Unplayable("\(text) excludes a team of \(team.count)") }
                return try simulator(moved)
            }
            if key.usesOrderVariables {
                (variant.lowChange, variant.highChange) = (-step, step)
            } else {
                variant.lowChange = Self.playedChange(key, to: low, in: design.parameters, players: team.count, startDifficulty: startDifficulty)
                variant.highChange = Self.playedChange(key, to: high, in: design.parameters, players: team.count, startDifficulty: startDifficulty)
            }
            variant.movesRamp = key == .minDifficultyLevel || key == .maxDifficultyLevel || key == .difficultyChange
            return variant
        }
    }

    /// The two moves of a key: a number ×(1 ∓ step), an expression wrapped. A key the game
    /// plays in whole numbers (C7) steps to the next whole value it actually plays below and
    /// above, so ±10% of 2 is 1 and 3 (−50%, +50%), not 1.8 and 2.2, which it would play as 2
    /// and 3.
    static func moves(_ entry: Parameters.Entry, key: ParameterKey, step: Double) -> (low: String, high: String) {
        guard key.isIntegral, case .number(let n) = entry.value, n.isFinite else {
            return (scaled(entry, by: 1 - step), scaled(entry, by: 1 + step))
        }
        let played = n.rounded(.up)
        let down = (n * (1 - step)).rounded(.up), up = (n * (1 + step)).rounded(.up)
        let low = down < played ? down : played - 1
        let high = up > played ? up : played + 1
        return (low.designerText, high.designerText)
    }

    /// The mean relative change of the values `key` takes in play (C7's ceiling applied) at the
    /// difficulties of the design's ramp, when set to `text`. Nil when the base value is 0
    /// somewhere, the text is not a value, or the key is a satisfaction change (which has no
    /// value of its own; its move scales it as a whole).
    static func playedChange(_ key: ParameterKey, to text: String, in parameters: Parameters, players: Int, startDifficulty: Double?) -> Double? {
        guard let entry = try? Parameters.entry(text, for: key) else { return nil }
        var moved = parameters
        moved.entries[key] = entry
        guard !key.usesOrderVariables else { return nil }
        let levels = key.isStatic ? [0] : parameters.reachableDifficulties(from: startDifficulty)
        var total = 0.0
        for d in levels {
            guard let a = parameters.value(key, difficulty: d, players: players), let b = moved.value(key, difficulty: d, players: players),
                a != 0, a.isFinite, b.isFinite
            else { return nil }
            total += b / a - 1
        }
        return levels.isEmpty ? nil : total / Double(levels.count)
    }

    /// Moves the player model's assumptions: each ``Simulation/PersonaParameter`` of every
    /// persona in `team` at once, on the design as it is.
    public init(personasOf team: [Persona], design: Design, pipeline: PipelineChoice, step: Double, maxRounds: Int, startDifficulty: Double? = nil) throws {
        let prepared = try PreparedDesign(design)
        func simulator(_ t: [Persona]) -> GameSimulator {
            GameSimulator(design: prepared, team: t, maxRounds: maxRounds, startDifficulty: startDifficulty, pipeline: pipeline.pipeline)
        }
        base = simulator(team)
        self.step = step
        subject = .personas
        var names: [String] = []
        for persona in team where !names.contains(persona.name) { names.append(persona.name) }
        let distinct = names.compactMap { name in team.first { $0.name == name } }
        variants = PersonaParameter.allCases.compactMap { parameter -> Variant? in
            var moves: [String: (low: Persona, high: Persona)] = [:]
            for persona in distinct { moves[persona.name] = parameter.moved(persona, step: step) }
            guard !moves.isEmpty else { return nil }
            func text(_ pick: (Persona) -> Persona) -> String {
                let texts = distinct.map { persona in parameter.text(of: pick(persona)) }
                return distinct.count == 1 ? texts[0] : zip(names, texts).map { "\($0) \($1)" }.joined(separator: ", ")
            }
            let low = text { moves[$0.name]?.low ?? $0 }, high = text { moves[$0.name]?.high ?? $0 }
            return Self.variant(parameter.rawValue, current: text { $0 }, low: low, high: high) { side in
                simulator(team.map { persona in moves[persona.name].map { side == 0 ? $0.low : $0.high } ?? persona })
            }
        }
    }

    /// A variant whose two moves are made by `make` (given 0 for the low one, 1 for the high one)
    /// and played once, so that a move that cannot be played is listed with why instead of
    /// failing the run.
    private static func variant(
        _ key: String, current: String, low: String, high: String, make: (Int) throws -> GameSimulator
    ) -> Variant {
        var variant = Variant(key: key, current: current, low: low, high: high)
        do {
            var pair: [GameSimulator] = []
            for side in 0..<2 {
                let s = try make(side)
                _ = try s.play(seed: GameSeeds(runSeed: 0).seed(game: 0))
                pair.append(s)
            }
            variant.simulators = (pair[0], pair[1])
        } catch let error as Unplayable {
            variant.reason = error.reason
        } catch {
            variant.reason = "cannot be played: \(error)"
        }
        return variant
    }

    /// `entry` times `factor`, as a parameter text.
    static func scaled(_ entry: Parameters.Entry, by factor: Double) -> String {
        let f = factor.decimalText(3).trimmingTrailingZeros
        switch entry.value {
        case .number(let n): return (n * factor).decimalText(6).trimmingTrailingZeros
        case .expression: return "\(f) * (\(entry.text))"
        }
    }

    public func run(
        games: Int, seed: UInt64, confidence: Confidence, label: String, threads: Int? = nil, cancellation: Cancellation? = nil,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws(GameError) -> SensitivityResult {
        let (base, variants) = (self.base, self.variants)
        let run = try MonteCarloRunner(threads: threads).run(
            games: games, seeds: GameSeeds(runSeed: seed), empty: { PairedStatistics(changes: 2 * variants.count) },
            cancellation: cancellation, progress: progress
        ) { (_: UInt64, gameSeed: UInt64, statistics: inout PairedStatistics) throws(GameError) in
            let a = try DiffMetric.measure(base, seed: gameSeed)
            var moved: [[Double]?] = []
            moved.reserveCapacity(2 * variants.count)
            for variant in variants {
                if let (low, high) = variant.simulators {
                    moved.append(try DiffMetric.measure(low, seed: gameSeed))
                    moved.append(try DiffMetric.measure(high, seed: gameSeed))
                } else {
                    moved += [nil, nil]
                }
            }
            statistics.record(old: a, new: a, changed: moved)
        }
        let s = run.statistics
        func difference(_ m: Moments) -> DiffResult.Difference {
            let interval = m.meanInterval(confidence) ?? m.mean...m.mean
            return .init(mean: m.mean, lower: interval.lowerBound, upper: interval.upperBound)
        }
        // (Δy / y) / (Δx / x): effects of keys on different scales compared.
        func elasticity(_ effect: Double, _ base: Double, _ change: Double?) -> Double? {
            guard let change, change != 0, base != 0 else { return nil }
            return (effect / base) / change
        }
        let rows = variants.enumerated().map { k, v in
            SensitivityResult.Row(
                key: v.key, current: v.current, low: v.low, high: v.high, reason: v.reason, lowChange: v.lowChange, highChange: v.highChange,
                movesRamp: v.movesRamp,
                effects: v.simulators == nil ? nil : Dictionary(uniqueKeysWithValues: DiffMetric.allCases.enumerated().map { m, metric in
                    let (low, high) = (difference(s.effects[2 * k][m]), difference(s.effects[2 * k + 1][m]))
                    return (metric, SensitivityResult.Effect(
                        low: low, high: high, lowElasticity: elasticity(low.mean, s.old[m].mean, v.lowChange),
                        highElasticity: elasticity(high.mean, s.old[m].mean, v.highChange)))
                }))
        }
        return SensitivityResult(
            design: label, subject: subject, team: base.team.map(\.name), seed: seed, step: step, gamesRequested: games, gamesPlayed: run.gamesPlayed,
            maxRounds: base.maxRounds, startDifficulty: base.startDifficulty, confidence: confidence.level,
            base: Dictionary(uniqueKeysWithValues: DiffMetric.allCases.enumerated().map { m, metric in (metric, s.old[m].mean) }), rows: rows)
    }

    private struct Unplayable: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }
}

/// What `playbench sensitivity` found: per parameter, the effect of moving it down and up on
/// every metric, with intervals.
public struct SensitivityResult: Sendable, Codable {
    public struct Effect: Sendable, Codable {
        public var low: DiffResult.Difference
        public var high: DiffResult.Difference
        /// (relative change of the metric) ÷ (relative change of the values played); nil where
        /// the design's metric or the change is 0.
        public var lowElasticity: Double?
        public var highElasticity: Double?

        /// The larger of the two effects, in magnitude: what the parameters are ranked by.
        public var size: Double { max(abs(low.mean), abs(high.mean)) }
    }

    public struct Row: Sendable, Codable {
        public var key: String
        public var current: String
        public var low: String
        public var high: String
        /// Why the key was not moved; nil when it was.
        public var reason: String?
        /// How much each move changes the values played, as a fraction (−0.5 for 2 → 1).
        public var lowChange: Double?
        public var highChange: Double?
        /// The key moves the difficulty ramp (M3): every round's difficulty shifts with it.
        public var movesRamp: Bool
        public var effects: [DiffMetric: Effect]?
    }

    public var design: String
    /// What was moved: the design's parameters or the personas' assumptions.
    public var subject: Sensitivity.Subject
    public var team: [String]
    public var seed: UInt64
    public var step: Double
    public var gamesRequested: Int
    public var gamesPlayed: Int
    public var maxRounds: Int
    /// The difficulty every game started at (M3); nil (absent from the JSON) for the minimum.
    public var startDifficulty: Double?
    public var confidence: Double
    /// The design's own means.
    public var base: [DiffMetric: Double]
    public var rows: [Row]

    public var isPartial: Bool { gamesPlayed < gamesRequested }

    /// The moved parameters, the largest effect on `metric` first; ties by key.
    public func ranked(by metric: DiffMetric) -> [Row] {
        rows.filter { $0.effects != nil }.sorted { a, b in
            let (x, y) = (a.effects?[metric]?.size ?? 0, b.effects?[metric]?.size ?? 0)
            return x != y ? x > y : a.key < b.key
        }
    }
}

extension String {
    /// "1.500" → "1.5", "2.000" → "2".
    var trimmingTrailingZeros: String {
        guard contains(".") else { return self }
        var s = self
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}
