import Relentless

/// Every combination of a sweep's settings and team sizes, in a fixed order: team sizes
/// outermost, then the settings as given, the last one varying fastest (like nested loops).
///
/// ```swift
/// let grid = SweepGrid(settings: [try ParameterSetting(parsing: "dailyExpense=30...60:10")], teamSizes: [3, 4])
/// grid.count                   // 8
/// grid.point(5).values         // ["40"]  (4 players, second value)
/// ```
public struct SweepGrid: Sendable {
    public var settings: [ParameterSetting]
    public var teamSizes: [Int]

    public init(settings: [ParameterSetting], teamSizes: [Int]) {
        self.settings = settings
        self.teamSizes = teamSizes
    }

    public var count: Int { settings.reduce(teamSizes.count) { $0 * $1.values.count } }

    /// The point of index `index` (0 ..< count).
    public func point(_ index: Int) -> SweepPoint {
        var rest = index
        var choice = Array(repeating: 0, count: settings.count)
        for s in settings.indices.reversed() {
            choice[s] = rest % settings[s].values.count
            rest /= settings[s].values.count
        }
        return SweepPoint(index: index, players: teamSizes[rest], choice: choice, values: settings.indices.map { settings[$0].values[choice[$0]].text })
    }

    public var points: [SweepPoint] { (0..<count).map(point) }

    /// `parameters` with the point's values set.
    public func apply(_ point: SweepPoint, to parameters: Parameters) -> Parameters {
        var changed = parameters
        for (s, setting) in settings.enumerated() { changed.entries[setting.key] = setting.values[point.choice[s]] }
        return changed
    }
}

/// One combination of a sweep.
public struct SweepPoint: Sendable, Hashable, Codable {
    public var index: Int
    public var players: Int
    /// Per setting, the index of its value.
    public var choice: [Int]
    /// Per setting, the value as written.
    public var values: [String]
}
