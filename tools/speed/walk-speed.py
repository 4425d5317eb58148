#!/usr/bin/env python3
"""How long the directory walk takes in a big git work tree.

Generates a git work tree of N source files (default 50,000) in folders
three levels deep, with a .gitignore in every tenth folder (a folder-only
pattern, a glob, a negation, `**/`), then times `nosqlint --list-files`
(walk and git's ignore rules, nothing parsed) against `git ls-files
--cached --others --exclude-standard`, best of three each.

    walk-speed.py <nosqlint> [N]
"""
import os
import subprocess
import sys
import tempfile
import time


def best_of(cmd, cwd=None, runs=3):
    best = None
    for _ in range(runs):
        start = time.perf_counter()
        out = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                             check=False).stdout
        took = time.perf_counter() - start
        best = took if best is None else min(best, took)
    return best, len(out.splitlines())


def main():
    nosqlint = os.path.abspath(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 50000
    with tempfile.TemporaryDirectory() as root:
        subprocess.run(['git', 'init', '-q', root], check=True)
        per_dir = 20
        for i in range(count):
            d = os.path.join(root, f'p{i // 4000}', f'q{i // 400 % 10}',
                             f'r{i // per_dir % 20}')
            os.makedirs(d, exist_ok=True)
            ext = ('.py', '.java', '.cql', '.go')[i % 4]
            with open(os.path.join(d, f'f{i}{ext}'), 'w') as f:
                f.write('x = 1\n')
            if i % (per_dir * 10) == 0:
                with open(os.path.join(d, '.gitignore'), 'w') as f:
                    f.write('gen/\n*1.py\n!f1001.py\n**/r3/*.cql\n')
        nosq, kept = best_of([nosqlint, '--list-files', '-j', '1', root])
        gitt, listed = best_of(['git', 'ls-files', '--cached', '--others',
                                '--exclude-standard'], cwd=root)
        print(f'{count} files: nosqlint --list-files {nosq:.2f} s '
              f'({kept} kept); git ls-files {gitt:.2f} s ({listed} listed)')


if __name__ == '__main__':
    main()
