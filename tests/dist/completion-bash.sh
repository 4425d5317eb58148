#!/usr/bin/env bash
# The bash completion script of `nosqlint completions bash` loads, registers
# _nosqlint, and offers the right words: commands, options, option values
# (choices, rule ids in a comma list, with and without `=` as a word break)
# and each command's operands.
# Usage: completion-bash.sh <nosqlint binary>
set -uo pipefail
nosqlint=$1
script=$(mktemp)
trap 'rm -f "$script"' EXIT
"$nosqlint" completions bash >"$script" || { echo "completions bash failed"; exit 1; }
# shellcheck disable=SC1090
source "$script"
[ "$(complete -p nosqlint)" = "complete -F _nosqlint nosqlint" ] ||
  { echo "not registered: $(complete -p nosqlint 2>&1)"; exit 1; }

failures=0
# offers MODE WORDS... -- CANDIDATES...: completing the last of WORDS
# offers each candidate (MODE expect) or none of them (MODE refuse).
offers() {
  local mode=$1 words=() cands=() seen=0 w
  shift
  for w in "$@"; do
    if [ "$w" = -- ] && [ $seen = 0 ]; then seen=1; continue; fi
    if [ $seen = 0 ]; then words+=("$w"); else cands+=("$w"); fi
  done
  COMP_WORDS=("${words[@]}")
  COMP_CWORD=$((${#words[@]} - 1))
  COMPREPLY=()
  _nosqlint 2>/dev/null
  local reply=" ${COMPREPLY[*]} " found
  for w in "${cands[@]}"; do
    found=0
    [[ $reply == *" $w "* ]] && found=1
    if [ "$mode" = expect ] && [ $found = 0 ]; then
      echo "FAIL: [${words[*]}] offers [${COMPREPLY[*]}], lacks '$w'"
      failures=$((failures + 1))
    elif [ "$mode" = refuse ] && [ $found = 1 ]; then
      echo "FAIL: [${words[*]}] offers '$w': [${COMPREPLY[*]}]"
      failures=$((failures + 1))
    fi
  done
}
expect() { offers expect "$@"; }
refuse() { offers refuse "$@"; }

cd "$(dirname "$0")/../.." || exit 1   # the source tree: files to complete

expect nosqlint '' -- check queries rules explain completions
expect nosqlint ex -- explain
expect nosqlint --for -- --format
expect nosqlint --format '' -- full concise json json-lines sarif github gitlab junit
expect nosqlint --format s -- sarif
refuse nosqlint --format s -- full
expect nosqlint --format = '' -- sarif junit
expect nosqlint --format = ju -- junit
expect nosqlint --format=ju -- --format=junit
expect nosqlint --fail-on '' -- error warning note never
expect nosqlint --color '' -- auto always never
expect nosqlint --target '' -- cassandra-5.0 scylladb dynamodb
expect nosqlint --dialect '' -- cassandra scylladb
expect nosqlint --strict-allow-filtering '' -- on warn off
expect nosqlint --select allow -- allow-filtering
expect nosqlint --select full-scan,allow -- full-scan,allow-filtering
expect nosqlint --ignore = no-sch -- no-schema
expect nosqlint --select '' -- ALL allow-filtering unused-placeholder
expect nosqlint --schema READ -- README.md
expect nosqlint --cache-dir doc -- docs
refuse nosqlint --cache-dir READ -- README.md
refuse nosqlint -j '' -- README.md
expect nosqlint READ -- README.md
expect nosqlint queries --sch -- --schema
expect nosqlint queries READ -- README.md
expect nosqlint rules --format '' -- text json
refuse nosqlint rules --format '' -- sarif
expect nosqlint rules - -- --format --help
refuse nosqlint rules - -- --schema
expect nosqlint explain allow -- allow-filtering
refuse nosqlint explain READ -- README.md
expect nosqlint completions '' -- bash zsh fish
# After the first word, commands are inputs: no command names.
refuse nosqlint README.md '' -- rules explain

if [ $failures -ne 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "bash completion: all cases pass"
