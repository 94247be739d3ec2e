#!/usr/bin/env python3
"""Checks a Playbench balance report (report.html) in a real browser.

Loads the page in headless Chromium (Debian's `chromium`, driven by Playwright; no network),
then fails when:
  - the page raises a script error or logs a console error;
  - a section's charts are missing: each of money, survival, hazard, satisfaction, orders,
    time and flow must hold one chart per team, difficulty one chart (M3's ramp is every team's);
  - a chart is empty: not rendered (zero size), showing "no data", or without drawn marks
    (bands, lines, dots or bars with a non-zero bounding box).
  - on any page, what a reader would misread (issue 24): numeric tick labels on a chart's axis
    that repeat or are out of order (a mirrored axis, data-mirrored, repeats only across zero),
    a text element whose box leaves its SVG or lies on another label's, a legend entry lying on
    the plot's marks, or a table header aligned otherwise than its column's cells.
Writes a full-page PNG screenshot and prints one summary line.

With --sections a,b,c it checks those sections of another Playbench page (sweep, tune,
sensitivity) instead: each must hold at least one chart, none of them empty; heatmap cells and
tornado bars count as marks.

Usage: check_report.py REPORT.html SCREENSHOT.png [--width 1400] [--height 1500] [--sections a,b]
       check_report.py --self-test REPORT.html   (the check must fail on broken copies)
Needs: apt-get install chromium; pip install playwright==1.65.2 (no `playwright install`:
the system chromium is used).
"""
import argparse
import os
import pathlib
import re
import shutil
import sys
import tempfile

from playwright.sync_api import sync_playwright

SECTIONS = ["money", "survival", "hazard", "satisfaction", "orders", "time", "flow", "difficulty"]
# Sections of a balance report drawn once for every team, not once per team.
SHARED_SECTIONS = {"difficulty"}
CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")

# Per section: how many charts, how many of them are empty or without marks. Runs in the page.
INSPECT = """
(sections) => {
  const result = {teams: document.querySelectorAll('section.exemplars table, section:last-of-type table').length, sections: {}};
  for (const name of sections) {
    const section = document.querySelector(`section[data-section="${name}"]`);
    if (!section) { result.sections[name] = null; continue; }
    const charts = [...section.querySelectorAll('svg.chart')];
    result.sections[name] = charts.map(svg => {
      const box = svg.getBoundingClientRect();
      const marks = [...svg.querySelectorAll('.band, .line, .bar, .cell:not(.missing), circle')].filter(m => {
        const b = m.getBBox();
        return b.width > 0 || b.height > 0;
      });
      return {width: box.width, height: box.height, empty: !!svg.querySelector('.empty'), marks: marks.length,
              title: (svg.querySelector('title') || {}).textContent || ''};
    });
  }
  return result;
}
"""


