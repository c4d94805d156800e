/// The inspector page, with `__TITLE__` and `__DATA__` to fill in.
///
/// One self-contained HTML file: inline style and script, no network access (its content
/// security policy forbids any), system fonts only.
let inspectorTemplate = #"""
  <!doctype html>
  <html lang="en">
  <head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
  <title>__TITLE__</title>
  <style>
  :root {
    --bg: #f6f7f9; --panel: #ffffff; --line: #e3e6eb; --text: #1d2330; --muted: #6b7385;
    --accent: #3b63d9; --select: #e4ebfd; --added: #dff5e3; --added-text: #17692b;
    --changed: #fff1cc; --changed-text: #805b00; --removed: #fde2e1; --removed-text: #a3211b;
    --mono: ui-monospace, "SF Mono", "DejaVu Sans Mono", Menlo, Consolas, monospace;
  }
  * { box-sizing: border-box; }
  html, body { margin: 0; height: 100%; }
  body { font: 13px/1.4 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: var(--text); background: var(--bg); display: flex; flex-direction: column; }
  header { display: flex; align-items: baseline; gap: 16px; padding: 10px 16px; background: var(--panel); border-bottom: 1px solid var(--line); }
  header h1 { font-size: 15px; margin: 0; font-weight: 600; }
  header .meta { color: var(--muted); }
  #stops { display: none; padding: 8px 16px; background: var(--removed); color: var(--removed-text); border-bottom: 1px solid #f3b8b5; }
  #issue { display: none; padding: 8px 16px; background: var(--removed); color: var(--removed-text); border-bottom: 1px solid #f3b8b5; }
  main { flex: 1; display: flex; min-height: 0; }
  #left { width: 42%; min-width: 320px; display: flex; flex-direction: column; border-right: 1px solid var(--line); background: var(--panel); }
  #toolbar { display: flex; gap: 8px; align-items: center; padding: 8px; border-bottom: 1px solid var(--line); }
  #filter { flex: 1; font: inherit; padding: 5px 8px; border: 1px solid var(--line); border-radius: 6px; outline: none; }
  #filter:focus { border-color: var(--accent); }
  #row-count { color: var(--muted); white-space: nowrap; }
  #timeline { flex: 1; overflow-y: auto; position: relative; outline: none; }
  #spacer { position: relative; }
  .row { position: absolute; left: 0; right: 0; height: 26px; display: flex; align-items: center; gap: 8px; padding: 0 10px 0 0; border-bottom: 1px solid #f0f2f5; cursor: pointer; white-space: nowrap; }
  .row:hover { background: #f3f5f8; }
  .row.selected { background: var(--select); }
  .row .chain { width: 4px; align-self: stretch; }
  .row .seq { width: 56px; text-align: right; color: var(--muted); font-family: var(--mono); font-size: 12px; }
  .row .time { width: 76px; text-align: right; color: var(--muted); font-family: var(--mono); font-size: 12px; }
  .row .name { font-family: var(--mono); overflow: hidden; text-overflow: ellipsis; }
  .row.effect .name::before { content: "\21B3\00a0"; color: var(--muted); }
  .row .badge { margin-left: auto; font-size: 11px; padding: 1px 6px; border-radius: 9px; background: #eef1f6; color: var(--muted); }
  .row.effect .badge { background: #e8e3fb; color: #5a3fb8; }
  .row.unread { color: var(--removed-text); background: var(--removed); cursor: default; }
  .row.after-skipped { box-shadow: inset 0 2px 0 var(--removed-text); }
  .row.stopped { box-shadow: inset 0 -2px 0 var(--removed-text); }
  .row.stopped .badge::after { content: " \00b7 chain stopped"; color: var(--removed-text); }
  #right { flex: 1; display: flex; flex-direction: column; min-width: 0; overflow: auto; padding: 12px 16px; gap: 12px; }
  section h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 0 0 6px; font-weight: 600; }
  .box { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 8px 10px; font-family: var(--mono); font-size: 12px; overflow-x: auto; }
  #action-title { font-family: var(--mono); font-size: 14px; margin-bottom: 4px; }
  #action-title .cause { color: var(--muted); font-size: 12px; margin-left: 8px; }
  #action-title .cause a { color: var(--accent); cursor: pointer; text-decoration: none; }
  pre { margin: 0; white-space: pre; }
    #action-box { max-height: 132px; overflow: auto; }
  .op { padding: 1px 4px; border-radius: 4px; margin: 1px 0; display: block; }
  .op-add { background: var(--added); color: var(--added-text); }
  .op-replace { background: var(--changed); color: var(--changed-text); }
  .op-remove { background: var(--removed); color: var(--removed-text); }
  .line { display: block; }
  .hl-added { background: var(--added); color: var(--added-text); }
  .hl-changed { background: var(--changed); color: var(--changed-text); }
  .hl-removed { background: var(--removed); color: var(--removed-text); text-decoration: line-through; }
  .key { color: #7a3e9d; } .str { color: #1a7f37; } .num { color: #0b5cad; } .lit { color: #b35900; }
  .empty { color: var(--muted); font-style: italic; font-family: inherit; }
  kbd { font: 11px var(--mono); border: 1px solid var(--line); border-bottom-width: 2px; border-radius: 4px; padding: 0 4px; background: #fafbfc; }
  </style>
  </head>
  <body>
  <header><h1 id="app"></h1><span class="meta" id="meta"></span><span class="meta" style="margin-left:auto"><kbd>&uarr;</kbd> <kbd>&darr;</kbd> <kbd>Home</kbd> <kbd>End</kbd> to move &middot; <kbd>/</kbd> to filter</span></header>
  <div id="issue" role="alert"></div>
  <div id="stops" role="status"></div>
  <main>
    <div id="left">
      <div id="toolbar"><input id="filter" type="search" placeholder="Filter by action name, any part" autocomplete="off" spellcheck="false"><span id="row-count"></span></div>
      <div id="timeline" tabindex="0"><div id="spacer"></div></div>
    </div>
    <div id="right">
      <section><h2>Action</h2><div id="action-title"></div><div class="box" id="action-box"><pre id="action"></pre></div></section>
      <section><h2>Change</h2><div class="box" id="change"></div></section>
      <section><h2>State after</h2><div class="box"><pre id="state"></pre></div></section>
    </div>
  </main>
  <script type="application/json" id="session-data">__DATA__</script>
  <script>
  "use strict";
  (function () {
    const data = JSON.parse(document.getElementById("session-data").textContent);
    // Steps: [seq, time, name, cause, action, patch].
    const steps = data.steps;
    const count = steps.length;
    const ROW = 26, CHECKPOINT = 256;
    const indexOfSeq = new Map();
    const chainRoot = new Int32Array(count);
    for (let i = 0; i < count; i++) {
      const step = steps[i];
      indexOfSeq.set(step[0], i);
      const cause = step[3] == null ? undefined : indexOfSeq.get(step[3]);
      chainRoot[i] = cause === undefined ? i : chainRoot[cause];
    }
    const $ = (id) => document.getElementById(id);
    const timeline = $("timeline"), spacer = $("spacer"), filter = $("filter");

    $("app").textContent = data.app;
    const effects = steps.reduce((n, s) => n + (s[3] == null ? 0 : 1), 0);
    $("meta").textContent = "started " + new Date(data.start).toLocaleString() + " \u00b7 " +
      count.toLocaleString("en-US") + " actions \u00b7 " + effects.toLocaleString("en-US") + " sent by effects";
    // Lines of the log that could not be read: listed above, marked where they were.
    const skipped = data.skipped;
    const skippedBefore = new Map();  // Step index -> the skipped lines just before it.
    const skippedAtEnd = [];
    for (const line of skipped) {
      if (line.after >= count) { skippedAtEnd.push(line); continue; }
      if (!skippedBefore.has(line.after)) skippedBefore.set(line.after, []);
      skippedBefore.get(line.after).push(line);
    }
    if (skipped.length > 0) {
      const issue = $("issue");
      issue.style.display = "block";
      issue.textContent = skipped.length + (skipped.length === 1 ? " line of the log is" : " lines of the log are") +
        " skipped: " + skipped.map((line) => line.message).join("; ") +
        ". The states after a skipped line may lack its change.";
    }

    // Where the store's loop guard stopped a chain: listed above, marked on the last action.
    const stops = data.stops || [];
    const stopsAfter = new Map();  // Sequence number -> the stops just after that step.
    for (const stop of stops) {
      if (!stopsAfter.has(stop.after)) stopsAfter.set(stop.after, []);
      stopsAfter.get(stop.after).push(stop);
    }
    if (stops.length > 0) {
      const note = $("stops");
      note.style.display = "block";
      note.textContent = "The store's loop guard stopped " + (stops.length === 1 ? "a chain" : stops.length + " chains") +
        " of actions, after " + stops.map((stop) => "#" + stop.after).join(", ") + ": " +
        stops.map((stop) => stop.message).join("; ");
    }

    function escapeHTML(text) {
      return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
    }
    function chainColor(root) {
      const hue = (root * 137.508) % 360;
      return "hsl(" + hue.toFixed(0) + ", 62%, 58%)";
    }
    function formatTime(seconds) {
      return "+" + seconds.toFixed(3) + "s";
    }

    // --- Time travel: the state after any step, from the initial state and the patches. ---
    const checkpoints = [data.initial];
    function clone(value) { return value === null || typeof value !== "object" ? value : structuredClone(value); }
    function decodePointer(path) {
      if (path === "") return [];
      return path.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
    }
    function applyPatch(state, patch) {
      for (const op of patch) {
        const tokens = decodePointer(op.path);
        if (tokens.length === 0) { state = clone(op.value); continue; }
        let parent = state;
        for (let i = 0; i < tokens.length - 1; i++) parent = parent[Array.isArray(parent) ? Number(tokens[i]) : tokens[i]];
        const last = tokens[tokens.length - 1];
        if (Array.isArray(parent)) {
          const index = last === "-" ? parent.length : Number(last);
          if (op.op === "add") parent.splice(index, 0, clone(op.value));
          else if (op.op === "remove") parent.splice(index, 1);
          else parent[index] = clone(op.value);
        } else {
          if (op.op === "remove") delete parent[last]; else parent[last] = clone(op.value);
        }
      }
      return state;
    }
    function stateAfter(n) {
      const k = Math.floor(n / CHECKPOINT);
      while (checkpoints.length <= k) {
        const j = checkpoints.length;
        let state = clone(checkpoints[j - 1]);
        for (let i = (j - 1) * CHECKPOINT; i < j * CHECKPOINT; i++) state = applyPatch(state, steps[i][5]);
        checkpoints.push(state);
      }
      let state = clone(checkpoints[k]);
      for (let i = k * CHECKPOINT; i < n; i++) state = applyPatch(state, steps[i][5]);
      return state;
    }

    // --- The timeline: only the visible rows are in the document. ---
    let visible = null;  // Indices of steps shown; null means all.
    let selected = -1;   // Index into the shown rows.
    const unreadRow = skippedAtEnd.length > 0 ? 1 : 0;
    function shownCount() { return (visible ? visible.length : count); }
    function stepAt(row) { return visible ? visible[row] : row; }
    function layout() {
      spacer.style.height = ((shownCount() + unreadRow) * ROW) + "px";
      const shown = shownCount();
      $("row-count").textContent = shown === count ? count.toLocaleString("en-US") + " actions"
        : shown.toLocaleString("en-US") + " of " + count.toLocaleString("en-US");
      timeline.dataset.rows = String(shown);
      render();
    }
    function render() {
      const top = timeline.scrollTop, height = timeline.clientHeight || 600;
      const total = shownCount() + unreadRow;
      const first = Math.max(0, Math.floor(top / ROW) - 5);
      const last = Math.min(total, Math.ceil((top + height) / ROW) + 5);
      let html = "";
      for (let row = first; row < last; row++) {
        if (row >= shownCount()) {
          const lines = skippedAtEnd.map((line) => line.message).join("; ");
          html += '<div class="row unread" style="top:' + (row * ROW) + 'px" title="' + escapeHTML(lines) + '"><span class="chain"></span>' +
            '<span class="name">' + escapeHTML(lines) + " \u2014 " + skippedAtEnd.length + " skipped</span></div>";
          continue;
        }
        const i = stepAt(row), step = steps[i], isEffect = step[3] != null;
        const gap = skippedBefore.get(i), stopped = stopsAfter.get(step[0]);
        const notes = [];
        if (gap) notes.push("Skipped before this step: " + gap.map((line) => line.message).join("; "));
        if (stopped) notes.push("Stopped after this step: " + stopped.map((stop) => stop.message).join("; "));
        html += '<div class="row' + (isEffect ? " effect" : "") + (row === selected ? " selected" : "") +
          (gap ? " after-skipped" : "") + (stopped ? " stopped" : "") + '"' +
          (notes.length > 0 ? ' title="' + escapeHTML(notes.join("\n")) + '"' : "") +
          ' data-row="' + row + '" data-seq="' + step[0] + '" style="top:' + (row * ROW) + 'px">' +
          '<span class="chain" style="background:' + chainColor(chainRoot[i]) + '"></span>' +
          '<span class="seq">#' + step[0] + '</span><span class="time">' + formatTime(step[1]) + '</span>' +
          '<span class="name" title="' + escapeHTML(step[2]) + '">' + escapeHTML(step[2]) + '</span>' +
          '<span class="badge">' + (isEffect ? "effect of #" + step[3] : "sent") + '</span></div>';
      }
      spacer.innerHTML = html;
    }
    timeline.addEventListener("scroll", render, { passive: true });
    window.addEventListener("resize", render);
    timeline.addEventListener("click", (event) => {
      const row = event.target.closest(".row[data-row]");
      if (row) select(Number(row.dataset.row));
    });

    // --- The selected step: its action, its change, the state after it. ---
    function pointerString(tokens) {
      return tokens.map((t) => "/" + String(t).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
    }
    function renderValue(value, path, marks, indent, key, out, comma) {
      const pad = "  ".repeat(indent);
      const mark = marks.get(path) || marks.inherited;
      const label = key === null ? "" : '<span class="key">' + escapeHTML(JSON.stringify(key)) + "</span>: ";
      const open = (text) => '<span class="line' + (mark ? " hl-" + mark : "") + '" data-path="' + escapeHTML(path) + '">' + pad + label + text;
      if (value !== null && typeof value === "object") {
        const isArray = Array.isArray(value);
        const keys = isArray ? value.map((_, i) => i) : Object.keys(value).sort();
        if (keys.length === 0) { out.push(open(isArray ? "[]" : "{}") + comma + "</span>"); return; }
        out.push(open(isArray ? "[" : "{") + "</span>");
        const saved = marks.inherited;
        if (mark === "added") marks.inherited = "added";
        keys.forEach((k, n) => renderValue(value[k], path + pointerString([k]), marks, indent + 1, isArray ? null : k, out, n < keys.length - 1 ? "," : ""));
        marks.inherited = saved;
        out.push('<span class="line' + (mark ? " hl-" + mark : "") + '">' + pad + (isArray ? "]" : "}") + comma + "</span>");
        return;
      }
      let text;
      if (typeof value === "string") text = '<span class="str">' + escapeHTML(JSON.stringify(value)) + "</span>";
      else if (typeof value === "number") text = '<span class="num">' + value + "</span>";
      else text = '<span class="lit">' + value + "</span>";
      out.push(open(text) + comma + "</span>");
    }
    function renderJSON(value, marks) {
      const out = [];
      marks.inherited = null;
      renderValue(value, "", marks, 0, null, out, "");
      return out.join("");
    }
    function select(row) {
      const shown = shownCount();
      if (shown === 0) { selected = -1; showStep(-1); render(); return; }
      selected = Math.max(0, Math.min(shown - 1, row));
      const top = selected * ROW;
      if (top < timeline.scrollTop) timeline.scrollTop = top;
      else if (top + ROW > timeline.scrollTop + timeline.clientHeight) timeline.scrollTop = top + ROW - timeline.clientHeight;
      render();
      showStep(stepAt(selected));
    }
    function showStep(i) {
      if (i < 0) {
        $("action-title").innerHTML = '<span class="empty">No action selected</span>';
        $("action").textContent = "";
        $("change").innerHTML = "";
        $("state").innerHTML = renderJSON(data.initial, new Map());
        return;
      }
      const step = steps[i];
      let title = escapeHTML(step[2]) + ' <span class="cause">#' + step[0] + " \u00b7 " + formatTime(step[1]);
      if (step[3] != null) {
        title += indexOfSeq.has(step[3])
          ? ' \u00b7 sent by an effect of <a data-seq="' + step[3] + '">#' + step[3] + " " + escapeHTML(steps[indexOfSeq.get(step[3])][2]) + "</a>"
          : " \u00b7 sent by an effect of #" + step[3];
      }
      $("action-title").innerHTML = title + "</span>";
      $("action").textContent = JSON.stringify(step[4], null, 2);
      const patch = step[5];
      const marks = new Map();
      if (patch.length === 0) {
        $("change").innerHTML = '<span class="empty">No change to the state</span>';
      } else {
        $("change").innerHTML = patch.map((op) => {
          marks.set(op.path, op.op === "add" ? "added" : op.op === "replace" ? "changed" : marks.get(op.path));
          const value = op.op === "remove" ? "" : " " + escapeHTML(JSON.stringify(op.value));
          return '<span class="op op-' + op.op + '" data-op="' + op.op + '" data-path="' + escapeHTML(op.path) + '">' +
            op.op + " " + escapeHTML(op.path || "/") + value + "</span>";
        }).join("");
      }
      let html = renderJSON(stateAfter(i + 1), marks);
      const removed = patch.filter((op) => op.op === "remove");
      if (removed.length) {
        const before = stateAfter(i);
        html += removed.map((op) => {
          let value = before;
          for (const t of decodePointer(op.path)) value = value == null ? undefined : value[Array.isArray(value) ? Number(t) : t];
          return '<span class="line hl-removed" data-path="' + escapeHTML(op.path) + '">removed ' + escapeHTML(op.path) + ": " +
            escapeHTML(JSON.stringify(value)) + "</span>";
        }).join("");
      }
      $("state").innerHTML = html;
    }
    $("action-title").addEventListener("click", (event) => {
      const link = event.target.closest("a[data-seq]");
      if (!link) return;
      const i = indexOfSeq.get(Number(link.dataset.seq));
      if (visible) { filter.value = ""; visible = null; layout(); }
      select(i);
    });

    // --- Filtering and the keyboard. ---
    // Every word typed must be in the name, any part of it: "save" finds path.element.detail.save,
    // "detail save" too.
    filter.addEventListener("input", () => {
      const terms = filter.value.toLowerCase().split(/\s+/).filter((term) => term !== "");
      const current = selected >= 0 ? stepAt(selected) : -1;
      if (terms.length === 0) visible = null;
      else {
        visible = [];
        for (let i = 0; i < count; i++) {
          const name = steps[i][2].toLowerCase();
          if (terms.every((term) => name.includes(term))) visible.push(i);
        }
      }
      timeline.scrollTop = 0;
      layout();
      const row = current < 0 ? -1 : (visible ? visible.indexOf(current) : current);
      if (row >= 0) select(row); else if (shownCount() > 0) select(0); else select(-1);
    });
    document.addEventListener("keydown", (event) => {
      const inFilter = document.activeElement === filter;
      if (event.key === "/" && !inFilter) { event.preventDefault(); filter.focus(); return; }
      const page = Math.max(1, Math.floor(timeline.clientHeight / ROW) - 1);
      let row = null;
      switch (event.key) {
        case "ArrowDown": row = selected + 1; break;
        case "ArrowUp": row = selected - 1; break;
        case "PageDown": row = selected + page; break;
        case "PageUp": row = selected - page; break;
        case "Home": if (!inFilter) row = 0; break;
        case "End": if (!inFilter) row = shownCount() - 1; break;
        case "Escape": if (inFilter) { filter.blur(); timeline.focus(); } break;
      }
      if (row === null) return;
      event.preventDefault();
      select(row);
    });

    layout();
    // A link may name a step: timeline.html#42 opens on action #42.
    const linked = Number((location.hash.match(/^#(\d+)$/) || [])[1]);
    if (indexOfSeq.has(linked)) select(indexOfSeq.get(linked));
    else if (count > 0) select(0);
    else showStep(-1);
    timeline.focus();
    document.body.dataset.ready = "true";
  })();
  </script>
  </body>
  </html>
  """#
