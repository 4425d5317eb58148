#!/usr/bin/env python3
"""Measure how nosqlint assembles the schema of real repositories.

For each repository of repos.txt (tree TREES/<owner>+<name>) this script runs,
without --schema,

    BINARY --format=json --fail-on=never -j 2 TREE
    BINARY queries --format=json -j 2 TREE

and reports per repository:

  * the `schema-error` findings: how many, and their messages grouped
    (identifiers kept, so "Column with name 'x' already exists" stays one
    group per column);
  * the statements and requests `queries` lists: CQL statements (DDL and
    DML apart; a statement with status syntax-error is counted apart and
    never as checkable), DynamoDB requests;
  * how many of the application's queries (CQL DML -- SELECT, INSERT,
    UPDATE, DELETE, BATCH, TRUNCATE -- and DynamoDB requests, syntax errors
    left out) are checked against a known table (`table_in_schema` true),
    and the share.

With --judgments (TSV: repo, file, line, message, verdict, cause, note;
verdict real | false) the schema errors are joined with the verdicts and a
line per repository gives real / false by cause / unjudged.

--errors-out writes every schema-error as a TSV row (repo, file, line,
column, message) -- the skeleton of judgments.tsv.  --queries-out writes
every listed query (repo, file, line, dialect, source, operation, table,
table_in_schema, status).

Usage:
    measure.py --binary /tmp/nosqlint-schema-before --trees /tmp/schematrees \
        [--repos repos.txt] [--judgments judgments.tsv] \
        [--errors-out errors.tsv] [--queries-out queries.tsv] [--json out.json] \
        [--only owner/name ...] [--no-messages]

Trees are materialized with
    git --git-dir=<fetched git dir> archive <commit> | tar -x -C TREES/<owner>+<name>
(spring-projects/spring-data-examples: only its cassandra/ folder).
"""
import argparse
import collections
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DML = {"SELECT", "INSERT", "UPDATE", "DELETE", "BATCH", "TRUNCATE"}


