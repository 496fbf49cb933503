#!/usr/bin/env bash
# Sets up a fresh Debian/Ubuntu machine if needed, then runs every test: unit, integration, property
# and documentation tests.
set -euo pipefail
here="$(dirname "$0")"
bash "$here/setup.sh"
exec bash "$here/cargo.sh" test "$@"
