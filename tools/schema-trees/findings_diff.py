#!/usr/bin/env python3
"""Which findings two nosqlint binaries report differently (precision check).

Runs `BINARY --format=json --fail-on=never -j 2 TREE` with both binaries on
every tree of repos.txt and prints, per repository, the findings (file:line
rule message) that only one of them reports, with the first note (where a
table binding is, for a request linked through the environment). Every
added error and warning is then judged by reading the code; the verdicts go
in the session's note.

Usage: findings_diff.py --before BIN --after BIN --trees /tmp/schematrees
       [--repos repos.txt] [--severity error,warning]
"""
import argparse
import json
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))


def findings(binary, tree, severities):
    out = subprocess.run([binary, '--format=json', '--fail-on=never', '-j', '2',
                          tree], capture_output=True, text=True).stdout
    try:
        doc = json.loads(out)
    except json.JSONDecodeError:
        return {}
    got = {}
    for d in doc.get('diagnostics', []):
        if d['severity'] not in severities:
            continue
        key = (os.path.relpath(d['file'], tree), d['line'], d['rule'],
               d['message'])
        notes = d.get('notes') or []
        got[key] = notes[0]['message'] if notes else ''
    return got


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--before', required=True)
    ap.add_argument('--after', required=True)
    ap.add_argument('--trees', required=True)
    ap.add_argument('--repos', default=os.path.join(HERE, 'repos.txt'))
    ap.add_argument('--severity', default='error,warning')
    args = ap.parse_args()
    severities = set(args.severity.split(','))
    total_added = total_removed = 0
    for line in open(args.repos):
        line = line.split('#')[0].strip()
        if not line:
            continue
        repo = line.split()[0]
        tree = os.path.join(args.trees, repo.replace('/', '+'))
        if not os.path.isdir(tree):
            continue
        before = findings(args.before, tree, severities)
        after = findings(args.after, tree, severities)
        added = sorted(set(after) - set(before))
        removed = sorted(set(before) - set(after))
        if not added and not removed:
            continue
        print(f'## {repo}: +{len(added)} -{len(removed)}')
        for k in added:
            print(f'  + {k[0]}:{k[1]} {k[2]} {k[3][:140]}')
            if after[k]:
                print(f'      note: {after[k][:140]}')
        for k in removed:
            print(f'  - {k[0]}:{k[1]} {k[2]} {k[3][:140]}')
        total_added += len(added)
        total_removed += len(removed)
    print(f'total: +{total_added} -{total_removed}')


if __name__ == '__main__':
    main()
