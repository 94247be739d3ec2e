import Foundation
import Relentless
import Testing
import TestSupport

/// `diff` names catalogue changes by category, group and item (issue 16).
@Suite("Catalogue changes")
struct CatalogueChangesTests {
    func catalogue(_ text: String) throws -> Catalogue { try #require(check(catalogue: text).design?.catalogue) }

    @Test func theSameCatalogueHasNoChanges() throws {
        let a = try catalogue(DesignFixtures.validCatalogue)
        #expect(CatalogueChanges.between(a, a) == [])
        // Layout is not content: the same catalogue written on other lines is the same.
        let b = try catalogue(DesignFixtures.validCatalogue.replacingOccurrences(of: "\n", with: "\n\n"))
        #expect(CatalogueChanges.between(a, b) == [])
    }

    @Test func titlesStatesFlagsPartsAndCategoriesAreNamed() throws {
        let old = try catalogue(DesignFixtures.validCatalogue)
        let text = DesignFixtures.validCatalogue
            .replacingOnce("<string>For Flours</string>", with: "")
            .replacingOnce("<string>Knight Night</string>", with: "<string>Knight Night</string><string>Nite Knight</string>")
            .replacingOnce("<key>stateIdentifiers</key><array><string>Apple</string><string>Pear</string><string>Plum</string></array>",
                           with: "<key>stateIdentifiers</key><array><string>Apple</string><string>Pear</string><string>Fig</string></array>")
            .replacingOnce("<key>category</key><string>Wheel</string>\n            <key>isInventoryItem</key><true/>",
                           with: "<key>category</key><string>Wheel</string>\n            <key>isInventoryItem</key><false/>")
            .replacingOnce("<string>Fruit</string><string>Wheel</string><string>Wheel</string>", with: "<string>Fruit</string><string>Wheel</string>")
        let changes = CatalogueChanges.between(old, try catalogue(text))
        #expect(changes.contains("\"Book\": title \"For Flours\" removed from group 2"), "\(changes)")
        #expect(changes.contains("\"Book\": title \"Nite Knight\" added to group 1"), "\(changes)")
        #expect(changes.contains("\"Fruit\": state \"Plum\" removed") && changes.contains("\"Fruit\": state \"Fig\" added"), "\(changes)")
        #expect(changes.contains("\"Wheel\": isInventoryItem true → false"), "\(changes)")
        #expect(changes.contains("\"Car\": parts Fruit, Wheel, Wheel → Fruit, Wheel"), "\(changes)")
        #expect(changes.count == 6, "\(changes)")
    }

    @Test func addedAndRemovedCategoriesAreNamedWithTheirKind() throws {
        let old = try catalogue(DesignFixtures.validCatalogue)
        let renamed = try catalogue(DesignFixtures.validCatalogue.replacingOnce("<key>category</key><string>Book</string>", with: "<key>category</key><string>Novel</string>"))
        #expect(CatalogueChanges.between(old, renamed) == ["\"Book\" removed (titled)", "\"Novel\" added (titled)"])
    }
}
