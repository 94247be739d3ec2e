import TestSupport

/// Catalogues with repeated parts (C3), written out so each test shows what it counts.
enum MultisetFixtures {
    /// An assembled category's dictionary; `images` gives each distinct part's image count.
    static func assembled(
        _ name: String, parts: [String], depth: Int, images: [(String, Int)], inventory: Bool = false, order: Bool = true
    ) -> String {
        let partList = parts.map { "<string>\($0)</string>" }.joined()
        let imageList = images.map { part, count in
            "<key>\(part)</key><array>" + (0..<count).map { "<string>\(part)\($0)</string>" }.joined() + "</array>"
        }.joined()
        return """
            <dict><key>category</key><string>\(name)</string>
                <key>parts</key><array>\(partList)</array>
                <key>isInventoryItem</key><\(inventory)/><key>isOrderItem</key><\(order)/>
                <key>depth</key><integer>\(depth)</integer><key>mainImageString</key><string>\(name)</string>
                <key>partsImageStrings</key><dict>\(imageList)</dict></dict>
            """
    }

    /// A stateful category's dictionary.
    static func stateful(_ name: String, states: [String], inventory: Bool = true, order: Bool) -> String {
        """
        <dict><key>category</key><string>\(name)</string>
            <key>isInventoryItem</key><\(inventory)/><key>isOrderItem</key><\(order)/>
            <key>stateImageStrings</key><array>\(states.map { "<string>\($0.lowercased())</string>" }.joined())</array>
            <key>stateIdentifiers</key><array>\(states.map { "<string>\($0)</string>" }.joined())</array></dict>
        """
    }

    static func catalogue(stateful: [String], assembled: [String]) -> String {
        DesignFixtures.plist("""
            <dict>
                <key>statefulItems</key><array>\(stateful.joined())</array>
                <key>titledItems</key><array/>
                <key>rhythmicItems</key><array/>
                <key>assembledItems</key><array>\(assembled.joined())</array>
            </dict>
            """)
    }

    /// Wheel (Round, Square) and Fruit (Apple, Pear, Plum), and by hand:
    /// - Bike [Wheel, Wheel]: wheel pairs {RR, RS, SS}, C(3, 2) = 3 items (not 2² = 4);
    /// - Cart [Wheel, Fruit, Wheel]: the repeated wheels apart, 3 × 3 = 9 items (not 12);
    /// - Tandem [Bike, Bike], a repeated assembled part: C(3 + 1, 2) = 6 items (not 9);
    /// - Trio [Fruit, Fruit, Fruit]: C(5, 3) = 10 items (not 27).
    static let catalogue = catalogue(
        stateful: [
            stateful("Wheel", states: ["Round", "Square"], order: false),
            stateful("Fruit", states: ["Apple", "Pear", "Plum"], order: true),
        ],
        assembled: [
            assembled("Bike", parts: ["Wheel", "Wheel"], depth: 0, images: [("Wheel", 2)]),
            assembled("Cart", parts: ["Wheel", "Fruit", "Wheel"], depth: 0, images: [("Wheel", 2), ("Fruit", 3)]),
            assembled("Tandem", parts: ["Bike", "Bike"], depth: 1, images: [("Bike", 1)]),
            assembled("Trio", parts: ["Fruit", "Fruit", "Fruit"], depth: 0, images: [("Fruit", 3)]),
        ])
}
