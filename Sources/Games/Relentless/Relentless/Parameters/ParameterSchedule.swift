/// Every parameter at every difficulty a game reaches, as the game uses it: the designer's value
/// or the C6 fallback, ceiled where the key is integer-valued (C7), at each difficulty of the ramp
/// (M3), with the text it came from. What `playbench params` prints.
///
/// ```swift
/// let schedule = ParameterSchedule(parameters, players: 3)
/// schedule.difficulties                      // [1, 1.5, 2, …, 10] with the shipped ramp
/// schedule.row(.numOfCategories)?.values     // [1, 1, 1, 2, …]: ceil(5 × d / 10)
/// ```
public struct ParameterSchedule: Sendable {
    public struct Row: Sendable {
        public var key: ParameterKey
        /// The value as written in the file, or nil where the C6 fallback applies.
        public var written: String?
        /// The value at each difficulty; nil for the satisfaction changes, which are evaluated per
        /// delivery with the order's variables (P5, P6), not per round.
        public var values: [Double]?
        /// At each difficulty, the value before C7's ceiling where the ceiling changed it.
        public var beforeCeiling: [Double?]

        /// "written" text, or "fallback: …" (C6).
        public var source: String { written ?? "fallback: \(key.fallbackDescription)" }

        /// Whether C7's ceiling changed the value at some difficulty.
        public var isCeiled: Bool { beforeCeiling.contains { $0 != nil } }
    }

    /// The ramp (M3): the start, then + difficultyChange a round, up to the maximum.
    public var difficulties: [Double]
    /// The team size the values are for (only probOfSelectingAssembledItem's fallback needs it).
    public var players: Int
    /// One per key, in ``ParameterKey``'s order.
    public var rows: [Row]

    /// - Parameters:
    ///   - parameters: the design's parameters.
    ///   - start: the first round's difficulty (M3's slider); nil for minDifficultyLevel.
    ///   - players: the team size the values are for.
    public init(_ parameters: Parameters, start: Double? = nil, players: Int) {
        let difficulties = parameters.reachableDifficulties(from: start)
        self.difficulties = difficulties
        self.players = players
        rows = ParameterKey.allCases.map { key in
            let written = parameters.entries[key]?.text
            guard !key.usesOrderVariables else {
                return Row(key: key, written: written, values: nil, beforeCeiling: [])
            }
            var values: [Double] = []
            var before: [Double?] = []
            for d in difficulties {
                let value = parameters.value(key, difficulty: d, players: players) ?? .nan
                let raw = parameters.rawValue(key, difficulty: d) ?? parameters.fallback(key, difficulty: d, players: players)
                values.append(value)
                before.append(raw != value && raw.isFinite ? raw : nil)
            }
            return Row(key: key, written: written, values: values, beforeCeiling: before)
        }
    }

    public func row(_ key: ParameterKey) -> Row? { rows.first { $0.key == key } }
}
