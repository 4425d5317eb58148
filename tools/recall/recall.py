"""Recall of `nosqlint queries` against hand-counted query sites, and the
verdicts on the findings of a plain run: the measure shared by the CQL
(tools/cql-recall) and DynamoDB (tools/ddb-recall) recall sets.

A set is its sites.tsv (repo, commit, file relative to the repository root,
line, kind, note), repos.tsv (repo, commit, subtrees comma-separated or '.',
...) and judgments.tsv (repo, file, line, rule, true|false, reason; repo is
owner/name@<commit7> for a tree of a repository's second commit). A site is
listed when `nosqlint queries` lists an entry of the set's dialect in the
same file within WINDOW lines; one entry stands for one site only (pairs
nearest first). Trees are laid out by tools/recall/materialize.py.

Only the standard library is used; no third-party code is kept here, only
file paths and line numbers.
"""
import argparse
import collections
import json
import os
import subprocess
import sys

WINDOW = 3


class RecallSet:
    """What distinguishes one recall set from another."""

    def __init__(self, here, title, direct, other, entry_filter, finding_filter,
                 direct_label, targets, unparsed_column=False, sample_note='',
                 findings_scope=''):
        self.here = here                  # folder of sites.tsv etc.
        self.title = title                # what a listed entry is
        self.direct = direct              # kinds counted as the direct group
        self.other = other                # the other kinds, in column order
        self.entry_filter = entry_filter  # queries entry -> bool
        self.finding_filter = finding_filter  # diagnostic -> bool
        self.direct_label = direct_label
        self.targets = targets
        self.unparsed_column = unparsed_column
        self.sample_note = sample_note
        self.findings_scope = findings_scope  # which findings are judged


def read_tsv(path):
    rows = []
    if not os.path.exists(path):
        return rows
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\n')
            if line and not line.startswith('#'):
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


def match_sites(sites, listed):
    """Pairs each site with the nearest listed entry of its file within
    WINDOW lines, each entry used once: {site index: entry status}."""
    pairs = []
    for i, (f, line, _kind, _note) in enumerate(sites):
        for j, (l, _) in enumerate(listed.get(f, ())):
            if abs(l - line) <= WINDOW:
                pairs.append((abs(l - line), i, f, j))
    pairs.sort()
    hit, used = {}, set()
    for _, i, f, j in pairs:
        if i not in hit and (f, j) not in used:
            hit[i] = listed[f][j][1]
            used.add((f, j))
    return hit


def parse_args(rs, argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument('--binary', required=True)
    ap.add_argument('--trees', required=True)
    ap.add_argument('--sites', default=os.path.join(rs.here, 'sites.tsv'))
    ap.add_argument('--repos', default=os.path.join(rs.here, 'repos.tsv'))
    ap.add_argument('--judgments', default=os.path.join(rs.here, 'judgments.tsv'))
    ap.add_argument('--misses', action='store_true', help='list every site not listed')
    ap.add_argument('--only', action='append', default=[],
                    help='measure only this owner/name (repeatable)')
    ap.add_argument('--unjudged', action='store_true',
                    help='list every error/warning finding no judgment covers')
    ap.add_argument('--jobs', default='2')
    ap.add_argument('--dialect', choices=('cassandra', 'scylladb'),
                    help='pass --dialect to nosqlint (ScyllaDB applications: '
                         'the repositories repos.tsv marks as ScyllaDB ones)')
    return ap.parse_args(argv)


def measure(rs, argv=None):
    a = parse_args(rs, argv)
    binary = os.path.abspath(a.binary)
    trees = os.path.abspath(a.trees)

    subtree, first_commit = {}, {}
    for r in read_tsv(a.repos):
        if len(r) >= 3:
            subtree[(r[0], r[1])] = r[2]
            first_commit.setdefault(r[0], r[1])

    sites = collections.OrderedDict()
    for r in read_tsv(a.sites):
        repo, commit, f, line, kind = r[:5]
        if a.only and repo not in a.only:
            continue
        sites.setdefault((repo, commit), []).append(
            (f, int(line), kind, r[5] if len(r) > 5 else ''))

    judg = collections.defaultdict(dict)
    for r in read_tsv(a.judgments):
        repo, f, line, rule, verdict = r[:5]
        judg[repo][(f, int(line), rule)] = (verdict, r[5] if len(r) > 5 else '')

    rows, missed, findings = [], [], []
    tot = collections.Counter()
    for (repo, commit), ss in sites.items():
        base = repo.replace('/', '+')
        second = first_commit.get(repo, commit) != commit
        root = os.path.join(trees, base + '@' + commit[:7] if second else base)
        if not os.path.isdir(root):
            sys.stderr.write('missing tree %s for %s\n' % (root, repo))
            continue
        jrepo = repo + '@' + commit[:7] if second else repo
        subs = subtree.get((repo, commit), '.').split(',')
        cwd = os.path.dirname(root)
        targets = [os.path.relpath(os.path.normpath(os.path.join(root, s)), cwd)
                   for s in subs]

        dialect = ['--dialect=' + a.dialect] if a.dialect else []
        q = run_json([binary, 'queries', '--format=json', '-j', a.jobs] + dialect + targets, cwd)
        listed = collections.defaultdict(list)
        entries = [e for e in q.get('queries', []) if rs.entry_filter(e)]
        for e in entries:
            listed[rel(cwd, root, e['file'])].append((e['line'], e.get('status', '')))
        hit = match_sites(ss, listed)
        c = collections.Counter()
        for i, (f, line, kind, note) in enumerate(ss):
            group = 'direct' if kind in rs.direct else 'other'
            c[group + '_sites'] += 1
            c['k:' + kind + '_sites'] += 1
            if i in hit:
                c[group + '_listed'] += 1
                c['k:' + kind + '_listed'] += 1
                if hit[i] == 'syntax-error':
                    c['unparsed'] += 1
            else:
                missed.append((repo + '@' + commit[:7], f, line, kind, note))
        tot.update(c)
        rows.append((repo, commit, ','.join(subs), c, len(entries)))

        lint = run_json([binary, '--format=json', '--fail-on=never', '-j', a.jobs]
                        + dialect + targets, cwd)
        fc = collections.Counter()
        unjudged, seen = [], set()
        for d in lint.get('diagnostics', []):
            if d.get('severity') not in ('error', 'warning') or not rs.finding_filter(d):
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
                any(s == '.' or k[0].startswith(s.rstrip('/') + '/') for s in subs)]
        findings.append((jrepo, commit, fc, unjudged, gone))

    report(rs, a, rows, tot, findings, judg, missed)


