#!/usr/bin/env python3
"""Does a Node.js client one module exports reach the modules that import it?

Public applications with a shared client module rarely set `queryOptions`,
so on them the join of src/driver/SharedClients.cpp changes no fact. This
probe copies each tree, adds `queryOptions: { consistency: ALL }` to the
one client construction of the module named, and prints, with
execution_facts_diff.py, the statements that then take ALL: each is to be
judged by reading whether it runs on that client.

Usage: shared_client_probe.py --before BIN --after BIN TREE:MODULE:ANCHOR...
  MODULE: the client module, relative to TREE; ANCHOR: a text of the
  construction's options after which the option is added.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--before', required=True)
    ap.add_argument('--after', required=True)
    ap.add_argument('probes', nargs='+')
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix='shared-client-probe-')
    trees = []
    for probe in args.probes:
        tree, module, anchor = probe.split(':', 2)
        copy = os.path.join(work, os.path.basename(tree.rstrip('/')))
        shutil.copytree(tree, copy, symlinks=True)
        path = os.path.join(copy, module)
        with open(path, encoding='utf-8') as f:
            text = f.read()
        if anchor not in text:
            sys.exit(f'{probe}: anchor not found in {module}')
        text = text.replace(
            anchor, anchor + ' queryOptions: { consistency: '
            'require("cassandra-driver").types.consistencies.all },', 1)
        with open(path, 'w', encoding='utf-8') as f:
            f.write(text)
        trees.append(copy)
    here = os.path.dirname(os.path.abspath(__file__))
    subprocess.run([sys.executable, os.path.join(here, 'execution_facts_diff.py'),
                    '--before', args.before, '--after', args.after] + trees)
    shutil.rmtree(work)


if __name__ == '__main__':
    main()