def read_tsv(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.strip() and not line.startswith("#"):
                yield line.split("\t")


def repos_of(path):
    """owner/name of each row of repos.txt (first column)."""
    return [row[0] for row in read_tsv(path)]


def run_json(cmd):
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        sys.exit(f"{' '.join(cmd)}: exit {proc.returncode}\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout)


def rel(path, tree):
    return os.path.relpath(path, tree) if path else ""


def measure(binary, tree):
    diag = run_json([binary, "--format=json", "--fail-on=never", "-j", "2", tree])
    errors = []
    for d in diag["diagnostics"]:
        if d["rule"] != "schema-error":
            continue
        errors.append({"file": rel(d.get("file"), tree), "line": d.get("line", 0),
                       "column": d.get("column", 0), "message": d["message"]})
    rules = collections.Counter(d["rule"] for d in diag["diagnostics"])

    inv = run_json([binary, "queries", "--format=json", "-j", "2", tree])
    queries = []
    for q in inv["queries"]:
        queries.append({"file": rel(q.get("file"), tree), "line": q.get("line", 0),
                        "dialect": q.get("dialect", ""), "source": q.get("source", ""),
                        "operation": q.get("operation", ""), "table": q.get("table") or "",
                        "table_in_schema": bool(q.get("table_in_schema")),
                        "status": q.get("status", "")})
    return errors, rules, queries


def summarize(queries):
    s = collections.Counter()
    for q in queries:
        syntax = q["status"] == "syntax-error"
        if q["dialect"] == "cql":
            s["cql"] += 1
            if syntax:
                s["cql_syntax"] += 1
                continue
            if q["operation"].upper() in DML:
                s["cql_dml"] += 1
                s["app"] += 1
                s["cql_dml_checked"] += q["table_in_schema"]
                s["app_checked"] += q["table_in_schema"]
                if q["source"] != "cql":
                    s["cql_dml_host"] += 1
                    s["cql_dml_host_checked"] += q["table_in_schema"]
            else:
                s["cql_ddl"] += 1
        elif q["dialect"] == "dynamodb":
            s["ddb"] += 1
            if syntax:
                s["ddb_syntax"] += 1
                continue
            s["app"] += 1
            s["ddb_checked"] += q["table_in_schema"]
            s["app_checked"] += q["table_in_schema"]
            if q["table"] in ("", "?"):
                s["ddb_table_runtime"] += 1
            if q["source"] == "json":
                s["ddb_json"] += 1
        if q["status"] == "unknown-table":
            s["unknown_table"] += 1
    return s


def pct(a, b):
    return f"{100.0 * a / b:.0f}%" if b else "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--binary", required=True)
    ap.add_argument("--trees", required=True)
    ap.add_argument("--repos", default=os.path.join(HERE, "repos.txt"))
    ap.add_argument("--judgments")
    ap.add_argument("--errors-out")
    ap.add_argument("--queries-out")
    ap.add_argument("--json")
    ap.add_argument("--only", action="append", help="owner/name (repeatable)")
    ap.add_argument("--no-messages", action="store_true", help="do not print the grouped schema-error messages")
    args = ap.parse_args()

    verdicts = {}
    if args.judgments:
        for row in read_tsv(args.judgments):
            row += [""] * (7 - len(row))
            verdicts[(row[0], row[1], row[2], row[3])] = (row[4], row[5])

    repos = args.only or repos_of(args.repos)
    all_errors, all_queries, result = [], [], {}
    print("| repository | schema-errors | real | false (by cause) | unjudged | CQL stmts (DDL/DML/syntax) "
          "| DynamoDB reqs | app queries | checked vs known table | share |")
    print("| --- | ---: | ---: | --- | ---: | --- | ---: | ---: | ---: | ---: |")
    tot = collections.Counter()
    tot_causes = collections.Counter()
    for repo in repos:
        tree = os.path.join(args.trees, repo.replace("/", "+"))
        if not os.path.isdir(tree):
            print(f"| {repo} | (no tree at {tree}) |")
            continue
        errors, rules, queries = measure(args.binary, tree)
        s = summarize(queries)
        real = 0
        causes = collections.Counter()
        unjudged = 0
        for e in errors:
            v = verdicts.get((repo, e["file"], str(e["line"]), e["message"]))
            if v is None:
                unjudged += 1
            elif v[0] == "real":
                real += 1
            else:
                causes[v[1] or "unspecified"] += 1
        tot.update(s)
        tot["errors"] += len(errors)
        tot["real"] += real
        tot["unjudged"] += unjudged
        tot_causes.update(causes)
        cause_text = ", ".join(f"{c} {n}" for c, n in causes.most_common()) or "0"
        print(f"| {repo} | {len(errors)} | {real} | {cause_text} | {unjudged} | "
              f"{s['cql']} ({s['cql_ddl']}/{s['cql_dml']}/{s['cql_syntax']}) | {s['ddb']} | {s['app']} | "
              f"{s['app_checked']} | {pct(s['app_checked'], s['app'])} |")
        for e in errors:
            all_errors.append([repo, e["file"], str(e["line"]), str(e["column"]), e["message"]])
        for q in queries:
            all_queries.append([repo, q["file"], str(q["line"]), q["dialect"], q["source"],
                                q["operation"], q["table"], str(q["table_in_schema"]).lower(), q["status"]])
        result[repo] = {"schema_errors": errors, "rules": dict(rules), "summary": dict(s),
                        "false_causes": dict(causes), "real": real, "unjudged": unjudged}
    cause_text = ", ".join(f"{c} {n}" for c, n in tot_causes.most_common()) or "0"
    print(f"| **total** | {tot['errors']} | {tot['real']} | {cause_text} | {tot['unjudged']} | "
          f"{tot['cql']} ({tot['cql_ddl']}/{tot['cql_dml']}/{tot['cql_syntax']}) | {tot['ddb']} | "
          f"{tot['app']} | {tot['app_checked']} | {pct(tot['app_checked'], tot['app'])} |")
    print()
    print(f"CQL DML in host code: {tot['cql_dml_host']}, checked {tot['cql_dml_host_checked']} "
          f"({pct(tot['cql_dml_host_checked'], tot['cql_dml_host'])}); "
          f"DynamoDB requests: {tot['ddb']}, checked {tot['ddb_checked']} "
          f"({pct(tot['ddb_checked'], tot['ddb'] - tot['ddb_syntax'])}), "
          f"table named at run time or not at all ('?' or none): {tot['ddb_table_runtime']}; "
          f"read from .json files: {tot['ddb_json']}; "
          f"status unknown-table: {tot['unknown_table']}")

    if not args.no_messages:
        print()
        for repo, r in result.items():
            if not r["schema_errors"]:
                continue
            print(f"## {repo}")
            groups = collections.Counter(e["message"] for e in r["schema_errors"])
            for msg, n in groups.most_common():
                print(f"  {n:4d}  {msg}")
            files = collections.Counter(e["file"] for e in r["schema_errors"])
            print("  by file:")
            for f, n in sorted(files.items()):
                print(f"  {n:4d}  {f}")
    if args.errors_out:
        with open(args.errors_out, "w", encoding="utf-8") as f:
            f.write("# repo\tfile\tline\tcolumn\tmessage\n")
            for row in all_errors:
                f.write("\t".join(row) + "\n")
    if args.queries_out:
        with open(args.queries_out, "w", encoding="utf-8") as f:
            f.write("# repo\tfile\tline\tdialect\tsource\toperation\ttable\ttable_in_schema\tstatus\n")
            for row in all_queries:
                f.write("\t".join(row) + "\n")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1)


if __name__ == "__main__":
    main()