def report(rs, a, rows, tot, findings, judg, missed):
    other_key = '/'.join(k[0] for k in rs.other)
    unparsed_head = ' listed as syntax-error |' if rs.unparsed_column else ''
    print('## Recall of `nosqlint queries` (site listed: %s in the same file, '
          'within %d lines)\n' % (rs.title, WINDOW))
    print('| repo | commit | analyzed | %s sites | listed | recall | other sites (%s) '
          '| listed | recall |%s entries listed |' % (rs.direct_label, other_key, unparsed_head))
    print('| --- | --- | --- | ---: | ---: | ---: | --- | ---: | ---: |%s ---: |'
          % (' ---: |' if rs.unparsed_column else ''))

    def line(name, commit, sub, c, n, bold):
        b = '**' if bold else ''
        other = '/'.join(str(c['k:' + k + '_sites']) for k in rs.other)
        unparsed = (' %d |' % c['unparsed']) if rs.unparsed_column else ''
        print('| %s | %s | %s | %d | %d | %s%s%s | %d (%s) | %d | %s%s%s |%s %s |' % (
            name, commit, sub, c['direct_sites'], c['direct_listed'],
            b, pct(c['direct_listed'], c['direct_sites']), b, c['other_sites'], other,
            c['other_listed'], b, pct(c['other_listed'], c['other_sites']), b,
            unparsed, n))

    for repo, commit, sub, c, n in rows:
        line(repo, commit[:7], sub, c, n, False)
    line('**total**', '', '', tot, '', True)
    print('\n(%s: %s%s)' % (other_key, '/'.join(rs.other),
                             '; "listed as syntax-error": listed with status '
                             'syntax-error, so never checked' if rs.unparsed_column else ''))
    print('\ntargets: %s\n' % rs.targets)
    print('| kind | sites | listed | recall |')
    print('| --- | ---: | ---: | ---: |')
    for k in tuple(rs.direct) + tuple(rs.other):
        print('| %s | %d | %d | %s |' % (k, tot['k:' + k + '_sites'], tot['k:' + k + '_listed'],
                                       pct(tot['k:' + k + '_listed'], tot['k:' + k + '_sites'])))

    print('\n## Error and warning findings of a plain run%s, judged by reading the code\n'
          % rs.findings_scope)
    print('| repo | commit | findings | true | false | not judged | judged but gone |')
    print('| --- | --- | ---: | ---: | ---: | ---: | ---: |')
    for repo, commit, fc, unjudged, gone in findings:
        print('| %s | %s | %d | %d | %d | %d | %d |' % (
            repo, commit[:7], sum(fc.values()), fc['true'], fc['false'], fc['unjudged'],
            len(gone)))
    if rs.sample_note:
        print('\n(%s)' % rs.sample_note)
    for repo, commit, fc, unjudged, gone in findings:
        for f, ln, rule in (unjudged if a.unjudged else ()):
            print('- not judged: %s %s:%d %s' % (repo, f, ln, rule))
        for f, ln, rule in gone:
            print('- judged, no longer reported: %s %s:%d %s (%s)' % (
                repo, f, ln, rule, judg[repo][(f, ln, rule)][0]))
    falses = [(repo, k, v) for repo in judg for k, v in judg[repo].items()
              if v[0] == 'false' and (not a.only or repo.split('@')[0] in a.only)]
    if falses:
        print('\nfalse findings judged (the ones still reported are counted above):\n')
        for repo, (f, ln, rule), (_, reason) in sorted(falses):
            print('- %s %s:%d %s: %s' % (repo, f, ln, rule, reason))

    if a.misses:
        print('\n## Sites not listed\n')
        for repo, f, ln, kind, note in missed:
            print('- %s %s:%d [%s] %s' % (repo, f, ln, kind, note))
