#!/usr/bin/env python3
"""Which rejection messages the Cassandra fixtures expect are checked
against Cassandra's own sources (issue 18). apache/cassandra is too large to
bring here whole, so its formats are looked up one by one (find_string,
read_file) and kept, with the file each was found in, in
cassandra-formats.tsv next to this script. Every distinct message expected
of an invalid-query or schema-error by a fixture that runs under Cassandra
(not under a scylladb/ folder, not a scylladb-*.cql file, not a folder whose
fixture.args says --dialect=scylladb) is matched against those formats as
quoted.py matches ScyllaDB's ("%s" standing for any text, a fixture may
quote a message's beginning or its end).

usage: tools/dialect-pairs/cassandra-quoted.py [--list]
"""
import argparse
import glob
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from quoted import covered  # noqa: E402

EXPECT = re.compile(r'expect-error(?:@[-+]?\d+)?(?::\d+)? (invalid-query|schema-error) \{\{(.*?)\}\}')


def cassandra_fixture(path):
    if os.sep + 'scylladb' in path:
        return False
    args = os.path.join(os.path.dirname(path), 'fixture.args')
    return not (os.path.exists(args) and 'dialect=scylladb' in open(args).read())


def messages(fixtures):
    out = {}
    for path in glob.glob(os.path.join(fixtures, '**', '*.cql'), recursive=True):
        if not cassandra_fixture(path):
            continue
        for line in open(path, encoding='utf-8'):
            for _, m in EXPECT.findall(line):
                if len(m) > 1 and m[0] == m[-1] == '"':
                    m = m[1:-1]
                out.setdefault(m, os.path.relpath(path, fixtures))
    return out


def formats(path):
    out = []
    for line in open(path, encoding='utf-8'):
        if line.startswith('#') or not line.strip():
            continue
        out.append(line.rstrip('\n').split('\t')[0])
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--fixtures', default=os.path.join(HERE, '..', '..', 'tests', 'fixtures'))
    ap.add_argument('--formats', default=os.path.join(HERE, 'cassandra-formats.tsv'))
    ap.add_argument('--list', action='store_true', help='list the messages no checked format renders')
    a = ap.parse_args()
    msgs = messages(a.fixtures)
    fmts = [f.replace('%d', '%s') for f in formats(a.formats)]
    whole, mostly_values, left = [], [], []
    for m in sorted(msgs):
        # A fixture may quote a message's beginning, or its end: a format
        # is also tried from each word of it on.
        best = max((covered(f[i:], m) for f in fmts
                    for i in range(len(f)) if i == 0 or f[i - 1] == ' '), default=0)
        if best * 2 >= len(m):
            whole.append(m)
        elif best:
            mostly_values.append(m)
        else:
            left.append(m)
    print('distinct Cassandra rejection messages expected: %d' % len(msgs))
    print('  a format found in Cassandra\'s sources rendered, its words half the message or more: %d'
          % len(whole))
    print('  a format found in Cassandra\'s sources rendered, values the most of it: %d'
          % len(mostly_values))
    if a.list:
        for m in mostly_values:
            print('    %s    [%s]' % (m, msgs[m]))
    print('  not checked against the sources yet: %d' % len(left))
    if a.list:
        for m in left:
            print('    %s    [%s]' % (m, msgs[m]))


if __name__ == '__main__':
    main()
