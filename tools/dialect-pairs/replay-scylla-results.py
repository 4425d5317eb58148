#!/usr/bin/env python3
"""Replays ScyllaDB's own CQL transcripts (test/cql/*.result: each statement
as it was sent, then ScyllaDB's answer) through `nosqlint --dialect=scylladb`
and compares the verdicts (issue 18).

A statement ScyllaDB answered with "Error from server: code=2200 [Invalid
query]" or "code=2000 [Syntax error ...]" is rejected by ScyllaDB; one it
answered "OK" or with rows is accepted; other answers (configuration errors,
timeouts) are left out. A statement is rejected by nosqlint when a
diagnostic of invalid-query, syntax-error, schema-error or
filtering-required starts on one of its lines.

Only reads and writes (SELECT, INSERT, UPDATE, DELETE, BATCH) are compared.
Each is checked against the schema the transcript had built when it ran:
the DDL before it that ScyllaDB accepted, in order (`--schema`), with the
last USE before it. Consecutive reads and writes on one schema are checked
in one run.

usage: tools/dialect-pairs/replay-scylla-results.py --binary build/nosqlint \
           --results DIR (ScyllaDB's test/cql) [--list] [--only NAME]
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

REJECTING = {'invalid-query', 'syntax-error', 'schema-error', 'filtering-required'}
DML = re.compile(r'^\s*(SELECT|INSERT|UPDATE|DELETE|BEGIN)\b', re.I)
USE = re.compile(r'^\s*USE\b', re.I)


def strip_comments(text):
    return '\n'.join(l for l in text.split('\n') if not l.strip().startswith('--'))


def transcript(path):
    """(statement text, verdict) in order; verdict is 'ok', or 'invalid',
    'syntax' or 'other' followed by ScyllaDB's answer."""
    out = []
    pending = []      # input lines of the statement being read
    answer = None     # the statement waiting for its answer
    for raw in open(path, encoding='utf-8', errors='replace'):
        line = raw.rstrip('\n')
        if line.startswith('> ') or line == '>':
            text = line[2:]
            if answer is not None:
                out.append((answer, 'other'))
                answer = None
            pending.append(text)
            body = strip_comments('\n'.join(pending)).strip()
            if not body:
                pending = []
            elif body.endswith(';'):
                answer = body
                pending = []
            continue
        if answer is None:
            continue
        s = line.strip()
        if not s:
            continue
        if s == 'OK' or s.startswith('+') or s.startswith('|'):
            verdict = 'ok'
        elif 'code=2200 [Invalid query]' in s:
            verdict = 'invalid'
        elif 'code=2000 [Syntax error' in s:
            verdict = 'syntax'
        else:
            verdict = 'other'
        out.append((answer, verdict if verdict == 'ok' else verdict + ': ' + s))
        answer = None
    if answer is not None:
        out.append((answer, 'other'))
    return out


def run(binary, schema, use, statements, work):
    """Which of the statements nosqlint rejects, and the first message."""
    sdir = os.path.join(work, 'schema')
    os.makedirs(sdir, exist_ok=True)
    with open(os.path.join(sdir, 'schema.cql'), 'w') as f:
        f.write('\n'.join(schema) + '\n')
    qpath = os.path.join(work, 'q.cql')
    spans = []
    lines = []
    if use:
        lines.append(use)
    for st in statements:
        first = len(lines) + 1
        lines.extend(st.split('\n'))
        spans.append((first, len(lines)))
    with open(qpath, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    cmd = [binary, '--dialect=scylladb', '--format=json', '--schema', sdir, qpath]
    p = subprocess.run(cmd, capture_output=True, text=True)
    try:
        diags = json.loads(p.stdout)['diagnostics']
    except (ValueError, KeyError):
        sys.stderr.write('nosqlint gave no JSON for %s\n%s' % (qpath, p.stderr))
        return [None] * len(statements)
    verdicts = [None] * len(statements)
    for d in diags:
        if d.get('rule') not in REJECTING or not d.get('file') or \
                os.path.basename(d['file']) != 'q.cql' or d.get('line') is None:
            continue
        for i, (a, b) in enumerate(spans):
            if a <= d['line'] <= b and verdicts[i] is None:
                verdicts[i] = '%s: %s' % (d['rule'], d['message'])
    return verdicts


def replay(binary, path, work):
    rows = []  # (statement, scylla verdict, nosqlint rejection or None)
    schema, use = [], None
    group = []

    def flush():
        if not group:
            return
        got = run(binary, schema, use, [g[0] for g in group], work)
        for (st, v), n in zip(group, got):
            rows.append((st, v, n))
        group.clear()

    for st, verdict in transcript(path):
        if USE.match(st):
            flush()
            if verdict == 'ok':
                use = st
                schema.append(st)
            continue
        if DML.match(st):
            if verdict.split(':')[0] in ('ok', 'invalid', 'syntax'):
                group.append((st, verdict))
            continue
        flush()
        if verdict == 'ok':
            schema.append(st)
    flush()
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--binary', required=True)
    ap.add_argument('--results', required=True)
    ap.add_argument('--list', action='store_true')
    ap.add_argument('--only')
    a = ap.parse_args()
    totals = {'both accept': 0, 'both reject': 0, 'only ScyllaDB rejects': 0,
              'only nosqlint rejects': 0}
    listed = []
    same_words = 0  # both reject, with ScyllaDB's message in nosqlint's
    with tempfile.TemporaryDirectory() as work:
        for path in sorted(glob.glob(os.path.join(a.results, '*.result'))):
            name = os.path.basename(path)
            if a.only and a.only not in name:
                continue
            for st, v, n in replay(os.path.abspath(a.binary), path, work):
                scylla = v != 'ok'
                key = ('both reject' if scylla and n else
                       'only ScyllaDB rejects' if scylla else
                       'only nosqlint rejects' if n else 'both accept')
                totals[key] += 1
                m = re.search(r'message="(.*)"', v)
                if key == 'both reject' and m and m.group(1) in n:
                    same_words += 1
                if key.startswith('only'):
                    listed.append((key, name, st, n if n else v))
    print('statements compared: %d' % sum(totals.values()))
    for k, v in totals.items():
        print('  %s: %d' % (k, v))
    print('both reject, nosqlint quoting ScyllaDB\'s message word for word: %d'
          % same_words)
    if a.list:
        for key, name, st, n in listed:
            print('\n[%s] %s\n  %s' % (key, name, st.replace('\n', '\n  ')))
            if n:
                print('  -> %s' % n)


if __name__ == '__main__':
    main()
