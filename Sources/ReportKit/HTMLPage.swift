/// The skeleton of a self-contained report page: inline CSS, no script, font or network; it
/// prints as it shows. A page is ``start(title:meta:)``, any number of ``section(_:_:_:_:)``s
/// (or the caller's own `<section>`s), then ``end``.
///
/// ```swift
/// var html = HTMLPage.start(title: "Balance report: Designs/mine", meta: "1000 games, seed 1")
/// html += HTMLPage.section("money", "Money after each round", "Median and p10–p90.", [("3 players", chart.render())])
/// html += HTMLPage.end
/// ```
public enum HTMLPage {
    /// The start of a page, up to and including its heading and the `meta` line under it; close
    /// it with ``end``.
    public static func start(title: String, meta: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>\(css)</style>
        </head>
        <body>
        <h1>\(escape(title))</h1>
        <p class="meta">\(escape(meta))</p>

        """
    }

    /// A section of figures side by side, each an inline SVG with its caption. `id` names the
    /// section for tools (`data-section`), such as the browser check in Tests/Browser.
    public static func section(_ id: String, _ title: String, _ note: String, _ charts: [(label: String, svg: String)]) -> String {
        var html = "<section data-section=\"\(id)\"><h2>\(escape(title))</h2><p class=\"note\">\(escape(note))</p><div class=\"row\">"
        for chart in charts {
            html += "<figure>\(chart.svg)<figcaption>\(escape(chart.label))</figcaption></figure>"
        }
        return html + "</div></section>\n"
    }

    /// A table in a figure of the whole width, its columns from `numeric` on right-aligned (all
    /// but the last when `last` is false).
    public static func table(_ caption: String, _ header: [String], _ rows: [[String]], numeric: Int, last: Bool = true) -> String {
        func right(_ i: Int) -> Bool { i >= numeric && (last || i < header.count - 1) }
        var html = "<figure class=\"table\" style=\"max-width:none;flex-basis:100%\"><table><caption>\(escape(caption))</caption><thead><tr>"
        html += header.enumerated().map { right($0.offset) ? "<th class=\"num\">\(escape($0.element))</th>" : "<th>\(escape($0.element))</th>" }.joined()
        html += "</tr></thead><tbody>"
        for row in rows {
            html += "<tr>" + row.enumerated().map { right($0.offset) ? "<td class=\"num\">\(escape($0.element))</td>" : "<td>\(escape($0.element))</td>" }.joined() + "</tr>"
        }
        return html + "</tbody></table></figure>"
    }

    /// What closes a page begun with ``start(title:meta:)``.
    public static let end = "</body>\n</html>\n"

    /// The page's style sheet: figures in wrapping rows, the classes the SVG charts use, tables.
    public static let css = """
        body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px;color:#222;max-width:1600px}
        h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 2px}
        .meta,.note{color:#555;font-size:13px;margin:2px 0 8px}
        .row{display:flex;flex-wrap:wrap;gap:16px}
        figure{margin:0;flex:1 1 440px;max-width:520px;border:1px solid #ddd;border-radius:4px;padding:6px;background:#fff}
        figcaption{font-size:12px;color:#555;text-align:center}
        svg.chart{width:100%;height:auto;display:block}
        .chart-title{font-size:13px;font-weight:600;fill:#222}
        .axis line{stroke:#444;stroke-width:1}.axis text,.legend text{font-size:11px;fill:#333}
        .axis .label{font-size:12px;fill:#222}
        .grid line{stroke:#e5e5e5;stroke-width:1}
        .band{opacity:.85;stroke:none}.line{fill:none;stroke-width:2}
        .empty{font-size:13px;fill:#999}
        table{border-collapse:collapse;font-size:12px;width:100%}caption{font-weight:600;text-align:left;padding:4px}
        th,td{border-bottom:1px solid #eee;padding:3px 6px;text-align:left;vertical-align:top}td.num,th.num{text-align:right}
        code{font-size:11px;word-break:break-all}
        @media print{body{margin:0}figure{break-inside:avoid;border:none}section{break-inside:avoid-page}}
        """
}
