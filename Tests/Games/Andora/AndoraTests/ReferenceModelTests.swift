import Randomness
import Testing

@testable import Andora

/// The bitboard engine against a plain transcription of R1 (arrays of cells, the rules written as
/// the spec words them), move by move over thousands of random games of every variant.
@Suite struct ReferenceModelTests {
    struct Reference {
        static let lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]
        let rules: Rules
        var cells = [[Sign?]](repeating: [Sign?](repeating: nil, count: 9), count: 9)
        var states = [FieldState](repeating: .empty, count: 9)
        var mover = Sign.x  // R1.6
        var lastCell: Int?  // nil before the first move (R1.8.1)
        var outcome = Outcome.playing

        func hasLine(_ sign: Sign, field: Int) -> Bool {
            Self.lines.contains { $0.allSatisfy { cells[field][$0] == sign } }
        }

        func legal() -> [Move] {
            guard outcome == .playing else { return [] }
            let everywhere = (0..<81).map { Move(index: $0) }.filter { cells[$0.field][$0.cell] == nil }  // R1.7
            guard let target = lastCell else { return everywhere }  // R1.8.1
            let inTarget = everywhere.filter { $0.field == target }  // R1.8.2
            if inTarget.isEmpty && rules.whenTargetIsFull == .playAnywhere { return everywhere }
            return inTarget
        }

        mutating func play(_ move: Move) {
            cells[move.field][move.cell] = mover
            let x = hasLine(.x, field: move.field), o = hasLine(.o, field: move.field)
            switch rules.strategy {
            case .first:  // R1.4.1
                if states[move.field] == .empty { states[move.field] = x ? .x : o ? .o : .empty }
            case .any:  // R1.4.2
                states[move.field] = x && o ? .both : x ? .x : o ? .o : .empty
            }
            for sign in Sign.allCases {  // R1.9.1
                let counts: (FieldState) -> Bool = { $0 == .both || $0 == (sign == .x ? .x : .o) }
                if Self.lines.contains(where: { $0.allSatisfy { counts(states[$0]) } }) {
                    precondition(outcome == .playing, "both signs have a line")
                    outcome = .won(sign)
                }
            }
            guard outcome == .playing else { return }
            mover = mover.other
            lastCell = move.cell
            if legal().isEmpty { outcome = .drawn }  // R1.9.2
        }
    }

    static let variants = MiniFieldStrategy.allCases.flatMap { s in FullTargetRule.allCases.map { Rules(strategy: s, whenTargetIsFull: $0) } }

    @Test(arguments: variants)
    func engineAgreesWithTheSpecMoveByMove(rules: Rules) {
        var random = RandomSource(seed: 2026)
        var endings: [String: Int] = [:]
        for _ in 0..<1500 {
            var reference = Reference(rules: rules)
            var engine = Position(rules: rules)
            while true {
                let legal = reference.legal()
                // Compared plainly and recorded when they differ: an #expect per comparison was
                // most of this test's time (some 1.4 million of them).
                let engineLegal = Array(engine.legalMoves)
                if engineLegal != legal { Issue.record("legal moves: engine \(engineLegal), spec \(legal)") }
                if engine.outcome != reference.outcome { Issue.record("outcome: engine \(engine.outcome), spec \(reference.outcome)") }
                if engine.mover != reference.mover && !engine.outcome.isOver { Issue.record("mover: engine \(engine.mover), spec \(reference.mover)") }
                for field in 0..<9 where engine.fieldState(field) != reference.states[field] {
                    Issue.record("field \(field): engine \(engine.fieldState(field)), spec \(reference.states[field])")
                }
                guard !legal.isEmpty else { break }
                let move = legal[random.uniform(below: legal.count)]
                reference.play(move)
                engine.play(move)
            }
            endings[engine.outcome.winner?.description ?? "draw", default: 0] += 1
        }
        // The games reach every ending, so each branch above was compared.
        #expect(endings["X", default: 0] > 0)
        #expect(endings["O", default: 0] > 0)
        #expect(endings["draw", default: 0] > 0)
    }

    @Test(arguments: variants)
    func onlyTheMoverEverCompletesALine(rules: Rules) {
        var random = RandomSource(seed: 7)
        for _ in 0..<2000 {
            var p = Position(rules: rules)
            while !p.outcome.isOver {
                let mover = p.mover
                let before = p.fields(mover.other)
                p.play(p.randomMove(using: &random))
                #expect(p.fields(mover.other) == before)
                if case .won(let winner) = p.outcome { #expect(winner == mover) }
            }
        }
    }
}
