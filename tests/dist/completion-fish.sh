#!/usr/bin/env bash
# The fish completion script parses (fish --no-execute), and fish itself
# completes with it (`complete -C`): commands, option values, rule ids in a
# comma list, each command's operands.
# Usage: completion-fish.sh <nosqlint binary>
set -uo pipefail
nosqlint=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$nosqlint" completions fish >"$dir/nosqlint.fish" || exit 1
fish --no-execute "$dir/nosqlint.fish" || { echo "FAIL: does not parse"; exit 1; }
cd "$(dirname "$0")/../.." || exit 1
failures=0
# offers MODE LINE WORD...: completing LINE offers each WORD (first column;
# MODE expect) or none of them (MODE refuse).
offers() {
  local mode=$1 line=$2 w got found
  shift 2
  got=$(HOME=$dir XDG_CONFIG_HOME=$dir fish --no-config -c \
    "source '$dir/nosqlint.fish'; complete -C '$line'" 2>&1 | cut -f1)
  for w in "$@"; do
    found=0
    grep -qx -- "$w" <<<"$got" && found=1
    if [ "$mode" = expect ] && [ $found = 0 ]; then
      echo "FAIL: [$line] lacks '$w'; offers: $(tr '\n' ' ' <<<"$got")"
      failures=$((failures + 1))
    elif [ "$mode" = refuse ] && [ $found = 1 ]; then
      echo "FAIL: [$line] offers '$w'"
      failures=$((failures + 1))
    fi
  done
}
expect() { offers expect "$@"; }
refuse() { offers refuse "$@"; }
expect 'nosqlint ' check queries rules explain completions README.md
expect 'nosqlint --format ' full sarif junit
expect 'nosqlint --format=' --format=full --format=sarif
expect 'nosqlint --fail-on ' error never
expect 'nosqlint --select allow' allow-filtering
expect 'nosqlint --select full-scan,allow' full-scan,allow-filtering
expect 'nosqlint --sch' --schema
expect 'nosqlint rules --format ' text json
refuse 'nosqlint rules --format ' sarif
refuse 'nosqlint rules ' README.md
expect 'nosqlint explain allow' allow-filtering
refuse 'nosqlint explain ' README.md
expect 'nosqlint completions ' bash zsh fish
expect 'nosqlint queries READ' README.md
refuse 'nosqlint README.md ' rules
if [ $failures -ne 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "fish completion: all cases pass"
