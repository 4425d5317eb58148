#!/usr/bin/env bash
# Runs vscode-client.js with vscode-jsonrpc from tools/install-deps.sh's
# cache (never from the source tree). Usage: run-vscode-client.sh NOSQLINT.
# Exit 77 (skipped) without node or the cached package.
set -euo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
modules="${NOSQLINT_LSP_CLIENT_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/nosqlint/lsp-client}/node_modules"
if ! command -v node >/dev/null 2>&1 || [ ! -d "$modules/vscode-jsonrpc" ]; then
  echo "vscode-client: node or $modules/vscode-jsonrpc is missing (tools/install-deps.sh installs them)" >&2
  exit 77
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
bash "$here/sample-project.sh" "$dir"
NODE_PATH=$modules timeout 60 node "$here/vscode-client.js" "$bin" "$dir"
