#!/usr/bin/env bash
# The npm package (js/pixel-collide): compiles crates/pixel-collide-js to WebAssembly with the web
# build's toolchain (scripts/web.sh explains the choice), writes its JavaScript glue with
# wasm-bindgen's CLI (built once with cargo at the crate's wasm-bindgen version, kept in
# target/js-tools), then runs the package's tests: Node's, then the browser's (Debian's chromium
# through Playwright, with the npm development dependencies from the lock file: esbuild, Phaser).
#
#   bash scripts/js.sh                 build, then test (screenshots in target/js-test)
#   bash scripts/js.sh --build-only    build only: js/pixel-collide/dist/
#   bash scripts/js.sh --build         the test tools too, then build (what CI does in the background)
#   bash scripts/js.sh --test-only     the tests of what is built
#   bash scripts/js.sh --bench         the browser timings (after a build)
#   bash scripts/js.sh --demo-site DIR the Phaser demo and what it loads, into DIR/phaser/ (after a
#                                      build and npm ci; scripts/web.sh serves it beside the game,
#                                      and the tests check it there when the web build's site exists)
set -euo pipefail
cd "$(dirname "$0")/.."
mode=all
case "${1:-}" in
  --build-only) mode=build-only ;;
  --build) mode=build ;;
  --test-only) mode=test ;;
  --bench) mode=bench ;;
  --demo-site) mode=demo-site; site="${2:?js.sh: --demo-site needs a folder}" ;;
  "") ;;
  *) echo "js.sh: unknown argument: $1 (see the top of $0)" >&2; exit 2 ;;
esac

target=wasm32-unknown-unknown
out_dir="${CARGO_TARGET_DIR:-target}"
venv="$out_dir/js-venv"

