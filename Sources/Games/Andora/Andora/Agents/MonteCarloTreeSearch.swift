#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Randomness

/// Monte-Carlo tree search (UCT: Kocsis and Szepesvári 2006) with a budget of random playouts per
/// move. Each playout walks the tree by UCB1 (score/visits + c·√(ln N / visits), c = √2), adds one
/// untried move chosen at random, plays the game out at random, and credits every node on the path
/// with the result from the view of the player who made that node's move (win 1, draw ½, loss 0).
/// The move played is the root's most visited child.
///
/// The tree lives in one array reused from move to move (at most `playouts + 1` nodes), so a game
/// allocates once; every random choice is a draw of the caller's generator, so a search is a
/// function of the position and the generator's state.
///
/// ```swift
/// var search = MonteCarloTreeSearch(playouts: 1000)
/// var random = RandomSource(seed: 1)
/// let move = search.move(in: Position(rules: .spec), using: &random)
/// ```
public struct MonteCarloTreeSearch: Sendable {
    public let playouts: Int
    public static let exploration = 2.0.squareRoot()

    @usableFromInline
    struct Node: Sendable {
        @usableFromInline var untried: UInt128
        @usableFromInline var score: Double = 0
        @usableFromInline var visits: Int32 = 0
        @usableFromInline var parent: Int32
        @usableFromInline var firstChild: Int32 = -1
        @usableFromInline var nextSibling: Int32 = -1
        @usableFromInline var move: UInt8
        /// Who made `move`: the node's results are counted for this sign.
        @usableFromInline var mover: Sign

        @inlinable
        init(untried: UInt128, parent: Int32, move: UInt8, mover: Sign) {
            self.untried = untried
            self.parent = parent
            self.move = move
            self.mover = mover
        }
    }

    @usableFromInline var nodes: [Node] = []

    public init(playouts: Int) {
        self.playouts = max(1, playouts)
        nodes.reserveCapacity(self.playouts + 1)
    }

    /// The searched move for the player to move in `root`.
    ///
    /// - Precondition: the game is not over.
    @inlinable
    public mutating func move(in root: Position, using random: inout RandomSource) -> Move {
        let legal = root.legalMoves
        precondition(!legal.isEmpty, "no move in a finished game")
        if legal.count == 1 { return legal.element(0) }
        nodes.removeAll(keepingCapacity: true)
        nodes.append(Node(untried: legal.bits, parent: -1, move: 0, mover: root.mover.other))
        for _ in 0..<playouts {
            var node = 0
            var position = root
            // Selection: down fully expanded nodes.
            while nodes[node].untried == 0 && nodes[node].firstChild >= 0 {
                node = bestChild(of: node)
                position.play(Move(index: Int(nodes[node].move)))
            }
            // Expansion: one untried move, at random.
            if nodes[node].untried != 0 {
                let untried = MoveSet(bits: nodes[node].untried)
                let move = untried.element(random.uniform(below: untried.count))
                nodes[node].untried &= ~(UInt128(1) << Int(move.index))
                let mover = position.mover
                position.play(move)
                let child = Int32(nodes.count)
                var added = Node(untried: position.legalMoves.bits, parent: Int32(node), move: move.index, mover: mover)
                added.nextSibling = nodes[node].firstChild
                nodes.append(added)
                nodes[node].firstChild = child
                node = Int(child)
            }
            // Playout and backpropagation.
            position.playRandomly(using: &random)
            var walk = Int32(node)
            while walk >= 0 {
                nodes[Int(walk)].visits += 1
                nodes[Int(walk)].score += Self.reward(position, for: nodes[Int(walk)].mover)
                walk = nodes[Int(walk)].parent
            }
        }
        // The most visited child; among equals the first in the child list.
        var best = nodes[0].firstChild
        var child = best
        while child >= 0 {
            if nodes[Int(child)].visits > nodes[Int(best)].visits { best = child }
            child = nodes[Int(child)].nextSibling
        }
        return Move(index: Int(nodes[Int(best)].move))
    }

    /// UCB1's choice among `node`'s children (each visited at least once).
    @inlinable
    func bestChild(of node: Int) -> Int {
        let logVisits = log(Double(nodes[node].visits))
        var best = Int(nodes[node].firstChild)
        var bestValue = -Double.infinity
        var child = nodes[node].firstChild
        while child >= 0 {
            let n = nodes[Int(child)]
            let visits = Double(n.visits)
            let value = n.score / visits + Self.exploration * (logVisits / visits).squareRoot()
            if value > bestValue {
                bestValue = value
                best = Int(child)
            }
            child = n.nextSibling
        }
        return best
    }

    /// Win 1, draw ½, loss 0, for `sign`.
    @inlinable
    static func reward(_ end: Position, for sign: Sign) -> Double {
        end.isWon(by: sign) ? 1 : end.isWon(by: sign.other) ? 0 : 0.5
    }
}
