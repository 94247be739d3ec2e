import Diagnostics
import Relentless
import TestSupport
import Testing

/// One failing fixture per structural check of C2–C4 not covered elsewhere; the valid fixture
/// (asserted clean in CatalogueCheckTests) is the passing one for all of them.
@Suite("Catalogue structure (C2–C4)")
struct CatalogueStructureTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var original: String
        var replacement: String
        var rule: String
        var message: String
        var testDescription: String { message }
    }

    static let cases: [Case] = [
        Case(original: "<key>imageString</key><string>book</string>", replacement: "<key>imageStrings</key><string>book</string>",
             rule: "C2", message: "unknown key \"imageStrings\" in a titled category"),
        Case(original: "<key>assembledItems</key>\n    <array>", replacement: "<key>assembledItems</key>\n    <dict/><key>unused</key>\n    <array>",
             rule: "C2", message: "\"assembledItems\" must be an array, not a <dict>"),
        Case(original: "<key>category</key><string>Book</string>", replacement: "<key>category</key><string></string>",
             rule: "C2", message: "category name is empty"),
        Case(original: "<array><string>Night Knight</string><string>Knight Night</string></array>", replacement: "<array/>",
             rule: "C3", message: "an empty group of titles"),
        Case(original: "<key>unitDuration</key><integer>2</integer>", replacement: "<key>unitDuration</key><integer>0</integer>",
             rule: "C2", message: "unitDuration must be at least 1 second, not 0"),
        Case(original: "<key>unitDuration</key><integer>2</integer><key>stateSequence</key><array><integer>0</integer><integer>1</integer></array>",
             replacement: "<key>unitDuration</key><integer>2</integer><key>stateSequence</key><array/>",
             rule: "C2", message: "stateSequence is empty"),
        Case(original: "<key>unitDuration</key><integer>2</integer><key>stateSequence</key><array><integer>0</integer><integer>1</integer></array>",
             replacement: "<key>unitDuration</key><integer>2</integer><key>stateSequence</key><array><integer>0</integer><integer>-1</integer></array>",
             rule: "C2", message: "state index -1 is negative"),
        Case(original: "<key>unitDuration</key><integer>2</integer>", replacement: "<key>unitDuration</key><integer>1</integer>",
             rule: "C3", message: "appears twice in the category; items must differ"),
        Case(original: "<key>stateIdentifiers</key><array><string>Round</string><string>Square</string></array>",
             replacement: "<key>stateIdentifiers</key><array><string>Round</string><string>Round</string></array>",
             rule: "C3", message: "state \"Round\" appears twice"),
        Case(original: "<key>parts</key><array><string>Car</string><string>Siren</string></array>", replacement: "<key>parts</key><array/>",
             rule: "C2", message: "an assembled category needs at least one part"),
        Case(original: "<key>depth</key><integer>1</integer>", replacement: "<key>depth</key><integer>-1</integer>",
             rule: "C4", message: "depth must be 0 or more, not -1"),
        Case(original: "<key>unitDuration</key><integer>2</integer>", replacement: "",
             rule: "C2", message: "missing key \"unitDuration\""),
        Case(original: "<key>unitDuration</key><integer>2</integer>", replacement: "<key>unitDuration</key><integer>2</integer><key>speed</key><integer>2</integer>",
             rule: "C2", message: "unknown key \"speed\" in a rhythm"),
    ]

    @Test("each structural mistake is an error with its rule", arguments: cases)
    func structuralMistake(_ c: Case) {
        let text = DesignFixtures.validCatalogue.replacingOnce(c.original, with: c.replacement)
        let errors = check(catalogue: text).diagnostics.errors
        #expect(errors.contains { $0.rule == c.rule && $0.message.contains(c.message) }, "\(errors)")
    }

    @Test("the catalogue root must be a dictionary")
    func rootNotDictionary() {
        let errors = check(catalogue: DesignFixtures.plist("<array/>")).diagnostics.errors
        #expect(errors.map(\.message) == ["the catalogue root must be a dict, not an <array>"])
    }
}