# The CLI that writes the glue, at the version of the wasm-bindgen crate Cargo.lock holds.
bindgen_cli() {
  local tools="$out_dir/js-tools" version
  version=$(python3 -c '
import re
lock = open("Cargo.lock").read()
print(re.search(r"name = \"wasm-bindgen\"\nversion = \"([^\"]+)\"", lock).group(1))')
  bindgen="$tools/bin/wasm-bindgen"
  if ! [ -x "$bindgen" ] || [ "$("$bindgen" --version | awk '{print $2}')" != "$version" ]; then
    echo "js.sh: building wasm-bindgen's CLI $version into $tools (once)" >&2
    # Unoptimised: built in 1:21 where an optimised build takes 2:14 on two cores, and it still
    # writes the package's glue in 0.3 s, the same bytes. Only the one binary the build runs (the
    # package has two more, about 130 MB each unoptimised), in cargo's own temporary folder: in the
    # workspace's build folder (CI's CARGO_TARGET_DIR) it held that folder's lock for minutes, and every
    # cargo step in front waited on it.
    env -u CARGO_TARGET_DIR cargo install --quiet --debug wasm-bindgen-cli --version "$version" \
      --root "$tools" --bin wasm-bindgen
  fi
}

# The browser tests' tools: the lock file's packages, and Playwright driving the system chromium.
test_tools() {
  (cd js/pixel-collide && npm ci --no-audit --no-fund --loglevel=error)
  . scripts/venv.sh
  venv_ready "$venv"
  "$venv/bin/pip" install -q "playwright==1.65.2"
}

build() {
  # The web build's folder, flags and profile: the standard library built for wasm and the
  # collision crate are shared with the game's web build, not compiled a second time. (Link-time
  # optimisation and WebAssembly's SIMD128 would make the wasm 3% smaller and its queries about 10%
  # faster, at the price of that second build.)
  local build_dir="${WEB_TARGET_DIR:-target/web-build}"
  if [ -x /usr/bin/cargo ] && [ -d /usr/lib/rustlib/src/rust/library/std ]; then
    # Debian's rustc-web builds the standard library for wasm from source (-Zbuild-std).
    PATH="/usr/bin:$PATH" RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$build_dir" \
      /usr/bin/cargo build --release --target "$target" -Zbuild-std=std,panic_abort \
      -p pixel-collide-js >&2
  elif rustup target list --installed 2>/dev/null | grep -qx "$target"; then
    CARGO_TARGET_DIR="$build_dir" cargo build --release --target "$target" -p pixel-collide-js >&2
  else
    bash scripts/web.sh --setup
    build
    return
  fi
  local dist=js/pixel-collide/dist
  rm -rf "$dist"
  "$bindgen" --target web --out-dir "$dist" "$build_dir/$target/release/pixel_collide_js.wasm"
  local raw gz
  raw=$(wc -c <"$dist/pixel_collide_js_bg.wasm")
  gz=$(gzip -9 -c "$dist/pixel_collide_js_bg.wasm" | wc -c)
  echo "js.sh: pixel_collide_js_bg.wasm: $raw bytes, $gz gzipped" >&2
  if [ "$gz" -gt 153600 ]; then
    echo "js.sh: the wasm is $gz bytes gzipped, over the 150 KB the package allows" >&2
    exit 1
  fi
}

# The demo as a site serves it: the page, the package's modules and wasm, and Phaser's module, with
# the page's import map pointing at them.
demo_site() {
  local pkg=js/pixel-collide dir="$1/phaser"
  for need in "$pkg/dist/pixel_collide_js_bg.wasm" "$pkg/node_modules/phaser/dist/phaser.esm.min.js"; do
    [ -f "$need" ] || { echo "js.sh: the demo needs $need (bash scripts/js.sh --build)" >&2; return 1; }
  done
  rm -rf "$dir"
  mkdir -p "$dir/pixel-collide/dist"
  cp "$pkg/demo/spinners.js" "$pkg/node_modules/phaser/dist/phaser.esm.min.js" "$dir/"
  cp "$pkg/index.js" "$pkg/results.js" "$pkg/phaser.js" "$pkg/each-pair.js" "$dir/pixel-collide/"
  cp "$pkg/dist/pixel_collide_js.js" "$pkg/dist/pixel_collide_js_bg.wasm" "$dir/pixel-collide/dist/"
  sed -e 's|"\.\./node_modules/phaser/dist/phaser.esm.min.js"|"./phaser.esm.min.js"|' \
    -e 's|"\.\./index.js"|"./pixel-collide/index.js"|' -e 's|"\.\./phaser.js"|"./pixel-collide/phaser.js"|' \
    "$pkg/demo/index.html" >"$dir/index.html"
  if grep -q '"\.\./' "$dir/index.html"; then
    echo "js.sh: the demo's import map still points outside its folder" >&2
    return 1
  fi
  echo "js.sh: the Phaser demo in $dir" >&2
}

# The site the web build made (scripts/web.sh), which serves the demo beside the game and the lab.
web_site=target/web

# The tarball `npm publish` would upload, with the wasm inside, and the license texts it must carry.
pack() {
  local packed="$out_dir/js-pack"
  rm -rf "$packed"
  mkdir -p "$packed"
  packed="$(cd "$packed" && pwd)"
  (cd js/pixel-collide && npm pack --silent --pack-destination "$packed" >/dev/null)
  local tarball
  tarball=$(ls "$packed"/pixel-collide-*.tgz)
  tar -tzf "$tarball" | grep -qx package/dist/pixel_collide_js_bg.wasm ||
    { echo "js.sh: $(basename "$tarball") lacks the wasm" >&2; exit 1; }
  python3 scripts/shipped_licenses.py "$tarball"
  bundled "$tarball"
}

# Fresh Vite and webpack 5 projects (test/bundlers/: each one's manifest and lock file, one page and
# one module), given the tarball as a user's `npm install` gives it and built by their bundler into
# $out_dir/js-bundlers/NAME/dist, which the browser test loads.
bundled() {
  local tarball="$1" name dir
  for name in vite webpack; do
    dir="$out_dir/js-bundlers/$name"
    rm -rf "$dir"
    mkdir -p "$dir"
    cp js/pixel-collide/test/bundlers/"$name"/* js/pixel-collide/test/bundlers/main.js "$dir/"
    (cd "$dir" && npm ci --silent --no-audit --no-fund &&
      npm install --silent --no-save --no-audit --no-fund "$tarball" && npm run --silent build) >&2 ||
      { echo "js.sh: the fresh $name project did not build with $(basename "$tarball")" >&2; exit 1; }
    echo "js.sh: a fresh $name project built with $(basename "$tarball")"
  done
}

run_tests() {
  pack
  # A test file still running after two minutes (about 2 s each here) is stopped and fails the run.
  (cd js/pixel-collide && node --test --test-timeout=120000 test/*.test.js)
  # The demo beside the game and the lab, when the web build has made its site: copied again here,
  # after this package's build, so that it is this build's.
  local site_args=()
  if [ -f "$web_site/index.html" ]; then
    demo_site "$web_site"
    site_args=(--site "$web_site")
  fi
  "$venv/bin/python" js/pixel-collide/test/browser/run.py js/pixel-collide target/js-test "${site_args[@]}" \
    --bundled "$out_dir/js-bundlers"
}

case "$mode" in
  build-only) bindgen_cli; build ;;
  build) bindgen_cli; test_tools; build ;;
  demo-site) demo_site "$site" ;;
  test) run_tests ;;
  bench) "$venv/bin/python" js/pixel-collide/test/browser/run.py js/pixel-collide target/js-test --bench ;;
  all) bindgen_cli; test_tools; build; run_tests ;;
esac
