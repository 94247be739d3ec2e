import Andora
import Diagnostics
import PropertyList
import Testing

@Suite struct DesignReaderTests {
    static func read(_ body: String) throws -> (Design?, [Diagnostic]) {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \(body)
            </dict>
            </plist>
            """
        return DesignReader.read(try PlistReader.read(bytes: Array(text.utf8)), file: "Andora.plist")
    }

    @Test func readsVariantsAndMatchups() throws {
        let (design, diagnostics) = try Self.read("""
            <key>variants</key>
            <array>
              <dict><key>name</key><string>spec</string></dict>
              <dict><key>miniFieldStrategy</key><string>any</string><key>whenTargetIsFull</key><string>playAnywhere</string></dict>
            </array>
            <key>matchups</key>
            <array><string>random</string><string>mcts:200,greedy</string></array>
            """)
        #expect(diagnostics.isEmpty)
        #expect(design?.variants == [
            Design.Variant(name: "spec", rules: .spec),
            Design.Variant(name: "any, playAnywhere", rules: Rules(strategy: .any, whenTargetIsFull: .playAnywhere)),
        ])
        #expect(design?.matchups == [Matchup(.random, .random), Matchup(.mcts(playouts: 200), .greedy)])
    }

    @Test func matchupsDefaultToRandomSelfPlay() throws {
        let (design, _) = try Self.read("<key>variants</key><array><dict/></array>")
        #expect(design?.matchups == [Matchup(.random, .random)])
        #expect(design?.variants.first?.rules == .spec)
    }

    @Test func everyMistakeIsLocatedWithItsRule() throws {
        let (design, diagnostics) = try Self.read("""
            <key>variants</key>
            <array>
              <dict><key>miniFieldStrategy</key><string>fist</string></dict>
              <dict><key>whenTargetIsFull</key><string>anywhere</string><key>colour</key><string>red</string></dict>
              <dict><key>name</key><string>a</string></dict>
              <dict><key>name</key><string>a</string><key>miniFieldStrategy</key><string>any</string></dict>
            </array>
            <key>matchups</key>
            <array><string>minimax</string></array>
            <key>games</key><integer>5</integer>
            """)
        #expect(design == nil)
        let lines = diagnostics.map(\.description)
        #expect(lines.contains { $0.hasPrefix("Andora.plist:6:") && $0.contains("variants[0].miniFieldStrategy") && $0.contains("did you mean \"first\"") && $0.hasSuffix("[R1.4]") })
        #expect(lines.contains { $0.contains("variants[1].whenTargetIsFull") && $0.contains("\"anywhere\" is not one of draw, playAnywhere") && $0.hasSuffix("[R1.9.2]") })
        #expect(lines.contains { $0.contains("variants[1].colour") && $0.contains("unknown key") })
        #expect(lines.contains { $0.contains("variants[3]") && $0.contains("a second variant named \"a\"") })
        #expect(lines.contains { $0.contains("matchups[0]") && $0.contains("\"minimax\" is not a matchup") })
        #expect(lines.contains { $0.contains("unknown key \"games\"") })
        #expect(diagnostics.allSatisfy { $0.location != nil })
    }

    @Test func aMatchupTwiceIsAnError() throws {
        let (design, diagnostics) = try Self.read("""
            <key>variants</key><array><dict/></array>
            <key>matchups</key><array><string>mcts</string><string>greedy</string><string>mcts:1000,mcts:1000</string></array>
            """)
        #expect(design == nil)
        #expect(diagnostics.count == 1 && diagnostics[0].keyPath == "matchups[2]" && diagnostics[0].message.contains("same matchup as matchups[0]"))
    }

    @Test func aDesignNeedsAVariant() throws {
        let (missing, d1) = try Self.read("")
        #expect(missing == nil && d1.contains { $0.message.contains("missing key \"variants\"") })
        let (empty, d2) = try Self.read("<key>variants</key><array/>")
        #expect(empty == nil && d2.contains { $0.message.contains("names no variant") })
    }

    @Test func sameRulesTwiceIsAWarning() throws {
        let (design, diagnostics) = try Self.read("""
            <key>variants</key>
            <array><dict><key>name</key><string>a</string></dict><dict><key>name</key><string>b</string></dict></array>
            """)
        #expect(design?.variants.count == 2)
        #expect(diagnostics.count == 1 && diagnostics[0].severity == .warning && diagnostics[0].message.contains("same rules as \"a\""))
    }
}
