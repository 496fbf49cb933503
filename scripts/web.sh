#!/usr/bin/env bash
# Builds the game and the collision lab for the browser into target/web/ and serves them on 127.0.0.1,
# with the npm package's Phaser demo in target/web/phaser/ once the package is built (scripts/js.sh).
#
#   bash scripts/web.sh                 build, then serve (prints the address; Ctrl+C stops)
#   bash scripts/web.sh --build-only    build only; the last line printed is the site's folder
#   bash scripts/web.sh --port 8123     serve on another port (default 8000)
#   bash scripts/web.sh --setup         only install Debian's web toolchain (apt-get, as root or with sudo)
#
# The compiler is chosen explicitly, never from PATH's first cargo: Debian's rustc-web (/usr/bin/rustc,
# building the standard library for wasm from rust-web-src), or rustup's toolchain when it has the
# wasm32-unknown-unknown target. WEB_TOOLCHAIN=debian|rustup picks one; docs/web.md explains both.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=serve
port=8000
while [ $# -gt 0 ]; do
  case "$1" in
    --build-only) mode=build ;;
    --port) port="${2:?--port needs a number}"; shift ;;
    --setup) mode=setup ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "web.sh: unknown argument: $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

debian_packages="rustc-web cargo-web rust-web-src rust-web-llvm lld-22"
install_debian_toolchain() {
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $debian_packages >/dev/null
  echo "web.sh: Debian's web toolchain is installed"
}
if [ "$mode" = setup ]; then
  install_debian_toolchain
  exit 0
fi

target=wasm32-unknown-unknown
# Debian's toolchain lives in /usr/bin beside its own rust-lld; rustup's in ~/.cargo/bin.
debian_ready() {
  [ -x /usr/bin/cargo ] && [ -x /usr/bin/rustc ] && [ -x /usr/bin/rust-lld ] &&
    [ -d /usr/lib/rustlib/src/rust/library/std ]
}
rustup_ready() {
  command -v rustup >/dev/null 2>&1 && rustup target list --installed 2>/dev/null | grep -qx "$target"
}
toolchain="${WEB_TOOLCHAIN:-}"
if [ -z "$toolchain" ]; then
  if debian_ready; then toolchain=debian
  elif rustup_ready; then toolchain=rustup
  elif command -v apt-get >/dev/null 2>&1; then
    # A fresh Debian or Ubuntu machine, as play.sh sets one up: install the compiler first.
    echo "web.sh: installing Debian's web toolchain ($debian_packages)"
    install_debian_toolchain
    toolchain=debian
  else
    echo "web.sh: no compiler for $target: install Debian's rustc-web or run" \
      "'rustup target add $target' (see docs/web.md)" >&2
    exit 1
  fi
fi

site="target/web"
build_dir="${WEB_TARGET_DIR:-target/web-build}"
# Only the final links need this: macroquad's sound crate imports the page's functions without naming
# their module, which the linker must leave for the page to provide.
link_args=(-C link-arg=--allow-undefined)
# The web has no gilrs (the browser owns the gamepads) and no desktop sound libraries to link.
features=(--no-default-features --features sound)

build() {
  local what=("$@")
  case "$toolchain" in
    debian)
      # Debian's rustc-web has no prebuilt wasm standard library: it is built from source, which
      # needs the nightly-only -Zbuild-std that RUSTC_BOOTSTRAP unlocks on this stable compiler.
      PATH="/usr/bin:$PATH" RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$build_dir" \
        /usr/bin/cargo rustc --release --target "$target" -Zbuild-std=std,panic_abort \
        "${features[@]}" "${what[@]}" -- "${link_args[@]}"
      ;;
    rustup)
      CARGO_TARGET_DIR="$build_dir" rustup run stable cargo rustc --release --target "$target" \
        "${features[@]}" "${what[@]}" -- "${link_args[@]}"
      ;;
    *) echo "web.sh: WEB_TOOLCHAIN must be debian or rustup, not '$toolchain'" >&2; exit 2 ;;
  esac
}

echo "web.sh: building with the $toolchain toolchain ($target) into $build_dir" >&2
build --bin spinfall >&2
build --example lab >&2

# The page's loader is macroquad's own bundle, from the macroquad version Cargo.lock names.
case "$toolchain" in
  debian) metadata=(/usr/bin/cargo metadata) ;;
  *) metadata=(rustup run stable cargo metadata) ;;
esac
macroquad_dir=$("${metadata[@]}" --format-version 1 --locked 2>/dev/null |
  python3 -c 'import json,sys; m=json.load(sys.stdin); print(next(p["manifest_path"] for p in m["packages"] if p["name"]=="macroquad").rsplit("/",1)[0])')
bundle="$macroquad_dir/js/mq_js_bundle.js"
[ -f "$bundle" ] || { echo "web.sh: macroquad's JS bundle not found at $bundle" >&2; exit 1; }

rm -rf "$site"
mkdir -p "$site"
out="$build_dir/$target/release"
cp "$out/spinfall.wasm" "$site/spinfall.wasm"
cp "$out/examples/lab.wasm" "$site/lab.wasm"
cp "$bundle" "$site/mq_js_bundle.js"
cp web/index.html web/lab.html web/spinfall.js web/manifest.json "$site/"
cp assets/icon-192.png assets/icon-512.png "$site/"
# The offline copy's cache is named by the build: a digest of everything it keeps.
build_id=$(cd "$site" && cat index.html lab.html spinfall.js mq_js_bundle.js spinfall.wasm lab.wasm \
  manifest.json icon-192.png icon-512.png | sha256sum | cut -c1-16)
sed "s/__BUILD__/$build_id/" web/sw.js >"$site/sw.js"
echo "web.sh: build $build_id" >&2
for wasm in spinfall lab; do
  raw=$(wc -c <"$site/$wasm.wasm")
  gz=$(gzip -9 -c "$site/$wasm.wasm" | wc -c)
  echo "web.sh: $wasm.wasm: $raw bytes, $gz gzipped" >&2
done

# The npm package's Phaser demo, when the package is built (bash scripts/js.sh).
if [ -f js/pixel-collide/dist/pixel_collide_js_bg.wasm ] && [ -d js/pixel-collide/node_modules/phaser ]; then
  # Left out, not fatal, if the package is being rebuilt meanwhile: its tests copy it again.
  bash scripts/js.sh --demo-site "$site" || echo "web.sh: the Phaser demo left out" >&2
fi

site_abs="$(cd "$site" && pwd)"
if [ "$mode" = build ]; then
  echo "$site_abs"
  exit 0
fi
echo "web.sh: serving $site_abs"
echo "web.sh: the game: http://127.0.0.1:$port/   the collision lab: http://127.0.0.1:$port/lab.html"
if [ -f "$site_abs/phaser/index.html" ]; then
  echo "web.sh: pixel-collide's Phaser demo: http://127.0.0.1:$port/phaser/"
fi
exec python3 -m http.server --bind 127.0.0.1 --directory "$site_abs" "$port"
