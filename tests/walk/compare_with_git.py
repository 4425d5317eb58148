#!/usr/bin/env python3
"""The files a directory walk keeps, compared with git's own list.

Builds git work trees in a temporary folder -- one written by hand with the
patterns that matter (`**/gen/out`, `src/*.cql`, negations, folder-only
patterns, nested .gitignore files, .git/info/exclude, tracked files that a
pattern matches) and a few generated from a fixed seed -- then compares
`nosqlint --list-files <dir>` with `git ls-files --cached --others
--exclude-standard` run in the same folder. The only differences allowed are
the documented ones: folders the walk never enters (node_modules, ...) and
build/dist/target/vendor directly below the walked folder.

    compare_with_git.py <nosqlint> [--files N]   (N: files per generated tree)
"""
import os
import random
import subprocess
import sys
import tempfile

READ = ('.py', '.cql', '.java', '.js')
NEVER = {'.git', 'node_modules', '.venv', '__pycache__', '.terraform',
         '.aws-sam', '.aws-composer', '.serverless', 'cdk.out', '.hg', '.svn'}
AT_ROOT = {'build', 'dist', 'target', 'vendor'}


def write(root, rel, text='x = 1\n'):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        f.write(text)


def git(root, *args):
    return subprocess.run(['git', '-C', root, *args], check=True,
                          capture_output=True, text=True).stdout


def init(root):
    git(root, 'init', '-q')
    # The machine's global excludes must not decide the outcome.
    git(root, 'config', 'core.excludesFile', '/dev/null')


def git_list(walked):
    out = git(walked, 'ls-files', '--cached', '--others', '--exclude-standard')
    keep = set()
    for rel in out.splitlines():
        parts = rel.split('/')
        if not rel.endswith(READ) or NEVER & set(parts[:-1]):
            continue
        if len(parts) > 1 and parts[0] in AT_ROOT:
            continue
        keep.add(rel)
    return keep


def nosqlint_list(nosqlint, walked):
    run = subprocess.run([nosqlint, '--list-files', '--allow-empty', walked],
                         capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f'nosqlint --list-files {walked} exited {run.returncode}:\n'
                 + run.stderr)
    prefix = walked.rstrip('/') + '/'
    return {p[len(prefix):] for p in run.stdout.splitlines()}


def compare(nosqlint, walked, what):
    parent, name = os.path.split(walked.rstrip('/'))
    ignored = subprocess.run(['git', '-C', parent, 'check-ignore', '-q', name],
                             capture_output=True)
    if ignored.returncode == 0:
        # A folder git ignores is walked because it is named, without git's
        # rules below it (documented): git lists nothing there.
        return True
    want, got = git_list(walked), nosqlint_list(nosqlint, walked)
    if want == got:
        return True
    print(f'FAIL {what} ({walked})')
    for rel in sorted(want - got):
        print(f'  git keeps, nosqlint left out: {rel}')
    for rel in sorted(got - want):
        print(f'  nosqlint kept, git leaves out: {rel}')
    return False


def handwritten(root):
    init(root)
    write(root, '.gitignore',
          '**/gen/out\n/src/*.cql\n!/src/important.cql\n*.tmp.py\n'
          '!keep.tmp.py\nlogs/\nout.cql/\ndocs/**/draft.java\n')
    for rel in ['a/gen/out/x.py', 'gen/out/y.py', 'a/gen/outer/z.py',
                'src/a.cql', 'src/important.cql', 'src/deep/q.cql',
                'x.tmp.py', 'sub/keep.tmp.py', 'logs/l.py', 'm/out.cql',
                'n/out.cql/q.py', 'docs/draft.java', 'docs/a/b/draft.java',
                'docs/a/b/final.java', 'com/acme/build/Repo.java',
                'build/Out.java', 'vendor/v.go.js', 'a/vendor/v.js',
                'node_modules/p/x.js', 'scratch/s.py', 'app.py']:
        write(root, rel)
    write(root, 'sub/.gitignore', '*.java\n!Keep.java\n/local.py\n')
    for rel in ['sub/A.java', 'sub/Keep.java', 'sub/local.py',
                'sub/deeper/local.py', 'sub/deeper/B.java']:
        write(root, rel)
    write(root, '.git/info/exclude', 'scratch/\n')
    # Tracked files are never ignored, even in an ignored folder.
    write(root, 'tracked/t.tmp.py')
    write(root, 'logs/kept.py')
    git(root, 'add', '-f', 'tracked/t.tmp.py', 'logs/kept.py')


PATTERNS = ['*.tmp.py', 'gen/', '**/gen/out', '/top.py', 'src/*.cql',
            '!keep*', 'a/**/b.py', 'd?/', '[ab]*.java', '**/x/**', '*.js',
            '!*.js', 'q*', '!q1.cql', 'deep/', '/src/', '**/b', 'x/*',
            '!x/keep.py', '*.cql', '!src/*.cql', 'b/**', '\\#odd.py',
            'name\\ with.py', '*/', '!d1/']
NAMES = ['a', 'b', 'd1', 'd2', 'gen', 'out', 'src', 'x', 'deep', 'build']
FILES = ['top.py', 'b.py', 'keep.py', 'q1.cql', 'q2.cql', 'A.java',
         'bar.java', 'm.js', 'x.tmp.py', 'keep.tmp.py', '#odd.py',
         'name with.py']


def generated(root, seed, count):
    rng = random.Random(seed)
    init(root)
    dirs = ['']
    for _ in range(count):
        depth = rng.randint(0, 4)
        rel = '/'.join(rng.choice(NAMES) for _ in range(depth))
        dirs.append(rel)
        write(root, os.path.join(rel, rng.choice(FILES)))
    for d in set(dirs):
        if rng.random() < 0.4:
            rules = rng.sample(PATTERNS, rng.randint(1, 4))
            write(root, os.path.join(d, '.gitignore'), '\n'.join(rules) + '\n')


def main():
    nosqlint = os.path.abspath(sys.argv[1])
    files = int(sys.argv[sys.argv.index('--files') + 1]) if '--files' in sys.argv else 200
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.join(tmp, 'hand')
        os.makedirs(root)
        handwritten(root)
        ok &= compare(nosqlint, root, 'hand-written tree')
        # A subfolder: the .gitignore files above it count, as for git.
        ok &= compare(nosqlint, os.path.join(root, 'sub'), 'hand-written tree, sub/')
        ok &= compare(nosqlint, os.path.join(root, 'a'), 'hand-written tree, a/')
        for seed in range(6):
            root = os.path.join(tmp, f'gen{seed}')
            os.makedirs(root)
            generated(root, seed, files)
            ok &= compare(nosqlint, root, f'generated tree, seed {seed}')
            for d in ['a', 'src', 'd1']:
                if os.path.isdir(os.path.join(root, d)):
                    ok &= compare(nosqlint, os.path.join(root, d),
                                  f'generated tree, seed {seed}, {d}/')
    print('the walk keeps what git keeps' if ok else 'the walk differs from git')
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
