#!/usr/bin/env python3
"""Counts the DynamoDB fixtures whose expectations quote DynamoDB's message.

tests/dynalite/gen_fixtures.py writes DynamoDB's own message (or a part of
it) into a fixture's .expect sidecar as {{...}}. This script runs nosqlint on
each fixture file and sorts those quoted expectations:

  whole  nosqlint's message is DynamoDB's, word for word, and nothing else
  part   DynamoDB's words are a part of nosqlint's message (a prefix such as
         "BatchWriteItem holds 26 write requests ...", or DynamoDB's message
         without the value it echoes)

With --baseline REV it also counts the expectations that are new since that
git revision (read with `git show`, nothing in the tree changes).

Usage: tools/dynamo-quotes.py [--nosqlint build/nosqlint]
                              [--fixtures tests/fixtures/dynamo]
                              [--baseline HEAD]
"""
import argparse
import json
import os
import re
import subprocess
import sys

EXPECT = re.compile(r"expect-(error|warning|note)@(\d+):(\d+) (\S+)(?: \{\{(.*)\}\})?$")


def expectations(text):
    out = []
    for line in text.splitlines():
        m = EXPECT.match(line.strip())
        if m and m.group(5) is not None:
            out.append((int(m.group(2)), int(m.group(3)), m.group(4), m.group(5)))
    return out


def baseline_quotes(root, rev, rel):
    try:
        text = subprocess.run(["git", "-C", root, "show", f"{rev}:{rel}"],
                              capture_output=True, text=True, check=True).stdout
    except subprocess.CalledProcessError:
        return set()
    return {(rule, msg) for _, _, rule, msg in expectations(text)}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    ap = argparse.ArgumentParser()
    ap.add_argument("--nosqlint", default=os.path.join(root, "build", "nosqlint"))
    ap.add_argument("--fixtures", default=os.path.join(root, "tests", "fixtures", "dynamo"))
    ap.add_argument("--baseline")
    ap.add_argument("--list", action="store_true", help="print every quoted expectation")
    a = ap.parse_args()

    counts = {"whole": 0, "part": 0, "unmatched": 0}
    new = {"whole": 0, "part": 0, "unmatched": 0}
    files_with_quotes = 0
    for name in sorted(os.listdir(a.fixtures)):
        if not name.endswith(".expect"):
            continue
        fixture = os.path.join(a.fixtures, name[:-len(".expect")])
        exps = expectations(open(os.path.join(a.fixtures, name)).read())
        if not exps:
            continue
        files_with_quotes += 1
        out = subprocess.run([a.nosqlint, "--format=json", "--schema",
                              os.path.join(a.fixtures, "schema"), fixture],
                             capture_output=True, text=True).stdout
        diags = [d for d in json.loads(out)["diagnostics"]
                 if os.path.abspath(d["file"]) == os.path.abspath(fixture)]
        old = set()
        if a.baseline:
            rel = os.path.relpath(os.path.join(a.fixtures, name), root)
            old = baseline_quotes(root, a.baseline, rel)
        for line, col, rule, msg in exps:
            kind = "unmatched"
            for d in diags:
                if d["line"] == line and d["column"] == col and d["rule"] == rule:
                    if d["message"] == msg:
                        kind = "whole"
                        break
                    if msg in d["message"]:
                        kind = "part"
            counts[kind] += 1
            if a.baseline and (rule, msg) not in old:
                new[kind] += 1
            if a.list:
                print(f"{kind:9} {os.path.basename(fixture)}:{line} {msg}")
    total = sum(counts.values())
    print(f"quoted expectations: {total} in {files_with_quotes} files: "
          f"{counts['whole']} word for word, {counts['part']} as a part of the message, "
          f"{counts['unmatched']} not found")
    if a.baseline:
        print(f"new since {a.baseline}: {sum(new.values())}: {new['whole']} word for word, "
              f"{new['part']} as a part, {new['unmatched']} not found")
    return 1 if counts["unmatched"] else 0


if __name__ == "__main__":
    sys.exit(main())
