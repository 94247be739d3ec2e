import Diagnostics
import Expressions
import GameSeam
import ShakyWords

/// What `--set` changes and `sweep`, `tune` and `sensitivity` vary: every rule of ShakyWords.plist
/// but the pack and the difficulty (words of the design's own).
extension ShakyWordsDefinition {
    public var parameters: [ParameterDefinition] {
        [
            ParameterDefinition(name: "questions", values: .integers(1...10_000), effect: "questions a game asks (SW6); at most what the pack holds of the difficulty"),
            ParameterDefinition(name: "indicationWindow", values: .numbers(1...86_400), effect: "seconds teams have to indicate an answer (SW7; seeds/003: 60)"),
            ParameterDefinition(
                name: "windowAfterIndication", values: .numbers(0...86_400), effect: "seconds at most that remain once a team has indicated (SW7; seeds/003: 20)"),
            ParameterDefinition(name: "answerTime", values: .numbers(1...86_400), effect: "seconds each indicating team has to type its answer (SW7; seeds/003: 60)"),
            ParameterDefinition(
                name: "worth", values: .integers(-1_000_000_000...1_000_000_000), effect: "points a question is worth before shakes (SW8)",
                expressions: "an expression in length and difficulty (SW8)"),
            ParameterDefinition(
                name: "hintCost", values: .integers(-1_000_000_000...1_000_000_000), effect: "points each shake takes from a question (SW8)",
                expressions: "an expression in length and difficulty (SW8)"),
            ParameterDefinition(name: "minimumPoints", values: .integers(0...1_000_000), effect: "the least a correct answer scores however many shakes (SW8)"),
            ParameterDefinition(name: "lettersPerHint", values: .integers(1...1000), effect: "letters each shake puts in place (SW9)"),
            ParameterDefinition(name: "hintOrder", values: .choices(HintOrder.allCases.map(\.rawValue)), effect: "which letters shakes put in place first (SW9)"),
            ParameterDefinition(name: "shakeCooldown", values: .numbers(0...86_400), effect: "seconds before the device takes another shake (SW9)"),
            ParameterDefinition(name: "scramble", values: .choices(ScrambleRule.allCases.map(\.rawValue)), effect: "how a question's letters are scrambled (SW5)"),
            ParameterDefinition(name: "spelling", values: .choices(SpellingRule.allCases.map(\.rawValue)), effect: "how a typed answer is judged (SW10)"),
            ParameterDefinition(name: "spellingTolerance", values: .integers(0...1000), effect: "wrong letters a tolerant answer may have (SW10)"),
            ParameterDefinition(name: "penaltyPerLetter", values: .integers(0...1_000_000), effect: "points a penalty answer loses per wrong letter (SW10)"),
        ]
    }

    public func value(of name: String, in playable: Playable) -> String? {
        let r = playable.design.rules
        switch name {
        case "questions": return String(r.questions)
        case "indicationWindow": return r.indicationWindow.designerText
        case "windowAfterIndication": return r.windowAfterIndication.designerText
        case "answerTime": return r.answerTime.designerText
        case "worth": return r.worth.constantValue?.designerText ?? r.worth.source
        case "hintCost": return r.hintCost.constantValue?.designerText ?? r.hintCost.source
        case "minimumPoints": return String(r.minimumPoints)
        case "lettersPerHint": return String(r.lettersPerHint)
        case "hintOrder": return r.hintOrder.rawValue
        case "shakeCooldown": return r.shakeCooldown.designerText
        case "scramble": return r.scramble.rawValue
        case "spelling": return r.spelling.rawValue
        case "spellingTolerance": return String(r.spellingTolerance)
        case "penaltyPerLetter": return String(r.penaltyPerLetter)
        default: return nil
        }
    }

    public func setting(_ playable: Playable, _ name: String, to value: String) throws(PlayLoadError) -> Playable {
        // sweep asks before it checks the value (PlayableGame.setting): the value's range first,
        // so that the checks below never see one the design could not hold.
        if let problem = parameter(named: name)?.check(value) { throw .option(problem) }
        var changed = playable
        func number() throws(PlayLoadError) -> Double {
            guard let x = Double(value), x.isFinite else { throw .option("\(name) takes a number, not '\(value)'") }
            return x
        }
        func whole() throws(PlayLoadError) -> Int {
            guard let n = Int(value) else { throw .option("\(name) takes a whole number, not '\(value)'") }
            return n
        }
        func expression() throws(PlayLoadError) -> Expression {
            if let x = Double(value) { return Expression(constant: x, variables: Rules.scope) }
            do throws(ExpressionError) {
                return try Expression(parsing: value, variables: Rules.scope)
            } catch {
                throw .option("\(name) '\(value)': \(error.message) at column \(error.column) (an expression in length and difficulty, SW8)")
            }
        }
        func choice<T: RawRepresentable>(_: T.Type) throws(PlayLoadError) -> T where T.RawValue == String {
            guard let chosen = T(rawValue: value) else { throw .option("\(name) cannot be '\(value)'") }
            return chosen
        }
        switch name {
        case "questions": changed.design.rules.questions = try whole()
        case "indicationWindow": changed.design.rules.indicationWindow = try number()
        case "windowAfterIndication": changed.design.rules.windowAfterIndication = try number()
        case "answerTime": changed.design.rules.answerTime = try number()
        case "worth": changed.design.rules.worth = try expression()
        case "hintCost": changed.design.rules.hintCost = try expression()
        case "minimumPoints": changed.design.rules.minimumPoints = try whole()
        case "lettersPerHint": changed.design.rules.lettersPerHint = try whole()
        case "hintOrder": changed.design.rules.hintOrder = try choice(HintOrder.self)
        case "shakeCooldown": changed.design.rules.shakeCooldown = try number()
        case "scramble": changed.design.rules.scramble = try choice(ScrambleRule.self)
        case "spelling": changed.design.rules.spelling = try choice(SpellingRule.self)
        case "spellingTolerance": changed.design.rules.spellingTolerance = try whole()
        case "penaltyPerLetter": changed.design.rules.penaltyPerLetter = try whole()
        default: throw .option("'\(name)' is not a parameter of Shaky Words designs")
        }
        // What check refuses, a setting cannot make playable: the same checks, on the new rules.
        let problems = DesignChecks.check(changed.design, packsFile: playable.packsFile, designFile: playable.designFile, gameLocation: nil).filter { $0.severity == .error }
        if let first = problems.first {
            throw .unplayable(reason: "\(name) \(value): \(first.message)", diagnostics: problems)
        }
        return changed
    }
}
