import Testing

@testable import Andora

/// Each rule of seeds/002 (R1.1–R1.9.2) on hand-made positions.
@Suite struct RuleTests {
    static let empty9 = "... ... ...\n"

    @Test func fieldIsNineMiniFieldsOfNineCells() {  // R1.1, R1.2
        let start = Position(rules: .spec)
        #expect(start.legalMoves.count == 81)
        #expect(Move(field: 4, cell: 4).index == 40)
        #expect(Move(field: 8, cell: 8).index == 80)
        #expect(Move("9.9") == Move(field: 8, cell: 8))
        #expect(Move("0.1") == nil)
        for field in 0..<9 { #expect(start.fieldState(field) == .empty) }  // R1.3
    }

    @Test func xMovesFirstAndTurnsAlternate() {  // R1.5, R1.6
        var p = Position(rules: .spec)
        #expect(p.mover == .x)
        p.play(Move(field: 0, cell: 4))
        #expect(p.mover == .o)
        #expect(p.mark(field: 0, cell: 4) == .x)
        p.play(Move(field: 4, cell: 0))
        #expect(p.mover == .x)
        #expect(p.mark(field: 4, cell: 0) == .o)
    }

    @Test func firstMoveIsFreeThenTheCellSendsToAMiniField() {  // R1.8.1, R1.8.2
        var p = Position(rules: .spec)
        #expect(p.target == nil)
        p.play(Move(field: 4, cell: 2))  // top-right cell of the centre mini-field
        #expect(p.target == 2)  // → the top-right mini-field
        #expect(p.legalMoves.count == 9)
        #expect(p.legalMoves.allSatisfy { $0.field == 2 })
        p.play(Move(field: 2, cell: 6))  // bottom-left cell
        #expect(p.target == 6)
        #expect(Array(p.legalMoves) == (0..<9).map { Move(field: 6, cell: $0) })
    }

    @Test func aMarkedCellCannotBeMarked() {  // R1.7
        var p = Position(rules: .spec)
        p.play(Move(field: 2, cell: 4))  // X, sends O to 4
        p.play(Move(field: 4, cell: 2))  // O, sends X back to 2, where 2.4 is marked
        #expect(p.target == 2)
        #expect(p.legalMoves.count == 8)
        #expect(!p.legalMoves.contains(Move(field: 2, cell: 4)))
    }

    static let xTopRowOTwo = """
        XXX ... ...
        OO. ... ...
        ... ... ...
        """ + "\n" + String(repeating: empty9, count: 6)

    @Test func firstStrategyKeepsTheFirstCapture() {  // R1.4.1
        var p = Diagram.position(Self.xTopRowOTwo, rules: Rules(strategy: .first), mover: .o, target: 0)
        #expect(p.fieldState(0) == .x)
        p.play(Move(field: 0, cell: 5))  // O completes its middle row
        #expect(p.fieldState(0) == .x)
        #expect(p.outcome == .playing)
    }

    @Test func anyStrategyMarksBothLinesWithAQuestionMark() {  // R1.4.2
        var p = Diagram.position(Self.xTopRowOTwo, rules: Rules(strategy: .any), mover: .o, target: 0)
        #expect(p.fieldState(0) == .x)
        p.play(Move(field: 0, cell: 5))
        #expect(p.fieldState(0) == .both)
        #expect(p.fields(.x) & 1 == 1 && p.fields(.o) & 1 == 1)
    }

    @Test(arguments: MiniFieldStrategy.allCases)
    func aLineOfOneSignCapturesForThatSign(strategy: MiniFieldStrategy) {  // R1.4.1, R1.4.2
        let diagram = """
            ... ... ...
            ... ... ...
            ... ... ...
            ... O.. ...
            ... .O. ...
            ... ... ...
            """ + "\n" + String(repeating: Self.empty9, count: 3)
        var p = Diagram.position(diagram, rules: Rules(strategy: strategy), mover: .o, target: 4)
        #expect(p.fieldState(4) == .empty)
        p.play(Move(field: 4, cell: 8))  // diagonal
        #expect(p.fieldState(4) == .o)
        #expect(p.target == 8)
    }

    @Test(arguments: MiniFieldStrategy.allCases)
    func threeMiniFieldsInALineWin(strategy: MiniFieldStrategy) {  // R1.9.1
        let diagram = """
            XXX XXX XX.
            OO. OO. OO.
            ... ... ...
            """ + "\n" + String(repeating: Self.empty9, count: 6)
        var p = Diagram.position(diagram, rules: Rules(strategy: strategy), mover: .x, target: 2)
        p.play(Move(field: 2, cell: 2))
        #expect(p.outcome == .won(.x))
        #expect(p.ending == .line)
        #expect(p.legalMoves.isEmpty)
    }

    /// Field 0 is '?' (both lines), field 1 is the mover's, field 2 is one mark from the mover's.
    static func questionMarkRow(mover: Sign) -> String {
        let m = mover == .x ? "X" : "O", n = mover == .x ? "O" : "X"
        return """
            XXX \(m)\(m)\(m) \(m)\(m).
            OOO ... \(n)\(n).
            ... ... ...
            """ + "\n" + String(repeating: empty9, count: 6)
    }

    @Test(arguments: Sign.allCases)
    func aQuestionMarkCountsForBothSigns(mover: Sign) {  // R1.9.1 with R1.4.2
        var p = Diagram.position(Self.questionMarkRow(mover: mover), rules: Rules(strategy: .any), mover: mover, target: 2)
        #expect(p.fieldState(0) == .both)
        p.play(Move(field: 2, cell: 2))
        #expect(p.outcome == .won(mover))
    }

    @Test func underFirstTheOtherSignsCaptureDoesNotCount() {  // R1.9.1 with R1.4.1
        let p0 = Diagram.position(
            Self.questionMarkRow(mover: .x), rules: Rules(strategy: .first), mover: .x, target: 2, firstCaptures: [0: .o])
        var p = p0
        #expect(p.fieldState(0) == .o)
        p.play(Move(field: 2, cell: 2))
        #expect(p.fieldState(2) == .x)
        #expect(p.outcome == .playing)
    }

    /// The centre mini-field full with no line; X to play in mini-field 0.
    static let fullCentre = String(repeating: empty9, count: 3) + """
        ... XOX ...
        ... XOO ...
        ... OXX ...
        """ + "\n" + String(repeating: empty9, count: 3)

    @Test func aPlayerSentToAFullMiniFieldCannotPlace() {  // R1.9.2
        var p = Diagram.position(Self.fullCentre, rules: .spec, mover: .x, target: 0)
        p.play(Move(field: 0, cell: 4))  // sends O to the full centre
        #expect(p.outcome == .drawn)
        #expect(p.ending == .cannotPlace)
        #expect(p.legalMoves.isEmpty)
    }

    @Test func playAnywhereVariantOpensTheWholeField() {  // the variant of R1.9.2
        var p = Diagram.position(Self.fullCentre, rules: Rules(whenTargetIsFull: .playAnywhere), mover: .x, target: 0)
        p.play(Move(field: 0, cell: 4))
        #expect(p.outcome == .playing)
        #expect(p.target == nil)
        #expect(p.legalMoves.count == 81 - 9 - 1)
        #expect(!p.legalMoves.contains(Move(field: 4, cell: 0)))
    }

    @Test func playAnywhereOnAFullFieldIsADraw() {  // R1.9.2 under .playAnywhere
        // Every mini-field holds the same line-free pattern; the last cell is X's to mark.
        let row = ["XOX", "XOO", "OXX"]
        var text = ""
        for r in 0..<9 { text += [String](repeating: row[r % 3], count: 3).joined(separator: " ") + "\n" }
        var (x, o) = Diagram.cells(text)
        x &= ~(UInt128(1) << 80)
        var p = Position(rules: Rules(whenTargetIsFull: .playAnywhere))
        (p.xCells, p.oCells, p.moverSign, p.targetField) = (x, o, .x, 8)
        #expect(p.legalMoves.count == 1)
        p.play(Move(field: 8, cell: 8))
        #expect(p.outcome == .drawn)
    }

    @Test(arguments: MiniFieldStrategy.allCases)
    func aCapturedMiniFieldStaysOpen(strategy: MiniFieldStrategy) {  // nothing in R1 closes it
        var p = Diagram.position(Self.xTopRowOTwo, rules: Rules(strategy: strategy), mover: .o, target: 0)
        #expect(p.fieldState(0) == .x)
        #expect(p.legalMoves.count == 4)
        p.play(Move(field: 0, cell: 6))
        #expect(p.outcome == .playing)
    }

    @Test func linesAreTheEightOfTicTacToe() {
        var lines = 0
        for grid in 0..<UInt16(512) {
            let expected = Lines.all.contains { grid & $0 == $0 }
            #expect(Lines.contains(grid) == expected)
            if grid.nonzeroBitCount == 3 && expected { lines += 1 }
        }
        #expect(lines == 8)
        #expect(Lines.completing(0o003, empty: 0o774) == 0o004)  // row 0 needs cell 2
        #expect(Lines.completing(0o021, empty: 0o756) == 0o400)  // the diagonal needs cell 8
        #expect(Lines.completing(0o021, empty: 0o356) == 0)  // … which is taken
    }
}
