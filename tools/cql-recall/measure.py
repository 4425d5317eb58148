#!/usr/bin/env python3
"""Recall of `nosqlint queries` on public Cassandra applications (issue 15).

The query sites of each repository were found by hand (sites.tsv: repo,
commit, file relative to the repository root, line, kind, note); a site
counts as listed when `nosqlint queries` lists a statement in the same file
within 3 lines of it (one listed statement stands for one site only: pairs
are taken nearest first). `kind` is `string` (a CQL string, constant, format or
concatenation) or `builder`, `mapper`, `repository`, `orm` (the statement is
built by a library). The trees are the repositories materialized at the
commit of sites.tsv under --trees, as <owner>+<name> or, when the commit is
not the snapshot's HEAD, <owner>+<name>@<first 7 digits of the commit>;
repos.tsv names the subtree analyzed when only part of a repository is.

judgments.tsv (repo, file, line, rule, verdict true|false, reason) holds the
verdict on each error and warning finding of a plain run
(`nosqlint --format=json --fail-on=never`); the findings of the current run
that no judgment covers, and the judgments whose finding is gone, are listed.

usage: measure.py --binary /tmp/nosqlint-latest --trees /tmp/cqlrecall
                  [--sites sites.tsv] [--repos repos.tsv]
                  [--judgments judgments.tsv] [--misses] [--only owner/name]
                  [--jobs 2]

Only the standard library is used; no third-party code is kept here, only
file paths and line numbers.
"""
import argparse
import collections
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
KINDS_OTHER = ('builder', 'mapper', 'repository', 'orm')
WINDOW = 3


def read_tsv(path):
    rows = []
    if not os.path.exists(path):
        return rows
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\n')
            if not line or line.startswith('#'):
                continue
            rows.append(line.split('\t'))
    return rows


def tree_dir(trees, repo, commit, head):
    base = repo.replace('/', '+')
    if head and commit != head:
        return os.path.join(trees, base + '@' + commit[:7])
    alt = os.path.join(trees, base + '@' + commit[:7])
    return alt if os.path.isdir(alt) else os.path.join(trees, base)


