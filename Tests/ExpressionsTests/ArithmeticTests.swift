import Expressions
import Relentless
import Testing

/// Precedence, associativity, unary operators and number syntax of C5.
@Suite struct ArithmeticTests {
    @Test(arguments: [
        ("2-3-4", -5.0),            // left-associative, not 2-(3-4) = 3
        ("16/4/2", 2.0),            // left-associative, not 16/(4/2) = 8
        ("2*3+4", 10.0),
        ("2+3*4", 14.0),            // products first, not (2+3)*4 = 20
        ("2*(3+4)", 14.0),
        ("10-4/2", 8.0),
        ("10/4*2", 5.0),            // same level, left to right
        ("1-2+3", 2.0),             // not 1-(2+3) = -4
        ("(((7)))", 7.0),
        (" \t2 +\n3\r ", 5.0),
        ("1/2", 0.5),               // double division, never integer division
        ("7/2", 3.5),
    ])
    func precedenceAndAssociativity(text: String, expected: Double) throws {
        #expect(try value(text) == expected)
    }

    @Test(arguments: [
        ("-2", -2.0),
        ("--2", 2.0),
        ("---2", -2.0),
        ("-(2+3)", -5.0),
        ("2*-3", -6.0),
        ("2--3", 5.0),
        ("2 - -3", 5.0),
        ("-2*3", -6.0),
        ("-2-3", -5.0),             // unary binds tighter than binary minus
        ("+2", 2.0),
        ("+-+2", -2.0),
        ("6/-2", -3.0),
        ("-(-(-(4)))", -4.0),
    ])
    func unaryOperators(text: String, expected: Double) throws {
        #expect(try value(text) == expected)
    }

    @Test(arguments: [
        ("0", 0.0), ("42", 42.0), ("3.25", 3.25), (".5", 0.5), ("5.", 5.0), ("1e3", 1000.0),
        ("2.5E-2", 0.025), ("1E+2", 100.0), ("007", 7.0), ("1.5e0", 1.5),
    ])
    func numbers(text: String, expected: Double) throws {
        #expect(try value(text) == expected)
    }

    @Test func divisionByZeroFollowsIEEEAndNeverTraps() throws {
        #expect(try value("1/0") == .infinity)
        #expect(try value("-1/0") == -.infinity)
        #expect(try value("0/0").isNaN)
        #expect(try value("numOfDifferences / numOfItems", ["numOfDifferences": 0, "numOfItems": 0]).isNaN)
        #expect(try value("1 / (diffLevel - diffLevel)", ["diffLevel": 3]) == .infinity)
    }

    @Test func negativeZeroKeepsItsSign() throws {
        #expect(try value("-0").sign == .minus)
        #expect(try value("+0").sign == .plus)
        #expect(try value("--0").sign == .plus)
        #expect(try value("-diffLevel", ["diffLevel": 0]).sign == .minus)
    }

    @Test func divisionOfCountsIsInDoubles() throws {
        let e = try Expression(parsing: "numOfDifferences / numOfItems", variables: .satisfactionChange)
        #expect(e.evaluate(["numOfDifferences": 1, "numOfItems": 2]) == 0.5)
        #expect(e.evaluate(["numOfDifferences": 2, "numOfItems": 3]) == 2.0 / 3.0)
    }
}
