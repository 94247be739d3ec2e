import Foundation
import Testing

@testable import ShakyWords

/// A game of the shipped design, played through: its content is its seed's, and no team's seat
/// changes what it wins (the model has no artefact of seat order, SW11).
@Suite struct GamePlayTests {
    static let design = DesignCheckTests.diagnose().0!

    /// What `generate` prints is what the game plays: the questions a game asks are its content's.
    @Test func aGameAsksItsContentsQuestions() {
        for seed in UInt64(0)..<20 {
            var asked: [String] = []
            _ = GamePlay.play(Self.design, contest: 0, seed: seed) { index, content, _, _ in
                if asked.count == index { asked.append(content.question.text) }
            }
            let content = GameContent.make(Self.design, seed: seed).map(\.question.text)
            #expect(asked == content)
            #expect(Set(content).count == Self.design.rules.questions, "a game asks no question twice (SW6)")
        }
    }

    /// quick vs casual (contest 0) and casual vs quick (contest 1): quick's share of outright wins
    /// must not depend on its seat. Two-proportion z-test over 3,000 games each, |z| < 4.9
    /// (two-sided α ≈ 1e-6).
    @Test func theSeatChangesNothing() {
        let games = 3_000
        func quickWins(_ contest: Int, seat: Int, from seed: UInt64) -> Int {
            (0..<games).count { GamePlay.play(Self.design, contest: contest, seed: seed + UInt64($0)).leaders == [seat] }
        }
        let first = quickWins(0, seat: 0, from: 1_000_000), second = quickWins(1, seat: 1, from: 2_000_000)
        let p1 = Double(first) / Double(games), p2 = Double(second) / Double(games), pooled = Double(first + second) / Double(2 * games)
        let z = (p1 - p2) / (pooled * (1 - pooled) * 2 / Double(games)).squareRoot()
        #expect(abs(z) < 4.9, "quick wins \(p1) in seat 1, \(p2) in seat 2 (z = \(z))")
        #expect(p1 > 0.6, "quick should beat casual: \(p1)")
    }

    /// The same seed gives the same game; scores add up to the points the questions paid.
    @Test func aGameIsItsSeedsAndItsScoresAddUp() {
        for seed in UInt64(0)..<50 {
            let one = GamePlay.play(Self.design, contest: 4, seed: seed), again = GamePlay.play(Self.design, contest: 4, seed: seed)
            #expect(one == again)
            #expect(one.scores.reduce(0, +) == one.questions.reduce(0) { $0 + $1.outcome.points })
            #expect(one.questions.count == 10)
        }
    }
}
