import Balance
/// What `playbench tune` found: the value, its interval, and how many games it took.
public struct TuneResult: Sendable, Codable {
    public var design: String
    /// "dailyExpense", or "coefficient 1 of numOfCategories".
    public var parameter: String
    /// The key's value as the design writes it now, and as it would with the value found.
    public var currentText: String
    public var tunedText: String
    public var target: TuneTarget
    public var team: [String]
    public var seed: UInt64
    public var maxRounds: Int
    /// The difficulty every game started at (M3); nil (absent from the JSON) for the minimum.
    public var startDifficulty: Double?
    public var confidence: Double
    public var range: [Double]
    public var tolerance: Double
    /// Games played in all, over every value tried.
    public var gamesPlayed: Int
    public var search: TargetSearch.Result

    public init(
        design: String, parameter: String, currentText: String, tunedText: String, target: TuneTarget, team: [String], seed: UInt64, maxRounds: Int,
        startDifficulty: Double? = nil, confidence: Double, range: ClosedRange<Double>, tolerance: Double, gamesPlayed: Int, search: TargetSearch.Result
    ) {
        self.design = design
        self.parameter = parameter
        self.currentText = currentText
        self.tunedText = tunedText
        self.target = target
        self.team = team
        self.seed = seed
        self.maxRounds = maxRounds
        self.startDifficulty = startDifficulty
        self.confidence = confidence
        self.range = [range.lowerBound, range.upperBound]
        self.tolerance = tolerance
        self.gamesPlayed = gamesPlayed
        self.search = search
    }
}
