#!/usr/bin/env bash
# The CQL throughput target of issue 20 is relative to the only public ANTLR
# CQL grammar, grammars-v4's cql3. This builds that grammar into a tiny
# parse-only C++ driver (peer-driver.cpp) against the system ANTLR runtime,
# then runs it and nosqlint, interleaved by hyperfine, on the same generated
# statements (make-workload.py), and prints statements per CPU second of
# each and the ratio.
#
#   tools/cql-speed/peer-grammar.sh [--statements N] [--runs R]
#                                   [--grammars DIR] BINARY
#
# --grammars: a checkout or bare git directory of antlr/grammars-v4
# (default /work/.mirror/antlr+grammars-v4/repo). The grammar is read from
# it, generated with /usr/bin/antlr4 and compiled in a temporary directory:
# nothing fetched or generated is written into the repository.
set -euo pipefail

statements=50000
runs=3
grammars=/work/.mirror/antlr+grammars-v4/repo
while [ $# -gt 0 ]; do
  case "$1" in
    --statements) statements=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --grammars) grammars=$2; shift 2 ;;
    *) break ;;
  esac
done
[ $# -eq 1 ] || { echo "usage: $0 [--statements N] [--runs R] [--grammars DIR] BINARY" >&2; exit 2; }
bin=$(realpath "$1")

here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/gen"
for g in CqlLexer.g4 CqlParser.g4; do
  if [ -d "$grammars/cql3" ]; then
    cp "$grammars/cql3/$g" "$work/gen/$g"
  else
    git --git-dir="$grammars" show "HEAD:cql3/$g" > "$work/gen/$g"
  fi
done
rev=$(git --git-dir="$grammars" rev-parse --short HEAD 2>/dev/null ||
      git -C "$grammars" rev-parse --short HEAD 2>/dev/null || echo unknown)
(cd "$work/gen" && /usr/bin/antlr4 -Dlanguage=Cpp -no-listener -no-visitor \
   CqlLexer.g4 CqlParser.g4)
antlr_include=${ANTLR4_INCLUDE_DIR:-/usr/include/antlr4-runtime}
antlr_lib=${ANTLR4_LIBRARY:-/usr/lib/x86_64-linux-gnu/libantlr4-runtime.a}
echo "compiling grammars-v4 cql3 ($rev) ..." >&2
${CXX:-g++} -O2 -std=c++17 -w -I"$work/gen" -I"$antlr_include" \
  "$work/gen/CqlLexer.cpp" "$work/gen/CqlParser.cpp" "$here/peer-driver.cpp" \
  "$antlr_lib" -lpthread -o "$work/peer"

python3 "$here/make-workload.py" --statements "$statements" --seed 1 > "$work/a.cql"
total=$((statements + $(python3 "$here/make-workload.py" --statements 0 | wc -l)))
"$work/peer" "$work/a.cql"   # its syntax errors, once

hyperfine --warmup 1 --runs "$runs" --export-json "$work/h.json" \
  -n peer "$work/peer $work/a.cql" \
  -n nosqlint "$bin --isolated --no-cache --quiet --format=concise --fail-on=never --max-file-size 1000000000 -j1 $work/a.cql > /dev/null" >&2
python3 - "$work/h.json" "$total" "$rev" <<'PY'
import json, sys
data = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
total = int(sys.argv[2])
print(f"{total} statements in one file; grammars-v4 cql3 at {sys.argv[3]}")
rate = {}
for name in ("peer", "nosqlint"):
    r = data[name]
    cpu = r["user"] + r["system"]
    rate[name] = total / cpu
    print(f"{name}: {r['mean']:.3f} s wall, {cpu:.3f} s CPU, "
          f"{total / r['mean']:,.0f} statements/s wall, {rate[name]:,.0f} per CPU second")
print(f"nosqlint / peer, per CPU second: {rate['nosqlint'] / rate['peer']:.2f}x "
      "(nosqlint also checks and reports)")
PY
