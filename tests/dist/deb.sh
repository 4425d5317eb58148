#!/usr/bin/env bash
# The CPack Debian package builds, holds the installed files, and depends on
# the shared libraries dpkg-shlibdeps found (libc6, libgit2, ...).
# Usage: deb.sh <build dir> [library packages Depends must name...]
set -uo pipefail
build=$1
shift
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
(cd "$build" && cpack -G DEB -B "$out") >"$out/cpack.log" 2>&1 ||
  { cat "$out/cpack.log"; fail "cpack failed"; }
deb=$(ls "$out"/*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || fail "no .deb written"
contents=$(dpkg-deb -c "$deb") || fail "dpkg-deb -c failed"
for f in ./usr/bin/nosqlint ./usr/share/man/man1/nosqlint.1 \
  ./usr/share/doc/nosqlint/rules/allow-filtering.md \
  ./usr/share/bash-completion/completions/nosqlint \
  ./usr/share/zsh/vendor-completions/_nosqlint \
  ./usr/share/fish/vendor_completions.d/nosqlint.fish; do
  grep -q " $f\$" <<<"$contents" || fail "$f not in the package"
done
[ "$(dpkg-deb -f "$deb" Package)" = nosqlint ] || fail "package name"
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libc6 "$@"; do
  grep -q "$lib" <<<"$depends" || fail "Depends lacks $lib: $depends"
done
echo "deb: $(basename "$deb"), $(stat -c %s "$deb") bytes; Depends: $depends"
