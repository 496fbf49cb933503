#!/usr/bin/env bash
# Builds the collision crate's README examples in two fresh projects outside the workspace, each with
# a path dependency on the crate and its engine: a macroquad 0.4 game (which draws with glam 0.27 and
# keeps its world in the crate's glam 0.32) and a Bevy 0.19 game with avian2d 0.7 and the Bevy plugin
# with its `avian` feature beside the crate, all on glam 0.32 (the plugin's README avian example is
# its main, the README's first example a second binary). Each game runs in a window under Xvfb and is
# checked by what it draws and prints. Fails if either does not build or run as its README says, or
# compiles a glam other than those.
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

# The Rust blocks of the README and its pages: the plain ones become one test each (in the macroquad
# project only: the Bevy one would run the same tests again, in a binary that links Bevy), the
# engine's own block its main.
extract() {
  python3 - "$crate/README.md" "$1" "$2" <<'PY'
import glob, os, re, sys
readme, engine, out = sys.argv[1:]
pages = [readme] + sorted(glob.glob(os.path.join(os.path.dirname(readme), "docs", "*.md")))
text = "".join(open(page).read() for page in pages)
blocks = re.findall(r'```rust(,ignore)?\n(.*?)```', text, re.S)
plain = [b for ignore, b in blocks if not ignore]
mine = [b for ignore, b in blocks if ignore and ('macroquad::' if engine == 'macroquad' else 'bevy::') in b]
tests = "".join(
    "#[test]\nfn readme_%d() -> Result<(), Box<dyn std::error::Error>> {\n%s\nOk(())\n}\n\n"
    % (i, re.sub(r'^# ?', '', b, flags=re.M)) for i, b in enumerate(plain))
if engine == "macroquad":
    open(out + "/tests/readme.rs", "w").write(tests)
main = mine[0] if mine else "fn main() {}\n"
if engine == "bevy":
    # The plugin's avian example is the game's main, the crate's block a module beside it (its
    # `Sprite` is the crate's, the example's Bevy's).
    plugin = open(readme.replace("pixel-collide/README.md", "bevy_pixel_collide/README.md")).read()
    avian = [b for b in re.findall(r'```rust(?:,no_run)?\n(.*?)```', plugin, re.S) if 'avian2d::' in b]
    main = avian[0] + "\n#[allow(dead_code)]\nmod crate_readme {\n" + main + "}\n"
    # The plugin's first example, its collision messages and queries without physics, a binary of
    # its own beside.
    first = [b for b in re.findall(r'```rust(?:,no_run)?\n(.*?)```', plugin, re.S) if 'avian2d::' not in b]
    os.makedirs(out + "/src/bin", exist_ok=True)
    open(out + "/src/bin/first.rs", "w").write(first[0])
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

# The README's example as its reader runs it, in a window under Xvfb: `in_a_window GAME DIR CHECK`
# starts GAME, waits for its window, calls CHECK DIR (which takes screenshots into DIR and returns
# non-zero with one line when what it sees is wrong), then stops the game; a panic on the game's own
# thread fails it too (macroquad's sound thread panics on a machine with no sound card, as in CI).
# Skipped, saying so, where Xvfb, ImageMagick or xdotool is not installed.
in_a_window() {
  local game="$1" dir="$2" check="$3"
  if ! command -v Xvfb >/dev/null || ! command -v import >/dev/null || ! command -v xdotool >/dev/null; then
    echo "outside-projects: no Xvfb, ImageMagick or xdotool here: $(basename "$game") was built, not run"
    return 0
  fi
  (
    . "$here/.ci/xvfb.sh"
    start_xvfb 1024x768
    export DISPLAY="$XVFB_DISPLAY"
    "$game" >"$dir/run.log" 2>&1 &
    local pid=$!
    trap 'kill "$pid" 2>/dev/null || true; stop_xvfb' EXIT
    for _ in $(seq 120); do
      xdotool search --onlyvisible --pid "$pid" >/dev/null 2>&1 && break
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.5
    done
    kill -0 "$pid" 2>/dev/null || { echo "outside-projects: $(basename "$game") exited:"; cat "$dir/run.log"; exit 1; }
    "$check" "$dir"
    grep -q "thread 'main'.*panicked" "$dir/run.log" &&
      { echo "outside-projects: $(basename "$game") panicked:"; cat "$dir/run.log"; exit 1; }
    true
  )
}

# Whether the screenshot DIR/SHOT.png holds each of the colours after it (`R,G,B`).
shows() {
  local dir="$1" shot="$2" colours colour
  shift 2
  colours=$(convert "$dir/$shot.png" -format %c histogram:info:- | tr -d ' ')
  # Matched in the shell: `echo | grep -q` fails under pipefail when grep stops reading first.
  for colour in "$@"; do
    [[ "$colours" == *"($colour"* ]] ||
      { echo "outside-projects: no rgb($colour...) in $dir/$shot.png"; return 1; }
  done
}

# A screenshot DIR/SHOT.png that holds each of the colours after it; for `poll` (.ci/xvfb.sh), which
# asks again until the window shows them.
shot_shows() {
  import -window root "$1/$2.png" || return 1
  shows "$@"
}

# The macroquad example: the block's gold and the figure's blue on the sky while the pointer is
# beside the block (the middle of the screen), on red once it is moved onto the block.
macroquad_check() {
  local dir="$1"
  poll 20 shot_shows "$dir" apart 102,191,255 240,190,40 0,81,170 || return 1
  xdotool mousemove 395 295
  poll 10 shot_shows "$dir" touching 230,41,5 240,190,40 0,81,170 || return 1
  echo "outside-projects: the macroquad example ran in a window: sky with the figure apart, red with it on the block"
}

# The rock drawn in its colour with its top below screen row 300: fallen from its start (row 228)
# into the bowl.
rock_fallen() {
  local dir="$1" top
  shot_shows "$dir" fallen 190,150,100 || return 1
  top=$(convert "$dir/fallen.png" -fill black +opaque "#BE9664" -format "%@" info: | sed -E 's/^[0-9]+x[0-9]+\+[0-9]+\+([0-9]+)$/\1/')
  [ "$top" -gt 300 ] ||
    { echo "outside-projects: the rock has not fallen into the bowl: its top on row $top ($dir/fallen.png)"; return 1; }
  echo "outside-projects: the Bevy example ran in a window: the rock fell into the bowl (its top on row $top)"
}

# The Bevy example (the plugin's avian one), in Bevy's default 1280 x 720 window centred on the
# 1024 x 768 screen: the bowl and the rock drawn, the rock fallen into the bowl within 20 seconds.
bevy_check() {
  poll 20 rock_fallen "$1"
}

# The plugin's first example's sprites drawn, and what it prints for the pair that overlaps from the
# start: their collision's start, the ray from the left entering the rock, the push that frees one
# from the other.
first_shown() {
  local dir="$1" line
  shot_shows "$dir" first 190,150,100 || return 1
  for line in "touch on solid pixels" "a ray from the left enters" "frees it"; do
    grep -q "$line" "$dir/run.log" ||
      { echo "outside-projects: the plugin's first example never printed \"$line\" ($dir/run.log)"; return 1; }
  done
  echo "outside-projects: the plugin's first example ran in a window: its sprites drawn, their collision, ray and push printed"
}

# The plugin's first example, in the same window size, within 20 seconds.
first_check() {
  poll 20 first_shown "$1"
}

# The crates as crates.io would serve them: packaged as `cargo publish` uploads them and unpacked where
# each project's [patch.crates-io] points, so that its manifest names `pixel-collide = "0.1"` as the
# README does and builds only what the package holds.
registry="$work/registry"
packages="${CARGO_TARGET_DIR:-$here/target}/package"
(cd "$here" && cargo package --quiet --locked --no-verify --allow-dirty -p pixel-collide -p bevy_pixel_collide)
for package in pixel-collide bevy_pixel_collide; do
  version=$(sed -n 's/^version = "\(.*\)"/\1/p' "$here/crates/$package/Cargo.toml" | head -n 1)
  python3 "$here/scripts/sdist_unpack.py" "$packages/$package-$version.crate" "$registry/$package"
done
patch() { printf '%s = { path = "%s" }\n' "$1" "$registry/$1"; }

for kind in "${kinds[@]}"; do
  # Written into a stage, then only the files that changed into the project, so that a project kept
  # from run to run (CI keeps it beside its build folder) compiles only what changed.
  dir="$work/$kind"
  stage="$work/stage-$kind"
  rm -rf "$stage"
  mkdir -p "$stage/src" "$stage/tests"
  case "$kind" in
    macroquad)
      deps='macroquad = { version = "0.4", default-features = false, features = ["audio"] }
