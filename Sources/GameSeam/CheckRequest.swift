import Diagnostics

/// An option of `check` that a game may or may not use (``GameDefinition/checkOptions``).
public enum CheckOption: String, Sendable, Hashable, CaseIterable {
    /// `--samples N`: how many random rounds or games the check plays to find what only play shows.
    case samples
    /// `--seed S`: the seed of those samples.
    case seed
    /// `--explain`: also print a witness of what the check proved.
    case explain
    /// `--start-difficulty D`: check the games started there only, instead of every start.
    case startDifficulty = "start-difficulty"
}

/// What the user asked `check` for; nil means "not given": the game's default applies.
public struct CheckRequest: Sendable {
    public var samples: Int?
    public var seed: UInt64?
    public var explain: Bool
    /// Whether the output is for people (text): a game prints a witness only then.
    public var forPeople: Bool
    /// The one start to check; nil for every start the design allows.
    public var startDifficulty: Double?

    public init(samples: Int? = nil, seed: UInt64? = nil, explain: Bool = false, forPeople: Bool = true, startDifficulty: Double? = nil) {
        self.samples = samples
        self.seed = seed
        self.explain = explain
        self.forPeople = forPeople
        self.startDifficulty = startDifficulty
    }
}

/// What a check found.
public struct CheckResult: Sendable {
    /// Every problem, located, with its rule id.
    public var diagnostics: [Diagnostic]
    /// What the design holds, printed for people under a design without errors.
    public var summary: String?
    /// Text printed before the diagnostics when asked for (`--explain`).
    public var witness: String?
    /// How the last line names what was checked, when the game says more than the command
    /// could (files named one by one, and the built-in files paired with them); nil for the
    /// design's own label.
    public var label: String?
    /// The design ready to play, as ``PlayableGame/playable(_:_:)`` gives it without options, when
    /// the check read it anyway: `check` then checks the design's Balance.plist against it
    /// without reading the design a second time (which cost as much as the check itself, issue
    /// 43). nil: `check` reads it again when it needs it.
    public var playable: (any Sendable)?

    public init(diagnostics: [Diagnostic], summary: String? = nil, witness: String? = nil, label: String? = nil, playable: (any Sendable)? = nil) {
        self.diagnostics = diagnostics
        self.summary = summary
        self.witness = witness
        self.label = label
        self.playable = playable
    }
}
