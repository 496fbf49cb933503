#!/usr/bin/env bash
# Every release artifact, as its registry would serve it, into one folder: the two crates' `.crate`
# files (what `cargo publish` uploads; the collision crate built from its package alone), the Python
# sdist and its three manylinux wheels (scripts/python.sh --wheel), the npm tarball with its wasm
# (scripts/js.sh --build-only, then `npm pack`) and the C library's installed tree as a tarball
# (scripts/c.sh install); each is then checked to carry both license texts.
#
#   bash scripts/artifacts.sh [DIR]     DIR: target/artifacts by default
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/target/artifacts}"
target="${CARGO_TARGET_DIR:-$root/target}"
cd "$root"
version_of() { sed -n 's/^version = "\(.*\)"/\1/p' "$1" | head -n 1; }
rm -rf "$out"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

bash scripts/cargo.sh package --locked -p pixel-collide
bash scripts/cargo.sh package --locked --no-verify -p pixel-collide -p bevy_pixel_collide
for crate in pixel-collide bevy_pixel_collide; do
  cp "$target/package/$crate-$(version_of "crates/$crate/Cargo.toml").crate" "$out/"
done

bash scripts/python.sh --wheel
cp "$target"/python-dist/pixel_collide-* "$out/"

bash scripts/js.sh --build-only
(cd js/pixel-collide && npm pack --silent --pack-destination "$out" >/dev/null)

c_version=$(version_of crates/pixel-collide-c/Cargo.toml)
c_tree="$target/artifacts-c/pixel-collide-c-$c_version"
rm -rf "$c_tree"
bash scripts/c.sh install "$c_tree"
# A relocatable tree: the pkg-config file names its own folder, as pkg-config's ${pcfiledir} does.
sed -i 's|^prefix=.*|prefix=${pcfiledir}/../..|' "$c_tree/lib/pkgconfig/pixel-collide.pc"
cp LICENSE-MIT LICENSE-APACHE "$c_tree/"
tar -C "$(dirname "$c_tree")" -czf "$out/pixel-collide-c-$c_version-linux-$(uname -m).tar.gz" "$(basename "$c_tree")"

python3 scripts/shipped_licenses.py "$out"/*.crate "$out"/*.tar.gz "$out"/*.whl "$out"/*.tgz
echo "artifacts: $(ls "$out" | wc -l) files in $out"
ls -l "$out" | tail -n +2 | awk '{ printf "  %10d  %s\n", $5, $9 }'
