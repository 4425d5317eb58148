#!/usr/bin/env python3
"""Recall of `nosqlint queries` on public DynamoDB applications (issue 16).

The request sites of each repository were found by hand (sites.tsv: repo,
commit, file relative to the repository root, line, kind, note); a site
counts as listed when `nosqlint queries` lists a DynamoDB request in the same
file within 3 lines of it (one listed request stands for one site only:
pairs are taken nearest first). `kind` is `sdk` (a request an AWS SDK call or
request object writes: boto3, JS v2/v3, Java v1/v2 builders and the v1
Document API, Go input literals, .NET requests and the DocumentModel),
`partiql` (a PartiQL statement), `mapper` (DynamoDBMapper, the Java v2
enhanced client, the .NET DataModel), `orm` (PynamoDB, guregu/dynamo,
ElectroDB, dynamodb-toolbox, Dynamoose) or `wrapper` (a call of the
application's own function whose parameters flow into one of those). The
trees are the repositories materialized at the commit of sites.tsv under
--trees, as <owner>+<name> or, when the commit is not the one of the
repository's first row in repos.tsv, <owner>+<name>@<first 7 digits>;
repos.tsv names the subtrees analyzed (comma-separated).

judgments.tsv (repo, file, line, rule, verdict true|false, reason; repo is
written owner/name@<commit7> for a tree of a second commit) holds the
verdict on each error and warning finding of a plain run
(`nosqlint --format=json --fail-on=never`) on DynamoDB requests; the findings
of the current run that no judgment covers, and the judgments whose finding
is gone, are listed.

usage: measure.py --binary /tmp/nosqlint-latest --trees /tmp/ddbrecall
                  [--sites sites.tsv] [--repos repos.tsv]
                  [--judgments judgments.tsv] [--misses] [--unjudged]
                  [--only owner/name] [--jobs 2]

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
KINDS = ('sdk', 'partiql', 'mapper', 'orm', 'wrapper')
DIRECT = ('sdk', 'partiql')
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


def is_ddb(d):
    rule = d.get('rule', '')
    return d.get('dialect') == 'dynamodb' or rule.startswith('dynamodb') or \
        d.get('file', '').endswith(('.py', '.go', '.java', '.kt', '.ts', '.js', '.cs'))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--binary', required=True)
    ap.add_argument('--trees', required=True)
    ap.add_argument('--sites', default=os.path.join(HERE, 'sites.tsv'))
    ap.add_argument('--repos', default=os.path.join(HERE, 'repos.tsv'))
    ap.add_argument('--judgments', default=os.path.join(HERE, 'judgments.tsv'))
    ap.add_argument('--misses', action='store_true', help='list every site not listed')
    ap.add_argument('--only', action='append', default=[],
                    help='measure only this owner/name (repeatable)')
    ap.add_argument('--unjudged', action='store_true',
                    help='list every error/warning finding no judgment covers')
    ap.add_argument('--jobs', default='2')
    a = ap.parse_args()
    binary = os.path.abspath(a.binary)
    trees = os.path.abspath(a.trees)

    # repos.tsv: repo, commit, subtrees ('.' for all), languages, libraries, notes
    subtree, first_commit = {}, {}
    for r in read_tsv(a.repos):
        if len(r) >= 3:
            subtree[(r[0], r[1])] = r[2]
            first_commit.setdefault(r[0], r[1])

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
        base = repo.replace('/', '+')
        root = os.path.join(trees, base if first_commit.get(repo, commit) == commit
                            else base + '@' + commit[:7])
        if not os.path.isdir(root):
            sys.stderr.write('missing tree %s for %s\n' % (root, repo))
            continue
        subs = subtree.get((repo, commit), '.').split(',')
        cwd = os.path.dirname(root)
        targets = [os.path.relpath(os.path.normpath(os.path.join(root, s)), cwd) for s in subs]
        q = run_json([binary, 'queries', '--format=json', '-j', a.jobs] + targets, cwd)
        listed = collections.defaultdict(list)
        nq = 0
        for s in q.get('queries', []):
            if s.get('dialect') != 'dynamodb':
                continue
            nq += 1
            listed[rel(cwd, root, s['file'])].append((s['line'], s.get('source', '')))
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
            group = 'direct' if kind in DIRECT else 'other'
            c[group + '_sites'] += 1
            c['k:' + kind + '_sites'] += 1
            if i in hit:
                c[group + '_listed'] += 1
                c['k:' + kind + '_listed'] += 1
            else:
                missed.append((repo, commit, f, line, kind, note))
        tot.update(c)
        rows.append((repo, commit, ','.join(subs), c, nq))

        lint = run_json([binary, '--format=json', '--fail-on=never', '-j', a.jobs] + targets, cwd)
        fc = collections.Counter()
        unjudged, seen = [], set()
        jrepo = repo if first_commit.get(repo, commit) == commit else repo + '@' + commit[:7]
        for d in lint.get('diagnostics', []):
            if d.get('severity') not in ('error', 'warning') or not is_ddb(d):
                continue
            key = (rel(cwd, root, d['file']), d['line'], d['rule'])
            seen.add(key)
            v = judg[jrepo].get(key)
            if v is None:
                unjudged.append(key)
                fc['unjudged'] += 1
            else:
                fc[v[0]] += 1
        gone = [k for k in judg[jrepo] if k not in seen and
                any(k[0].startswith(s.rstrip('/') + '/') or s == '.' for s in subs)]
        findings_report.append((jrepo, commit, fc, unjudged, gone))

    print('## Recall of `nosqlint queries` (site listed: a DynamoDB request in the '
          'same file, within %d lines)\n' % WINDOW)
    print('| repo | commit | analyzed | SDK+PartiQL sites | listed | recall '
          '| other sites (m/o/w) | listed | recall | requests listed |')
    print('| --- | --- | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |')
    for repo, commit, sub, c, nq in rows:
        other = '/'.join(str(c['k:' + k + '_sites']) for k in ('mapper', 'orm', 'wrapper'))
        print('| %s | %s | %s | %d | %d | %s | %d (%s) | %d | %s | %d |' % (
            repo, commit[:7], sub, c['direct_sites'], c['direct_listed'],
            pct(c['direct_listed'], c['direct_sites']), c['other_sites'], other,
            c['other_listed'], pct(c['other_listed'], c['other_sites']), nq))
    other = '/'.join(str(tot['k:' + k + '_sites']) for k in ('mapper', 'orm', 'wrapper'))
    print('| **total** | | | %d | %d | **%s** | %d (%s) | %d | **%s** | |' % (
        tot['direct_sites'], tot['direct_listed'],
        pct(tot['direct_listed'], tot['direct_sites']), tot['other_sites'], other,
        tot['other_listed'], pct(tot['other_listed'], tot['other_sites'])))
    print('\n(m/o/w: mapper/orm/wrapper)')
    print('\ntargets: SDK and PartiQL recall >= 95%, mapper/ORM/wrapper recall >= 85%\n')
    print('| kind | sites | listed | recall |')
    print('| --- | ---: | ---: | ---: |')
    for k in KINDS:
        print('| %s | %d | %d | %s |' % (k, tot['k:' + k + '_sites'], tot['k:' + k + '_listed'],
                                       pct(tot['k:' + k + '_listed'], tot['k:' + k + '_sites'])))

    print('\n## Error and warning findings of a plain run on DynamoDB requests, '
          'judged by reading the code\n')
    print('| repo | commit | findings | true | false | not judged | judged but gone |')
    print('| --- | --- | ---: | ---: | ---: | ---: | ---: |')
    for repo, commit, fc, unjudged, gone in findings_report:
        print('| %s | %s | %d | %d | %d | %d | %d |' % (
            repo, commit[:7], sum(fc.values()), fc['true'], fc['false'], fc['unjudged'],
            len(gone)))
    for repo, commit, fc, unjudged, gone in findings_report:
        for f, line, rule in (unjudged if a.unjudged else ()):
            print('- not judged: %s %s:%d %s' % (repo, f, line, rule))
        for f, line, rule in gone:
            print('- judged, no longer reported: %s %s:%d %s (%s)' % (
                repo, f, line, rule, judg[repo][(f, line, rule)][0]))
    falses = [(repo, k, v) for repo in judg for k, v in judg[repo].items()
              if v[0] == 'false' and (not a.only or repo.split('@')[0] in a.only)]
    if falses:
        print('\nfalse findings judged (the ones still reported are counted above):\n')
        for repo, (f, line, rule), (_, reason) in sorted(falses):
            print('- %s %s:%d %s: %s' % (repo, f, line, rule, reason))

    if a.misses:
        print('\n## Sites not listed\n')
        for repo, commit, f, line, kind, note in missed:
            print('- %s@%s %s:%d [%s] %s' % (repo, commit[:7], f, line, kind, note))


if __name__ == '__main__':
    main()
