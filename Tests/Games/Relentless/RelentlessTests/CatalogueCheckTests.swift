import BigInt
import Diagnostics
import Relentless
import TestSupport
import Testing

@Suite("Catalogue checks (C2–C4)")
struct CatalogueCheckTests {
    @Test("the valid fixture passes with no errors or warnings")
    func validPasses() {
        let result = check()
        #expect(result.diagnostics.filter { $0.severity != .note } == [])
        #expect(result.design?.catalogue.categories.count == 6)
    }

    @Test("C3: assembled item counts multiply the parts' counts, repeated parts as multisets")
    func assembledCounts() throws {
        let catalogue = try #require(check().design?.catalogue)
        #expect(catalogue.itemCount(of: "Fruit") == BigUInt(3))
        #expect(catalogue.itemCount(of: "Book") == BigUInt(5))
        #expect(catalogue.itemCount(of: "Siren") == BigUInt(2))
        // Car is [Fruit, Wheel, Wheel]: 3 fruits × C(2 + 2 − 1, 2) = 3 wheel pairs {RR, RS, SS}.
        #expect(catalogue.itemCount(of: "Car") == BigUInt(3 * 3))
        #expect(catalogue.itemCount(of: "Police Car") == BigUInt(9 * 2))
        #expect(catalogue.groupCount(of: "Book") == BigUInt(2))
        #expect(catalogue.groupCount(of: "Police Car") == BigUInt(18))
    }

    @Test("C3: counts beyond 10^60 are exact, without enumerating")
    func hugeCounts() throws {
        // Car: 130 fruits of 3 kinds, a multiset: C(132, 130) = C(132, 2) = 8646 cars.
        // Police Car: 40 cars and a siren: C(8646 + 39, 40) × 2 ≈ 8 × 10^109.
        let fruits = String(repeating: "<string>Fruit</string>", count: 130)
        let cars = String(repeating: "<string>Car</string>", count: 40)
        let catalogue = DesignFixtures.validCatalogue.replacingOnce(
            "<string>Fruit</string><string>Wheel</string><string>Wheel</string>", with: fruits)
            .replacingOnce("<key>Wheel</key><array><string>r</string><string>s</string></array>", with: "")
            .replacingOnce("<array><string>Car</string><string>Siren</string></array>", with: "<array>\(cars)<string>Siren</string></array>")
        let design = try #require(check(catalogue: catalogue).design)
        #expect(design.catalogue.itemCount(of: "Car") == BigUInt(132 * 131 / 2))
        // C(8685, 40) as a falling factorial over 40!, multiplied out before one division.
        var falling = BigUInt(1)
        var factorial = BigUInt(1)
        for i in 0..<40 {
            falling *= BigUInt(8646 + i)
            factorial *= BigUInt(i + 1)
        }
        let policeCars = falling / factorial * 2
        #expect(falling % factorial == 0)
        #expect(design.catalogue.itemCount(of: "Police Car") == policeCars)
        #expect(policeCars > BigUInt(10).power(60))
    }

    @Test("C2: an unknown root key is an error with the nearest known key")
    func unknownRootKey() {
        let result = check(catalogue: DesignFixtures.validCatalogue.replacingOnce("<key>statefulItems</key>", with: "<key>statefullItems</key>"))
        let unknown = result.diagnostics.matching("C2", "unknown key \"statefullItems\"")
        #expect(unknown.count == 1)
        #expect(unknown.first?.suggestion == "did you mean \"statefulItems\"?")
        #expect(result.diagnostics.matching("C2", "missing key \"statefulItems\"").count == 1)
    }

    @Test("C2: a missing kind-specific key is reported at its category")
    func missingKey() {
        let text = DesignFixtures.validCatalogue.replacingOnce("<key>imageString</key><string>book</string>", with: "")
        let errors = check(catalogue: text).diagnostics.errors
        #expect(errors.count == 1)
        #expect(errors.first?.message == "missing key \"imageString\"")
        #expect(errors.first?.keyPath == "titledItems[0]")
    }

