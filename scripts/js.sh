#!/usr/bin/env bash
# The npm package (js/pixel-collide): compiles crates/pixel-collide-js to WebAssembly with the web
# build's toolchain (scripts/web.sh explains the choice), writes its JavaScript glue with
# wasm-bindgen's CLI (built once with cargo at the crate's wasm-bindgen version, kept in
# target/js-tools), then runs the package's tests: Node's, then the browser's (Debian's chromium
# through Playwright, with the npm development dependencies from the lock file: esbuild, Phaser).
#
#   bash scripts/js.sh                 build, then test (screenshots in target/js-test)
#   bash scripts/js.sh --build-only    build only: js/pixel-collide/dist/
#   bash scripts/js.sh --tools         only the tools: wasm-bindgen's CLI, npm's packages, Playwright
set -euo pipefail
cd "$(dirname "$0")/.."
mode=all
case "${1:-}" in
  --build-only) mode=build ;;
  --tools) mode=tools ;;
  "") ;;
  *) echo "js.sh: unknown argument: $1 (--build-only or --tools)" >&2; exit 2 ;;
esac

target=wasm32-unknown-unknown
tools="${CARGO_TARGET_DIR:-target}/js-tools"
# The CLI must be the version of the wasm-bindgen crate Cargo.lock holds.
version=$(python3 -c '
import re
lock = open("Cargo.lock").read()
print(re.search(r"name = \"wasm-bindgen\"\nversion = \"([^\"]+)\"", lock).group(1))')
bindgen="$tools/bin/wasm-bindgen"
if ! [ -x "$bindgen" ] || [ "$("$bindgen" --version | awk '{print $2}')" != "$version" ]; then
  echo "js.sh: building wasm-bindgen's CLI $version into $tools (once)" >&2
  cargo install --quiet wasm-bindgen-cli --version "$version" --root "$tools"
fi
if [ "$mode" != build ]; then
  # The browser tests' tools: the lock file's packages, and Playwright driving the system chromium.
  (cd js/pixel-collide && npm ci --no-audit --no-fund --loglevel=error)
  venv="${CARGO_TARGET_DIR:-target}/web-venv"
  . scripts/venv.sh
  venv_ready "$venv"
  "$venv/bin/pip" install -q "playwright==1.65.2"
fi
[ "$mode" != tools ] || exit 0

build_dir="${JS_TARGET_DIR:-target/js-build}"
# One codegen unit with link-time optimisation: smaller and faster wasm, for a crate that is built
# rarely. WebAssembly's 128-bit SIMD (every browser since 2021: Chrome 91, Firefox 89, Safari
# 16.4) lets the word loops take two words at a time.
export CARGO_PROFILE_RELEASE_LTO=fat CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C target-feature=+simd128"
if [ -x /usr/bin/cargo ] && [ -d /usr/lib/rustlib/src/rust/library/std ]; then
  # Debian's rustc-web builds the standard library for wasm from source (-Zbuild-std).
  PATH="/usr/bin:$PATH" RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$build_dir" \
    /usr/bin/cargo build --release --target "$target" -Zbuild-std=std,panic_abort \
    -p pixel-collide-js >&2
elif rustup target list --installed 2>/dev/null | grep -qx "$target"; then
  CARGO_TARGET_DIR="$build_dir" cargo build --release --target "$target" -p pixel-collide-js >&2
else
  bash scripts/web.sh --setup
  exec bash "$0" "$@"
fi

out=js/pixel-collide/dist
rm -rf "$out"
"$bindgen" --target web --out-dir "$out" "$build_dir/$target/release/pixel_collide_js.wasm"
raw=$(wc -c <"$out/pixel_collide_js_bg.wasm")
gz=$(gzip -9 -c "$out/pixel_collide_js_bg.wasm" | wc -c)
echo "js.sh: pixel_collide_js_bg.wasm: $raw bytes, $gz gzipped" >&2
[ "$mode" != build ] || exit 0

(cd js/pixel-collide && node --test test/*.test.js)
"$venv/bin/python" js/pixel-collide/test/browser/run.py js/pixel-collide target/js-test
