import RelentlessBalance
import Diagnostics
import Foundation
import RelentlessGeneration
import PropertyList
import Relentless
import RelentlessSimulation
import TestSupport
import Testing

/// The shipped design, its personas, and Balance.plist text for the gate tests.
enum GateFixtures {
    static func shipped() throws -> PreparedDesign {
        let result = DesignLoader.load(try Fixtures.shippedDesignSources())
        return try PreparedDesign(try #require(result.design))
    }

    static func players() throws -> PlayerModel {
        let url = Fixtures.shippedDesign.appendingPathComponent(PlayersReader.fileName)
        return try #require(PlayersReader.read(try PlistReader.read(bytes: try Fixtures.bytes(url)), file: url.path).0)
    }

    /// A Balance.plist with `top` keys before the targets, and each target's dict body.
    static func balance(top: String = "", targets: [String]) -> String {
        DesignFixtures.plist("<dict>\(top)<key>targets</key><array>\(targets.map { "<dict>\($0)</dict>" }.joined())</array></dict>")
    }

    /// - Parameter difficulties: the shipped design's minDifficultyLevel...maxDifficultyLevel.
    static func read(
        _ text: String, personas: [String]? = ["novice", "casual", "expert"], teamSizes: ClosedRange<Int>? = 3...6,
        difficulties: ClosedRange<Double>? = 1...10
    ) throws -> (BalancePlan?, [Diagnostic]) {
        BalanceReader.read(
            try PlistReader.read(bytes: Array(text.utf8)), file: "Balance.plist", personas: personas, teamSizes: teamSizes, difficulties: difficulties)
    }

    static let survival = "<key>team</key><string>casual,casual,casual,casual</string><key>metric</key><string>survival</string><key>round</key><integer>5</integer><key>atLeast</key><real>0.4</real>"
}