# What a reader sees at a glance, over every chart and table of the page (issue 24). Runs in the page.
LEGIBILITY = """
() => {
  const problems = [];
  const number = text => {
    let t = text.trim().replace(/\u2212/g, '-').replace(/^[≤≥]\\s*/, '');
    const share = t.endsWith('%');
    if (share) t = t.slice(0, -1);
    return /^[-+]?(\\d+\\.?\\d*|\\.\\d+)$/.test(t) ? parseFloat(t) : null;
  };
  const charts = [...document.querySelectorAll('svg.chart')];
  charts.forEach((svg, index) => {
    const name = `chart ${index + 1} ${JSON.stringify((svg.querySelector('title') || {}).textContent || '')}`;
    // Tick labels: distinct on an axis (on each side of zero where the axis is mirrored) and ordered.
    const axes = {};
    for (const t of svg.querySelectorAll('text.tick-label')) (axes[t.dataset.axis] ||= []).push(t);
    for (const [axis, ticks] of Object.entries(axes)) {
      const mirrored = ticks.some(t => t.dataset.mirrored === 'true');
      const items = ticks.map(t => ({value: parseFloat(t.dataset.value), text: t.textContent.trim()})).sort((a, b) => a.value - b.value);
      const sides = mirrored ? [items.filter(i => i.value <= 0), items.filter(i => i.value >= 0)] : [items];
      for (const side of sides) {
        const texts = side.map(i => i.text);
        if (new Set(texts).size !== texts.length) problems.push(`${name}: equal tick labels on the ${axis} axis: ${texts.join(', ')}`);
        const read = side.map(i => number(i.text));
        if (read.every(r => r !== null)) {
          const key = mirrored ? read.map(Math.abs) : read;
          const values = mirrored ? side.map(i => Math.abs(i.value)) : side.map(i => i.value);
          for (let k = 1; k < key.length; k++) {
            const up = values[k] > values[k - 1];
            if (up ? !(key[k] > key[k - 1]) : !(key[k] < key[k - 1])) {
              problems.push(`${name}: tick labels on the ${axis} axis out of order: ${texts.join(', ')}`);
              break;
            }
          }
        }
      }
    }
    // Every text inside its SVG, no two labels on top of each other.
    const frame = svg.getBoundingClientRect();
    const texts = [...svg.querySelectorAll('text')].map(t => ({t, b: t.getBoundingClientRect()})).filter(x => x.b.width > 0 && x.b.height > 0);
    const slack = 0.5;
    for (const {t, b} of texts) {
      if (b.left < frame.left - slack || b.right > frame.right + slack || b.top < frame.top - slack || b.bottom > frame.bottom + slack)
        problems.push(`${name}: text ${JSON.stringify(t.textContent)} runs outside its chart`);
    }
    for (let i = 0; i < texts.length; i++) {
      for (let j = i + 1; j < texts.length; j++) {
        const a = texts[i].b, c = texts[j].b;
        const w = Math.min(a.right, c.right) - Math.max(a.left, c.left);
        const h = Math.min(a.bottom, c.bottom) - Math.max(a.top, c.top);
        // Glyph boxes include line spacing: a sliver of overlap is not two labels on each other.
        if (w > 1 && h > Math.min(a.height, c.height) * 0.35)
          problems.push(`${name}: ${JSON.stringify(texts[i].t.textContent)} overlaps ${JSON.stringify(texts[j].t.textContent)}`);
      }
    }
    // Legends beside the marks, never on them: no legend entry inside the box the plot's grid and
    // marks span (bands, lines, bars and heatmap cells are drawn only there).
    const plotted = [...svg.querySelectorAll('.grid line, .band, .line, .bar, .cell')].map(m => m.getBoundingClientRect())
      .filter(b => b.width > 0 || b.height > 0);
    if (plotted.length) {
      const plot = {left: Math.min(...plotted.map(b => b.left)), right: Math.max(...plotted.map(b => b.right)),
                    top: Math.min(...plotted.map(b => b.top)), bottom: Math.max(...plotted.map(b => b.bottom))};
      for (const entry of svg.querySelectorAll('.legend > *')) {
        const b = entry.getBoundingClientRect();
        if (b.width === 0 && b.height === 0) continue;
        const w = Math.min(b.right, plot.right) - Math.max(b.left, plot.left);
        const h = Math.min(b.bottom, plot.bottom) - Math.max(b.top, plot.top);
        if (w > 1 && h > 1) {
          problems.push(`${name}: legend entry ${JSON.stringify(entry.textContent || entry.tagName)} lies on the plot's marks`);
          break;
        }
      }
    }
  });
  // Table headers aligned as their columns' cells are.
  document.querySelectorAll('table').forEach((table, index) => {
    const rows = [...table.rows];
    const head = rows.find(r => r.querySelector('th'));
    if (!head) return;
    const headers = [...head.cells];
    const body = rows.filter(r => r !== head && !r.querySelector('th') && [...r.cells].every(c => c.colSpan === 1));
    const caption = (table.caption || {}).textContent || (table.closest('section') || {}).dataset?.section || '';
    headers.forEach((th, k) => {
      const aligns = new Set(body.filter(r => r.cells.length === headers.length).map(r => getComputedStyle(r.cells[k]).textAlign));
      if (aligns.size === 1) {
        const align = [...aligns][0], own = getComputedStyle(th).textAlign;
        const side = a => (a === 'end' || a === 'right') ? 'right' : (a === 'center' ? 'center' : 'left');
        if (side(align) !== side(own))
          problems.push(`table ${index + 1} (${caption}): header ${JSON.stringify(th.textContent)} is ${side(own)}-aligned over ${side(align)}-aligned cells`);
      }
    });
  });
  return problems;
}
"""