def run_json(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    try:
        return json.loads(p.stdout)
    except ValueError:
        sys.stderr.write('cannot read the output of %s (exit %d): %s\n'
                         % (' '.join(cmd), p.returncode, p.stderr[-2000:]))
        return {}


def rel(cwd, root, path):
    return os.path.relpath(os.path.normpath(os.path.join(cwd, path)), root)


def pct(n, d):
    return '—' if d == 0 else '%.0f%%' % (100.0 * n / d)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--binary', required=True)
    ap.add_argument('--trees', required=True)
    ap.add_argument('--sites', default=os.path.join(HERE, 'sites.tsv'))
    ap.add_argument('--repos', default=os.path.join(HERE, 'repos.tsv'))
    ap.add_argument('--judgments', default=os.path.join(HERE, 'judgments.tsv'))
    ap.add_argument('--misses', action='store_true',
                    help='list every site not listed')
    ap.add_argument('--only', action='append', default=[],
                    help='measure only this owner/name (repeatable)')
    ap.add_argument('--unjudged', action='store_true',
                    help='list every error/warning finding no judgment covers')
    ap.add_argument('--jobs', default='2')
    a = ap.parse_args()
    binary = os.path.abspath(a.binary)
    trees = os.path.abspath(a.trees)

    # repos.tsv: repo, commit, subtree ('.' for all), languages, libraries, notes
    subtree, head_of = {}, {}
    for r in read_tsv(a.repos):
        if len(r) >= 3:
            subtree[r[0]] = r[2]
            head_of[r[0]] = r[1]

    sites = collections.OrderedDict()
    for r in read_tsv(a.sites):
        repo, commit, f, line, kind = r[:5]
        note = r[5] if len(r) > 5 else ''
        if a.only and repo not in a.only:
            continue
        sites.setdefault((repo, commit), []).append((f, int(line), kind, note))

    judg = collections.defaultdict(dict)
    for r in read_tsv(a.judgments):
        repo, f, line, rule, verdict = r[:5]
        judg[repo][(f, int(line), rule)] = (verdict, r[5] if len(r) > 5 else '')

    rows, missed, findings_report = [], [], []
    tot = collections.Counter()
    for (repo, commit), ss in sites.items():
        root = tree_dir(trees, repo, commit, head_of.get(repo))
        if not os.path.isdir(root):
            sys.stderr.write('missing tree %s for %s\n' % (root, repo))
            continue
        sub = subtree.get(repo, '.')
        scan = os.path.normpath(os.path.join(root, sub))
        cwd = os.path.dirname(root)
        target = os.path.relpath(scan, cwd)
        q = run_json([binary, 'queries', '--format=json', '-j', a.jobs, target], cwd)
        listed = collections.defaultdict(list)
        for s in q.get('queries', []):
            if s.get('dialect', 'cql') != 'cql':
                continue
            listed[rel(cwd, root, s['file'])].append((s['line'], s.get('status', '')))
        # one listed statement stands for one site: pairs within WINDOW
        # lines, nearest first, each statement and each site used once
        pairs = []
        for i, (f, line, kind, note) in enumerate(ss):
            for j, (l, _) in enumerate(listed.get(f, ())):
                if abs(l - line) <= WINDOW:
                    pairs.append((abs(l - line), i, f, j))
        pairs.sort()
        hit, used = {}, set()
        for _, i, f, j in pairs:
            if i not in hit and (f, j) not in used:
                hit[i] = listed[f][j][1]
                used.add((f, j))
        c = collections.Counter()
        for i, (f, line, kind, note) in enumerate(ss):
            group = 'string' if kind == 'string' else 'other'
            c[group + '_sites'] += 1
            c['k:' + kind + '_sites'] += 1
            if i in hit:
                c[group + '_listed'] += 1
                c['k:' + kind + '_listed'] += 1
                if hit[i] == 'syntax-error':
                    c[group + '_unparsed'] += 1
            else:
                missed.append((repo, f, line, kind, note))
        tot.update(c)
        rows.append((repo, commit, sub, c, len(q.get('queries', []))))

        lint = run_json([binary, '--format=json', '--fail-on=never', '-j', a.jobs,
                         target], cwd)
        fc = collections.Counter()
        unjudged = []
        seen = set()
        for d in lint.get('diagnostics', []):
            if d.get('severity') not in ('error', 'warning'):
                continue
            key = (rel(cwd, root, d['file']), d['line'], d['rule'])
            seen.add(key)
            v = judg[repo].get(key)
            if v is None:
                unjudged.append(key)
                fc['unjudged'] += 1
            else:
                fc[v[0]] += 1
        gone = [k for k in judg[repo] if k not in seen]
        findings_report.append((repo, fc, unjudged, gone))

    print('## Recall of `nosqlint queries` (site listed: same file, within %d lines)\n' % WINDOW)
    print('| repo | commit | analyzed | string sites | string listed | string recall '
          '| other sites (b/m/r/o) | other listed | other recall | listed as syntax-error '
          '| queries listed |')
    print('| --- | --- | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |')
    for repo, commit, sub, c, nq in rows:
        other = '/'.join(str(c['k:' + k + '_sites']) for k in KINDS_OTHER)
        print('| %s | %s | %s | %d | %d | %s | %d (%s) | %d | %s | %d | %d |' % (
            repo, commit[:7], sub, c['string_sites'], c['string_listed'],
            pct(c['string_listed'], c['string_sites']), c['other_sites'], other,
            c['other_listed'], pct(c['other_listed'], c['other_sites']),
            c['string_unparsed'] + c['other_unparsed'], nq))
    other = '/'.join(str(tot['k:' + k + '_sites']) for k in KINDS_OTHER)
    print('| **total** | | | %d | %d | **%s** | %d (%s) | %d | **%s** | %d | |' % (
        tot['string_sites'], tot['string_listed'],
        pct(tot['string_listed'], tot['string_sites']), tot['other_sites'], other,
        tot['other_listed'], pct(tot['other_listed'], tot['other_sites']),
        tot['string_unparsed'] + tot['other_unparsed']))
    print('\n(b/m/r/o: builder/mapper/repository/orm; "listed as syntax-error": sites '
          'listed but with status syntax-error, so never checked)')
    print('\ntargets: string recall >= 95%, builder/mapper/repository/ORM recall >= 85%\n')
    print('| kind | sites | listed | recall |')
    print('| --- | ---: | ---: | ---: |')
    for k in ('string',) + KINDS_OTHER:
        print('| %s | %d | %d | %s |' % (k, tot['k:' + k + '_sites'], tot['k:' + k + '_listed'],
                                       pct(tot['k:' + k + '_listed'], tot['k:' + k + '_sites'])))

    print('\n## Error and warning findings of a plain run, judged by reading the code\n')
    print('| repo | findings | true | false | not judged | judged but gone |')
    print('| --- | ---: | ---: | ---: | ---: | ---: |')
    for repo, fc, unjudged, gone in findings_report:
        print('| %s | %d | %d | %d | %d | %d |' % (
            repo, sum(fc.values()), fc['true'], fc['false'], fc['unjudged'], len(gone)))
    print('\n(repositories with more than 30 findings: a random sample of 30 is judged)')
    for repo, fc, unjudged, gone in findings_report:
        for f, line, rule in (unjudged if a.unjudged else ()):
            print('- not judged: %s %s:%d %s' % (repo, f, line, rule))
        for f, line, rule in gone:
            print('- judged, no longer reported: %s %s:%d %s (%s)' % (
                repo, f, line, rule, judg[repo][(f, line, rule)][0]))
    falses = [(repo, k, v) for repo in judg for k, v in judg[repo].items()
              if v[0] == 'false' and (not a.only or repo in a.only)]
    if falses:
        print('\nfalse findings:\n')
        for repo, (f, line, rule), (_, reason) in sorted(falses):
            print('- %s %s:%d %s: %s' % (repo, f, line, rule, reason))

    if a.misses:
        print('\n## Sites not listed\n')
        for repo, f, line, kind, note in missed:
            print('- %s %s:%d [%s] %s' % (repo, f, line, kind, note))


if __name__ == '__main__':
    main()
