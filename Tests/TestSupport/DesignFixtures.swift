import Foundation

/// Small designs written inline, so each test shows the exact text it checks. `valid` passes
/// every check; tests break one thing at a time with `replacing`.
public enum DesignFixtures {
    public static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        \(body)
        </plist>
        """
    }

    /// A catalogue with every kind: two stateful (one inventory-only part), a titled, a
    /// rhythmic, an assembled car of depth 0 and a police car of depth 1.
    public static let validCatalogue = plist("""
        <dict>
            <key>statefulItems</key>
            <array>
                <dict>
                    <key>category</key><string>Fruit</string>
                    <key>isInventoryItem</key><true/>
                    <key>isOrderItem</key><true/>
                    <key>stateImageStrings</key><array><string>apple</string><string>pear</string><string>plum</string></array>
                    <key>stateIdentifiers</key><array><string>Apple</string><string>Pear</string><string>Plum</string></array>
                </dict>
                <dict>
                    <key>category</key><string>Wheel</string>
                    <key>isInventoryItem</key><true/>
                    <key>isOrderItem</key><false/>
                    <key>stateImageStrings</key><array><string>round</string><string>square</string></array>
                    <key>stateIdentifiers</key><array><string>Round</string><string>Square</string></array>
                </dict>
            </array>
            <key>titledItems</key>
            <array>
                <dict>
                    <key>category</key><string>Book</string>
                    <key>isInventoryItem</key><true/>
                    <key>isOrderItem</key><true/>
                    <key>titles</key>
                    <array>
                        <array><string>Night Knight</string><string>Knight Night</string></array>
                        <array><string>Four Flowers</string><string>For Flours</string><string>Fore Floors</string></array>
                    </array>
                    <key>imageString</key><string>book</string>
                </dict>
            </array>
            <key>rhythmicItems</key>
            <array>
                <dict>
                    <key>category</key><string>Siren</string>
                    <key>isInventoryItem</key><true/>
                    <key>isOrderItem</key><true/>
                    <key>itemGroups</key>
                    <array>
                        <array>
                            <dict><key>unitDuration</key><integer>1</integer><key>stateSequence</key><array><integer>0</integer><integer>1</integer></array></dict>
                            <dict><key>unitDuration</key><integer>2</integer><key>stateSequence</key><array><integer>0</integer><integer>1</integer></array></dict>
                        </array>
                    </array>
                    <key>stateImageStrings</key><array><string>off</string><string>on</string></array>
                </dict>
            </array>
            <key>assembledItems</key>
            <array>
                <dict>
                    <key>category</key><string>Car</string>
                    <key>parts</key><array><string>Fruit</string><string>Wheel</string><string>Wheel</string></array>
                    <key>isInventoryItem</key><false/>
                    <key>isOrderItem</key><true/>
                    <key>depth</key><integer>0</integer>
                    <key>mainImageString</key><string>car</string>
                    <key>partsImageStrings</key>
                    <dict>
                        <key>Fruit</key><array><string>a</string><string>b</string><string>c</string></array>
                        <key>Wheel</key><array><string>r</string><string>s</string></array>
                    </dict>
                </dict>
                <dict>
                    <key>category</key><string>Police Car</string>
                    <key>parts</key><array><string>Car</string><string>Siren</string></array>
                    <key>isInventoryItem</key><false/>
                    <key>isOrderItem</key><true/>
                    <key>depth</key><integer>1</integer>
                    <key>mainImageString</key><string>police</string>
                    <key>partsImageStrings</key>
                    <dict>
                        <key>Car</key><array><string>car</string></array>
                        <key>Siren</key><array><string>off</string><string>on</string></array>
                    </dict>
                </dict>
            </array>
        </dict>
        """)

    public static let validParameters = plist("""
        <dict>
            <key>minNumOfPlayers</key><integer>3</integer>
            <key>maxNumOfPlayers</key><integer>6</integer>
            <key>minDifficultyLevel</key><integer>1</integer>
            <key>maxDifficultyLevel</key><integer>10</integer>
            <key>difficultyChange</key><real>0.5</real>
            <key>roundTime</key><integer>240</integer>
            <key>numOfCategories</key><string>5 * diffLevel / 10</string>
            <key>correctPackageSatisfactionChange</key><string>25 * timeLeft / totalTime + numOfItems</string>
        </dict>
        """)
}

// MARK: - Variants several suites share

extension DesignFixtures {
    /// The valid parameters for teams of at most three (so the fixture's thinnest category,
    /// Siren with 2 rhythms, stops being the only obstacle to G4).
    public static let threePlayerParameters = validParameters.replacingAnchor(
        "<key>maxNumOfPlayers</key><integer>6</integer>", with: "<key>maxNumOfPlayers</key><integer>3</integer>")

    /// Book as an order item that is not an inventory item: no warehouse ever holds it (G3).
    public static let orderOnlyBookCatalogue = validCatalogue.replacingAnchor(
        "<key>category</key><string>Book</string>\n            <key>isInventoryItem</key><true/>",
        with: "<key>category</key><string>Book</string>\n            <key>isInventoryItem</key><false/>")

    /// Siren with a third rhythm, so every single category stocks at least three items.
    public static let threeRhythmSirenCatalogue = validCatalogue.replacingAnchor(
        "<dict><key>unitDuration</key><integer>2</integer><key>stateSequence</key><array><integer>0</integer><integer>1</integer></array></dict>",
        with: "<dict><key>unitDuration</key><integer>2</integer><key>stateSequence</key><array><integer>0</integer><integer>1</integer></array></dict><dict><key>unitDuration</key><integer>3</integer><key>stateSequence</key><array><integer>1</integer><integer>0</integer></array></dict>")
}

extension String {
    /// The text with `anchor` replaced; the anchor must be there, or the variant would silently
    /// be the fixture it was meant to change.
    func replacingAnchor(_ anchor: String, with replacement: String) -> String {
        guard let range = range(of: anchor) else { preconditionFailure("fixture lacks the anchor \(anchor)") }
        return replacingCharacters(in: range, with: replacement)
    }
}
