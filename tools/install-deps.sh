#!/usr/bin/env bash
# Installs what nosqlint needs to build and test: Debian 12 packages, and the
# tree-sitter grammars' generated sources from the npm registry (`npm pack`,
# unpacked into a cache outside the source tree; nothing fetched is committed).
# Idempotent: installs only the packages that are missing, runs apt-get update
# only when something has to be installed, and fetches only missing grammars.
# Usage: tools/install-deps.sh [--sanitizers]
set -euo pipefail

packages=(
  cmake ninja-build g++ make pkg-config default-jre-headless
  antlr4 libantlr4-runtime-dev
  rapidjson-dev libfmt-dev
  llvm-14-dev libgtest-dev libgmock-dev libbenchmark-dev
  libtree-sitter-dev
  libxml2-utils
  libcli11-dev libtomlplusplus-dev
  libgit2-dev
  # The allocator of the binary (cmake/Allocator.cmake).
  libmimalloc-dev
  # Distribution tests (tests/dist/): the .deb, the man page, the shells'
  # completions, pre-commit's run of the hook, the action's YAML.
  dpkg-dev groff-base man-db zsh fish pre-commit python3 python3-yaml git
  # The HTML report's rendering test (tests/patterns/): headless Chromium
  # (and python3, above, for its DOM and screenshot checks).
  chromium
  # The LSP end-to-end test's client (Neovim 0.7's built-in LSP client).
  neovim
)
# `--sanitizers` (make test-asan, make fuzz): clang and its sanitizer and
# libFuzzer runtimes. `make test` never needs them.
if [ "${1:-}" = "--sanitizers" ]; then
  packages+=(clang-14 libclang-rt-14-dev)
fi

missing=()
for pkg in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

# npm fetches the grammars below; any npm will do (Debian's, or nodejs's).
if ! command -v npm >/dev/null 2>&1; then
  missing+=(npm)
fi

if [ ${#missing[@]} -ne 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    SUDO=sudo
  else
    SUDO=
  fi
  echo "install-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Tree-sitter grammars. Pinned to versions whose generated src/parser.c has
# LANGUAGE_VERSION 14, which Debian's libtree-sitter 0.20.7 accepts (ABI 13-14).
# Each entry: <cache folder>|<npm spec>|<ABI of its parser.c>. The HCL grammar
# is published only at ABI 15; cmake/TreeSitterGrammars.cmake builds it with
# an adapter that presents it at ABI 14 (src/hcl/HclLanguageAbi14.c).
# Keep in sync with cmake/TreeSitterGrammars.cmake.
grammars=(
  "tree-sitter-java-0.23.5|tree-sitter-java@0.23.5|14"
  "tree-sitter-python-0.23.6|tree-sitter-python@0.23.6|14"
  "tree-sitter-go-0.23.4|tree-sitter-go@0.23.4|14"
  "tree-sitter-javascript-0.23.1|tree-sitter-javascript@0.23.1|14"
  "tree-sitter-typescript-0.23.2|tree-sitter-typescript@0.23.2|14"
  "tree-sitter-c-sharp-0.23.1|tree-sitter-c-sharp@0.23.1|14"
  "tree-sitter-kotlin-0.3.8|tree-sitter-kotlin@0.3.8|14"
  "tree-sitter-scala-0.23.4|tree-sitter-scala@0.23.4|14"
  "tree-sitter-hcl-1.2.0|@tree-sitter-grammars/tree-sitter-hcl@1.2.0|15"
)
cache="${NOSQLINT_TREE_SITTER_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/nosqlint/tree-sitter}"
mkdir -p "$cache"
for entry in "${grammars[@]}"; do
  IFS='|' read -r folder spec abi <<<"$entry"
  dest="$cache/$folder"
  if [ -f "$dest/.complete" ]; then
    continue
  fi
  echo "install-deps: fetching $spec into $dest"
  tmp="$(mktemp -d)"
  (cd "$tmp" && npm pack --silent "$spec" >/dev/null)
  rm -rf "$dest"
  mkdir -p "$dest"
  tar xzf "$tmp"/*.tgz -C "$dest" --strip-components=1
  rm -rf "$tmp"
  # Refuse a grammar of another ABI than the one its build expects.
  for parser in $(find "$dest" -path '*/src/parser.c'); do
    if ! grep -q "^#define LANGUAGE_VERSION $abi\$" "$parser"; then
      echo "install-deps: $parser is not grammar ABI $abi" >&2
      exit 1
    fi
  done
  touch "$dest/.complete"
done

# The LSP end-to-end test of the VS Code extension's client side
# (tests/lsp/run-vscode-client.sh): vscode-jsonrpc, the protocol library of
# vscode-languageclient 9.0.1 (editors/vscode/package.json), in a cache
# outside the source tree.
lsp_cache="${NOSQLINT_LSP_CLIENT_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/nosqlint/lsp-client}"
if [ ! -f "$lsp_cache/node_modules/vscode-jsonrpc/package.json" ]; then
  echo "install-deps: fetching vscode-jsonrpc@8.2.0 into $lsp_cache"
  mkdir -p "$lsp_cache"
  npm install --silent --no-audit --no-fund --prefix "$lsp_cache" vscode-jsonrpc@8.2.0 >/dev/null
fi
