#!/usr/bin/env bash
# The C library (crates/pixel-collide-c): built and installed into a prefix, then tested as an outside
# program would use it.
#
#   bash scripts/c.sh install PREFIX   the release library, its header and pkg-config file under PREFIX
#   bash scripts/c.sh test             installs into target/c/prefix, then: an outside C project built
#                                      through pkg-config, the header as C and C++, the C test program under
#                                      valgrind, the LÖVE module against LÖVE's drawing and its demo under
#                                      Xvfb, the C# binding under Mono
#   bash scripts/c.sh bench            the boundary's cost against Rust, LuaJIT's and C#'s figures
#   bash scripts/c.sh setup            only the system packages the tests need (test runs it first)
#
# cargo-c would do what `install` does; it compiles cargo itself (minutes on two cores), which CI's
# budget cannot carry, so the twenty lines below write the same files.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"
cargo() { bash "$here/scripts/cargo.sh" "$@"; }
crate="$here/crates/pixel-collide-c"
version="$(sed -n 's/^version = "\(.*\)"/\1/p' "$crate/Cargo.toml" | head -1)"
# Cargo's build folder (CI moves it with CARGO_TARGET_DIR), asked once cargo is there.
target_dir() {
  cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])'
}

# What the tests run beyond a C compiler: valgrind, LÖVE 11 (LuaJIT inside) under Xvfb, Mono's C#
# compiler and runtime, ImageMagick for the demo's screenshot.
setup() {
  bash "$here/scripts/setup.sh"
  bash "$here/scripts/apt-missing.sh" valgrind g++ pkg-config love luajit mono-mcs mono-runtime xvfb \
    xauth imagemagick
}

install() {
  local prefix="$1"
  local target
  target="$(target_dir)"
  mkdir -p "$prefix/lib/pkgconfig" "$prefix/include"
  prefix="$(cd "$prefix" && pwd)"
  # One build of the release library that also prints what a static link needs beside it. Its
  # output goes on to standard error through `cat`, which writes where standard error already
  # points: `tee /dev/stderr` opened it again by its path, which cut short a log file it went to.
  local libs
  libs="$(cargo rustc --release --locked -p pixel-collide-c --lib -- --print native-static-libs 2>&1 \
    | tee >(cat >&2) | sed -n 's/.*native-static-libs: //p' | tail -1)"
  local major="${version%%.*}"
  cp "$target/release/libpixel_collide_c.a" "$prefix/lib/libpixel_collide.a"
  cp "$target/release/libpixel_collide_c.so" "$prefix/lib/libpixel_collide.so.$version"
  ln -sf "libpixel_collide.so.$version" "$prefix/lib/libpixel_collide.so.$major"
  ln -sf "libpixel_collide.so.$major" "$prefix/lib/libpixel_collide.so"
  cp "$crate/include/pixel_collide.h" "$prefix/include/"
  mkdir -p "$prefix/share/licenses/pixel-collide"
  local text
  for text in LICENSE-MIT LICENSE-APACHE; do
    cmp -s "$crate/$text" "$here/$text" || { echo "c.sh: $crate/$text differs from $here/$text" >&2; exit 1; }
    cp "$crate/$text" "$prefix/share/licenses/pixel-collide/"
  done
  cat > "$prefix/lib/pkgconfig/pixel-collide.pc" <<PC
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: pixel-collide
Description: Exact per-pixel collision of sprites under any 2D affine transform
Version: $version
Libs: -L\${libdir} -lpixel_collide
Libs.private: $libs
Cflags: -I\${includedir}
PC
  echo "installed pixel-collide $version into $prefix"
}

case "${1:-}" in
  install)
    [ $# -eq 2 ] || { echo "usage: bash scripts/c.sh install PREFIX" >&2; exit 2; }
    install "$2"
    ;;
  setup)
    setup
    ;;
  test)
    setup
    work="$(target_dir)/c"
    install "$work/prefix"
    bash "$crate/tests/run.sh" "$work/prefix" "$work"
    ;;
  bench)
    setup
    work="$(target_dir)/c"
    install "$work/prefix"
    bash "$crate/tests/bench.sh" "$work/prefix" "$work"
    ;;
  *)
    echo "usage: bash scripts/c.sh install PREFIX | test | bench | setup" >&2
    exit 2
    ;;
esac
