import UniflowDevTools

/// The live inspector's page: the static inspector's style and functions, fed by the server's
/// event stream instead of data written into the page.
///
/// Only the visible rows of the timeline are in the document, so a session of 100 000 steps
/// stays responsive. Everything read from the log is escaped, or set as text.
public let liveInspectorPage: String = #"""
  <!doctype html>
  <html lang="en">
  <head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; img-src data:">
  <meta name="referrer" content="no-referrer">
  <title>Uniflow live inspector</title>
  <style>
  \#(inspectorStyle)
  #notes { display: none; padding: 8px 16px; background: var(--changed); color: var(--changed-text); border-bottom: 1px solid #f0dc9c; max-height: 90px; overflow: auto; }
  #live-bar { display: flex; gap: 12px; align-items: stretch; padding: 8px 16px; background: var(--panel); border-bottom: 1px solid var(--line); }
  #chart { display: flex; align-items: flex-end; gap: 1px; height: 48px; width: 240px; border-bottom: 1px solid var(--line); }
  #chart .bar { flex: 1; background: var(--accent); min-height: 1px; opacity: .7; }
  button { font: inherit; padding: 4px 10px; border: 1px solid var(--line); border-radius: 6px; background: #fafbfc; cursor: pointer; }
  </style>
  </head>
  <body>
  <header><h1 id="app">Waiting for the log…</h1><span class="meta" id="meta"></span>
  <button id="pause" type="button">Pause</button><button id="export" type="button">Export log</button>
  <span class="meta" style="margin-left:auto"><kbd>&uarr;</kbd> <kbd>&darr;</kbd> <kbd>Home</kbd> <kbd>End</kbd> to move &middot; <kbd>/</kbd> to filter &middot; <kbd>p</kbd> pause</span></header>
  <div id="notes" role="status"></div>
  <div id="live-bar"><div title="Actions per second, the last 60 seconds"><div id="chart"></div><div class="meta" id="rate"></div></div><div id="lanes" aria-label="Effects"></div></div>
  <main>
    <div id="left">
      <div id="toolbar"><input id="filter" type="search" placeholder="Filter by action name, any part" autocomplete="off" spellcheck="false"><span id="row-count"></span></div>
      <div id="timeline" tabindex="0"><div id="spacer"></div></div>
    </div>
    <div id="right">
      <section><h2>Action</h2><div id="action-title"></div><div class="box" id="action-box"><pre id="action"></pre></div></section>
      <section><h2>Diagnostics</h2><div class="box" id="diagnostics"></div></section>
      <section><h2>Change</h2><div class="box" id="change"></div></section>
      <section><h2>State after</h2><div class="box"><pre id="state"></pre></div></section>
    </div>
  </main>
  <script>
  "use strict";
  (function () {
  \#(inspectorFunctions)
    const $ = (id) => document.getElementById(id);
    const timeline = $("timeline"), spacer = $("spacer"), filter = $("filter");
    const ROW = 26, CHECKPOINT = 256, MAX_LANES = 40;
    // The session since the log last started: its lines (for export), steps as
    // [seq, time, name, cause, action, patch], effects by id, stops by step.
    let header, initial, current, lines, steps, indexOfSeq, chainRoot, checkpoints, effects, stopsAfter, latest;
    let visible = null, selected = -1, paused = false, pending = [], lineNumber = 0, drawQueued = false;
    function reset() {
      header = null; initial = undefined; lines = []; steps = []; indexOfSeq = new Map(); chainRoot = [];
      checkpoints = []; effects = new Map(); stopsAfter = new Map(); latest = 0; visible = null; selected = -1;
      lineNumber = 0; $("app").textContent = "Waiting for the log…";
    }
    function note(text) {
      const notes = $("notes");
      notes.style.display = "block";
      const line = document.createElement("div");
      line.textContent = text;
      notes.appendChild(line);
      while (notes.childNodes.length > 50) notes.removeChild(notes.firstChild);
      notes.scrollTop = notes.scrollHeight;
    }
    function stateAfter(n) { return replayedState(n, checkpoints, initial, steps); }

    // --- Reading the log, line by line, as the server sends it. ---
    function ingest(text) {
      lineNumber++;
      let value;
      try { value = JSON.parse(text); } catch (error) {
        note("Line " + lineNumber + " cannot be read (" + error.message + "): it is skipped.");
        return;
      }
      if (value === null || typeof value !== "object" || Array.isArray(value)) {
        note("Line " + lineNumber + " is not an object: it is skipped."); return;
      }
      if (lineNumber === 1) {
        if (value.format !== "uniflow-session") { note("Line 1 is not a session log's header."); return; }
        header = value; lines.push(text);
        $("app").textContent = String(value.app) + " \u00b7 live";
        return;
      }
      if (initial === undefined) {
        if (!("state" in value)) { note("Line " + lineNumber + " lacks the initial state."); return; }
        initial = value.state; current = clone(initial); lines.push(text);
        return;
      }
      if (value.effect) {
        const e = value.effect;
        if (typeof e.id !== "number" || typeof e.time !== "number" || !["start", "finish", "cancel"].includes(e.kind)) {
          note("Line " + lineNumber + ": an effect line without its fields is skipped."); return;
        }
        collectLanes([e], effects);
        if (effects.size > 5000) effects.delete(effects.keys().next().value);
        latest = Math.max(latest, e.time);
        lines.push(text);
        return;
      }
      if (value.stopped) {
        const after = value.stopped.after;
        if (!stopsAfter.has(after)) stopsAfter.set(after, []);
        stopsAfter.get(after).push(String(value.stopped.message));
        lines.push(text);
        return;
      }
      if (typeof value.seq !== "number" || typeof value.name !== "string" || typeof value.time !== "number" ||
          !Array.isArray(value.patch)) {
        note("Line " + lineNumber + " is not a step: it is skipped."); return;
      }
      const previous = steps.length > 0 ? steps[steps.length - 1][0] : 0;
      if (value.seq <= previous) { note("Line " + lineNumber + ": step #" + value.seq + " does not follow #" + previous + ": it is skipped."); return; }
      // The running state checks each change as it comes; a change that does not apply is skipped.
      try { current = applyPatch(current, value.patch); } catch (error) {
        current = stateAfter(steps.length);
        note("Line " + lineNumber + ": step #" + value.seq + "'s change does not apply: it is skipped."); return;
      }
      const cause = value.cause == null ? undefined : indexOfSeq.get(value.cause);
      indexOfSeq.set(value.seq, steps.length);
      chainRoot.push(cause === undefined ? steps.length : chainRoot[cause]);
      steps.push([value.seq, value.time, value.name, value.cause == null ? null : value.cause, value.action, value.patch]);
      latest = Math.max(latest, value.time);
      lines.push(text);
      if (visible) { const terms = filterTerms(); if (matches(steps.length - 1, terms)) visible.push(steps.length - 1); }
    }

    // --- The timeline: only the visible rows are in the document. ---
    function shownCount() { return visible ? visible.length : steps.length; }
    function stepAt(row) { return visible ? visible[row] : row; }
    function draw() {
      drawQueued = false;
      const atEnd = timeline.scrollTop + timeline.clientHeight >= spacer.offsetHeight - ROW;
      spacer.style.height = (shownCount() * ROW) + "px";
      const shown = shownCount();
      $("row-count").textContent = shown === steps.length ? steps.length.toLocaleString("en-US") + " actions"
        : shown.toLocaleString("en-US") + " of " + steps.length.toLocaleString("en-US");
      timeline.dataset.rows = String(shown);
      $("meta").textContent = paused ? "paused \u00b7 " + pending.length + " new lines waiting" : "following the log";
      if (atEnd && !paused) timeline.scrollTop = spacer.offsetHeight;
      render(); drawChart(); drawLanes();
      if (selected < 0 && shown > 0) select(shown - 1, false);
      else if (selected < 0) showStep(-1);
    }
    function queueDraw() { if (!drawQueued) { drawQueued = true; requestAnimationFrame(draw); } }
    function render() {
      const top = timeline.scrollTop, height = timeline.clientHeight || 600;
      const first = Math.max(0, Math.floor(top / ROW) - 5);
      const last = Math.min(shownCount(), Math.ceil((top + height) / ROW) + 5);
      let html = "";
      for (let row = first; row < last; row++) {
        const i = stepAt(row), step = steps[i], isEffect = step[3] != null, stopped = stopsAfter.get(step[0]);
        html += '<div class="row' + (isEffect ? " effect" : "") + (row === selected ? " selected" : "") +
          (stopped ? " stopped" : "") + '"' +
          (stopped ? ' title="' + escapeHTML("Stopped after this step: " + stopped.join("; ")) + '"' : "") +
          ' data-row="' + row + '" data-seq="' + step[0] + '" style="top:' + (row * ROW) + 'px">' +
          '<span class="chain" style="background:' + chainColor(chainRoot[i]) + '"></span>' +
          '<span class="seq">#' + step[0] + '</span><span class="time">' + formatTime(step[1]) + '</span>' +
          '<span class="name" title="' + escapeHTML(step[2]) + '">' + escapeHTML(step[2]) + '</span>' +
          '<span class="badge">' + (isEffect ? "effect of #" + step[3] : "sent") + '</span></div>';
      }
      spacer.innerHTML = html;
    }
    // Actions per second over the last 60 seconds of the session.
    function drawChart() {
      const end = Math.floor(latest), counts = new Array(60).fill(0);
      for (let i = steps.length - 1; i >= 0; i--) {
        const bin = end - Math.floor(steps[i][1]);
        if (bin >= 60) break;
        if (bin >= 0) counts[59 - bin]++;
      }
      const most = Math.max(1, ...counts);
      $("chart").innerHTML = counts.map((n) => '<div class="bar" style="height:' + (100 * n / most).toFixed(1) + '%"></div>').join("");
      $("rate").textContent = counts[59] + " actions/s \u00b7 peak " + most;
    }
    // Effects as lanes from start to end on the session's time axis; running ones reach the edge.
    function drawLanes() {
      const all = Array.from(effects.values());
      const running = all.filter((lane) => lane.end === null);
      const shown = running.concat(all.filter((lane) => lane.end !== null).slice(-Math.max(0, MAX_LANES - running.length)));
      shown.sort((a, b) => a.start - b.start || a.id - b.id);
      const nameOf = (seq) => indexOfSeq.has(seq) ? steps[indexOfSeq.get(seq)][2] : "";
      $("lanes").innerHTML = effectLanesHTML(shown, latest, nameOf) || '<span class="empty">No effects yet</span>';
    }
    timeline.addEventListener("scroll", render, { passive: true });
    window.addEventListener("resize", render);
    timeline.addEventListener("click", (event) => {
      const row = event.target.closest(".row[data-row]");
      if (row) select(Number(row.dataset.row));
    });

    // --- The selected step: its action, its change, the state after it. ---
    function select(row, scroll = true) {
      const shown = shownCount();
      if (shown === 0) { selected = -1; showStep(-1); render(); return; }
      selected = Math.max(0, Math.min(shown - 1, row));
      const top = selected * ROW;
      if (scroll && top < timeline.scrollTop) timeline.scrollTop = top;
      else if (scroll && top + ROW > timeline.scrollTop + timeline.clientHeight) timeline.scrollTop = top + ROW - timeline.clientHeight;
      render();
      showStep(stepAt(selected));
    }
    function showStep(i) {
      if (i < 0) {
        $("action-title").innerHTML = '<span class="empty">No action yet</span>';
        $("action").textContent = ""; $("change").innerHTML = ""; $("diagnostics").innerHTML = "";
        $("state").innerHTML = initial === undefined ? "" : renderJSON(initial, new Map());
        return;
      }
      const step = steps[i];
      let title = escapeHTML(step[2]) + ' <span class="cause">#' + step[0] + " \u00b7 " + formatTime(step[1]);
      if (step[3] != null) {
        title += indexOfSeq.has(step[3])
          ? ' \u00b7 sent by an effect of <a data-seq="' + step[3] + '">#' + step[3] + " " + escapeHTML(steps[indexOfSeq.get(step[3])][2]) + "</a>"
          : " \u00b7 sent by an effect of #" + step[3];
      } else title += " \u00b7 sent from outside";
      $("action-title").innerHTML = title + "</span>";
      $("action").textContent = JSON.stringify(step[4], null, 2);
      const stopped = stopsAfter.get(step[0]);
      $("diagnostics").innerHTML = stopped ? stopped.map((m) => '<span class="op op-remove">' + escapeHTML(m) + "</span>").join("")
        : '<span class="empty">None</span>';
      const patch = step[5], marks = new Map();
      if (patch.length === 0) $("change").innerHTML = '<span class="empty">No change to the state</span>';
      else {
        $("change").innerHTML = patch.map((op) => {
          marks.set(op.path, op.op === "add" ? "added" : op.op === "replace" ? "changed" : marks.get(op.path));
          const value = op.op === "remove" ? "" : " " + escapeHTML(JSON.stringify(op.value));
          return '<span class="op op-' + escapeHTML(op.op) + '" data-op="' + escapeHTML(op.op) + '" data-path="' + escapeHTML(op.path) + '">' +
            escapeHTML(op.op) + " " + escapeHTML(op.path || "/") + value + "</span>";
        }).join("");
      }
      $("state").innerHTML = renderJSON(stateAfter(i + 1), marks);
    }
    $("action-title").addEventListener("click", (event) => {
      const link = event.target.closest("a[data-seq]");
      if (!link) return;
      if (visible) { filter.value = ""; visible = null; draw(); }
      select(indexOfSeq.get(Number(link.dataset.seq)));
    });

    // --- Filtering, pausing, exporting and the keyboard. ---
    function filterTerms() { return filter.value.toLowerCase().split(/\s+/).filter((term) => term !== ""); }
    function matches(i, terms) { const name = steps[i][2].toLowerCase(); return terms.every((term) => name.includes(term)); }
    filter.addEventListener("input", () => {
      const terms = filterTerms(), current = selected >= 0 ? stepAt(selected) : -1;
      if (terms.length === 0) visible = null;
      else { visible = []; for (let i = 0; i < steps.length; i++) if (matches(i, terms)) visible.push(i); }
      timeline.scrollTop = 0;
      draw();
      const row = current < 0 ? -1 : (visible ? visible.indexOf(current) : current);
      if (row >= 0) select(row); else if (shownCount() > 0) select(0); else select(-1);
    });
    function setPaused(value) {
      paused = value;
      $("pause").textContent = paused ? "Resume" : "Pause";
      document.body.dataset.paused = String(paused);
      if (!paused) { const waiting = pending; pending = []; for (const item of waiting) receive(item); }
      queueDraw();
    }
    $("pause").addEventListener("click", () => setPaused(!paused));
    $("export").addEventListener("click", () => {
      const blob = new Blob([lines.join("\n") + "\n"], { type: "application/x-ndjson" });
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = (header ? String(header.app).replace(/[^A-Za-z0-9_-]/g, "_") : "session") + ".jsonl";
      document.body.appendChild(link); link.click(); link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    });
    document.addEventListener("keydown", (event) => {
      const inFilter = document.activeElement === filter;
      if (event.key === "/" && !inFilter) { event.preventDefault(); filter.focus(); return; }
      if (event.key === "p" && !inFilter) { event.preventDefault(); setPaused(!paused); return; }
      if (event.key === "Escape" && inFilter) { filter.blur(); timeline.focus(); return; }
      const page = Math.max(1, Math.floor(timeline.clientHeight / ROW) - 1);
      const row = rowForKey(event.key, selected, shownCount(), page, inFilter);
      if (row === null) return;
      event.preventDefault();
      select(row);
    });

    // --- The live link. ---
    function receive(item) {
      if (paused) { pending.push(item); queueDraw(); return; }
      if (item.kind === "line") ingest(item.data);
      else if (item.kind === "note") note(item.data);
      else { reset(); note(item.data); }
      queueDraw();
    }
    reset();
    const token = new URLSearchParams(location.search).get("token") || "";
    const source = new EventSource("/events?token=" + encodeURIComponent(token));
    source.onmessage = (event) => receive({ kind: "line", data: event.data });
    source.addEventListener("note", (event) => receive({ kind: "note", data: JSON.parse(event.data) }));
    source.addEventListener("restart", (event) => receive({ kind: "restart", data: JSON.parse(event.data) }));
    source.onopen = () => { document.body.dataset.connected = "true"; };
    source.onerror = () => { document.body.dataset.connected = "false"; };
    draw();
    timeline.focus();
    document.body.dataset.ready = "true";
  })();
  </script>
  </body>
  </html>
  """#
