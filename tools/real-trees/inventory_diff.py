#!/usr/bin/env python3
"""Which query sites two nosqlint binaries list differently (recall check).

Runs `BINARY queries --format=json -j 2 TREE` with both binaries on every
tree of repos.txt and prints, per repository, the sites (file:line) that
only one of them lists, so that a precision change can be checked for lost
CQL/DynamoDB sites. The lost ones are read by hand.

Usage: inventory_diff.py --before BIN --after BIN --trees /tmp/realtrees
"""
import argparse, collections, json, os, subprocess

def sites(binary, tree):
    out = subprocess.run([binary, 'queries', '--format=json', '-j', '2', tree],
                         capture_output=True, text=True).stdout
    try:
        doc = json.loads(out)
    except json.JSONDecodeError:
        return {}
    got = {}
    for q in doc.get('queries', []):
        key = (os.path.relpath(q['file'], tree), q['line'])
        got[key] = (q['dialect'], q['text'][:90])
    return got

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--before', required=True)
    ap.add_argument('--after', required=True)
    ap.add_argument('--trees', required=True)
    ap.add_argument('--repos', default=os.path.join(os.path.dirname(__file__), 'repos.txt'))
    a = ap.parse_args()
    for line in open(a.repos):
        if not line.strip() or line.startswith('#'):
            continue
        repo = line.split('\t')[0]
        tree = os.path.join(a.trees, repo.replace('/', '+'))
        b, f = sites(a.before, tree), sites(a.after, tree)
        lost = sorted(set(b) - set(f))
        new = sorted(set(f) - set(b))
        print(f'## {repo}: before {len(b)}, after {len(f)}, only before {len(lost)}, only after {len(new)}')
        for k in lost:
            print(f'  - {k[0]}:{k[1]} [{b[k][0]}] {b[k][1]}')
        for k in new:
            print(f'  + {k[0]}:{k[1]} [{f[k][0]}] {f[k][1]}')

if __name__ == '__main__':
    main()
