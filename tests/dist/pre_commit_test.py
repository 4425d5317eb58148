#!/usr/bin/env python3
"""The repository's .pre-commit-hooks.yaml, run by pre-commit itself.

`pre-commit try-repo <this source tree> nosqlint` on a sample git
repository: a query that needs ALLOW FILTERING fails the hook with the
finding; once fixed the hook passes. Files nosqlint does not read (a README)
are never handed to it. `nosqlint-tree` checks the whole tree when one file
it reads changed (the unchanged query is still seen), and skips otherwise. The hook's `files` pattern covers every file name
the input classifier accepts (scraped from its sources, then confirmed with
`nosqlint --list-files`). Offline: `language: system` runs the nosqlint on
PATH, pre-commit installs nothing.

Usage: pre_commit_test.py <nosqlint binary> <source dir>
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

NOSQLINT, SOURCE = sys.argv[1], sys.argv[2]

SCHEMA = "CREATE TABLE shop.orders (id uuid PRIMARY KEY, status text);\n"
BAD = "SELECT * FROM shop.orders WHERE status = 'open';\n"
GOOD = "SELECT * FROM shop.orders WHERE id = 9b5c5e2a-3c1e-4b7e-8c39-0a3f1c2d4e5f;\n"


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def hook(hooks, hook_id, pass_filenames):
    found = [h for h in hooks if h.get("id") == hook_id]
    if len(found) != 1:
        fail(f"no single hook with id {hook_id}")
    h = found[0]
    for key, want in (("language", "system"), ("pass_filenames", pass_filenames)):
        if h.get(key) != want:
            fail(f"hook {hook_id}: {key} is {h.get(key)!r}, expected {want!r}")
    if not h["entry"].split()[0] == "nosqlint":
        fail(f"hook {hook_id}: the entry does not run nosqlint")
    return h


def accepted_names():
    """A sample file name for each extension or name the classifier tests."""
    names = set()
    sources = ["src/driver/InputCollector.cpp", "src/extract/Languages.cpp",
               "src/extract/ShellScripts.cpp"]
    for rel in sources:
        with open(os.path.join(SOURCE, rel)) as f:
            text = f.read()
        for ext in re.findall(r'(?:==|endswith\()\s*"(\.[a-z]+)"', text):
            names.add("sample" + ext)
        for name in re.findall(r'L == "([a-z]+)"', text):
            names.add(name.capitalize())
        for prefix in re.findall(r'startswith\("([a-z]+\.)"\)', text):
            names.add(prefix.capitalize() + "prod")
    names.add("migrations/0001_init.up.sql")
    if len(names) < 20:
        fail(f"only {len(names)} names scraped from the classifier: {sorted(names)}")
    return sorted(names)


def check_pattern(h):
    pattern = re.compile(h["files"])
    names = accepted_names()
    with tempfile.TemporaryDirectory() as tree:
        for name in names:
            path = os.path.join(tree, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write("\n")
        listed = subprocess.run(
            [NOSQLINT, "--list-files", "--isolated", "--no-cache", tree],
            capture_output=True, text=True).stdout
    listed = {os.path.relpath(p, tree) for p in listed.split()}
    for name in names:
        if name not in listed:
            fail(f"{name}: scraped from the classifier but not read by nosqlint")
        if not pattern.search(name) or not pattern.search("dir/" + name):
            fail(f"{name}: read by nosqlint but not matched by the hook's files")
    for name in ("README.md", "notes.txt", "schema.sql", "Makefile"):
        if pattern.search(name):
            fail(f"{name}: matched by the hook's files, nosqlint refuses it")
    print(f"hook files pattern: covers {len(names)} names nosqlint reads")


def git(repo, *args):
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com",
               GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.com")
    subprocess.run(["git", "-C", repo, *args], check=True, env=env,
                   capture_output=True)


def try_repo(repo, home, hook_id="nosqlint", files=None):
    env = dict(os.environ, PRE_COMMIT_HOME=home, NO_COLOR="1",
               PATH=os.path.dirname(os.path.abspath(NOSQLINT)) + os.pathsep +
               os.environ.get("PATH", ""))
    which = ["--files", *files] if files else ["--all-files"]
    r = subprocess.run(["pre-commit", "try-repo", SOURCE, hook_id, *which,
                        "--color=never"],
                       cwd=repo, env=env, capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def main():
    if shutil.which("pre-commit") is None:
        print("pre-commit is not installed (tools/install-deps.sh)")
        sys.exit(77)
    with open(os.path.join(SOURCE, ".pre-commit-hooks.yaml")) as f:
        hooks = yaml.safe_load(f)
    h = hook(hooks, "nosqlint", True)
    tree = hook(hooks, "nosqlint-tree", False)
    if tree["files"] != h["files"]:
        fail("the two hooks match different files")
    check_pattern(h)
    with tempfile.TemporaryDirectory() as tmp:
        repo = os.path.join(tmp, "sample")
        os.makedirs(os.path.join(repo, "db"))
        os.makedirs(os.path.join(repo, "app"))
        files = {"db/schema.cql": SCHEMA, "app/queries.cql": BAD,
                 "README.md": "# sample\n",
                 "nosqlint.toml": 'schema = ["db/schema.cql"]\n'}
        for rel, text in files.items():
            with open(os.path.join(repo, rel), "w") as f:
                f.write(text)
        git(repo, "init", "-q")
        git(repo, "add", ".")
        git(repo, "commit", "-q", "-m", "sample")
        home = os.path.join(tmp, "pre-commit-home")

        code, out = try_repo(repo, home)
        if code != 1 or "filtering-required" not in out or "Failed" not in out:
            fail(f"the bad query should fail the hook (exit {code}):\n{out}")
        if "README.md" in out:
            fail(f"README.md was handed to nosqlint:\n{out}")
        # The tree hook, with only the schema changed, still sees the query.
        code, out = try_repo(repo, home, "nosqlint-tree", ["db/schema.cql"])
        if code != 1 or "filtering-required" not in out:
            fail(f"the tree hook should see the unchanged query (exit {code}):\n{out}")
        code, out = try_repo(repo, home, "nosqlint-tree", ["README.md"])
        if code != 0 or "Skipped" not in out:
            fail(f"the tree hook should skip a README change (exit {code}):\n{out}")

        with open(os.path.join(repo, "app/queries.cql"), "w") as f:
            f.write(GOOD)
        git(repo, "commit", "-q", "-am", "fix")
        code, out = try_repo(repo, home)
        if code != 0 or "Passed" not in out:
            fail(f"the fixed query should pass the hook (exit {code}):\n{out}")
    print("pre-commit try-repo: fails on the finding, passes once fixed")


main()
