"""Writes session logs for the inspector's browser tests, in the format UniflowDevTools records.

    python3 make_logs.py DIRECTORY

small.jsonl     12 actions of a todo list: user actions, effect chains, adds, changes, removes
truncated.jsonl the same session cut in the middle of its last line, as a crash leaves it
damaged.jsonl   the same session with step 4's line twice and step 8's line malformed
looped.jsonl    a ping-pong through effects that the loop guard stopped after step 101, then one more
                action from the user
large.jsonl     100 000 actions
"""

import json
import sys
from pathlib import Path

HEADER = {"format": "uniflow-session", "version": 1, "app": "todo", "start": "2026-11-30T10:00:00.000Z"}


def line(value):
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def step(seq, time, name, cause, action, patch):
    return line({"seq": seq, "time": time, "name": name, "cause": cause, "action": action, "patch": patch})


def small_session():
    initial = {"todos": [], "filter": "all", "isLoading": False, "draft": ""}
    steps = [
        ("appeared", None, {"appeared": {}}, [{"op": "replace", "path": "/isLoading", "value": True}]),
        ("loaded", 1, {"loaded": {"_0": [{"id": 1, "title": "Milk", "isDone": False}]}}, [
            {"op": "add", "path": "/todos/0", "value": {"id": 1, "title": "Milk", "isDone": False}},
            {"op": "replace", "path": "/isLoading", "value": False}]),
        ("add", None, {"add": {"_0": "Eggs"}}, [
            {"op": "add", "path": "/todos/1", "value": {"id": 2, "title": "Eggs", "isDone": False}}]),
        ("saved", 3, {"saved": {"id": 2}}, []),
        ("add", None, {"add": {"_0": "Bread </script> & <b>jam</b>"}}, [
            {"op": "add", "path": "/todos/2", "value": {"id": 3, "title": "Bread </script> & <b>jam</b>", "isDone": False}}]),
        ("toggle", None, {"toggle": {"id": 1}}, [{"op": "replace", "path": "/todos/0/isDone", "value": True}]),
        ("saved", 6, {"saved": {"id": 1}}, []),
        ("setFilter", None, {"setFilter": {"_0": "open"}}, [{"op": "replace", "path": "/filter", "value": "open"}]),
        ("draft.changed", None, {"draft": {"_0": {"changed": {"_0": "a/b ~ c"}}}}, [
            {"op": "replace", "path": "/draft", "value": "a/b ~ c"},
            {"op": "add", "path": "/notes~1tips", "value": "a key with a slash"}]),
        ("remove", None, {"remove": {"id": 2}}, [{"op": "remove", "path": "/todos/1"}]),
        ("saved", 10, {"saved": {"id": 2}}, []),
        ("reloaded", 11, {"reloaded": {}}, [{"op": "remove", "path": "/notes~1tips"}]),
    ]
    lines = [line(HEADER), line({"state": initial})]
    for index, (name, cause, action, patch) in enumerate(steps):
        lines.append(step(index + 1, round(0.25 * index + 0.001 * index, 6), name, cause, action, patch))
    return "\n".join(lines) + "\n"


def screens_session():
    """Actions of a screen on a stack and results of commands, named down to their leaf case."""
    initial = {"todos": [], "path": {"elements": [], "nextID": 0}}
    detail = {"detail": {"_0": {"note": ""}}}
    steps = [
        ("add", None, {"add": {"title": "Milk"}}, []),
        ("finished.added", 1, {"finished": {"_0": {"added": {"_0": {"id": 1}}}, "contents": {}}}, [
            {"op": "add", "path": "/todos/0", "value": {"id": 1, "title": "Milk"}}]),
        ("list.delegate.open", None, {"list": {"_0": {"delegate": {"_0": {"open": {}}}}}}, [
            {"op": "add", "path": "/path/elements/0", "value": {"id": 0, "element": detail}}]),
        ("path.element.detail.edit.insert", None, {"path": {"element": {"id": 0, "action": {}}}}, []),
        ("path.element.detail.save", None, {"path": {"element": {"id": 0, "action": {}}}}, []),
        ("path.element.detail.saved", 5, {"path": {"element": {"id": 0, "action": {}}}}, []),
        ("path.popFrom", None, {"path": {"popFrom": {"id": 0}}}, [
            {"op": "remove", "path": "/path/elements/0"}]),
    ]
    lines = [line(HEADER), line({"state": initial})]
    for index, (name, cause, action, patch) in enumerate(steps):
        lines.append(step(index + 1, 0.5 * index, name, cause, action, patch))
    return "\n".join(lines) + "\n"


