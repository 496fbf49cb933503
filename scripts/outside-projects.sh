#!/usr/bin/env bash
# Builds the collision crate's README examples in two fresh projects outside the workspace, each with
# a path dependency on the crate and its engine: a macroquad 0.4 game (which draws with glam 0.27 and
# keeps its world in the crate's glam 0.32) and a Bevy 0.19 game with avian2d 0.7 and the Bevy plugin
# with its `avian` feature beside the crate, all on glam 0.32 (the plugin's README avian example is
# its main). Fails if either does not build, or compiles a glam other than those.
# Usage: bash scripts/outside-projects.sh [macroquad|bevy]...
#
# Each project starts from the workspace's Cargo.lock and build profiles, and the Bevy game asks for the
# Bevy and avian2d features the plugin's tests and example use, so that with one CARGO_TARGET_DIR (as
# CI sets) they reuse what the workspace built instead of compiling macroquad and Bevy again; the
# dependency graph a project resolves is still its own, and scripts/bevy_features.py checks, before
# anything is built, that it gives every crate under Bevy the features the plugin's tests give it.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
crate="$here/crates/pixel-collide"
work="${OUTSIDE_DIR:-$here/target/outside-projects}"
kinds=("$@")
[ "${#kinds[@]}" -gt 0 ] || kinds=(macroquad bevy)

# The README's Rust blocks: the plain ones become one test each, the engine's own block its main.
extract() {
  python3 - "$crate/README.md" "$1" "$2" <<'PY'
import re, sys
readme, engine, out = sys.argv[1:]
blocks = re.findall(r'```rust(,ignore)?\n(.*?)```', open(readme).read(), re.S)
plain = [b for ignore, b in blocks if not ignore]
mine = [b for ignore, b in blocks if ignore and ('macroquad::' if engine == 'macroquad' else 'bevy::') in b]
tests = "".join(
    "#[test]\nfn readme_%d() -> Result<(), Box<dyn std::error::Error>> {\n%s\nOk(())\n}\n\n"
    % (i, re.sub(r'^# ?', '', b, flags=re.M)) for i, b in enumerate(plain))
open(out + "/tests/readme.rs", "w").write(tests)
main = mine[0] if mine else "fn main() {}\n"
if engine == "bevy":
    # The plugin's avian example is the game's main, the crate's block a module beside it (its
    # `Sprite` is the crate's, the example's Bevy's).
    plugin = open(readme.replace("pixel-collide/README.md", "bevy_pixel_collide/README.md")).read()
    avian = [b for b in re.findall(r'```rust(?:,no_run)?\n(.*?)```', plugin, re.S) if 'avian2d::' in b]
    main = avian[0] + "\n#[allow(dead_code)]\nmod crate_readme {\n" + main + "}\n"
open(out + "/src/main.rs", "w").write(main)
PY
}

# The workspace's [profile.*] sections, word for word.
profiles() { sed -n '/^\[profile\./,$p' "$here/Cargo.toml"; }

# The Bevy dependency the plugin builds with under its `example` feature (its dev-dependencies'
# features included), and its avian2d dependency as written.
engine_deps() {
  python3 - "$here/crates/bevy_pixel_collide/Cargo.toml" <<'PY'
import sys, tomllib
toml = tomllib.load(open(sys.argv[1], "rb"))
deps = toml["dependencies"]
wanted = set(deps["bevy"]["features"]) | set(toml["dev-dependencies"]["bevy"]["features"])
todo, seen = ["example"], set()
while todo:
    for item in toml["features"].get(todo.pop(), []):
        if item.startswith("bevy/"):
            wanted.add(item[len("bevy/"):])
        elif item not in seen:
            seen.add(item)
            todo.append(item)
quoted = lambda items: ", ".join('"%s"' % f for f in sorted(items))
avian = deps["avian2d"]
print('bevy = { version = "%s", default-features = false, features = [%s] }' % (deps["bevy"]["version"], quoted(wanted)))
print('avian2d = { version = "%s", default-features = %s, features = [%s] }'
      % (avian["version"], str(avian.get("default-features", True)).lower(), quoted(avian["features"])))
PY
}

for kind in "${kinds[@]}"; do
  dir="$work/$kind"
  rm -rf "$dir"
  mkdir -p "$dir/src" "$dir/tests"
  case "$kind" in
    macroquad)
      deps='macroquad = { version = "0.4", default-features = false, features = ["audio"] }
pixel-collide = { path = "'"$crate"'" }'
      cp "$here/assets/block.png" "$dir/src/block.png" ;;
    bevy)
      deps="$(engine_deps)"'
pixel-collide = { path = "'"$crate"'" }
bevy_pixel_collide = { path = "'"$here/crates/bevy_pixel_collide"'", features = ["avian"] }' ;;
    *) echo "outside-projects: unknown kind $kind (macroquad or bevy)"; exit 2 ;;
  esac
  printf '[package]\nname = "outside-%s"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n%s\n\n[workspace]\n\n%s\n' \
    "$kind" "$deps" "$(profiles)" >"$dir/Cargo.toml"
  cp "$here/Cargo.lock" "$dir/Cargo.lock"
  extract "$kind" "$dir"
  [ "$kind" != bevy ] || python3 "$here/scripts/bevy_features.py" --outside "$dir"
  echo "== $kind: building the README's examples in $dir"
  (cd "$dir" && cargo build --quiet --all-targets && cargo test --quiet)
  glams=$(cd "$dir" && cargo tree -e normal --prefix none | grep -o '^glam v[0-9]*\.[0-9]*' | sort -u | tr '\n' ' ')
  want="glam v0.32 "
  [ "$kind" != macroquad ] || want="glam v0.27 glam v0.32 "
  if [ "$glams" != "$want" ]; then
    echo "outside-projects: $kind compiles ${glams:-no glam}where it should compile $want"
    exit 1
  fi
  echo "== $kind: ok ($glams)"
  # The project's own binaries are named after its folder, which a fresh clone moves: in a build
  # folder kept from run to run (CI's) each run's copies (about half a gigabyte for the Bevy game and
  # its tests) would stay for good, beside nothing that reads them again.
  out="${CARGO_TARGET_DIR:-$dir/target}/debug"
  rm -rf "$out/deps/outside_$kind"-* "$out/deps/readme"-* "$out/.fingerprint/outside-$kind"-* \
    "$out/outside-$kind" "$out/outside-$kind.d"
done
