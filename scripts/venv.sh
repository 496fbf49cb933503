# Sourced by the scripts that keep a Python virtual environment (scripts/python.sh, .ci/web).
# `venv_ready DIR` leaves DIR a virtual environment of this machine's python3 whose python and pip
# run: one that was moved (a venv names its own absolute path in its scripts), left half-written, or
# made by another Python is removed with one line saying why, and made again.

venv_ready() {
  local dir="$1" why="" want have
  want=$(python3 -c 'import sys; print(sys.base_prefix, sys.version)')
  if [ -e "$dir" ]; then
    if ! have=$("$dir/bin/python" -c 'import sys; print(sys.base_prefix, sys.version)' 2>/dev/null); then
      why="its python does not run"
    elif [ "$have" != "$want" ]; then
      why="it was made by another Python ($have)"
    elif ! "$dir/bin/pip" --version >/dev/null 2>&1; then
      why="its pip does not run (moved, or left half-written)"
    fi
    if [ -n "$why" ]; then
      echo "venv: making $dir again: $why"
      rm -rf "$dir"
    fi
  fi
  [ -e "$dir" ] || python3 -m venv "$dir"
}
