#!/usr/bin/env python3
"""Measure nosqlint's precision on real repositories that mix SQL and NoSQL.

Each repository in repos.txt uses a SQL database library (JDBC, JPA,
database/sql, DB-API, pg, ADO.NET, ...) beside Cassandra/ScyllaDB or
DynamoDB code.  This script runs

    BINARY --format=json --fail-on=never -j 2 TREES/<owner>+<name>

on each of them (no --schema) and writes every finding as one TSV row
(repo, rule, severity, dialect, file relative to the tree, line, column,
message).  With --judgments (a TSV with columns repo, file, line, rule,
verdict, reason; verdict is sql | cql | dynamodb | other-false) it joins
the findings with the verdicts and prints one Markdown row per repository:
how many findings rest on SQL statements (false: SQL read as CQL), how many
on real CQL/DynamoDB statements (to be kept), how many on other falsely read
text, and how many are unjudged.  Judgments cover errors and warnings
(and notes on SQL statements); other notes are counted apart.

Each run passes --no-cache unless --cache-dir DIR is given (then a second
measure.py run with the same DIR reads the findings from the result cache:
they must be the same rows).

Usage:
    measure.py --binary /tmp/nosqlint-before --trees /tmp/realtrees \
        [--judgments judgments.tsv] [--out findings.tsv] [--repos repos.txt] \
        [--cache-dir DIR]
"""
import argparse
import collections
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
COLUMNS = ["repo", "rule", "severity", "dialect", "file", "line", "column", "message"]


def read_tsv(path):
    """Rows of a TSV file, without blank lines and '#' comment lines."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.strip() and not line.startswith("#"):
                yield line.split("\t")


def run(binary, tree, cache_dir=None):
    """The findings of one tree, as dicts with COLUMNS (minus repo)."""
    cache = ["--cache-dir", cache_dir] if cache_dir else ["--no-cache"]
    proc = subprocess.run(
        [binary, "--format=json", "--fail-on=never", "-j", "2"] + cache + [tree],
        capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"{binary} {tree}: exit {proc.returncode}\n{proc.stderr[-2000:]}")
    doc = json.loads(proc.stdout)
    out = []
    for d in doc["diagnostics"]:
        out.append({
            "rule": d["rule"],
            "severity": d["severity"],
            "dialect": d.get("dialect", ""),
            "file": os.path.relpath(d["file"], tree) if d.get("file") else "",
            "line": str(d.get("line", 0)),
            "column": str(d.get("column", 0)),
            "message": " ".join(d.get("message", "").split()),
        })
    return out, doc.get("summary", {})


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", required=True)
    ap.add_argument("--trees", required=True, help="directory holding owner+name trees")
    ap.add_argument("--repos", default=os.path.join(HERE, "repos.txt"))
    ap.add_argument("--judgments", help="TSV: repo, file, line, rule, verdict, reason")
    ap.add_argument("--out", default="findings.tsv", help="findings TSV to write")
    ap.add_argument("--cache-dir", help="use the result cache in DIR (default: --no-cache)")
    args = ap.parse_args()

    repos = [row[0] for row in read_tsv(args.repos)]
    findings, summaries = [], {}
    for repo in repos:
        tree = os.path.join(args.trees, repo.replace("/", "+"))
        if not os.path.isdir(tree):
            sys.exit(f"missing tree {tree} for {repo}")
        rows, summaries[repo] = run(args.binary, tree, args.cache_dir)
        findings += [dict(r, repo=repo) for r in rows]

    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\t".join(COLUMNS) + "\n")
        for r in findings:
            f.write("\t".join(r[c] for c in COLUMNS) + "\n")
    print(f"wrote {len(findings)} findings to {args.out}", file=sys.stderr)

    verdicts = {}
    if args.judgments:
        for row in read_tsv(args.judgments):
            if row[0] == "repo":  # header
                continue
            repo, file, line, rule, verdict = row[:5]
            if verdict not in ("sql", "cql", "dynamodb", "other-false"):
                sys.exit(f"bad verdict {verdict!r} in {args.judgments}: {row}")
            verdicts[(repo, file, line, rule)] = verdict

    head = ["repo", "statements", "findings", "errors+warnings", "on SQL",
            "on CQL/DynamoDB (kept)", "other false", "unjudged", "notes (unjudged)"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    total = collections.Counter()
    for repo in repos + ["TOTAL"]:
        if repo == "TOTAL":
            c = total
        else:
            c = collections.Counter()
            c["statements"] = summaries[repo].get("statements", 0)
            for r in findings:
                if r["repo"] != repo:
                    continue
                c["findings"] += 1
                if r["severity"] != "note":
                    c["errors+warnings"] += 1
                v = verdicts.get((repo, r["file"], r["line"], r["rule"]))
                if v is None:
                    c["notes (unjudged)" if r["severity"] == "note" else "unjudged"] += 1
                else:
                    c[{"sql": "on SQL", "cql": "on CQL/DynamoDB (kept)",
                       "dynamodb": "on CQL/DynamoDB (kept)",
                       "other-false": "other false"}[v]] += 1
            total.update(c)
        print("| " + " | ".join([repo] + [str(c[h]) for h in head[1:]]) + " |")


if __name__ == "__main__":
    main()
