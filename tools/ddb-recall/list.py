#!/usr/bin/env python3
"""Lists the DynamoDB requests `nosqlint queries` finds under a tree, one a
line (file:line source operation table), to compare with the request sites
counted by hand (a site counts as listed when a request is within 3 lines).

usage: list.py NOSQLINT DIR
"""
import json, subprocess, sys

binary, tree = sys.argv[1:]
out = subprocess.run([binary, 'queries', '--format=json', tree],
                     capture_output=True, text=True).stdout
for q in json.loads(out)['queries']:
    if q.get('dialect') == 'dynamodb':
        print(f"{q['file']}:{q['line']} {q.get('source')} {q['operation']} "
              f"{q.get('table')}")
