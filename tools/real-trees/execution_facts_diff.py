#!/usr/bin/env python3
"""Which statements two nosqlint binaries give different execution facts.

Runs `BINARY queries --no-cache -j 2 TREE` with both binaries on each tree
named and prints, per tree, every statement whose consistency level, serial
consistency or page size (`cl=`, `serial-cl=`, `page-size=` with their
scope) differs, before -> after, for judging by hand (issue 22: which
statements a driver's configuration file reaches).

Usage: execution_facts_diff.py --before BIN --after BIN TREE...
"""
import argparse
import re
import subprocess

FACT = re.compile(r'\b(cl|serial-cl|page-size)=(\S+)(?: \(([^)]*)\))?')
SITE = re.compile(r'^(\S+?):(\d+):(\d+): cql ')


def facts(binary, tree):
    out = subprocess.run([binary, 'queries', '--no-cache', '-j', '2', tree],
                         capture_output=True, text=True).stdout
    got = {}
    for line in out.splitlines():
        m = SITE.match(line)
        if not m:
            continue
        got[(m.group(1), int(m.group(2)), int(m.group(3)))] = ' '.join(
            f'{k}={v}' + (f' ({s})' if s else '') for k, v, s in FACT.findall(line))
    return got


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--before', required=True)
    ap.add_argument('--after', required=True)
    ap.add_argument('trees', nargs='+')
    args = ap.parse_args()
    for tree in args.trees:
        before, after = facts(args.before, tree), facts(args.after, tree)
        changed = [(k, before.get(k, '-'), after.get(k, '-'))
                   for k in sorted(set(before) | set(after))
                   if before.get(k, '') != after.get(k, '')]
        print(f'## {tree}: {len(changed)} of {len(after)} statements changed')
        for (path, line, col), b, a in changed:
            print(f'{path}:{line}:{col}: {b or "-"} -> {a or "-"}')


if __name__ == '__main__':
    main()
