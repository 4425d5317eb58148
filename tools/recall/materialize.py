#!/usr/bin/env python3
"""Lay out the measured trees of a recall set from fetched snapshots.

Each row of a repos.tsv (owner/name, commit, subtrees comma-separated or '.',
and, in a 7th column, context files archived with them but not analyzed)
becomes <trees>/<owner>+<name>, or <owner>+<name>@<commit7> for every row of
a repository after its first, holding `git archive <commit> [subtrees]` of the
snapshot at <mirrors>/<owner>+<name>/repo (what the session's fetch brings).
A tree already present is left alone; a snapshot that is missing is named on
stderr and skipped (fetch it, then run this again). An archive that stops at a
missing blob keeps what was written and says so.

usage: materialize.py --repos tools/ddb-recall/repos.tsv --trees /tmp/ddbrecall
                      [--mirrors /work/.mirror] [--whole]
"""
import argparse
import os
import subprocess
import sys


def rows(path):
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\n')
            if line and not line.startswith('#'):
                yield line.split('\t')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--repos', required=True)
    ap.add_argument('--trees', required=True)
    ap.add_argument('--mirrors', default='/work/.mirror')
    ap.add_argument('--whole', action='store_true',
                    help='the whole repository: the third column is not a subtree list '
                         '(tools/real-trees/repos.txt)')
    args = ap.parse_args()
    seen = set()
    missing = 0
    for row in rows(args.repos):
        repo, commit = row[0], row[1]
        subtrees = '.' if args.whole or len(row) < 3 else row[2]
        paths = [p for p in subtrees.split(',') if p and p != '.']
        # Context files (7th column): archived beside the subtrees, not
        # analyzed (the package.json and tsconfig.json files an import is
        # resolved through).
        if paths and not args.whole and len(row) > 6:
            paths += [p for p in row[6].split(',') if p]
        base = repo.replace('/', '+')
        name = base if repo not in seen else base + '@' + commit[:7]
        seen.add(repo)
        out = os.path.join(args.trees, name)
        if os.path.isdir(out) and os.listdir(out):
            continue
        git_dir = os.path.join(args.mirrors, base, 'repo')
        if not os.path.isdir(git_dir):
            print(f'missing snapshot: {repo} (fetch github:{repo})', file=sys.stderr)
            missing += 1
            continue
        os.makedirs(out, exist_ok=True)
        archive = subprocess.Popen(['git', '--git-dir', git_dir, 'archive', commit] + paths,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        tar = subprocess.run(['tar', '-x', '-C', out], stdin=archive.stdout,
                             stderr=subprocess.DEVNULL)
        archive.stdout.close()
        err = archive.stderr.read().decode(errors='replace').strip()
        if archive.wait() != 0 or tar.returncode != 0:
            print(f'partial: {name}: {err.splitlines()[-1] if err else "tar failed"}',
                  file=sys.stderr)
        print(name)
    return 1 if missing else 0


if __name__ == '__main__':
    sys.exit(main())