def looped_session():
    """`ping` from the user, then `pong`, `ping`, … each sent by an effect of the one before, until
    the store's loop guard stopped the chain after step 101; then the user's `reset`."""
    lines = [line(HEADER), line({"state": {"count": 0}})]
    for seq in range(1, 102):
        name = "ping" if seq % 2 == 1 else "pong"
        cause = None if seq == 1 else seq - 1
        lines.append(step(seq, seq * 0.0001, name, cause, {name: {}},
                          [{"op": "replace", "path": "/count", "value": seq}]))
    lines.append(line({"stopped": {"after": 101, "message": "Uniflow: effects sent more than 100 actions "
                                   "in a chain without waiting and were stopped; repeating cycle: "
                                   "ping \u2192 pong \u2192 ping"}}))
    lines.append(step(102, 1.0, "reset", None, {"reset": {}}, [{"op": "replace", "path": "/count", "value": 0}]))
    return "\n".join(lines) + "\n"


def large_session(count=100_000):
    names = ["add", "toggle", "rename", "remove"]
    lines = [line(HEADER), line({"state": {"todos": [], "count": 0}})]
    size = 0
    for seq in range(1, count + 1):
        cause = seq - 1 if seq % 5 == 0 else None
        kind = names[seq % 4] if size > 0 else "add"
        if kind == "add":
            patch = [{"op": "add", "path": "/todos/-", "value": {"id": seq, "title": "todo %d" % seq, "isDone": False}},
                     {"op": "replace", "path": "/count", "value": size + 1}]
            size += 1
        elif kind == "toggle":
            patch = [{"op": "replace", "path": "/todos/%d/isDone" % (size - 1), "value": seq % 2 == 0}]
        elif kind == "rename":
            patch = [{"op": "replace", "path": "/todos/0/title", "value": "renamed %d" % seq}]
        else:
            patch = [{"op": "remove", "path": "/todos/%d" % (size - 1)}, {"op": "replace", "path": "/count", "value": size - 1}]
            size -= 1
        lines.append(step(seq, seq * 0.001, kind, cause, {kind: {"id": seq}}, patch))
    return "\n".join(lines) + "\n"


def main():
    directory = Path(sys.argv[1])
    directory.mkdir(parents=True, exist_ok=True)
    small = small_session()
    (directory / "small.jsonl").write_text(small)
    (directory / "truncated.jsonl").write_text(small[:-25])
    damaged = small.split("\n")
    damaged[9] = "oops"  # step 8's line, malformed
    damaged.insert(6, damaged[5])  # step 4's line, twice
    (directory / "damaged.jsonl").write_text("\n".join(damaged))
    (directory / "looped.jsonl").write_text(looped_session())
    (directory / "screens.jsonl").write_text(screens_session())
    (directory / "large.jsonl").write_text(large_session())
    # The small session with its effects: one that ended, one cancelled, one still running.
    effects = small.split("\n")
    effects.insert(3, line({"effect": {"id": 0, "kind": "start", "cause": 1, "after": 1, "time": 0.0}}))
    effects.insert(5, line({"effect": {"id": 0, "kind": "finish", "cause": 1, "after": 2, "time": 0.251}}))
    effects.insert(7, line({"effect": {"id": 1, "kind": "start", "cause": 3, "after": 3, "time": 0.502}}))
    effects.insert(8, line({"effect": {"id": 2, "kind": "start", "cause": 3, "after": 3, "time": 0.502}}))
    effects.insert(9, line({"effect": {"id": 1, "kind": "cancel", "cause": 3, "after": 3, "time": 0.6}}))
    (directory / "effects.jsonl").write_text("\n".join(effects))


if __name__ == "__main__":
    main()