pixel-collide = "0.1"'
      patches="$(patch pixel-collide)" ;;
    bevy)
      deps="$(engine_deps)"'
pixel-collide = "0.1"
bevy_pixel_collide = { version = "0.1", features = ["avian"] }'
      patches="$(patch pixel-collide)
$(patch bevy_pixel_collide)" ;;
    *) echo "outside-projects: unknown kind $kind (macroquad or bevy)"; exit 2 ;;
  esac
  printf '[package]\nname = "outside-%s"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n%s\n\n[patch.crates-io]\n%s\n\n[workspace]\n\n%s\n' \
    "$kind" "$deps" "$patches" "$(profiles)" >"$stage/Cargo.toml"
  cp "$here/Cargo.lock" "$stage/Cargo.lock"
  extract "$kind" "$stage"
  python3 "$here/scripts/sdist_unpack.py" "$stage" "$dir"
  rm -rf "$stage"
  [ "$kind" != bevy ] || python3 "$here/scripts/bevy_features.py" --outside "$dir"
  echo "== $kind: building the README's examples in $dir"
  if [ "$kind" = macroquad ]; then
    (cd "$dir" && cargo build --quiet --all-targets && cargo test --quiet)
  else
    # Its binaries only: a test harness of each would link Bevy once more, to run no test.
    (cd "$dir" && cargo build --quiet)
  fi
  glams=$(cd "$dir" && cargo tree -e normal --prefix none | grep -o '^glam v[0-9]*\.[0-9]*' | sort -u | tr '\n' ' ')
  want="glam v0.32 "
  [ "$kind" != macroquad ] || want="glam v0.27 glam v0.32 "
  if [ "$glams" != "$want" ]; then
    echo "outside-projects: $kind compiles ${glams:-no glam}where it should compile $want"
    exit 1
  fi
  in_a_window "${CARGO_TARGET_DIR:-$dir/target}/debug/outside-$kind" "$dir" "${kind}_check"
  [ "$kind" != bevy ] || in_a_window "${CARGO_TARGET_DIR:-$dir/target}/debug/first" "$dir" first_check
  echo "== $kind: ok ($glams)"
  # The project's own binaries are named after its folder: a project that moves (in a fresh clone's
  # target/) beside a build folder kept from run to run would leave each run's copies (about half a
  # gigabyte for the Bevy game and its tests) there for good. One kept in that build folder keeps them.
  if [ -n "${CARGO_TARGET_DIR:-}" ] && [[ "$dir" != "$CARGO_TARGET_DIR"/* ]]; then
    out="$CARGO_TARGET_DIR/debug"
    rm -rf "$out/deps/outside_$kind"-* "$out/deps/readme"-* "$out/.fingerprint/outside-$kind"-* \
      "$out/outside-$kind" "$out/outside-$kind.d" "$out/deps/first"-*
    [ "$kind" != bevy ] || rm -f "$out/first" "$out/first.d"
  fi
done
