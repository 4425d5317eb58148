#!/usr/bin/env python3
"""Whole-process speed of nosqlint on a tree of public repositories, against
ripgrep on the same tree (issue 20).

The tree is laid out from fetched snapshots, never committed:

    python3 tools/recall/materialize.py --whole \\
        --repos tools/real-trees/repos.txt --trees /tmp/realtrees

Each round runs ripgrep (a case-insensitive count of query keywords, the
floor of any tool that reads every byte) and nosqlint (a plain JSON run),
interleaved, so both see the same page cache and the same load. Printed per
command: median and minimum wall time, peak RSS, the most threads seen; then
the ratio of the medians. A first untimed round of each warms the page cache.

nosqlint runs cold (--no-cache) unless --cache-dir DIR is given: then the
untimed round fills the result cache in DIR and the timed rounds are warm
re-scans that read, hash and print.

usage: bench-tree.py --binary build/nosqlint --tree /tmp/realtrees
                     [--rounds 5] [--jobs N] [--cache-dir DIR]
                     [--extra-arg ARG ...]
"""
import argparse
import os
import statistics
import subprocess
import sys
import threading
import time

RG_PATTERN = r'select|insert|update|delete|dynamodb|cassandra|keyspace'


def threads_of(pid):
    try:
        with open('/proc/%d/status' % pid) as f:
            for line in f:
                if line.startswith('Threads:'):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def run(cmd):
    """Wall seconds, peak RSS in MB, most threads seen, exit status."""
    start = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    most = [0]
    done = threading.Event()

    def sample():
        while not done.is_set():
            most[0] = max(most[0], threads_of(p.pid))
            done.wait(0.01)
    t = threading.Thread(target=sample)
    t.start()
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.monotonic() - start
    done.set()
    t.join()
    p.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_maxrss / 1024.0, most[0], p.returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--binary', required=True)
    ap.add_argument('--tree', required=True)
    ap.add_argument('--rounds', type=int, default=5)
    ap.add_argument('--jobs', default=str(os.cpu_count() or 1))
    ap.add_argument('--extra-arg', action='append', default=[])
    ap.add_argument('--cache-dir', help='run warm, with the result cache in DIR')
    a = ap.parse_args()
    cache = ['--cache-dir', os.path.abspath(a.cache_dir)] if a.cache_dir else ['--no-cache']
    tree = os.path.abspath(a.tree)
    commands = {
        'rg': ['rg', '-c', '-i', '-j', a.jobs, RG_PATTERN, tree],
        'nosqlint': [os.path.abspath(a.binary), '--format=json', '--fail-on=never',
                     '-j', a.jobs] + cache + a.extra_arg + [tree],
    }
    files = sum(len(f) for _, _, f in os.walk(tree))
    size = sum(os.path.getsize(os.path.join(d, x)) for d, _, fs in os.walk(tree)
               for x in fs if not os.path.islink(os.path.join(d, x)))
    repos = len([d for d in os.listdir(tree) if os.path.isdir(os.path.join(tree, d))])
    print('tree: %s (%d repositories, %d files, %.0f MB); -j %s; %d rounds; %s' % (
        tree, repos, files, size / 1e6, a.jobs, a.rounds,
        'warm (cache %s)' % a.cache_dir if a.cache_dir else 'cold (--no-cache)'))
    for cmd in commands.values():  # warm the page cache
        run(cmd)
    results = {name: [] for name in commands}
    for _ in range(a.rounds):
        for name, cmd in commands.items():
            results[name].append(run(cmd))
    print('\n| command | median s | min s | peak RSS MB | threads | exit |')
    print('| --- | ---: | ---: | ---: | ---: | ---: |')
    medians = {}
    for name, rs in results.items():
        walls = [r[0] for r in rs]
        medians[name] = statistics.median(walls)
        print('| %s | %.2f | %.2f | %.0f | %d | %s |' % (
            name, medians[name], min(walls), max(r[1] for r in rs),
            max(r[2] for r in rs), ','.join(sorted({str(r[3]) for r in rs}))))
    print('\nnosqlint / rg (medians): %.1fx' % (medians['nosqlint'] / medians['rg']))


if __name__ == '__main__':
    sys.exit(main())
