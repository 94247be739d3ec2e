/// The explore page: one self-contained HTML document (no file, font or script from elsewhere)
/// that builds its controls from `/api/design`, plays through `/api/run` and draws what comes
/// back. Elements the browser tests find carry ids and `data-` attributes named here.
public enum ExplorePage {
    public static let html: String = #"""
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>playbench explore</title>
        <link rel="icon" href="data:,">
        <style>
          :root { --ink: #1d2733; --muted: #5b6775; --line: #d5dbe2; --design: #7a8594; --edited: #1f6fd1; --bad: #b3261e; --good: #1b7f3a; }
          body { font: 14px/1.45 system-ui, sans-serif; color: var(--ink); margin: 0; }
          header { padding: 12px 20px; border-bottom: 1px solid var(--line); display: flex; gap: 16px; align-items: baseline; flex-wrap: wrap; }
          header h1 { font-size: 18px; margin: 0; }
          main { display: grid; grid-template-columns: minmax(320px, 420px) 1fr; gap: 0; }
          #controls { border-right: 1px solid var(--line); padding: 12px 16px; overflow-y: auto; max-height: calc(100vh - 60px); }
          #view { padding: 12px 20px; overflow-y: auto; max-height: calc(100vh - 60px); }
          .run { display: grid; grid-template-columns: auto 1fr; gap: 6px 10px; align-items: center; margin-bottom: 12px; }
          .parameter { border-top: 1px solid var(--line); padding: 8px 0; }
          .parameter.edited { background: #eef5ff; }
          .parameter .name { font-weight: 600; font-family: ui-monospace, monospace; }
          .parameter .effect { color: var(--muted); font-size: 12px; }
          .parameter .row { display: flex; gap: 8px; align-items: center; margin-top: 4px; }
          .parameter input[type=range] { flex: 1; }
          .parameter input.value { width: 12em; font-family: ui-monospace, monospace; }
          .parameter .problem, #general-problem { color: var(--bad); font-size: 12px; white-space: pre-line; }
          .parameter .written { color: var(--muted); font-size: 12px; }
          button { font: inherit; }
          table { border-collapse: collapse; margin: 8px 0 16px; }
          th, td { padding: 3px 8px; border-bottom: 1px solid var(--line); text-align: right; }
          th:first-child, td:first-child { text-align: left; }
          tr.significant td.difference { font-weight: 700; color: var(--edited); }
          code { background: #f3f5f7; padding: 2px 4px; border-radius: 3px; user-select: all; }
          #status, .note { color: var(--muted); }
          .legend span { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 12px; }
          svg text { font: 11px system-ui, sans-serif; fill: var(--ink); }
          #curves { display: flex; flex-wrap: wrap; gap: 12px 24px; }
          #curves .curve { width: 440px; }
        </style>
        </head>
        <body>
        <header>
          <h1><span id="game"></span>: <span id="design"></span></h1>
          <span id="played-as" class="muted"></span>
          <span id="status">loading…</span>
        </header>
        <main>
        <section id="controls">
          <div class="run">
            <label for="lineup" id="lineup-label">lineup</label><select id="lineup"></select>
            <label for="games">games</label><input id="games" type="number" min="2" step="1">
            <label for="seed">seed</label><input id="seed" type="text" inputmode="numeric" pattern="[0-9]{1,20}">
          </div>
          <div>
            <button id="reset-all">Undo every edit</button>
            <button id="save" hidden></button>
            <div id="save-status" class="note"></div>
          </div>
          <div id="general-problem"></div>
          <div id="parameters"></div>
        </section>
        <section id="view">
          <div class="legend"><span style="background: var(--design)"></span>as designed<span style="background: var(--edited)"></span>edited</div>
          <div id="curves-section" hidden><h2>Along the games</h2><div id="curves"></div></div>
          <h2>Each game, edited − as designed (paired on the same seeds)</h2>
          <table id="differences"><thead><tr><th>metric</th><th>as designed</th><th>edited</th><th>difference</th><th>95% interval</th></tr></thead><tbody></tbody></table>
          <h2>Metrics with their 95% intervals</h2>
          <div id="charts"></div>
          <h2>Reproduce</h2>
          <p>As designed: <code id="command-design"></code></p>
          <p>Edited: <code id="command-edited"></code> <span id="command-note" class="note"></span></p>
          <p>This page with its edits: <a id="address" href=""></a></p>
        </section>
        </main>
        <script>
        "use strict";
        const client = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2));
        let design = null, edits = new Map(), controller = null, timer = null, last = null, sequence = 0;
        const $ = (id) => document.getElementById(id);
        const esc = (text) => String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

        function metricText(metric, x) {
          if (typeof x !== "number" || !isFinite(x)) return "–";
          return metric.kind === "proportion" ? (x * 100).toFixed(1) + "%" : x.toFixed(metric.decimals);
        }
        function signed(metric, x) {
          const text = metricText(metric, Math.abs(x));
          return text === metricText(metric, 0) ? text : (x > 0 ? "+" : "−") + text;
        }

        // The address's own choices; without a query, those explore started with (--edits).
        function readAddress() {
          const query = new URLSearchParams(location.search);
          for (const item of query.getAll("set")) {
            const at = item.indexOf("=");
            if (at > 0) edits.set(item.slice(0, at), item.slice(at + 1));
          }
          if (!location.search) for (const edit of design.edits) edits.set(edit.name, edit.value);
          const lineup = query.has("lineup") ? Number(query.get("lineup")) : location.search ? 0 : design.lineup;
          $("lineup").value = Number.isInteger(lineup) && lineup >= 0 && lineup < design.lineups.length ? lineup : 0;
          const games = Number(query.get("games"));
          $("games").value = Number.isInteger(games) && games >= 2 && games <= design.maxGames ? games : design.games;
          $("seed").value = query.get("seed") && /^\d+$/.test(query.get("seed")) ? query.get("seed") : design.seedText;
        }

        function editList() {
          return design.parameters.filter((p) => edits.has(p.name)).map((p) => ({ name: p.name, value: edits.get(p.name) }))
            .concat([...edits].filter(([name]) => !design.parameters.some((p) => p.name === name)).map(([name, value]) => ({ name, value })));
        }

        function address() {
          const query = new URLSearchParams();
          for (const edit of editList()) query.append("set", edit.name + "=" + edit.value);
          // Every choice, so that the address means the same to a server started otherwise.
          query.set("lineup", $("lineup").value);
          query.set("games", $("games").value);
          query.set("seed", $("seed").value);
          const text = query.toString();
          return location.pathname + (text ? "?" + text : "");
        }

        function setEdit(parameter, value) {
          if (value === (parameter.value ?? "") || value === "") edits.delete(parameter.name); else edits.set(parameter.name, value);
          const box = document.querySelector(`.parameter[data-name="${CSS.escape(parameter.name)}"]`);
          box.classList.toggle("edited", edits.has(parameter.name));
          schedule();
        }

        function buildControls() {
          const holder = $("parameters");
          for (const parameter of design.parameters) {
            const box = document.createElement("div");
            box.className = "parameter";
            box.dataset.name = parameter.name;
            box.innerHTML = `<div class="name"></div><div class="effect"></div><div class="row"></div><div class="written"></div><div class="problem"></div>`;
            box.querySelector(".name").textContent = parameter.name;
            box.querySelector(".effect").textContent = parameter.effect + (parameter.expressions ? "; takes " + parameter.expressions : "");
            box.querySelector(".written").textContent = "as designed: " + (parameter.value ?? "(not one value: unset, or set apart for each " + design.lineupNoun + ")");
            const row = box.querySelector(".row");
            const current = edits.get(parameter.name) ?? parameter.value ?? "";
            if (parameter.kind === "choices") {
              const select = document.createElement("select");
              select.className = "value";
              for (const choice of parameter.choices) select.add(new Option(choice, choice));
              select.value = current;
              select.addEventListener("change", () => setEdit(parameter, select.value));
              row.append(select);
            } else {
              const text = document.createElement("input");
              text.className = "value";
              text.value = current;
              text.setAttribute("aria-label", parameter.name);
              if (parameter.sliderLower !== undefined && parameter.sliderLower !== null) {
                const slider = document.createElement("input");
                slider.type = "range";
                slider.min = parameter.sliderLower; slider.max = parameter.sliderUpper;
                slider.step = parameter.kind === "integers" ? 1 : (parameter.sliderUpper - parameter.sliderLower) / 200;
                slider.value = isFinite(Number(current)) ? current : parameter.value;
                slider.addEventListener("input", () => { text.value = slider.value; setEdit(parameter, slider.value); });
                text.addEventListener("input", () => { if (current !== "" && isFinite(Number(text.value))) slider.value = text.value; });
                row.append(slider);
              }
              text.addEventListener("input", () => setEdit(parameter, text.value.trim()));
              row.append(text);
            }
            const reset = document.createElement("button");
            reset.textContent = "undo";
            reset.className = "reset";
            reset.addEventListener("click", () => {
              edits.delete(parameter.name);
              for (const input of row.querySelectorAll("input, select")) input.value = parameter.value ?? "";
              box.classList.remove("edited");
              schedule();
            });
            row.append(reset);
            box.classList.toggle("edited", edits.has(parameter.name));
            holder.append(box);
          }
        }

        function schedule() {
          clearTimeout(timer);
          timer = setTimeout(run, 120);
        }

        function showProblems(problems) {
          for (const box of document.querySelectorAll(".parameter .problem")) box.textContent = "";
          $("general-problem").textContent = "";
          for (const problem of problems) {
            const box = problem.name === null || problem.name === undefined ? null
              : document.querySelector(`.parameter[data-name="${CSS.escape(problem.name)}"] .problem`);
            // A field may break several rules: each its own line.
            const target = box ?? $("general-problem");
            target.textContent += (target.textContent ? "\n" : "") + problem.message;
          }
        }

        async function run() {
          if (controller) controller.abort();
          controller = new AbortController();
          const here = address();
          history.replaceState(null, "", here);
          $("address").href = here;
          $("address").textContent = location.origin + here;
          // A seed is up to 2^64 − 1, beyond what a JavaScript number holds exactly: it goes as
          // its digits, never through a number.
          const typed = $("seed").value.trim();
          if (!/^[0-9]{1,20}$/.test(typed) || BigInt(typed) > 18446744073709551615n) {
            showProblems([{ name: null, message: "the seed is a whole number from 0 to 18446744073709551615" }]);
            document.body.dataset.state = "refused";
            return;
          }
          // JSON writes a number without leading zeros.
          const seed = BigInt(typed).toString();
          const fields = JSON.stringify({ client, sequence: ++sequence, edits: editList(), lineup: Number($("lineup").value), games: Number($("games").value) });
          const body = fields.slice(0, -1) + ',"seed":' + seed + "}";
          $("status").textContent = "playing…";
          let response;
          try {
            response = await fetch("/api/run", { method: "POST", body, signal: controller.signal, headers: { "Content-Type": "application/json" } });
          } catch (error) { return; }
          if (!response.ok) { $("status").textContent = "refused: " + (await response.text()); return; }
          const reader = response.body.getReader(), decoder = new TextDecoder();
          let pending = "";
          const mine = controller;
          showProblems([]);
          try {
            for (;;) {
              const { value, done } = await reader.read();
              if (done) break;
              pending += decoder.decode(value, { stream: true });
              let end;
              while ((end = pending.indexOf("\n")) >= 0) {
                const line = pending.slice(0, end);
                pending = pending.slice(end + 1);
                if (line && mine === controller) handle(JSON.parse(line));
              }
            }
          } catch (error) { /* aborted by a newer edit */ }
        }

        function handle(message) {
          if (message.type === "progress") {
            $("status").textContent = `${message.games} of ${message.of} games…`;
          } else if (message.type === "problems") {
            showProblems(message.problems);
            $("status").textContent = "not played: fix the edits marked in red";
            document.body.dataset.state = "refused";
          } else if (message.type === "block") {
            last = message.block;
            draw(message.block);
            $("status").textContent = message.block.final ? `${message.block.games} games` : `${message.block.games} of ${message.block.requested} games…`;
            document.body.dataset.state = message.block.final ? "done" : "running";
            document.body.dataset.games = message.block.games;
          } else if (message.type === "end" && message.status === "cancelled" && document.body.dataset.state === "running") {
            $("status").textContent = "stopped";
          }
        }

        function draw(block) {
          const metric = (name) => design.gameMetrics.find((m) => m.name === name) || design.metrics.find((m) => m.name === name);
          const rows = block.differences.map((d) => {
            const m = metric(d.metric);
            return `<tr data-metric="${esc(d.metric)}" class="${d.significant ? "significant" : ""}"><td title="${esc(m.summary)}">${esc(m.column ?? m.summary)}</td>`
              + `<td>${metricText(m, d.design)}</td><td>${metricText(m, d.edited)}</td>`
              + `<td class="difference">${signed(m, d.mean)}</td><td>${signed(m, d.lower)} to ${signed(m, d.upper)}</td></tr>`;
          });
          $("differences").tBodies[0].innerHTML = rows.join("");
          $("charts").innerHTML = block.rows.map((row) => chart(metric(row.metric), row)).join("");
          $("curves-section").hidden = block.curves.design.length === 0;
          $("curves").innerHTML = block.curves.design.map((curve) => curveChart(curve, block.curves.edited.find((c) => c.name === curve.name))).join("");
          $("command-design").textContent = block.commands.design;
          $("command-edited").textContent = block.commands.edited;
          $("command-note").textContent = block.commands.note ?? "";
        }

        function chart(metric, row) {
          const values = [row.design, row.edited].filter((e) => e && isFinite(e.lower) && isFinite(e.upper));
          const width = 520, height = 54, left = 10, right = 10;
          if (!values.length) return `<div class="chart" data-metric="${esc(metric.name)}"><b>${esc(metric.summary)}</b>: no value</div>`;
          let low = Math.min(...values.map((e) => e.lower)), high = Math.max(...values.map((e) => e.upper));
          if (metric.kind === "proportion") { low = Math.min(low, 0); high = Math.max(high, 1); }
          if (high === low) { high += 1; low -= 1; }
          const x = (v) => left + (v - low) / (high - low) * (width - left - right);
          const bar = (e, y, colour) => e ? `<line x1="${x(e.lower)}" x2="${x(e.upper)}" y1="${y}" y2="${y}" stroke="${colour}" stroke-width="3"/><circle cx="${x(e.value)}" cy="${y}" r="4" fill="${colour}"/>` : "";
          return `<div class="chart" data-metric="${esc(metric.name)}"><div><b>${esc(metric.summary)}</b>: ${metricText(metric, row.design?.value)} → ${metricText(metric, row.edited?.value)}</div>`
            + `<svg width="${width}" height="${height}" role="img" aria-label="${esc(metric.name)}">${bar(row.design, 14, "var(--design)")}${bar(row.edited, 30, "var(--edited)")}`
            + `<text x="${left}" y="${height - 4}">${metricText(metric, low)}</text><text x="${width - right}" y="${height - 4}" text-anchor="end">${metricText(metric, high)}</text></svg></div>`;
        }

        // One chart of a game's curve for both designs: the design's lines grey, the edited
        // ones blue, each line of a curve its own dash; a curve of one line shows its interval
        // as a band.
        function curveChart(designCurve, editedCurve) {
          const width = 440, height = 190, left = 46, right = 10, top = 8, bottom = 34;
          const drawn = [["design", designCurve, "var(--design)"], ["edited", editedCurve, "var(--edited)"]].filter(([, c]) => c);
          const points = drawn.flatMap(([, c]) => c.lines.flatMap((l) => l.points));
          if (!points.length) return `<div class="curve" data-curve="${esc(designCurve.name)}"><b>${esc(designCurve.title)}</b>: no games</div>`;
          const share = designCurve.kind === "proportion";
          const xs = points.map((p) => p.x);
          let low = share ? 0 : Math.min(...points.map((p) => p.lower ?? p.y)), high = share ? 1 : Math.max(...points.map((p) => p.upper ?? p.y));
          if (high === low) { high += 1; low -= 1; }
          const x0 = Math.min(...xs), x1 = Math.max(...xs) === x0 ? x0 + 1 : Math.max(...xs);
          const X = (x) => left + (x - x0) / (x1 - x0) * (width - left - right);
          const Y = (y) => top + (high - y) / (high - low) * (height - top - bottom);
          const value = (y) => share ? (y * 100).toFixed(0) + "%" : y.toFixed(designCurve.decimals);
          const dashes = ["", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 4"];
          let svg = "";
          for (const [which, curve, colour] of drawn) {
            curve.lines.forEach((line, i) => {
              if (!line.points.length) return;
              if (curve.lines.length === 1 && line.points.every((p) => p.lower !== undefined && p.lower !== null)) {
                const band = line.points.map((p) => `${X(p.x)},${Y(p.upper)}`).concat(line.points.slice().reverse().map((p) => `${X(p.x)},${Y(p.lower)}`));
                svg += `<polygon points="${band.join(" ")}" fill="${colour}" opacity="0.15"/>`;
              }
              const path = line.points.map((p, k) => `${k ? "L" : "M"}${X(p.x).toFixed(1)},${Y(p.y).toFixed(1)}`).join("");
              svg += `<path d="${path}" fill="none" stroke="${colour}" stroke-width="2" stroke-dasharray="${dashes[i % dashes.length]}" data-design="${which}" data-line="${esc(line.name)}"><title>${esc(line.name)}</title></path>`;
            });
          }
          svg += `<text x="${left - 4}" y="${Y(high) + 4}" text-anchor="end">${value(high)}</text><text x="${left - 4}" y="${Y(low)}" text-anchor="end">${value(low)}</text>`;
          svg += `<text x="${X(x0)}" y="${height - 18}">${x0}</text><text x="${X(x1)}" y="${height - 18}" text-anchor="end">${x1}</text>`;
          svg += `<text x="${(left + width - right) / 2}" y="${height - 4}" text-anchor="middle">${esc(designCurve.xLabel)}</text>`;
          const legend = designCurve.lines.length > 1
            ? designCurve.lines.map((l, i) => `<svg width="26" height="8"><line x1="0" x2="26" y1="4" y2="4" stroke="var(--ink)" stroke-width="2" stroke-dasharray="${dashes[i % dashes.length]}"/></svg> ${esc(l.name)}`).join(" ")
            : "";
          return `<div class="curve" data-curve="${esc(designCurve.name)}"><div><b>${esc(designCurve.yLabel)}</b>: ${esc(designCurve.title)}</div>`
            + `<svg width="${width}" height="${height}" role="img" aria-label="${esc(designCurve.name)}">${svg}</svg><div class="note">${legend}</div></div>`;
        }

        // Writes the edited design where explore --save-to says; the edits' problems, if any,
        // beside their fields as a run shows them.
        async function save() {
          $("save-status").textContent = "saving…";
          document.body.dataset.saved = "";
          const response = await fetch("/api/save", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ edits: editList() }) });
          const answer = await response.json();
          if (response.ok) {
            const left = answer.notWritten.map((p) => p.message).join("; ");
            $("save-status").textContent = `saved into ${answer.saved}` + (answer.files.length ? ` (${answer.files.join(", ")} edited)` : " (no value edited)") + (left ? `; ${left}` : "");
            document.body.dataset.saved = answer.saved;
          } else if (answer.problems) {
            showProblems(answer.problems);
            $("save-status").textContent = "not saved: fix the edits marked in red";
          } else {
            $("save-status").textContent = answer.error ?? "not saved";
          }
        }

        async function start() {
          design = await (await fetch("/api/design")).json();
          $("game").textContent = design.game;
          $("design").textContent = design.design;
          $("played-as").textContent = design.playedAs ?? "";
          $("lineup-label").textContent = design.lineupNoun;
          design.lineups.forEach((name, i) => $("lineup").add(new Option(name, i)));
          $("games").max = design.maxGames;
          readAddress();
          buildControls();
          for (const id of ["lineup", "games", "seed"]) $(id).addEventListener("change", schedule);
          $("reset-all").addEventListener("click", () => { edits.clear(); document.getElementById("parameters").innerHTML = ""; buildControls(); schedule(); });
          if (design.saveTo) {
            $("save").hidden = false;
            $("save").textContent = "Save as " + design.saveTo;
            $("save").addEventListener("click", save);
          }
          addEventListener("pagehide", () => fetch("/api/stop", { method: "POST", keepalive: true, headers: { "Content-Type": "application/json" }, body: JSON.stringify({ client }) }));
          run();
        }
        start();
        </script>
        </body>
        </html>
        """#
}
