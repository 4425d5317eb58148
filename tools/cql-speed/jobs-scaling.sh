#!/usr/bin/env bash
# Whole-process CQL throughput and -j scaling: two large generated .cql
# files (make-workload.py, seeds 1 and 2), analyzed by each given nosqlint
# binary at -j1 and -j2, interleaved by hyperfine. Prints statements per
# second (wall and per CPU second) and the -j2/-j1 ratio.
#
#   tools/cql-speed/jobs-scaling.sh [--statements N] [--runs R] BINARY...
#
# The files go to a temporary directory (nothing is committed).
set -euo pipefail

statements=50000
runs=5
while [ $# -gt 0 ]; do
  case "$1" in
    --statements) statements=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || { echo "usage: $0 [--statements N] [--runs R] BINARY..." >&2; exit 2; }

here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/make-workload.py" --statements "$statements" --seed 1 > "$work/a.cql"
python3 "$here/make-workload.py" --statements "$statements" --seed 2 > "$work/b.cql"
# The schema header of each file is statements too.
total=$(( 2 * (statements + $(python3 "$here/make-workload.py" --statements 0 | wc -l)) ))

cmds=()
for bin in "$@"; do
  for j in 1 2; do
    cmds+=("$bin --isolated --no-cache --quiet --format=concise --fail-on=never --max-file-size 1000000000 -j$j $work/a.cql $work/b.cql > /dev/null")
  done
done
hyperfine -N 2>/dev/null >/dev/null || true
hyperfine --warmup 1 --runs "$runs" --export-json "$work/h.json" "${cmds[@]}" >&2
python3 - "$work/h.json" "$total" "$@" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))["results"]
total = int(sys.argv[2])
bins = sys.argv[3:]
print(f"{total} statements in two files")
for i, b in enumerate(bins):
    j1, j2 = data[2 * i], data[2 * i + 1]
    for j, r in ((1, j1), (2, j2)):
        cpu = r["user"] + r["system"]
        print(f"{b} -j{j}: {r['mean']:.3f} s ± {r['stddev']:.3f} (median {r['median']:.3f}), "
              f"{total / r['mean']:,.0f} statements/s wall, {total / cpu:,.0f} per CPU second")
    print(f"{b} -j2/-j1 speed-up: {j1['mean'] / j2['mean']:.2f}x (medians {j1['median'] / j2['median']:.2f}x)")
PY
