#!/usr/bin/env bash
# The Python package (crates/pixel-collide-py) end to end: builds and installs it with pip into a
# virtual environment beside pygame-ce, NumPy and pytest from the package index, runs its pytest suite,
# the bench's quick mode and the pygame-ce example headless (the first frame of a hit saved under
# target/python/). Needs Python 3.9 or later with venv, Rust and a C compiler.
#
#   bash scripts/python.sh            everything
#   bash scripts/python.sh -k group   the install, then pytest with these arguments alone
#   bash scripts/python.sh --tools    only the virtual environment and what the tests need from PyPI
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
venv="$target/python-venv"
out="$root/target/python"
mkdir -p "$out"
. "$root/scripts/venv.sh"
venv_ready "$venv"
# pygame-ce at the version the package is measured and tested against.
"$venv/bin/pip" install -q "pygame-ce==2.5.8" numpy pytest
[ "${1:-}" != --tools ] || exit 0
# The one install command of the package's README; maturin builds it in release mode.
"$venv/bin/pip" install -q --force-reinstall --no-deps "$root/crates/pixel-collide-py"

export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
cd "$root/crates/pixel-collide-py"
if [ "$#" -gt 0 ]; then
  exec "$venv/bin/python" -m pytest -q "$@" tests
fi
"$venv/bin/python" -m pytest -q tests
"$venv/bin/python" -m pixel_collide.bench --quick
"$venv/bin/python" examples/spinners.py --frames 600 --screenshot "$out/spinners-hit.png"
