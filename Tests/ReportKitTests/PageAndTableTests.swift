import Foundation
import Diagnostics
import ReportKit
import Testing

/// The page skeleton, CSV fields, escaping and text tables, through the public API alone.
@Suite struct PageAndTableTests {
    @Test func aPageIsStartSectionsAndEnd() {
        var html = HTMLPage.start(title: "Report <1>", meta: "a & b")
        html += HTMLPage.section("money", "Money", "note", [("3 players", "<svg class=\"chart\"></svg>")])
        html += HTMLPage.end
        #expect(html.hasPrefix("<!doctype html>\n<html lang=\"en\">\n<head>\n"))
        #expect(html.contains("<title>Report &lt;1&gt;</title>\n<style>\(HTMLPage.css)</style>\n"))
        #expect(html.contains("<h1>Report &lt;1&gt;</h1>\n<p class=\"meta\">a &amp; b</p>\n<section data-section=\"money\">"))
        #expect(html.contains("<figure><svg class=\"chart\"></svg><figcaption>3 players</figcaption></figure></div></section>\n"))
        #expect(html.hasSuffix("</section>\n</body>\n</html>\n"))
    }

    @Test func csvFieldsAreQuotedOnlyWhenNeeded() {
        #expect(CSV.field("casual") == "casual")
        #expect(CSV.field("") == "")
        #expect(CSV.field("a,b") == "\"a,b\"")
        #expect(CSV.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSV.field("two\nlines") == "\"two\nlines\"")
    }

    @Test func escapeCoversTheFiveCharacters() {
        #expect(escape(#"<a href="x">'&'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(escape("plain — text") == "plain — text")
    }

    @Test func formattersKeepTwoDecimalsAtMost() {
        #expect(String(format2: 12.504) == "12.5")
        #expect(String(format2: -0.25) == "-0.25")
        #expect(String(format2: 3) == "3")
        #expect(SVGChart.number(7) == "7")
        #expect(SVGChart.number(0.125) == "0.13")
    }

    @Test func textTablesRightAlignAllButTheLastColumn() {
        #expect(TextTable.render(["players", "alive"], [["3", "52%"], ["4", "61%"]]) == "players  alive\n      3  52%\n      4  61%\n")
    }

    /// A table wider than the terminal's 100 columns (issue 39: a sweep's 199) prints in blocks,
    /// each repeating the columns that name a row.
    @Test func wideTablesWrapInBlocksThatRepeatTheKeys() {
        let header = ["size", "lineup"] + (1...6).map { "metric \($0)" }
        let rows = [["3", "quick vs casual"] + (1...6).map { "\($0).0% [1.0%–94.8%]" }, ["4", "casual vs casual"] + (1...6).map { "\($0)0.5% [2.0%–99.9%]" }]
        let text = TextTable.render(header, rows, keys: 2)
        let blocks = text.components(separatedBy: "\n\n")
        #expect(blocks.count == 2, "\(text)")
        for line in text.split(separator: "\n") { #expect(line.count <= 100, "\(line.count): \(line)") }
        // The first block: keys and metrics 1–3 (4 + 2 + 16 + 2 + 3 × (18 + 2) = 84 wide, a
        // fourth would make 102); the second: keys and metrics 4–6, the last left as it is.
        #expect(blocks[0] == [
            "size            lineup            metric 1            metric 2            metric 3",
            "   3   quick vs casual   1.0% [1.0%–94.8%]   2.0% [1.0%–94.8%]   3.0% [1.0%–94.8%]",
            "   4  casual vs casual  10.5% [2.0%–99.9%]  20.5% [2.0%–99.9%]  30.5% [2.0%–99.9%]",
        ].joined(separator: "\n"))
        #expect(blocks[1].hasPrefix("size            lineup") && blocks[1].contains("metric 4") && blocks[1].contains("metric 6"))
        #expect(blocks[1].split(separator: "\n").last?.hasSuffix("60.5% [2.0%–99.9%]") == true)
        // Every cell once, keys once per block.
        for cell in rows.flatMap({ $0.dropFirst(2) }) {
            #expect(text.components(separatedBy: cell).count - 1 == 1, "\(cell)")
        }
        #expect(text.components(separatedBy: "quick vs casual").count - 1 == 2)
        // A table that fits is one block, as before; so is one whose last column alone is long.
        #expect(!TextTable.render(header.prefix(4).map { $0 }, rows.map { Array($0.prefix(4)) }, keys: 2).contains("\n\n"))
        let note = String(repeating: "a long note ", count: 10)
        #expect(!TextTable.render(header.prefix(5) + ["note"], rows.map { $0.prefix(5) + [note] }, keys: 2).contains("\n\n"))
    }
}

/// Counts read in the right number (issue 24: "1 packages thrown away").
@Suite struct CountedTests {
    @Test func oneIsSingularEveryOtherCountPlural() {
        #expect(counted(1, "package") == "1 package")
        #expect(counted(0, "package") == "0 packages")
        #expect(counted(2, "game") == "2 games")
        #expect(counted(1, "difficulty", "difficulties") == "1 difficulty")
        #expect(counted(3, "difficulty", "difficulties") == "3 difficulties")
    }
}
