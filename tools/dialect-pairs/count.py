#!/usr/bin/env python3
"""Counts the statements the dialect fixture twins run under both dialects
(issue 18): each file F of tests/fixtures/**/scylladb/ named dialect-*.cql
or token-column-definitions.cql beside its Cassandra twin ../F, statement
by statement in order. A statement is rejected by a database when its
fixture expects an error of invalid-query, syntax-error, schema-error or
filtering-required on it (filtering-required as an error: refused without
ALLOW FILTERING; ScyllaDB's warning under strict_allow_filtering=warn runs
it). Prints both accept / both reject / only Cassandra rejects / only
ScyllaDB rejects, per pair and in total, and, of ScyllaDB's rejections,
how many expect a message quoted from ScyllaDB's source (an invalid-query
expectation with text other than nosqlint's own sentences).

usage: tools/dialect-pairs/count.py [--fixtures tests/fixtures] [--list]
"""
import argparse
import glob
import os
import re

REJECTING = ('invalid-query', 'syntax-error', 'schema-error', 'filtering-required')
STATEMENT = re.compile(r'^\s*(SELECT|INSERT|UPDATE|DELETE|BEGIN|CREATE|ALTER|DROP)\b', re.I)
EXPECT = re.compile(r'expect-(error|warning|note)(?:@[-+]?\d+)?(?::\d+)? ([a-z-]+)(?: \{\{(.*?)\}\})?')


def statements(path):
    """(text, [(severity, rule, message)]) per statement line, in order."""
    out = []
    for line in open(path, encoding='utf-8'):
        code = line.split(' -- ', 1)[0]
        if not STATEMENT.match(code):
            continue
        out.append((code.strip(), EXPECT.findall(line)))
    return out


def setup(text, ce, se, folder):
    """A keyspace or type the fixture declares, or, in a check fixture, a
    table it declares for its statements: not a statement under test."""
    t = text.upper()
    if t.startswith(('CREATE KEYSPACE', 'CREATE TYPE')):
        return True
    return t.startswith('CREATE TABLE') and not ce and not se and \
        os.path.basename(folder) != 'cql-schema' 


def rejected(exps):
    return any(s == 'error' and r in REJECTING for s, r, _ in exps)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--fixtures', default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tests', 'fixtures'))
    ap.add_argument('--list', action='store_true', help='list each statement and its verdicts')
    a = ap.parse_args()
    total = dict(both_accept=0, both_reject=0, only_cassandra=0, only_scylladb=0)
    quoted = own = 0
    twins = sorted(glob.glob(os.path.join(a.fixtures, '**', 'scylladb', 'dialect-*.cql'), recursive=True)
                   + glob.glob(os.path.join(a.fixtures, '**', 'scylladb', 'token-column-definitions.cql'),
                               recursive=True))
    print('| pair | statements | both accept | both reject | only Cassandra rejects | only ScyllaDB rejects |')
    print('| --- | ---: | ---: | ---: | ---: | ---: |')
    for s in twins:
        c = os.path.join(os.path.dirname(os.path.dirname(s)), os.path.basename(s))
        cs, ss = statements(c), statements(s)
        if [x[0] for x in cs] != [x[0] for x in ss]:
            print('statements differ: %s' % os.path.relpath(s, a.fixtures))
            continue
        n = dict(both_accept=0, both_reject=0, only_cassandra=0, only_scylladb=0)
        folder = os.path.dirname(c)
        pairs = [(x, y) for x, y in zip(cs, ss) if not setup(x[0], x[1], y[1], folder)]
        for (text, ce), (_, se) in pairs:
            cr, sr = rejected(ce), rejected(se)
            key = ('both_reject' if cr and sr else 'only_cassandra' if cr else
                   'only_scylladb' if sr else 'both_accept')
            n[key] += 1
            if sr:
                for sev, rule, msg in se:
                    if sev == 'error' and rule == 'invalid-query':
                        if msg and not msg.startswith(('ScyllaDB rejects', 'ScyllaDB\'s grammar')):
                            quoted += 1
                        else:
                            own += 1
                        break
            if a.list:
                print('   %-15s %s' % (key, text))
        for k in total:
            total[k] += n[k]
        print('| %s | %d | %d | %d | %d | %d |' % (
            os.path.relpath(s, a.fixtures).replace('/scylladb/', '/{,scylladb/}'),
            len(pairs), n['both_accept'], n['both_reject'], n['only_cassandra'], n['only_scylladb']))
    print('| **total** | %d | %d | %d | %d | %d |' % (
        sum(total.values()), total['both_accept'], total['both_reject'],
        total['only_cassandra'], total['only_scylladb']))
    print('\nScyllaDB invalid-query rejections whose expected text is ScyllaDB\'s own '
          'message: %d; with nosqlint\'s words only: %d' % (quoted, own))


if __name__ == '__main__':
    main()
