#!/usr/bin/env bash
# Every libFuzzer target fuzz/CMakeLists.txt declares has seeds: run-fuzzers.sh
# (make fuzz) runs every target built, and fuzz/seed-corpus.sh must know
# each one. Runs the seed script for each target into a temporary folder
# and fails on an unknown target or a corpus of nothing but the empty
# placeholder.
#
#   seed-corpus-coverage.sh SOURCE_DIR [SHARED_DIR]
set -uo pipefail
root=$1
shared=${2:-$root/../shared}
work=$(mktemp -d "${TMPDIR:-/tmp}/nosqlint-seeds.XXXXXX")
trap 'rm -rf "$work"' EXIT

targets=$(sed -n 's/^ *nosqlint_add_fuzzer(\([a-z-]*\) .*/\1/p' "$root/fuzz/CMakeLists.txt" |
          grep -v '^extract-$')
langs=$(sed -n 's/^foreach(lang IN ITEMS \(.*\))$/\1/p' "$root/fuzz/CMakeLists.txt")
for l in $langs; do targets="$targets extract-$l"; done
[ -n "$targets" ] || { echo "FAIL: no fuzz target found in fuzz/CMakeLists.txt"; exit 1; }

status=0
count=0
for t in $targets; do
  count=$((count + 1))
  out=$work/$t
  if ! bash "$root/fuzz/seed-corpus.sh" "$t" "$out" "$shared" > "$work/log" 2>&1; then
    echo "FAIL [$t]: seed-corpus.sh: $(cat "$work/log")"
    status=1
    continue
  fi
  if [ "$(ls "$out")" = "empty" ]; then
    echo "FAIL [$t]: no seed input (only the empty placeholder)"
    status=1
    continue
  fi
  echo "[$t] $(ls "$out" | wc -l) seeds"
done
echo "$count targets"
exit $status
