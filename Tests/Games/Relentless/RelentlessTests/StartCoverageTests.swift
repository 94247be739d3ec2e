import Diagnostics
import Relentless
import TestSupport
import Testing

/// M3: the host's slider starts a game anywhere in minDifficultyLevel...maxDifficultyLevel; a
/// check of every start evaluates a grid of that range and samples one difficulty of every round
/// shape the ramp from the minimum does not play.
@Suite("Every start (M3)")
struct StartCoverageTests {
    func parameters(_ replacements: [(String, String)] = []) throws -> Parameters {
        var text = DesignFixtures.validParameters
        for (old, new) in replacements { text = text.replacingOnce(old, with: new) }
        return try #require(check(parameters: text).design).parameters
    }

    @Test("the grid: both ends, decimal steps of a power of ten, at most 1,000 of them")
    func grid() throws {
        let shipped = try parameters()
        let grid = shipped.startGrid()
        // 1...10 in steps of 0.01: 901 difficulties, each the double a designer types.
        #expect(grid.count == 901)
        #expect(grid.first == 1 && grid.last == 10)
        #expect(grid[1] == 1.01 && grid[150] == 2.5 && grid[899] == 9.99)
        #expect(zip(grid, grid.dropFirst()).allSatisfy { $0 < $1 })

        let wide = try parameters([("<key>maxDifficultyLevel</key><integer>10</integer>", "<key>maxDifficultyLevel</key><integer>1001</integer>")])
        #expect(wide.startGrid().count == 1001 && wide.startGrid()[1] == 2)
        let narrow = try parameters([("<key>maxDifficultyLevel</key><integer>10</integer>", "<key>maxDifficultyLevel</key><real>1.5</real>")])
        #expect(narrow.startGrid().count == 501 && narrow.startGrid()[1] == 1.001)
        let point = try parameters([("<key>maxDifficultyLevel</key><integer>10</integer>", "<key>maxDifficultyLevel</key><integer>1</integer>")])
        #expect(point.startGrid() == [1])
        // A minimum off the grid keeps its own value; the steps start at the next multiple.
        let offGrid = try parameters([("<key>minDifficultyLevel</key><integer>1</integer>", "<key>minDifficultyLevel</key><real>1.005</real>")])
        #expect(offGrid.startGrid().prefix(3) == [1.005, 1.01, 1.02])
        // Where a step cannot move a double any more, the ends alone.
        let huge = try parameters([
            ("<key>minDifficultyLevel</key><integer>1</integer>", "<key>minDifficultyLevel</key><real>1e17</real>"),
            ("<key>maxDifficultyLevel</key><integer>10</integer>", "<key>maxDifficultyLevel</key><real>1.0000000000001e17</real>"),
        ])
        #expect(huge.startGrid().count <= 1_001)
    }

    @Test("every start: the shipped counts change only where the ramp from 1 already samples")
    func shippedShapesAreOnTheRamp() throws {
        let keys: Set<ParameterKey> = [.numOfCategories, .numOfGroupsPerCategory, .numOfOrdersPerPlayer, .maxNumOfItemsPerOrder, .numOfHouses, .timeForEachItem, .probOfHavingPackageLimit]
        let shipped = try parameters()
        let sampled = shipped.sampledDifficulties(.everyStart, shapedBy: keys)
        #expect(sampled.difficulties == shipped.reachableDifficulties())
        #expect(sampled.ramp == 19 && sampled.shapesLeftOut == 0)
        // From one start: that ramp only.
        #expect(shipped.sampledDifficulties(.from(8.25), shapedBy: keys).difficulties == [8.25, 8.75, 9.25, 9.75, 10])
    }

    @Test("every start: a count the ramp steps over gets a difficulty of its own")
    func shapeOffTheRamp() throws {
        // Steps of 2 from 1 meet 1, 3, 5, 7, 9, 10 categories; 2, 4, 6 and 8 (the ceiling of
        // diffLevel just past 1, 3, 5, 7) only from other starts.
        let stepping = try parameters([
            ("<key>difficultyChange</key><real>0.5</real>", "<key>difficultyChange</key><integer>2</integer>"),
            ("<string>5 * diffLevel / 10</string>", "<string>diffLevel</string>"),
        ])
        let sampled = stepping.sampledDifficulties(.everyStart, shapedBy: [.numOfCategories])
        #expect(sampled.ramp == 6)
        #expect(Array(sampled.difficulties[6...]) == [1.01, 3.01, 5.01, 7.01])
        // Each count from 1 to 10 exactly once.
        let counts = sampled.difficulties.map { stepping.value(.numOfCategories, difficulty: $0, players: 3) ?? 0 }
        #expect(Set(counts) == Set((1...10).map(Double.init)) && counts.count == 10)
        // The bound: what it leaves out is counted, never dropped in silence.
        let bounded = stepping.sampledDifficulties(.everyStart, shapedBy: [.numOfCategories], limit: 8)
        #expect(bounded.difficulties.count == 8 && bounded.shapesLeftOut == 2)
    }

    @Test("a chance's shape is whether it is never, sometimes or always")
    func chanceShape() throws {
        let parameters = try parameters([("<key>roundTime</key>", "<key>probOfHavingPackageLimit</key><string>diffLevel / 5 - 0.2</string><key>roundTime</key>")])
        // 0 at 1, sometimes up to 6, 1 from 6 on.
        #expect(parameters.roundShape(at: 1, keys: [.probOfHavingPackageLimit]) == [0])
        #expect(parameters.roundShape(at: 3, keys: [.probOfHavingPackageLimit]) == [1])
        #expect(parameters.roundShape(at: 6, keys: [.probOfHavingPackageLimit]) == [2])
    }
}
