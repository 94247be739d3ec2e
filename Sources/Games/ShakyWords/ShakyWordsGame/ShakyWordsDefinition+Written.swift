import GameSeam
import PropertyList
import ShakyWords

/// Where ShakyWords.plist writes what `--set` changes: every parameter is one key of one of the
/// file's sections (``DesignReader``), some under another name than the parameter's.
extension ShakyWordsDefinition {
    public func written(_ name: String, value: String, in playable: Playable) -> WrittenValue? {
        guard let (path, form) = Self.places[name] else { return nil }
        let written: PlistValue?
        switch form {
        case .number: written = WrittenValue.numeric(value)
        // SW8: a constant is written as a number, anything else as the expression's text.
        case .expression: written = WrittenValue.numeric(value) ?? .string(value)
        case .choice: written = .string(value)
        }
        guard let written else { return nil }
        return WrittenValue(file: DesignReader.fileName, path: PlistPath(path.map { .key($0) }), value: written)
    }

    /// How the file writes a parameter's value.
    enum WrittenForm { case number, expression, choice }

    /// Each parameter's key path in ShakyWords.plist, with the rule that places it there.
    private static let places: [String: (path: [String], form: WrittenForm)] = [
        "questions": (["game", "questions"], .number),  // SW6
        "indicationWindow": (["timers", "indicationWindow"], .number),  // SW7
        "windowAfterIndication": (["timers", "windowAfterIndication"], .number),  // SW7
        "answerTime": (["timers", "answerTime"], .number),  // SW7
        "worth": (["points", "worth"], .expression),  // SW8
        "hintCost": (["points", "hintCost"], .expression),  // SW8
        "minimumPoints": (["points", "minimum"], .number),  // SW8
        "lettersPerHint": (["hints", "lettersPerHint"], .number),  // SW9
        "hintOrder": (["hints", "order"], .choice),  // SW9
        "shakeCooldown": (["hints", "cooldown"], .number),  // SW9
        "scramble": (["scramble"], .choice),  // SW5
        "spelling": (["spelling", "rule"], .choice),  // SW10
        "spellingTolerance": (["spelling", "tolerance"], .number),  // SW10
        "penaltyPerLetter": (["spelling", "penaltyPerLetter"], .number),  // SW10
    ]
}
