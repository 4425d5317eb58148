#!/usr/bin/env bash
# Runs every libFuzzer target (or those named) for FUZZ_SECONDS each, one at
# a time (-jobs=1: the machine is shared), on a corpus kept in the build tree
# and seeded by fuzz/seed-corpus.sh. Findings go to <build>/fuzz/artifacts/;
# each one belongs in tests/fixtures/regressions/ once fixed. The CPU time
# of every run is appended to <build>/fuzz/cpu-minutes.log.
#
#   fuzz/run-fuzzers.sh <build-dir> [target...]      (FUZZ_SECONDS, default 60)
#
# FUZZ_TIMEOUT (default 10) is the wall time one input may take before it
# counts as a hang; raise it when the fuzzer runs at a low priority on a
# busy machine, where a starved run can pass 10 s on an input that takes
# milliseconds.
set -uo pipefail

build=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${FUZZ_SECONDS:-60}
timeout=${FUZZ_TIMEOUT:-10}
dir=$build/fuzz
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  # Every target the build made (fuzz/CMakeLists.txt), so a new one is never
  # left out of `make fuzz`.
  for bin in "$dir"/fuzz-*; do
    [ -x "$bin" ] && [ -f "$bin" ] && targets+=("${bin##*/fuzz-}")
  done
  if [ ${#targets[@]} -eq 0 ]; then
    echo "run-fuzzers: no fuzz target in $dir (build the 'fuzzers' target)" >&2
    exit 1
  fi
fi

dict_for() {
  case "$1" in
    cql-*) echo "$root/fuzz/dict/cql.dict" ;;
    dynamo-request) echo "$root/fuzz/dict/dynamo.dict" ;;
    dynamo-serverless-yaml) echo "$root/fuzz/dict/serverless.dict" ;;
    terraform) echo "$root/fuzz/dict/terraform.dict" ;;
    shell-script) echo "$root/fuzz/dict/shell.dict" ;;
    hocon) echo "$root/fuzz/dict/hocon.dict" ;;
    build-file) echo "$root/fuzz/dict/build-file.dict" ;;
    yaml-commands) echo "$root/fuzz/dict/yaml-commands.dict" ;;
    baseline) echo "$root/fuzz/dict/baseline.dict" ;;
    patterns-report) echo "$root/fuzz/dict/patterns.dict" ;;
    config-file) echo "$root/fuzz/dict/config.dict" ;;
    lsp-message) echo "$root/fuzz/dict/lsp.dict" ;;
    dynamo-*) echo "$root/fuzz/dict/dynamo-schema.dict" ;;
    extract-*) echo "$root/fuzz/dict/host.dict" ;;
  esac
}

status=0
for t in "${targets[@]}"; do
  bin=$dir/fuzz-$t
  if [ ! -x "$bin" ]; then
    echo "run-fuzzers: $bin is not built" >&2
    status=1
    continue
  fi
  seeds=$dir/seeds/$t
  corpus=$dir/corpus/$t
  artifacts=$dir/artifacts/$t
  rm -rf "$seeds"
  bash "$root/fuzz/seed-corpus.sh" "$t" "$seeds" >/dev/null
  mkdir -p "$corpus" "$artifacts"
  start=$(date +%s)
  dict=$(dict_for "$t") # a target without a dictionary runs without one
  # -timeout: one input over $timeout s (10) is a hang; -rss_limit_mb: over 2 GB is a
  # memory blow-up; leaks are reported by LeakSanitizer at the end.
  /usr/bin/time -f "%U %S" -o "$dir/.time" \
    "$bin" -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048 \
      -max_len=65536 ${dict:+-dict="$dict"} -print_final_stats=1 \
      -artifact_prefix="$artifacts/" "$corpus" "$seeds" \
      >"$dir/$t.log" 2>&1
  rc=$?
  cpu=$(tail -n 1 "$dir/.time" | awk '{printf "%.1f", ($1 + $2) / 60}' 2>/dev/null || echo "?")
  echo "$(date -u +%FT%TZ) $t cpu-minutes=$cpu wall-seconds=$(( $(date +%s) - start )) rc=$rc" \
    | tee -a "$dir/cpu-minutes.log"
  if [ $rc -ne 0 ]; then
    echo "run-fuzzers: $t found something: $dir/$t.log, $artifacts/" >&2
    status=1
  fi
done
exit $status
