/// A position of Andora on bitboards: the field's 81 cells as two 128-bit masks (one per sign,
/// bit `9·field + cell`), the mini-fields' states as two 9-bit masks, the mini-field the mover is
/// sent to, and how the game stands. A value type of 48 bytes: copying it is how a search tries a
/// move, and playing a move allocates nothing.
///
/// ```swift
/// var game = Position(rules: .spec)
/// game.play(Move(field: 4, cell: 0))   // X: the first move is free (R1.8.1)
/// game.target                          // 0: O must play in mini-field 0 (R1.8.2)
/// game.legalMoves.count                // 9
/// ```
public struct Position: Sendable, Hashable {
    public let rules: Rules
    /// Cells marked X and O (R1.2).
    @usableFromInline var xCells: UInt128 = 0
    @usableFromInline var oCells: UInt128 = 0
    /// Mini-fields whose state counts as X, and as O (R1.3): X is in `xFields` only, O in
    /// `oFields` only, '?' in both (R1.4.2), empty in neither.
    @usableFromInline var xFields: UInt16 = 0
    @usableFromInline var oFields: UInt16 = 0
    /// The mini-field the mover must play in, or -1 when any empty cell will do.
    @usableFromInline var targetField: Int8 = -1
    @usableFromInline var moverSign: Sign = .x
    @usableFromInline var moves: UInt8 = 0
    /// The outcome as one byte (a plain compare in the playout loop): 0 playing, 1 X won, 2 O
    /// won, 3 drawn.
    @usableFromInline var state: UInt8 = Self.playing

    // Computed, not stored: a stored static is reached through a lazy-initialisation check on
    // every use from another module, in the hottest loop there is.
    @inlinable static var playing: UInt8 { 0 }
    @inlinable static var drawn: UInt8 { 3 }

    /// The empty field, X to move (R1.6) anywhere (R1.8.1).
    public init(rules: Rules) { self.rules = rules }

    /// All 81 cells.
    @inlinable static var everyCell: UInt128 { 0x1_FFFF_FFFF_FFFF_FFFF_FFFF }

    /// The sign to move (R1.5).
    @inlinable public var mover: Sign { moverSign }
    @inlinable public var outcome: Outcome {
        switch state {
        case Self.playing: .playing
        case Self.drawn: .drawn
        default: .won(state == 1 ? .x : .o)
        }
    }
    /// Marks placed so far.
    @inlinable public var moveCount: Int { Int(moves) }
    /// The mini-field (0...8) the mover must play in, or nil when any empty cell will do.
    @inlinable public var target: Int? { targetField < 0 ? nil : Int(targetField) }

    /// The cells of mini-field `field` marked with `sign`, as 9 bits.
    @inlinable @inline(__always)
    public func cells(_ sign: Sign, in field: Int) -> UInt16 {
        let marks: UInt128
        switch sign {
        case .x: marks = xCells
        case .o: marks = oCells
        }
        return UInt16(truncatingIfNeeded: (marks >> (9 * field)) & 0x1FF)
    }

    /// The empty cells of mini-field `field`, as 9 bits.
    @inlinable @inline(__always)
    public func emptyCells(in field: Int) -> UInt16 {
        ~UInt16(truncatingIfNeeded: ((xCells | oCells) >> (9 * field))) & 0x1FF
    }

    /// The mini-fields whose state counts as `sign` (R1.9.1: '?' counts as both), as 9 bits.
    @inlinable public func fields(_ sign: Sign) -> UInt16 {
        switch sign {
        case .x: xFields
        case .o: oFields
        }
    }

    /// Whether `sign` has won (R1.9.1).
    @inlinable public func isWon(by sign: Sign) -> Bool {
        switch sign {
        case .x: state == 1
        case .o: state == 2
        }
    }

    /// Whether the game has ended (R1.9.1, R1.9.2).
    @inlinable public var isOver: Bool { state != Self.playing }

    /// The state of mini-field `field` (R1.3).
    public func fieldState(_ field: Int) -> FieldState {
        switch ((xFields >> field) & 1, (oFields >> field) & 1) {
        case (1, 1): .both
        case (1, 0): .x
        case (0, 1): .o
        default: .empty
        }
    }

    /// The sign of cell `cell` of mini-field `field`, nil when empty.
    public func mark(field: Int, cell: Int) -> Sign? {
        if cells(.x, in: field) >> cell & 1 == 1 { return .x }
        if cells(.o, in: field) >> cell & 1 == 1 { return .o }
        return nil
    }

    /// Every cell the mover may mark: empty (R1.7) and in the target mini-field (R1.8.2), or
    /// anywhere on the first move (R1.8.1) and after a full target under `.playAnywhere`. Empty
    /// once the game is over.
    @inlinable
    public var legalMoves: MoveSet {
        guard state == Self.playing else { return MoveSet(bits: 0) }
        let empty = ~(xCells | oCells) & Self.everyCell
        guard targetField >= 0 else { return MoveSet(bits: empty) }
        return MoveSet(bits: empty & (UInt128(0x1FF) << (9 * Int(targetField))))
    }

    /// Marks `move` for the mover and applies every rule that follows: the mini-field's state
    /// (R1.4), a win (R1.9.1), the next target (R1.8.2) and a player who cannot move (R1.9.2).
    ///
    /// - Precondition: `move` is one of `legalMoves` (checked in debug builds).
    // Always inlined: a call per move, passing the position by address, cost a quarter of a
    // random game when the caller is in another module.
    @inlinable @inline(__always)
    public mutating func play(_ move: Move) {
        assert(legalMoves.contains(move), "\(move) is not a legal move")
        let field = move.field
        let bit = UInt128(1) << Int(move.index)
        let sign = moverSign
        let mine: UInt16
        switch sign {
        case .x:
            xCells |= bit
            mine = cells(.x, in: field)
        case .o:
            oCells |= bit
            mine = cells(.o, in: field)
        }
        moves &+= 1
        let fieldBit = UInt16(1) << field
        if Lines.contains(mine) {
            // R1.4.1 keeps the first capture; R1.4.2 lets both signs hold the mini-field ('?').
            let keeps: Bool
            switch rules.strategy {
            case .first: keeps = (xFields | oFields) & fieldBit == 0
            case .any: keeps = true
            }
            if keeps {
                switch sign {
                case .x: xFields |= fieldBit
                case .o: oFields |= fieldBit
                }
                // Only the mover's fields grow, so only the mover can complete a line (R1.9.1).
                if Lines.contains(fields(sign)) {
                    state = sign.rawValue + 1
                    return
                }
            }
        }
        moverSign = sign.other
        let next = move.cell  // R1.8.2
        if emptyCells(in: next) != 0 {
            targetField = Int8(next)
        } else if case .playAnywhere = rules.whenTargetIsFull, (xCells | oCells) != Self.everyCell {
            targetField = -1
        } else {
            state = Self.drawn  // R1.9.2
        }
    }

    /// The position after `move`.
    @inlinable
    public func playing(_ move: Move) -> Position {
        var next = self
        next.play(move)
        return next
    }
}

/// The state of a mini-field (R1.3).
public enum FieldState: String, Sendable, Hashable {
    case empty, x, o
    /// '?': both signs have a line (R1.4.2).
    case both
}
