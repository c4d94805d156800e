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
  \#(inspectorStyle)  </style>
  </head>
  <body>
  <header><h1 id="app"></h1><span class="meta" id="meta"></span><span class="meta" style="margin-left:auto"><kbd>&uarr;</kbd> <kbd>&darr;</kbd> <kbd>Home</kbd> <kbd>End</kbd> to move &middot; <kbd>/</kbd> to filter</span></header>
  <div id="issue" role="alert"></div>
  <div id="stops" role="status"></div>
  <div id="effects" style="display:none;padding:8px 16px;border-bottom:1px solid var(--line)"><div id="lanes" aria-label="Effects"></div></div>
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


    // --- Time travel: the state after any step, from the initial state and the patches. ---
  \#(inspectorFunctions)    const checkpoints = [];
    function stateAfter(n) { return replayedState(n, checkpoints, data.initial, steps); }

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
      if (event.key === "Escape" && inFilter) { filter.blur(); timeline.focus(); return; }
      const page = Math.max(1, Math.floor(timeline.clientHeight / ROW) - 1);
      const row = rowForKey(event.key, selected, shownCount(), page, inFilter);
      if (row === null) return;
      event.preventDefault();
      select(row);
    });

    // Effects, when the log recorded them: each a lane from its start to its end.
    const lanes = Array.from(collectLanes(data.effects || [], new Map()).values()).sort((a, b) => a.start - b.start || a.id - b.id);
    if (lanes.length > 0) {
      $("effects").style.display = "block";
      const span = Math.max(count > 0 ? steps[count - 1][1] : 0, ...lanes.map((lane) => lane.end === null ? lane.start : lane.end));
      $("lanes").innerHTML = effectLanesHTML(lanes, span,
        (seq) => indexOfSeq.has(seq) ? steps[indexOfSeq.get(seq)][2] : "");
    }

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
