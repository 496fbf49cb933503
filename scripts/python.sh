#!/usr/bin/env bash
# The Python package (crates/pixel-collide-py) end to end, as a user gets it: its source distribution
# made by maturin, the wheels built from that sdist (the stable ABI of CPython 3.11 on, of 3.10 and
# of 3.9, linked by zig for manylinux 2.17), checked by auditwheel, then the one pip picks installed
# into a fresh virtual environment beside pygame-ce, NumPy and pytest with no Rust toolchain on PATH,
# where its pytest suite (pygame-ce's own mask tests among it), the bench's quick mode and the
# pygame-ce example run headless (the first frame of a hit saved under target/python/); then the
# same wheel and suite beside pygame 2 instead of pygame-ce, in a second fresh environment.
# Needs Python 3.9 or later; what a fresh Debian or Ubuntu machine lacks (a C toolchain and Rust
# through setup.sh, venv's pip through python3-venv) is installed first.
#
#   bash scripts/python.sh            everything
#   bash scripts/python.sh -k group   the build and install, then pytest with these arguments alone
#   bash scripts/python.sh --wheel    only the sdist and the wheels, left in target/python-dist/
#   bash scripts/python.sh --tools    only the build tools and what the tests need from PyPI
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
tools="$target/python-venv"
dist="$target/python-dist"
fresh="$target/python-wheel-venv"
out="$root/target/python"
mkdir -p "$out"
bash "$root/scripts/setup.sh"
# Rust from rustup's default home when setup.sh has only just installed it (as scripts/cargo.sh finds it).
command -v cargo >/dev/null 2>&1 || export PATH="$HOME/.cargo/bin:$PATH"
if ! python3 -c 'import ensurepip' 2>/dev/null; then
  command -v apt-get >/dev/null 2>&1 ||
    { echo "python: this python3 cannot make a virtual environment (no ensurepip)" >&2; exit 1; }
  echo "python: installing python3-venv (python3 -m venv needs it)"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3-venv >/dev/null
fi
. "$root/scripts/venv.sh"
venv_ready "$tools"
# pygame-ce at the version the package is measured and tested against; maturin, zig (its linker
# targets an old glibc from this machine) and auditwheel at the versions the wheel is checked with.
tests=("pygame-ce==2.5.8" "numpy" "pytest")
# pygame 2 at the version its suite run is tested with (it and pygame-ce both install `pygame`, so
# each has its own environment); downloaded here so that the test run finds it in pip's cache.
pygame2="pygame==2.6.1"
"$tools/bin/pip" install -q "${tests[@]}" "maturin==1.16.0" "ziglang==0.13.0" "auditwheel==6.8.2"
"$tools/bin/pip" download -q --no-deps -d "$target/python-downloads" "$pygame2"
[ "${1:-}" != --tools ] || exit 0

export CARGO_TARGET_DIR="$target"
rm -rf "$dist"
mkdir -p "$dist"
"$tools/bin/maturin" sdist --manifest-path "$root/crates/pixel-collide-py/Cargo.toml" --out "$dist" 2>&1 |
  grep -E '^(📦|error)' || true
sdist=$(ls "$dist"/pixel_collide-*.tar.gz)
# The wheel is built from the sdist alone, so that what the sdist holds is proven enough to build,
# unpacked into a kept folder where only changed files are replaced (see scripts/sdist_unpack.py).
unpacked="$target/python-sdist-build"
python3 "$root/scripts/sdist_unpack.py" "$sdist" "$unpacked"
# Three wheels: CPython 3.11 and later (vectorcall, the buffer protocol), 3.10 (the `python310`
# feature: no buffer protocol) and 3.9 (`python39`: no vectorcall either); pip takes the newest stable
# ABI an interpreter has. The tests run on this machine's Python, which takes the first, so a test
# run builds the others only when OLDER_PYTHON_WHEELS=1 (`--wheel` always does).
variants=("")
if [ "${1:-}" = --wheel ] || [ "${OLDER_PYTHON_WHEELS:-0}" = 1 ]; then
  variants+=("--features python310" "--features python39")
fi
for features in "${variants[@]}"; do
  # shellcheck disable=SC2086
  PATH="$tools/bin:$PATH" maturin build --release --zig --compatibility manylinux2014 $features \
    --manifest-path "$unpacked/crates/pixel-collide-py/Cargo.toml" --out "$dist" 2>&1 |
    grep -E '^(📦|error|warning: unused)' || true
done
wheels=("$dist"/pixel_collide-*.whl)
[ "${#wheels[@]}" -eq "${#variants[@]}" ] ||
  { echo "python: ${#variants[@]} wheels expected in $dist, ${#wheels[@]} found"; exit 1; }
for wheel in "${wheels[@]}"; do
  tag=$("$tools/bin/auditwheel" show "$wheel" | tr -s ' \n' ' ' |
    grep -o 'consistent with the following platform tag: "[^"]*"' || true)
  case "$tag" in
    *'"manylinux_2_17_'*) echo "python: $(basename "$wheel"): auditwheel: ${tag#*: }" ;;
    *) echo "python: auditwheel does not accept $(basename "$wheel") as manylinux 2.17: ${tag:-no tag}"; exit 1 ;;
  esac
done
python3 "$root/scripts/shipped_licenses.py" "$sdist" "${wheels[@]}"
[ "${1:-}" != --wheel ] || exit 0

# A fresh environment every run, and pip allowed only the wheel: nothing is built on install.
rm -rf "$fresh"
python3 -m venv "$fresh"
"$fresh/bin/pip" install -q "${tests[@]}"
"$fresh/bin/pip" install -q --no-index --only-binary :all: --find-links "$dist" pixel-collide
# And a second one beside pygame 2 instead of pygame-ce (both install `pygame`).
classic="$target/python-pygame2-venv"
rm -rf "$classic"
python3 -m venv "$classic"
"$classic/bin/pip" install -q --only-binary :all: --find-links "$target/python-downloads" \
  "$pygame2" numpy pytest
"$classic/bin/pip" install -q --no-index --only-binary :all: --find-links "$dist" pixel-collide

# With only the fresh environment on PATH, no cargo or rustc can be reached.
export PATH="$fresh/bin" SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
cd "$root/crates/pixel-collide-py"
python -c 'import pixel_collide, shutil, sys
assert pixel_collide.__file__.startswith(sys.prefix), pixel_collide.__file__
assert not (shutil.which("cargo") or shutil.which("rustc"))
import importlib.metadata as m
tag = next(l for l in m.distribution("pixel-collide").read_text("WHEEL").splitlines() if l.startswith("Tag"))
print("python: installed the wheel of", tag[5:])'
if [ "$#" -gt 0 ]; then
  exec python -m pytest -q "$@" tests
fi
python -m pytest -q tests
python -m pixel_collide.bench --quick
python examples/spinners.py --frames 600 --screenshot "$out/spinners-hit.png"

# pygame 2 in place of pygame-ce: the same wheel, the same suite (pygame 2's own mask tests in it).
"$classic/bin/python" -c 'import pygame; print("python: the suite beside pygame", pygame.version.ver)'
"$classic/bin/python" -m pytest -q -p no:cacheprovider tests
