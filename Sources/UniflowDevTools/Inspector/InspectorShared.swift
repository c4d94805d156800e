/// The inspector pages' style: the static page's and the live page's.
package let inspectorStyle = #"""
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
  #lanes { flex: 1; position: relative; height: 96px; overflow-y: auto; border: 1px solid var(--line); border-radius: 6px; font-size: 11px; background: var(--panel); }
  .lane { position: relative; height: 14px; margin: 2px 0; }
  .lane .bar { position: absolute; top: 0; height: 12px; border-radius: 3px; background: #8f7be0; min-width: 3px; }
  .lane.running .bar { background: #3fb27f; border-top-right-radius: 0; border-bottom-right-radius: 0; }
  .lane.cancel .bar { background: #d9776f; }
  .lane .label { position: absolute; left: 4px; top: -1px; white-space: nowrap; color: var(--text); pointer-events: none; font-family: var(--mono); }
  """#

/// The script functions both inspector pages share: escaping, time travel over JSON patches
/// and the drawing of a state with its changes marked.
package let inspectorFunctions = #"""
    function escapeHTML(text) {
      return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
    }
    function chainColor(root) {
      const hue = (root * 137.508) % 360;
      return "hsl(" + hue.toFixed(0) + ", 62%, 58%)";
    }
    // Where a navigation key moves the selection of a timeline of `count` rows, `page` rows a
    // screen, from row `selected`; null for any other key (Home and End type in the filter).
    function rowForKey(key, selected, count, page, inFilter) {
      switch (key) {
        case "ArrowDown": return selected + 1;
        case "ArrowUp": return selected - 1;
        case "PageDown": return selected + page;
        case "PageUp": return selected - page;
        case "Home": return inFilter ? null : 0;
        case "End": return inFilter ? null : count - 1;
        default: return null;
      }
    }
    // The state after the first `n` steps, from the initial state and the steps' patches (a
    // step's sixth field), keeping the state of every CHECKPOINT-th step in `checkpoints`.
    function replayedState(n, checkpoints, initial, steps) {
      const k = Math.floor(n / CHECKPOINT);
      if (checkpoints.length === 0) checkpoints.push(initial);
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
    function formatTime(seconds) {
      return "+" + seconds.toFixed(3) + "s";
    }
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
    // Effects as lanes on the session's time axis, from start to end; running ones reach the
    // right edge. `lanes`: {id, cause, start, end (null while running), kind}; `nameOf(seq)`
    // names the action that started one.
    function effectLanesHTML(lanes, span, nameOf) {
      span = Math.max(span, 0.001);
      return lanes.map((lane) => {
        const left = 100 * Math.max(0, lane.start) / span;
        const width = lane.end === null ? 100 - left : 100 * (lane.end - lane.start) / span;
        const label = "effect " + lane.id + " of #" + lane.cause + " " + nameOf(lane.cause) +
          (lane.end === null ? " \u00b7 running" : " \u00b7 " + lane.kind);
        return '<div class="lane ' + (lane.end === null ? "running" : escapeHTML(lane.kind)) + '" data-effect="' + escapeHTML(lane.id) +
          '" data-kind="' + escapeHTML(lane.kind) + '"><div class="bar" style="left:' + left.toFixed(2) + '%;width:' +
          Math.max(0, width).toFixed(2) + '%"></div><span class="label">' + escapeHTML(label) + "</span></div>";
      }).join("");
    }
    // The lanes of a log's effect lines ({id, kind, cause, time}), by effect, in order.
    function collectLanes(lines, lanes) {
      for (const e of lines) {
        const lane = lanes.get(e.id) || { id: e.id, cause: e.cause, start: e.time, end: null, kind: "running" };
        if (e.kind === "start") lane.start = e.time; else { lane.end = e.time; lane.kind = e.kind; }
        lanes.delete(e.id); lanes.set(e.id, lane);
      }
      return lanes;
    }
  """#
