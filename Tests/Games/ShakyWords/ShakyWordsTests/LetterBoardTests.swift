import Randomness
import Testing

@testable import ShakyWords

/// Hints on hand-made boards, and on many scrambles against the promises of `reveal`.
@Suite struct LetterBoardTests {
    @Test("each hint places the next positions of the order, by swaps")
    func revealPlacesThePositionsOfTheOrder() {
        var board = LetterBoard(answer: Array("ABCD"), shown: Array("BCDA"))
        #expect(board.inPlace == 0)
        #expect(board.reveal(letters: 1, order: [0, 1, 2, 3]) == 1)
        #expect(board.shown == Array("ACDB"))  // A fetched from position 3, B sent there
        #expect(board.reveal(letters: 2, order: [0, 1, 2, 3]) == 3)  // 1, then 2 and 3 at once
        #expect(board.shown == Array("ABCD"))
        #expect(board.isSolved)
        #expect(board.reveal(letters: 2, order: [0, 1, 2, 3]) == 0)
        #expect(board.shown == Array("ABCD"))
    }

    @Test("the order decides which positions come first, skipping those already in place")
    func revealFollowsTheOrderAndSkipsPlacedPositions() {
        var board = LetterBoard(answer: Array("ABCDE"), shown: Array("ACBED"))  // A in place
        #expect(board.reveal(letters: 1, order: [0, 3, 1, 2, 4]) == 2)  // 0 skipped; 3 fetches D from 4, E lands in 4
        #expect(board.shown == Array("ACBDE"))
        #expect(board.reveal(letters: 1, order: [0, 3, 1, 2, 4]) == 2)  // 1 fetches B from 2
        #expect(board.isSolved)
    }

    @Test("the letter comes from the lowest position not in place that holds it")
    func revealTakesFromTheLowestPosition() {
        var board = LetterBoard(answer: Array("ABAB"), shown: Array("BABA"))
        #expect(board.reveal(letters: 1, order: [0, 1, 2, 3]) == 2)
        #expect(board.shown == Array("ABBA"))  // A from 1, not from 3
        // Position 1 holds C in place of B: the C at 3 is in place and is not taken.
        var other = LetterBoard(answer: Array("ACBC"), shown: Array("CBAC"))
        #expect(other.reveal(letters: 1, order: [0, 1, 2, 3]) == 1)
        #expect(other.shown == Array("ABCC"))  // A from 2
        #expect(other.reveal(letters: 1, order: [0, 1, 2, 3]) == 2)
        #expect(other.shown == Array("ACBC"))  // C from 2, not from 3 where it is in place
    }

    @Test func inPlaceAndFraction() {
        let board = LetterBoard(answer: Array("LEVEL"), shown: Array("LEVLE"))
        #expect(board.inPlace == 3)
        #expect(board.revealedFraction == 0.6)
        #expect(!board.isSolved)
        let empty = LetterBoard(answer: [], shown: [])
        #expect(empty.revealedFraction == 1)
        #expect(empty.isSolved)
        #expect(LetterBoard(answer: Array("AB"), shown: Array("AB")).revealedFraction == 1)
    }

    @Test("on many scrambles each hint keeps placed letters, places the next k open positions of the order, and keeps the letters")
    func revealOnRandomScrambles() {
        var random = RandomSource(seed: 21)
        let words = ["BANANA", "MISSISSIPPI", "ABCDEFGHIJ", "LEVEL", "AABBCCDD", "ZEBRA"].map(Array.init)
        for _ in 0..<300 {
            let answer = words[random.uniform(below: words.count)]
            let order = HintOrder.random.positions(length: answer.count, &random)
            let k = 1 + random.uniform(below: 3)
            var board = LetterBoard(answer: answer, shown: ScrambleRule.uniform.scramble(answer, &random)!)
            while !board.isSolved {
                let before = board.shown
                let placedBefore = Set(answer.indices.filter { before[$0] == answer[$0] })
                let targets = order.filter { before[$0] != answer[$0] }.prefix(k)
                let newly = board.reveal(letters: k, order: order)
                let placedAfter = Set(answer.indices.filter { board.shown[$0] == answer[$0] })
                #expect(placedBefore.isSubset(of: placedAfter))
                #expect(targets.allSatisfy { placedAfter.contains($0) })
                #expect(newly == placedAfter.count - placedBefore.count)
                #expect(newly >= targets.count)
                #expect(board.shown.sorted() == answer.sorted())
                #expect(board.inPlace == placedAfter.count)
            }
        }
    }

    @Test("any scramble is solved within worstCaseHints hints, for k in 1...3 and either order")
    func solvedWithinTheWorstCase() {
        var random = RandomSource(seed: 22)
        let words = ["BANANA", "MISSISSIPPI", "ABCDEFGHIJ", "LEVEL", "AB", "A", "ZZZZZY", "QUIZ"].map(Array.init)
        var reached = [Int: Bool]()  // k: whether some scramble needed the full worst case
        for _ in 0..<3000 {
            let answer = words[random.uniform(below: words.count)]
            let hintOrder = HintOrder.allCases[random.uniform(below: 2)]
            let order = hintOrder.positions(length: answer.count, &random)
            let k = 1 + random.uniform(below: 3)
            let rule = ScrambleRule.allCases[random.uniform(below: 3)]
            guard let shown = rule.scramble(answer, &random) else { continue }
            var board = LetterBoard(answer: answer, shown: shown)
            var hints = 0
            while !board.isSolved && hints <= answer.count {
                board.reveal(letters: k, order: order)
                hints += 1
            }
            let worst = LetterBoard.worstCaseHints(length: answer.count, lettersPerHint: k)
            #expect(hints <= worst, "\(String(answer)) from \(String(shown)), k \(k): \(hints) hints")
            if hints == worst && answer.count >= 6 { reached[k] = true }
        }
        // The bound is tight: for each k some scramble of six letters or more needs all of it.
        #expect(reached == [1: true, 2: true, 3: true])
    }

    @Test("a rotation needs every hint of the worst case, one letter at a time")
    func rotationNeedsTheWorstCase() {
        let answer = Array("ABCDEFGH")
        var board = LetterBoard(answer: answer, shown: Array(answer[1...] + answer[..<1]))
        var hints = 0
        while !board.isSolved { board.reveal(letters: 1, order: Array(0..<8)); hints += 1 }
        #expect(hints == 7)
    }

    @Test func worstCaseHints() {
        let expected: [(length: Int, k: Int, hints: Int)] = [
            (0, 1, 0), (1, 1, 0), (1, 3, 0), (2, 1, 1), (2, 3, 1), (5, 1, 4), (5, 2, 2), (6, 2, 3),
            (7, 3, 2), (8, 3, 3), (10, 3, 3), (11, 5, 2), (12, 5, 3),
        ]
        for (length, k, hints) in expected {
            #expect(LetterBoard.worstCaseHints(length: length, lettersPerHint: k) == hints, "length \(length), k \(k)")
        }
    }
}
