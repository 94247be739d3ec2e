import ExampleGame
import Foundation
import GameSeam
import Testing

/// A Coin design from memory: the page's tests play the seam's smallest game, whose numbers are
/// known in closed form.
struct CoinFolder: DesignFolder {
    var flips = 10
    var target = 6
    var headsPercent = 50

    var directory: String? { "coin" }
    var label: String { "coin" }
    var namedFiles: [String: String] { [:] }

    func file(_ name: String) throws(DesignFileError) -> DesignFile? {
        guard name == CoinGame.fileName else { return nil }
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>flips</key><integer>\(flips)</integer>
              <key>target</key><integer>\(target)</integer>
              <key>headsPercent</key><integer>\(headsPercent)</integer>
            </dict></plist>
            """
        return DesignFile(path: "coin/Coin.plist", bytes: Array(text.utf8))
    }

    func playable() throws -> CoinGame.Design {
        try #require(try CoinGame().playable(self, GameOptionValues()).0)
    }
}

/// P(X ≥ k) for X binomial with n trials of probability p: the share of Coin games won.
func binomialTail(_ n: Int, _ p: Double, atLeast k: Int) -> Double {
    var total = 0.0
    var choose = 1.0
    for i in 0...n {
        if i > 0 { choose = choose * Double(n - i + 1) / Double(i) }
        if i >= k { total += choose * pow(p, Double(i)) * pow(1 - p, Double(n - i)) }
    }
    return total
}
