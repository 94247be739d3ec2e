import Expressions
import Relentless
import Testing

/// Every kind of mistake, with its exact message and column (C7: an expression that does not
/// compile is an error with its position).
@Suite struct ErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var kind: ExpressionError.Kind
        var column: Int
        var message: String
        var testDescription: String { "\(text.debugDescription) → \(kind)" }
    }

    static let cases: [Case] = [
        Case(text: "", kind: .empty, column: 1, message: "empty expression"),
        Case(text: "  \t ", kind: .empty, column: 1, message: "empty expression"),
        Case(text: "2 # 3", kind: .unexpectedCharacter, column: 3, message: "unexpected character \"#\""),
        Case(text: "2 ^ 3", kind: .unexpectedCharacter, column: 3, message: "unexpected character \"^\""),
        Case(text: "diffLevel . 2", kind: .unexpectedCharacter, column: 11, message: "unexpected character \".\""),
        Case(text: "2 + 🙂", kind: .unexpectedCharacter, column: 5, message: "unexpected character \"🙂\""),
        Case(text: "2\u{00A0}+ 1", kind: .unexpectedCharacter, column: 2, message: "unexpected character U+00A0"),
        Case(text: "2 *", kind: .unexpectedEnd, column: 4, message: "expected an operand after \"*\""),
        Case(text: "1 + 2 - ", kind: .unexpectedEnd, column: 9, message: "expected an operand after \"-\""),
        Case(text: "-", kind: .unexpectedEnd, column: 2, message: "expected an operand after \"-\""),
        Case(text: "(", kind: .unexpectedEnd, column: 2, message: "expected an operand after \"(\""),
        Case(text: "(2 + 3", kind: .unbalancedParentheses, column: 1, message: "unmatched \"(\""),
        Case(text: "1 + (2 * (3)", kind: .unbalancedParentheses, column: 5, message: "unmatched \"(\""),
        Case(text: "((1) + (2)", kind: .unbalancedParentheses, column: 1, message: "unmatched \"(\""),
        Case(text: "2 + 3)", kind: .unbalancedParentheses, column: 6, message: "unmatched \")\""),
        Case(text: "(2) + 3) * (4", kind: .unbalancedParentheses, column: 8, message: "unmatched \")\""),
        Case(text: "2 * * 3", kind: .missingOperand, column: 5, message: "expected an operand after \"*\""),
        Case(text: "* 2", kind: .missingOperand, column: 1, message: "expected an operand before \"*\""),
        Case(text: ")", kind: .missingOperand, column: 1, message: "expected an operand before \")\""),
        Case(text: "3 * ()", kind: .missingOperand, column: 6, message: "expected an operand after \"(\""),
        Case(text: "2 + / 4", kind: .missingOperand, column: 5, message: "expected an operand after \"+\""),
        Case(text: "2 3", kind: .missingOperator, column: 3, message: "expected an operator before \"3\""),
        Case(text: "1.5  2.25", kind: .missingOperator, column: 6, message: "expected an operator before \"2.25\""),
        Case(text: "diffLevel (2)", kind: .missingOperator, column: 11, message: "expected an operator before \"(\""),
        Case(text: "(1) diffLevel", kind: .missingOperator, column: 5, message: "expected an operator before \"diffLevel\""),
        Case(text: "1e", kind: .malformedNumber, column: 1, message: "malformed number \"1e\""),
        Case(text: "2 * 1e+", kind: .malformedNumber, column: 5, message: "malformed number \"1e+\""),
        Case(text: "2 + 1.2.3", kind: .malformedNumber, column: 5, message: "malformed number \"1.2.3\""),
        Case(text: "3x", kind: .malformedNumber, column: 1, message: "malformed number \"3x\""),
        Case(text: "0x10", kind: .malformedNumber, column: 1, message: "malformed number \"0x10\""),
        Case(text: "1 + 1e999", kind: .malformedNumber, column: 5, message: "number \"1e999\" is too large for a double"),
        Case(text: "5 * difLevel", kind: .unknownVariable, column: 5, message: "unknown variable \"difLevel\""),
        Case(text: "level", kind: .unknownVariable, column: 1, message: "unknown variable \"level\""),
        Case(text: "2 * (timeLeft)", kind: .variableOutOfScope, column: 6,
             message: "variable \"timeLeft\" is only available in correctPackageSatisfactionChange and wrongPackageSatisfactionChange"),
    ]

    @Test(arguments: cases)
    func reportsKindMessageAndColumn(_ c: Case) throws {
        let error = try #require(compileError(c.text, scope: .parameter), "\(c.text.debugDescription) compiled")
        #expect(error.kind == c.kind)
        #expect(error.message == c.message)
        #expect(error.column == c.column)
    }

    @Test(arguments: [
        ("difLevel", "diffLevel"),
        ("DiffLevel", "diffLevel"),
        ("diffLevle", "diffLevel"),
        ("timeLef", "timeLeft"),               // a variable of another scope is still suggested
        ("numOfItem", "numOfItems"),
    ])
    func suggestsTheNearestName(misspelt: String, meant: String) throws {
        let error = try #require(compileError("1 + \(misspelt)", scope: .parameter))
        #expect(error.kind == .unknownVariable)
        #expect(error.column == 5)
        #expect(error.suggestion == "did you mean \"\(meant)\"?")
    }

    @Test func noSuggestionForAFarName() throws {
        let error = try #require(compileError("speed * 2"))
        #expect(error.kind == .unknownVariable)
        #expect(error.suggestion == nil)
    }

    @Test func scopePreferredOnATie() throws {
        // "b" is one edit from both "a" (here) and "c" (elsewhere): the usable one wins.
        let scope = VariableScope(["a"], elsewhere: [.init("c", availableIn: "the other key")])
        #expect(compileError("b", scope: scope)?.suggestion == "did you mean \"a\"?")
        #expect(compileError("c", scope: scope)?.message == "variable \"c\" is only available in the other key")
    }

    @Test func firstMistakeInReadingOrderWins() throws {
        let error = try #require(compileError("difLevel + # + (", scope: .parameter))
        #expect(error.kind == .unknownVariable)
        #expect(error.column == 1)
    }

    @Test func descriptionShowsColumnAndSuggestion() throws {
        let error = try #require(compileError("5 * difLevel"))
        #expect(error.description == "column 5: unknown variable \"difLevel\" (did you mean \"diffLevel\"?)")
    }

    @Test func columnsCountCharactersNotBytes() throws {
        // "é" is two UTF-8 bytes and one character; the error is on the character after it.
        let error = try #require(compileError("é"))
        #expect(error.column == 1)
        #expect(error.message == "unexpected character \"é\"")
    }
}