    @Test("C2: a value of the wrong type names what was expected and where")
    func wrongType() {
        let text = DesignFixtures.validCatalogue.replacingOnce(
            "<key>imageString</key><string>book</string>", with: "<key>imageString</key><true/>")
        let errors = check(catalogue: text).diagnostics.errors
        #expect(errors.count == 1)
        #expect(errors.first?.keyPath == "titledItems[0].imageString")
        #expect(errors.first?.message == "expected a string, found a <boolean>")
        let keyStart = text.position(of: "<key>imageString</key><true/>")
        #expect(errors.first?.location?.line == keyStart?.line)
        #expect(errors.first?.location?.column == keyStart.map { $0.column + "<key>imageString</key>".count })

        let duration = DesignFixtures.validCatalogue.replacingOnce(
            "<key>unitDuration</key><integer>2</integer>", with: "<key>unitDuration</key><string>2</string>")
        let durationError = check(catalogue: duration).diagnostics.errors.first
        #expect(durationError?.keyPath == "rhythmicItems[0].itemGroups[0][1].unitDuration")
        #expect(durationError?.message == "expected an integer, found a <string>")
    }

    @Test("C2: category names are unique across the file")
    func duplicateName() {
        let text = DesignFixtures.validCatalogue.replacingOnce("<string>Book</string>", with: "<string>Fruit</string>")
        let errors = check(catalogue: text).diagnostics.matching("C2", "already used by statefulItems[0]")
        #expect(errors.count == 1)
        #expect(errors.first?.keyPath == "titledItems[0].category")
    }

    @Test("C2: stateful images and identifiers match one to one")
    func statefulLengths() {
        let text = DesignFixtures.validCatalogue.replacingOnce("<string>pear</string><string>plum</string>", with: "<string>pear</string>")
        #expect(check(catalogue: text).diagnostics.matching("C2", "stateIdentifiers has 3 states but stateImageStrings has 2").count == 1)
        // More images than states is the same mistake the other way round.
        let extra = DesignFixtures.validCatalogue.replacingOnce(
            "<string>pear</string><string>plum</string>", with: "<string>pear</string><string>plum</string><string>fig</string>")
        #expect(check(catalogue: extra).diagnostics.matching("C2", "stateIdentifiers has 3 states but stateImageStrings has 4").count == 1)
    }

    @Test("C2: rhythm state indices are exactly 0...k-1 for k images")
    func rhythmIndices() {
        let outOfRange = DesignFixtures.validCatalogue.replacingOnce(
            "<integer>2</integer><key>stateSequence</key><array><integer>0</integer><integer>1</integer>",
            with: "<integer>2</integer><key>stateSequence</key><array><integer>0</integer><integer>2</integer>")
        let errors = check(catalogue: outOfRange).diagnostics.errors
        let bad = errors.matching("C2", "state index 2 has no image")
        #expect(bad.count == 1)
        #expect(bad.first?.keyPath == "rhythmicItems[0].itemGroups[0][1].stateSequence[1]")

        let unused = DesignFixtures.validCatalogue.replacingOnce(
            "<key>stateImageStrings</key><array><string>off</string><string>on</string></array>",
            with: "<key>stateImageStrings</key><array><string>off</string><string>on</string><string>blink</string></array>")
        #expect(check(catalogue: unused).diagnostics.matching("C2", "image 2 (\"blink\") is used by no rhythm").count == 1)
    }

    @Test("C3: two identical items in a category are an error")
    func duplicateTitle() {
        let text = DesignFixtures.validCatalogue.replacingOnce("<string>Knight Night</string>", with: "<string>Night Knight</string>")
        #expect(check(catalogue: text).diagnostics.matching("C3", "title \"Night Knight\" appears twice").count == 1)
    }

    @Test("C4: an unknown part is located at the part, with a suggestion")
    func unknownPart() {
        let text = DesignFixtures.validCatalogue.replacingOnce(
            "<string>Fruit</string><string>Wheel</string><string>Wheel</string>",
            with: "<string>Fruit</string><string>Whel</string><string>Wheel</string>")
        let errors = check(catalogue: text).diagnostics.matching("C4", "unknown category \"Whel\"")
        #expect(errors.count == 1)
        #expect(errors.first?.suggestion == "did you mean \"Wheel\"?")
        #expect(errors.first?.keyPath == "assembledItems[0].parts[1]")
        #expect(errors.first?.location == text.position(of: "<string>Whel</string>"))
        #expect(errors.first?.description.hasPrefix("GameConfig.plist:") == true)
    }

