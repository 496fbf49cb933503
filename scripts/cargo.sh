#!/usr/bin/env bash
# Runs cargo from PATH, or from rustup's default home when setup.sh has only just installed it.
set -euo pipefail
if ! command -v cargo >/dev/null 2>&1; then
  export PATH="$HOME/.cargo/bin:$PATH"
fi
cd "$(dirname "$0")/.."
exec cargo "$@"
