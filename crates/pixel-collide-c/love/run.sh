#!/usr/bin/env bash
# The LÖVE side of the C library against an installed prefix (called by tests/run.sh PREFIX WORK):
# the module's ffi.cdef against the installed header, the module under plain LuaJIT, then under a
# virtual X display the masks from every LÖVE source (tests/sources), the module against what LÖVE
# itself draws (tests/truth) and the demo's smoke run; with --bench, bench.lua instead.
#
#   bash crates/pixel-collide-c/love/run.sh PREFIX WORK [--bench]
set -euo pipefail
prefix="$(cd "$1" && pwd)"
work="$2"
bench="${3:-}"
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
out="$work/love"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
export LD_LIBRARY_PATH="$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

if [ "$bench" = "--bench" ]; then
  uptime
  luajit "$here/bench.lua"
  exit 0
fi

echo "-- the module's declarations against $prefix/include/pixel_collide.h"
luajit "$here/tests/cdef.lua" "$prefix/include/pixel_collide.h"

echo "-- the module under plain LuaJIT"
luajit "$here/tests/module.lua" "$repo/assets/block.png"

# LÖVE's save directory and runtime files under WORK, not the user's home.
export XDG_DATA_HOME="$out/data" XDG_RUNTIME_DIR="$out/runtime"
mkdir -p "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"

# LÖVE needs an X display with OpenGL; a 24-bit screen keeps the screenshots' colours exact.
screen="640x720x24"
if command -v xvfb-run >/dev/null 2>&1; then
  headless() { xvfb-run -a -s "-screen 0 $screen" "$@"; }
else
  # Xvfb names the display it took on the descriptor given to -displayfd.
  Xvfb -displayfd 1 -screen 0 "$screen" -nolisten tcp >"$out/display" 2>"$out/xvfb.log" &
  xvfb=$!
  trap 'kill "$xvfb" 2>/dev/null || true' EXIT
  for _ in $(seq 100); do
    [ -s "$out/display" ] && break
    sleep 0.1
  done
  [ -s "$out/display" ] || { echo "Xvfb did not start:" >&2; cat "$out/xvfb.log" >&2; exit 1; }
  display=":$(head -1 "$out/display")"
  headless() { DISPLAY="$display" "$@"; }
fi

echo "-- masks from every source a LÖVE game has"
headless love "$here/tests/sources"

echo "-- the module against LÖVE's drawing"
headless love "$here/tests/truth" | tee "$out/truth.txt"

echo "-- the demo's smoke run"
rm -f "$out/demo.png" "$out/demo-miss.png"
PC_DEMO_SMOKE="$out/demo.png" headless love "$here/demo"
# The colour of a pixel of background no block or text covers, as r,g,b from 0 to 255.
background() {
  local p='p{4,300}'
  convert "$1" -format "%[fx:int(255*$p.r+.5)],%[fx:int(255*$p.g+.5)],%[fx:int(255*$p.b+.5)]" info:
}
hit="$(background "$out/demo.png")"
miss="$(background "$out/demo-miss.png")"
if [ "$hit" != "255,0,0" ]; then
  echo "the screen while a block is on the figure is $hit, not red" >&2
  exit 1
fi
if [ "$miss" != "100,149,237" ]; then
  echo "the screen while no block touches the figure is $miss, not cornflower blue" >&2
  exit 1
fi
echo "ok: red ($hit) while a block is on the figure, cornflower blue ($miss) while one only meets its bounds"
