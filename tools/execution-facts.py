#!/usr/bin/env python3
"""Tallies the execution facts `nosqlint queries` finds in a tree.

Usage: tools/execution-facts.py NOSQLINT TREE [nosqlint options...]

Prints the number of queries, then how many carry a consistency level, a
serial consistency level and a page size, per scope (statement, call,
session, profile), and each profile-scope fact with its file and line, for
reading the code by hand (issue 22's measure).
"""
import collections
import json
import subprocess
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    binary, tree, extra = sys.argv[1], sys.argv[2], sys.argv[3:]
    out = subprocess.run([binary, "queries", "--format", "json", *extra, tree],
                         capture_output=True, text=True, check=False).stdout
    report = json.loads(out)
    queries = report.get("queries", [])
    counts = collections.Counter()
    shown = []
    for q in queries:
        for key in ("consistency", "serial_consistency", "page_size"):
            fact = q.get(key)
            if not fact:
                continue
            counts[(key, fact["scope"])] += 1
            if fact["scope"] in ("profile", "session"):
                value = fact.get("level", fact.get("rows"))
                shown.append(f'{q.get("file")}:{q.get("line")} {key}={value} '
                             f'({fact["scope"]}, set at line {fact["line"]})')
    print(f"queries: {len(queries)}")
    for (key, scope), n in sorted(counts.items()):
        print(f"  {key:20} {scope:10} {n}")
    for line in shown:
        print("  " + line)


if __name__ == "__main__":
    main()
