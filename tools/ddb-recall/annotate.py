#!/usr/bin/env python3
"""Appends `expect-<sev>:<col> <rule>` comments to the lines of a Java fixture
that the current binary reports on (review every one before keeping it).

usage: annotate.py NOSQLINT FIXTURE [ARGS...]
"""
import json, subprocess, sys

binary, fixture, *args = sys.argv[1:]
out = subprocess.run([binary, '--format=json', *args, fixture],
                     capture_output=True, text=True).stdout
doc = json.loads(out)
by_line = {}
for d in doc.get('diagnostics', []):
    if not d.get('file', '').endswith('/' + fixture.split('/')[-1]):
        continue
    by_line.setdefault(d['line'], []).append(
        f"expect-{d['severity']}:{d['column']} {d['rule']}")
lines = open(fixture).read().split('\n')
for n, exps in sorted(by_line.items()):
    text = lines[n - 1]
    sep = ' ' if '//' in text else ' // '
    lines[n - 1] = text + sep + ' '.join(exps)
open(fixture, 'w').write('\n'.join(lines))
