import Expressions
import Relentless
import TestSupport
import Testing

/// Property: for random expression trees printed as text, compiling and evaluating gives exactly
/// (bit for bit, or both NaN) what evaluating the tree directly gives. Constant folding, the
/// stack machine, precedence and the number lexer are all on the path.
@Suite struct RandomExpressionTests {
    indirect enum Tree {
        case number(text: String, value: Double)
        case variable(slot: Int)
        case negate(Tree)
        case plus(Tree)
        case binary(Character, Tree, Tree)

        func evaluate(_ values: [Double]) -> Double {
            switch self {
            case .number(_, let v): v
            case .variable(let slot): values[slot]
            case .negate(let t): -t.evaluate(values)
            case .plus(let t): t.evaluate(values)
            case .binary(let op, let l, let r):
                switch op {
                case "+": l.evaluate(values) + r.evaluate(values)
                case "-": l.evaluate(values) - r.evaluate(values)
                case "*": l.evaluate(values) * r.evaluate(values)
                default: l.evaluate(values) / r.evaluate(values)
                }
            }
        }
    }

    static let names = VariableScope.satisfactionChange.names

    static func randomNumber(_ g: inout SplitMix64) -> Tree {
        let text: String
        switch g.below(5) {
        case 0: text = String(g.below(10))
        case 1: text = String(g.below(1000)) + "." + String(g.below(100))
        case 2: text = "\(1 + g.below(9))\(["e", "E"][g.below(2)])\(["", "+", "-"][g.below(3)])\(g.below(6))"
        case 3: text = (g.unit() * pow10(g.below(9) - 4)).description  // shortest round-trip form, maybe 1e-05
        default: text = "." + String(g.below(1000))
        }
        return .number(text: text, value: Double(text) ?? .nan)
    }

    static func pow10(_ e: Int) -> Double {
        var x = 1.0
        for _ in 0..<abs(e) { x *= 10 }
        return e < 0 ? 1 / x : x
    }

    static func randomTree(_ g: inout SplitMix64, depth: Int) -> Tree {
        if depth == 0 || g.chance(25) {
            return g.chance(50) ? randomNumber(&g) : .variable(slot: g.below(names.count))
        }
        switch g.below(10) {
        case 0: return .negate(randomTree(&g, depth: depth - 1))
        case 1: return .plus(randomTree(&g, depth: depth - 1))
        default:
            let op: Character = ["+", "-", "*", "/"][g.below(4)]
            return .binary(op, randomTree(&g, depth: depth - 1), randomTree(&g, depth: depth - 1))
        }
    }

    /// Text with the parentheses the grammar needs (all of them when `full`), plus random
    /// redundant ones and random spacing. Returns the binding strength of the printed text:
    /// sums 1, products 2, prefix operators 3, operands and parenthesized text 4.
    static func print(_ t: Tree, _ g: inout SplitMix64, full: Bool) -> (text: String, precedence: Int) {
        func space() -> String { ["", " ", "  ", "\t"][g.below(4)] }
        func wrap(_ s: String) -> String { "(" + space() + s + space() + ")" }
        var result: (text: String, precedence: Int)
        switch t {
        case .number(let text, _): result = (text, 4)
        case .variable(let slot): result = (names[slot], 4)
        case .negate(let c), .plus(let c):
            let child = print(c, &g, full: full)
            let inner = child.precedence < 3 || full ? wrap(child.text) : child.text
            var sign = "-"
            if case .plus = t { sign = "+" }
            result = (sign + space() + inner, 3)
        case .binary(let op, let l, let r):
            let p = op == "+" || op == "-" ? 1 : 2
            let left = print(l, &g, full: full), right = print(r, &g, full: full)
            let lt = left.precedence < p || full ? wrap(left.text) : left.text
            let rt = right.precedence <= p || full ? wrap(right.text) : right.text
            result = (lt + space() + String(op) + space() + rt, p)
        }
        return g.chance(10) ? (wrap(result.text), 4) : result
    }

    static let interestingValues: [Double] = [0, -0.0, 1, -1, 2.5, 1e300, -1e-300, .infinity, -.infinity, .nan, 3]

    @Test(arguments: [(UInt64(0x5EED), false), (UInt64(0xC0FFEE), true), (UInt64(42), false)])
    func compiledEqualsTree(seed: UInt64, full: Bool) throws {
        var g = SplitMix64(seed: seed)
        var checked = 0
        for _ in 0..<1500 {
            let tree = Self.randomTree(&g, depth: 1 + g.below(7))
            let text = Self.print(tree, &g, full: full).text
            let e = try Expression(parsing: text, variables: .satisfactionChange)
            let reprinted = try Expression(parsing: e.description, variables: .satisfactionChange)
            for _ in 0..<4 {
                let values = (0..<Self.names.count).map { _ in
                    g.chance(30)
                        ? Self.interestingValues[g.below(Self.interestingValues.count)]
                        : (g.unit() - 0.5) * Self.pow10(g.below(7) - 3)
                }
                var slots = VariableValues()
                for (slot, v) in values.enumerated() { slots[slot] = v }
                let expected = tree.evaluate(values)
                let actual = e.evaluate(slots)
                #expect(sameDouble(actual, expected), "\(text) at \(values): \(actual) != \(expected)")
                #expect(sameDouble(reprinted.evaluate(slots), expected), "\(e.description) (from \(text)) at \(values)")
                checked += 1
            }
        }
        #expect(checked == 6000)
    }

    @Test func printerAndTreeAgreeOnAHandWrittenCase() throws {
        // Guards the oracle itself: a tree the test prints must mean what the rules say.
        let tree = Tree.binary("-", .binary("-", .number(text: "2", value: 2), .number(text: "3", value: 3)),
                               .number(text: "4", value: 4))
        var g = SplitMix64(seed: 1)
        let text = Self.print(tree, &g, full: false).text.filter { $0 != " " && $0 != "\t" }
        #expect(tree.evaluate([]) == -5)
        #expect(text == "2-3-4" || text.contains("("))
        #expect(try value(text) == -5)
    }
}