    @Test("C4: depth 0 allows atomic parts only")
    func depthZeroWithAssembledPart() {
        let text = DesignFixtures.validCatalogue.replacingOnce("<key>depth</key><integer>1</integer>", with: "<key>depth</key><integer>0</integer>")
        let errors = check(catalogue: text).diagnostics.matching("C4", "depth 0 allows atomic parts only, but \"Car\" is assembled")
        #expect(errors.count == 1)
        #expect(errors.first?.suggestion == "set depth to 1")
    }

    @Test("C4: an assembled part must have a smaller depth")
    func partTooDeep() {
        let text = DesignFixtures.validCatalogue.replacingOnce("<key>depth</key><integer>0</integer>", with: "<key>depth</key><integer>1</integer>")
        #expect(check(catalogue: text).diagnostics.matching("C4", "part \"Car\" has depth 1; parts of a depth-1 item need depth below 1").count == 1)
    }

    @Test("C4: cycles are reported once, naming the loop")
    func cycle() {
        let text = DesignFixtures.validCatalogue
            .replacingOnce("<string>Fruit</string><string>Wheel</string><string>Wheel</string>",
                           with: "<string>Fruit</string><string>Wheel</string><string>Police Car</string>")
        let cycles = check(catalogue: text).diagnostics.matching("C4", "parts form a cycle")
        #expect(cycles.count == 1)
        #expect(cycles.first?.message.contains("Car → Police Car → Car") == true
            || cycles.first?.message.contains("Police Car → Car → Police Car") == true)
    }

    @Test("C2: partsImageStrings has one key per distinct part, with the right image count")
    func partImages() {
        let wrongCount = DesignFixtures.validCatalogue.replacingOnce(
            "<key>Wheel</key><array><string>r</string><string>s</string></array>", with: "<key>Wheel</key><array><string>r</string></array>")
        #expect(check(catalogue: wrongCount).diagnostics.matching("C2", "1 image for \"Wheel\"; it needs 2").count == 1)

        let extra = DesignFixtures.validCatalogue.replacingOnce(
            "<key>Wheel</key><array><string>r</string><string>s</string></array>",
            with: "<key>Wheel</key><array><string>r</string><string>s</string></array><key>Wheels</key><array><string>x</string></array>")
        let extraErrors = check(catalogue: extra).diagnostics.matching("C2", "images for \"Wheels\", which is not a part")
        #expect(extraErrors.first?.suggestion == "did you mean \"Wheel\"?")
    }

    @Test("C2: an empty image list for an assembled part is a warning that says why, as the original's catalogue has one")
    func emptyAssembledPartImages() {
        let empty = DesignFixtures.validCatalogue.replacingOnce(
            "<key>Car</key><array><string>car</string></array>", with: "<key>Car</key><array/>")
        let diagnostics = check(catalogue: empty).diagnostics
        #expect(diagnostics.errors == [])
        let warnings = diagnostics.filter { $0.severity == .warning }.matching("C2", "no image for the assembled part \"Car\"")
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("original app's own catalogue leaves this list empty") == true)
        #expect(warnings.first?.keyPath == "assembledItems[1].partsImageStrings.Car")
    }

    @Test("C2: a wrong non-empty image count for an assembled part, or an empty list for an atomic part, stays an error")
    func wrongAssembledPartImages() {
        let two = DesignFixtures.validCatalogue.replacingOnce(
            "<key>Car</key><array><string>car</string></array>", with: "<key>Car</key><array><string>car</string><string>van</string></array>")
        let twoErrors = check(catalogue: two).diagnostics.errors
        #expect(twoErrors.count == 1)
        #expect(twoErrors.matching("C2", "2 images for \"Car\"; it needs 1 (one for an assembled part)").count == 1)

        let noSiren = DesignFixtures.validCatalogue.replacingOnce(
            "<key>Siren</key><array><string>off</string><string>on</string></array>", with: "<key>Siren</key><array/>")
        let sirenErrors = check(catalogue: noSiren).diagnostics.errors
        #expect(sirenErrors.matching("C2", "0 images for \"Siren\"; it needs 2").count == 1)
    }

    @Test("a file that is not a property list gives a located error and no design")
    func notAPlist() {
        let result = check(catalogue: "<plist><dict><key>a</key></plist>")
        #expect(result.design == nil)
        #expect(result.diagnostics.errors.count == 1)
        #expect(result.diagnostics.first?.file == "GameConfig.plist")
        #expect(result.diagnostics.first?.location?.line == 1)
    }
}
