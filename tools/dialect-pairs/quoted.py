#!/usr/bin/env python3
"""Which rejection messages the ScyllaDB fixtures expect are ScyllaDB's own
words (issue 18): every distinct message expected of an invalid-query or
schema-error under tests/fixtures/**/scylladb/ (the text ScyllaDB's
message is quoted in) is matched against the string literals of a
ScyllaDB source tree (adjacent literals joined, each "{}" or "%s" standing
for any text). A message matches when one literal format covers it whole,
from its beginning (a fixture may quote only the start of a message).
Prints how many are a format with its words at least half of the message,
the ones where values are most of it (a type name, a column definition:
to read by hand), and the ones no format renders.

usage: tools/dialect-pairs/quoted.py --source DIR (a ScyllaDB checkout or
`git archive` of cql3/ types/ schema/ db/ index/ exceptions/ service/)
"""
import argparse
import glob
import os
import re

LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')


def formats(src):
    out = set()
    for path in glob.glob(os.path.join(src, '**', '*.[ch][ch]'), recursive=True):
        if os.sep + 'test' + os.sep in path:
            continue
        text = open(path, encoding='utf-8', errors='replace').read()
        # join adjacent literals ("a" "b" -> "ab"), across line breaks
        text = re.sub(r'"\s*\n\s*"', '', text)
        text = re.sub(r'"\s+"', '', text)
        for m in LITERAL.finditer(text):
            s = re.sub(r'\\(["\\])', r'\1', m.group(1))
            if len(s) >= 12 and ' ' in s:
                out.add(s)
    return out


def literal_parts(fmt):
    parts = re.split(r'\{[^{}]*\}|%s|%d', fmt.replace('{{', '\x01').replace('}}', '\x02'))
    return [p.replace('\x01', '{').replace('\x02', '}') for p in parts]


def covered(fmt, msg):
    """How many characters of msg are fmt's own words, when msg is fmt
    rendered (each value standing for any text) from its start, perhaps
    cut short inside a literal part (a fixture may quote a message's
    beginning); 0 when it is not."""
    parts = literal_parts(fmt)
    if not msg.startswith(parts[0][:len(msg)]):
        return 0
    best = 0
    for j in range(len(parts)):
        body = re.escape(parts[0]) + ''.join('(.+?)' + re.escape(p) for p in parts[1:j])
        if j == 0:
            rx = '^(?:%s)' % re.escape(parts[0][:len(msg)])
        else:
            last = parts[j]
            ends = [last[:k] for k in range(len(last), 0, -1)] if j < len(parts) - 1 else [last]
            rx = '^' + body + '(.+?)'
            if ends and ends[0]:
                rx += '(?:%s)' % '|'.join(map(re.escape, ends))
        m = re.match(rx + '$', msg, re.S)
        if m:
            best = max(best, len(msg) - sum(len(g) for g in m.groups()))
    return best


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--source', required=True)
    ap.add_argument('--fixtures', default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tests', 'fixtures'))
    a = ap.parse_args()
    msgs = set()
    exp = re.compile(r'expect-error(?:@[-+]?\d+)?(?::\d+)? (invalid-query|schema-error) \{\{(.*?)\}\}')
    for path in glob.glob(os.path.join(a.fixtures, '**', 'scylladb', '*.cql'), recursive=True):
        for line in open(path, encoding='utf-8'):
            for _, m in exp.findall(line):
                if len(m) > 1 and m[0] == m[-1] == '"':
                    m = m[1:-1]
                msgs.add(m)
    fmts = formats(a.source)
    whole, mostly_values, none = [], [], []
    for m in sorted(msgs):
        # The format whose words cover the most of the message.
        best = max((covered(f, m) for f in fmts), default=0)
        if best * 2 >= len(m):
            whole.append(m)
        elif best:
            mostly_values.append(m)
        else:
            none.append(m)
    print('distinct ScyllaDB rejection messages expected: %d' % len(msgs))
    print('  a ScyllaDB format string rendered, its words half the message or more: %d'
          % len(whole))
    print('  a ScyllaDB format string rendered, values the most of it (to read by hand): %d'
          % len(mostly_values))
    for m in mostly_values:
        print('    ' + m)
    print('  no format: %d' % len(none))
    for m in none:
        print('    ' + m)


if __name__ == '__main__':
    main()
