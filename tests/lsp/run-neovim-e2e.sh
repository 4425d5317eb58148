#!/usr/bin/env bash
# Runs neovim-e2e.lua against `nosqlint server` in a fresh project folder.
# Usage: run-neovim-e2e.sh NOSQLINT_BINARY. Exit 77 (skipped) without nvim.
set -euo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v nvim >/dev/null 2>&1; then
  echo "neovim-e2e: nvim is not installed (tools/install-deps.sh installs it)" >&2
  exit 77
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
bash "$here/sample-project.sh" "$dir"
cd "$dir"
NOSQLINT_BINARY=$bin E2E_DIR=$dir HOME=$dir XDG_CONFIG_HOME=$dir XDG_DATA_HOME=$dir \
  XDG_STATE_HOME=$dir timeout 60 nvim --headless --clean -u NONE -i NONE -n \
  -c "luafile $here/neovim-e2e.lua"
