#!/usr/bin/env bash
# Installs what nosqlint needs to build and test, from Debian 12 packages.
# Idempotent: installs only the packages that are missing, and runs apt-get
# update only when something has to be installed.
set -euo pipefail

packages=(
  cmake ninja-build g++ make pkg-config default-jre-headless
  antlr4 libantlr4-runtime-dev
  rapidjson-dev libfmt-dev
  llvm-14-dev libgtest-dev libgmock-dev libbenchmark-dev
)

missing=()
for pkg in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  SUDO=sudo
else
  SUDO=
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
