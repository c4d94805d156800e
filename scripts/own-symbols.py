#!/usr/bin/env python3
"""Keeps only a module's own symbols in its symbol graphs.

A module that re-exports another (`@_exported import Uniflow`) gets the other module's symbols in
its symbol graph, and DocC would document them again in its archive. This copies each graph in
SOURCE_DIR to DEST_DIR with only the symbols declared in SOURCE_ROOT (by their source location),
the members the compiler synthesized for those, and the relationships between what is left.

Usage: own-symbols.py SOURCE_ROOT DEST_DIR GRAPH...
"""
import json
import os
import sys

SYNTHESIZED = "::SYNTHESIZED::"


def own(symbol, root):
    uri = symbol.get("location", {}).get("uri", "")
    return uri.startswith("file://") and os.path.abspath(uri[len("file://"):]).startswith(root)


def filter_graph(graph, root):
    symbols = graph["symbols"]
    kept = {s["identifier"]["precise"] for s in symbols if own(s, root)}
    # Members synthesized into a kept type (default implementations, inherited members).
    for s in symbols:
        usr = s["identifier"]["precise"]
        if SYNTHESIZED in usr and usr.split(SYNTHESIZED, 1)[1] in kept:
            kept.add(usr)
    everything = {s["identifier"]["precise"] for s in symbols}
    graph["symbols"] = [s for s in symbols if s["identifier"]["precise"] in kept]
    graph["relationships"] = [
        r
        for r in graph["relationships"]
        if r["source"] in kept and (r["target"] in kept or r["target"] not in everything)
    ]
    return graph


def main():
    root = os.path.abspath(sys.argv[1]) + os.sep
    dest = sys.argv[2]
    for path in sys.argv[3:]:
        with open(path) as f:
            graph = filter_graph(json.load(f), root)
        if not graph["symbols"]:
            continue  # An extension graph of re-exported symbols only.
        with open(os.path.join(dest, os.path.basename(path)), "w") as f:
            json.dump(graph, f)


if __name__ == "__main__":
    main()
