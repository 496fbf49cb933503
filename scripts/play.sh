#!/usr/bin/env bash
# Sets up a fresh Debian/Ubuntu machine if needed, then builds and starts the game.
# Arguments are passed to the game, e.g. `bash scripts/play.sh --mode classic`.
set -euo pipefail
here="$(dirname "$0")"
bash "$here/setup.sh"
exec bash "$here/cargo.sh" run --release -- "$@"
