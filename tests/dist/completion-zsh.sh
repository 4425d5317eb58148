#!/usr/bin/env bash
# The zsh completion script parses (zsh -n), and loaded after compinit it
# registers _nosqlint for nosqlint and defines one function per command.
# Usage: completion-zsh.sh <nosqlint binary>
set -euo pipefail
nosqlint=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$nosqlint" completions zsh >"$dir/_nosqlint"
zsh -n "$dir/_nosqlint"
out=$(HOME=$dir zsh -f -c '
  autoload -Uz compinit && compinit -u -D
  source "$1"
  print -r -- "comp=$_comps[nosqlint]"
  for f in _nosqlint_cmd_check _nosqlint_cmd_queries _nosqlint_cmd_rules \
           _nosqlint_cmd_explain _nosqlint_cmd_completions _nosqlint_rules; do
    (( $+functions[$f] )) && print -r -- "fn=$f"
  done' zsh "$dir/_nosqlint" 2>&1)
echo "$out"
for want in comp=_nosqlint fn=_nosqlint_cmd_check fn=_nosqlint_cmd_queries \
  fn=_nosqlint_cmd_rules fn=_nosqlint_cmd_explain \
  fn=_nosqlint_cmd_completions fn=_nosqlint_rules; do
  grep -qx -- "$want" <<<"$out" || { echo "FAIL: missing $want"; exit 1; }
done
# Nothing else printed: no error while loading.
[ "$(wc -l <<<"$out")" -eq 7 ] || { echo "FAIL: unexpected output"; exit 1; }
