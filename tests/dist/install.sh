#!/usr/bin/env bash
# `cmake --install` with DESTDIR puts the binary, the man page, every rule
# page and the three completion scripts where they belong, and the
# installed binary works on its own (nothing read from the build or source
# tree).
# Usage: install.sh <build dir> <source dir>
set -uo pipefail
build=$1
src=$2
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
DESTDIR=$dest cmake --install "$build" --prefix /opt/nosqlint >"$dest.log" 2>&1 ||
  { cat "$dest.log"; rm -f "$dest.log"; fail "cmake --install failed"; }
rm -f "$dest.log"
root=$dest/opt/nosqlint
for f in bin/nosqlint share/man/man1/nosqlint.1 share/doc/nosqlint/README.md \
  share/bash-completion/completions/nosqlint \
  share/zsh/vendor-completions/_nosqlint \
  share/fish/vendor_completions.d/nosqlint.fish; do
  [ -f "$root/$f" ] || fail "$f not installed"
done
[ -x "$root/bin/nosqlint" ] || fail "bin/nosqlint not executable"
for page in "$src"/docs/rules/*.md; do
  [ -f "$root/share/doc/nosqlint/rules/$(basename "$page")" ] ||
    fail "rule page $(basename "$page") not installed"
done
# Run from an empty folder, far from both trees.
work=$(mktemp -d)
cd "$work" || exit 1
printf 'CREATE TABLE ks.t (id int PRIMARY KEY, v int);\nSELECT * FROM ks.t WHERE v = 1;\n' >q.cql
"$root/bin/nosqlint" explain allow-filtering | grep -q . || fail "explain prints nothing"
"$root/bin/nosqlint" --no-cache --color=never q.cql >out.txt 2>&1
code=$?
[ $code -eq 1 ] || { cat out.txt; fail "check exited $code, expected 1"; }
grep -q 'filtering-required' out.txt || { cat out.txt; fail "no finding"; }
cd / && rm -rf "$work"
echo "install: $(find "$root" -type f | wc -l) files under the prefix"
