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
