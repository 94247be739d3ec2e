import Diagnostics
import GameSeam
import PropertyList

/// The smallest game on the seam, for the reference's "Adding a game" and for the tests that prove
/// a game gets every command by implementing ``GameDefinition`` alone.
///
/// Coin: one player flips a coin `flips` times and wins with at least `target` heads; the coin
/// shows heads `headsPercent` times in a hundred. Its design is a directory holding `Coin.plist`:
///
/// ```xml
/// <dict>
///   <key>flips</key>        <integer>10</integer>   <!-- K1: 1...1000 -->
///   <key>target</key>       <integer>6</integer>    <!-- K2: 0...flips -->
///   <key>headsPercent</key> <integer>50</integer>   <!-- K3: 0...100 -->
/// </dict>
/// ```
public struct CoinGame: GameDefinition {
    public struct Design: Sendable, Equatable {
        public var flips: Int
        public var target: Int
        public var headsPercent: Int
    }

    public static let fileName = "Coin.plist"
    public static let keys = ["flips", "target", "headsPercent"]

    public let name = "Coin"
    public let summary = "flip a coin, win with enough heads (Tests/ExampleGame)"
    public let designFileName = CoinGame.fileName
    public let commands = ["check": "flips, target and the coin's bias (K1–K3)"]
    public let fileOptions: [DesignFileOption] = []
    public let checkOptions: Set<CheckOption> = []

    public init() {}

    public func check(_ design: any DesignFolder, _ request: CheckRequest) throws(DesignFileError) -> CheckResult {
        guard let file = try design.file(Self.fileName) else {
            throw DesignFileError(kind: .missing, path: design.label, reason: "no \(Self.fileName)")
        }
        let (read, diagnostics) = Self.read(file)
        return CheckResult(
            diagnostics: diagnostics,
            summary: read.map { "Coin design: \($0.flips) flips, \($0.target) heads to win, heads \($0.headsPercent)%\n" })
    }

    /// The design and every mistake in its file, located, with its rule id.
    public static func read(_ file: DesignFile) -> (Design?, [Diagnostic]) {
        let root: PlistNode
        do throws(PlistError) {
            root = try PlistReader.read(bytes: file.bytes)
        } catch {
            return (nil, [error.diagnostic(file: file.path)])
        }
        var log = DiagnosticLog(file: file.path)
        let top = PlistPath()
        guard let dictionary = log.dictionary(root, top, "the design's root", rule: nil) else { return (nil, log.diagnostics) }
        log.rejectUnknownKeys(dictionary, known: keys, top, what: "the design", rule: nil)
        func number(_ key: String, _ range: ClosedRange<Int>, rule: String) -> Int? {
            guard let node = log.required(key, in: dictionary, at: root.location, top, rule: rule),
                let value = log.integer(node, top.appending(key), rule: rule)
            else { return nil }
            guard range.contains(value) else {
                log.error("\(key) must be in \(range.lowerBound)...\(range.upperBound), not \(value)", at: node.location, top.appending(key), rule: rule)
                return nil
            }
            return value
        }
        let flips = number("flips", 1...1000, rule: "K1")
        let target = number("target", 0...(flips ?? 1000), rule: "K2")
        let headsPercent = number("headsPercent", 0...100, rule: "K3")
        guard let flips, let target, let headsPercent else { return (nil, log.diagnostics) }
        return (Design(flips: flips, target: target, headsPercent: headsPercent), log.diagnostics)
    }
}
