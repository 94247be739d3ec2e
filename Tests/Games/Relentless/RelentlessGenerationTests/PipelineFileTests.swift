import Diagnostics
import PropertyList
import Relentless
import RelentlessGeneration
import Testing
import TestSupport

@Suite("Pipeline.plist")
struct PipelineFileTests {
    func read(_ body: String) throws -> (PipelineChoice, [Diagnostic]) {
        PipelineFile.read(try PlistReader.read(bytes: Array(DesignFixtures.plist(body).utf8)), file: "Pipeline.plist")
    }

    @Test("names the order maker and item allocator; C8: own-item reads probOfSelectingOwnItem")
    func choices() throws {
        let (choice, problems) = try read("<dict><key>orders</key><string>own-item</string><key>items</key><string>even-categories</string></dict>")
        #expect(problems == [])
        #expect(choice == PipelineChoice(orders: .ownItem, items: .evenCategories))
        #expect(choice.parametersRead.contains(.probOfSelectingOwnItem))
        #expect(!PipelineChoice().parametersRead.contains(.probOfSelectingOwnItem))
    }

    @Test("an unknown command or key is a located error with the nearest name")
    func mistakes() throws {
        let text = "<dict><key>orders</key><string>own-items</string><key>item</key><string>shuffle</string></dict>"
        let (choice, problems) = try read(text)
        #expect(choice == PipelineChoice())
        let command = try #require(problems.first { $0.keyPath == "orders" })
        #expect(command.rule == "G6")
        #expect(command.suggestion == "did you mean \"own-item\"?")
        #expect(command.location?.line == 4)
        #expect(problems.contains { $0.message.contains("unknown key \"item\"") && $0.suggestion == "did you mean \"items\"?" })
    }
}