def counted(n: int, noun: str) -> str:
    """'1 chart', '2 charts'."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def check(report: pathlib.Path, screenshot: pathlib.Path | None, width: int, height: int | None = None,
          sections: list[str] | None = None) -> list[str]:
    one_per_team = sections is None
    sections = sections or SECTIONS
    problems: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page(viewport={"width": width, "height": 900})
            # Nothing may leave the machine: the report must be self-contained.
            page.route(re.compile(r"^(?!file:|data:|about:).*"), lambda route: (problems.append(f"the page requested {route.request.url}"), route.abort()))
            page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
            page.on("console", lambda message: message.type == "error" and problems.append(f"console error: {message.text}"))
            page.goto(report.resolve().as_uri(), wait_until="load")
            found = page.evaluate(INSPECT, sections)
            problems.extend(page.evaluate(LEGIBILITY))
            teams = None
            for name in sections:
                charts = found["sections"].get(name)
                if charts is None:
                    problems.append(f"section {name!r} is missing")
                    continue
                if teams is None:
                    teams = len(charts)
                if one_per_team and name in SHARED_SECTIONS:
                    if len(charts) != 1:
                        problems.append(f"section {name!r} has {len(charts)} charts, expected 1 (every team's)")
                elif len(charts) == 0 or (one_per_team and len(charts) != teams):
                    problems.append(f"section {name!r} has {len(charts)} charts, expected {teams} (one per team)")
                for chart in charts:
                    label = f"{name}: {chart['title']!r}"
                    if chart["width"] < 50 or chart["height"] < 50:
                        problems.append(f"{label} is not rendered ({chart['width']:.0f}×{chart['height']:.0f} px)")
                    if chart["empty"]:
                        problems.append(f"{label} shows 'no data'")
                    elif chart["marks"] == 0:
                        problems.append(f"{label} draws nothing (no band, line or bar with a size)")
            if screenshot is not None:
                if height:
                    page.set_viewport_size({"width": width, "height": height})
                page.screenshot(path=str(screenshot), full_page=height is None)
            count = sum(len(c or []) for c in found["sections"].values())
            print(f"report check: {report}: {counted(count, 'chart')} in {counted(len(sections), 'section')}, "
                  f"{counted(teams or 0, 'team')}, {counted(len(problems), 'problem')}")
        finally:
            browser.close()
    return problems


def self_test(report: pathlib.Path) -> int:
    """The check must catch each kind of breakage in a copy of REPORT: a script error, an emptied
    chart, a chart without marks, a missing section, and what a reader would misread (issue 24):
    equal or unordered tick labels, a title running out of its chart, two labels on each other,
    a header aligned unlike its column, a legend lying on the marks. Each copy must fail with the
    problem it was made for."""
    html = report.read_text(encoding="utf-8")
    tick = r'(<text class="tick-label" data-axis="y"[^>]*? x=")([^"]*)("[^>]*>)([^<]*)(</text>)'
    x_tick = r'(<text class="tick-label" data-axis="x"[^>]*? x=")([^"]*)("[^>]*>)([^<]*)(</text>)'
    pair = tick + tick
    broken = {
        "script error": (html.replace("</body>", "<script>throw new Error('deliberate')</script></body>", 1), "script error"),
        "empty chart": (re.sub(r'(<section data-section="money".*?<svg class="chart"[^>]*>).*?</svg>',
                               r'\1<text class="empty" x="10" y="20">no data</text></svg>', html, count=1, flags=re.S), "shows 'no data'"),
        "chart without marks": (re.sub(r'(<section data-section="survival".*?<svg class="chart".*?</svg>)',
                                       lambda m: re.sub(r'<(polygon|polyline|rect) class="(band|line|bar)"[^>]*/>', "", m.group(1)),
                                       html, count=1, flags=re.S), "draws nothing"),
        "missing section": (re.sub(r'<section data-section="hazard".*?</section>', "", html, count=1, flags=re.S), "is missing"),
        # Two neighbouring y ticks read the same, as Andora's "0, 0, 0, 0, 0" did.
        "equal tick labels": (re.sub(pair, lambda m: m.group(0).replace(f">{m.group(9)}<", f">{m.group(4)}<", 1) if m.group(4) != m.group(9) else m.group(0),
                                     html, count=1), "equal tick labels"),
        "unordered tick labels": (re.sub(pair, lambda m: "".join(m.group(1, 2, 3)) + m.group(9) + m.group(5) + "".join(m.group(6, 7, 8)) + m.group(4) + m.group(10),
                                         html, count=1), "out of order"),
        "title out of its chart": (re.sub(r'(<text class="chart-title"[^>]*>)([^<]*)(</text>)',
                                          r'\1\2, and then a tail of words far too long for a chart of this width to hold\3', html, count=1), "runs outside its chart"),
        # The second x tick label moved onto the first (a line chart draws a tick mark between them).
        "overlapping labels": (re.sub(x_tick + r'(<line[^>]*/>)?' + x_tick,
                                      lambda m: "".join(m.group(1, 2, 3, 4, 5)) + (m.group(6) or "") + m.group(7) + m.group(2) + "".join(m.group(9, 10, 11)),
                                      html, count=1), "overlaps"),
        "header not over its column": (html.replace('<th class="num">', "<th>"), "-aligned over"),
        # A legend moved up into its plot, over the bands and lines it explains.
        "legend on the marks": (html.replace('<g class="legend">', '<g class="legend" transform="translate(0,-120)">', 1), "lies on the plot's marks"),
    }
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for what, (text, expected) in broken.items():
            if text == html:
                print(f"self-test: could not make the '{what}' copy (the report's markup changed?)")
                failures += 1
                continue
            path = pathlib.Path(tmp) / "report.html"
            path.write_text(text, encoding="utf-8")
            problems = check(path, None, 1200)
            caught = [p for p in problems if expected in p]
            if caught:
                print(f"self-test: '{what}' caught: {caught[0]}")
            else:
                print(f"self-test: '{what}' was NOT caught" + (f" (only: {problems[0]})" if problems else ""))
                failures += 1
    return 1 if failures else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("report", type=pathlib.Path)
    parser.add_argument("screenshot", type=pathlib.Path, nargs="?")
    parser.add_argument("--width", type=int, default=1400)
    parser.add_argument("--height", type=int, help="screenshot only the top HEIGHT pixels (default: the whole page)")
    parser.add_argument("--self-test", action="store_true", help="check that broken copies of REPORT fail")
    parser.add_argument("--sections", help="comma-separated sections to check, each with at least one chart (another Playbench page)")
    args = parser.parse_args()
    if not args.report.is_file():
        print(f"report check: {args.report}: no such file", file=sys.stderr)
        return 66
    if args.self_test:
        return self_test(args.report)
    if args.screenshot is None:
        parser.error("give a screenshot path")
    sections = args.sections.split(",") if args.sections else None
    problems = check(args.report, args.screenshot, args.width, args.height, sections)
    for problem in problems:
        print(f"report check: error: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
