/// What differs between two designs of one game, each difference small enough to apply alone
/// (`diff` plays the old design with only that change, to say which change moved what).
public struct DesignChanges<Playable: Sendable>: Sendable {
    public struct Change: Sendable {
        /// How the change is named ("dailyExpense", "GameConfig.plist").
        public var name: String
        /// The old and new values as written ("50", "(not set)"), or what changed.
        public var old: String
        public var new: String
        /// What the change holds in detail, a line each ("\"Book\": title removed from group 2").
        public var details: [String]
        /// The old design with only this change; nil when alone it makes no design (``reason``).
        public var design: Playable?
        public var reason: String?

        public init(name: String, old: String, new: String, details: [String] = [], design: Playable?, reason: String? = nil) {
            self.name = name
            self.old = old
            self.new = new
            self.details = details
            self.design = design
            self.reason = reason
        }
    }

    public var changes: [Change]
    /// What none of them would be, for a diff of two designs that play the same ("no parameter
    /// differs").
    public var nothing: String

    public init(changes: [Change], nothing: String) {
        self.changes = changes
        self.nothing = nothing
    }
}

/// What a game says of each of two designs beside the paired comparison (a horizon beyond the
/// games' last round, say), from each design's own games.
public struct ComparisonNote: Sendable, Hashable, Codable {
    /// What the note is about, as a heading ("beyond round 30, extrapolated from the top of the
    /// difficulty ramp").
    public var title: String
    /// Its name as a table's column ("beyond the horizon").
    public var column: String
    public var old: String
    public var new: String
    /// The numbers behind each text, by name ("drift"), for tools.
    public var oldEstimates: [String: MetricEstimate]
    public var newEstimates: [String: MetricEstimate]

    public init(
        title: String, column: String, old: String, new: String, oldEstimates: [String: MetricEstimate] = [:], newEstimates: [String: MetricEstimate] = [:]
    ) {
        self.title = title
        self.column = column
        self.old = old
        self.new = new
        self.oldEstimates = oldEstimates
        self.newEstimates = newEstimates
    }
}
