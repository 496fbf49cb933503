# Sourced by .ci/run. One build folder for every cargo build of a run (the workspace, the outside
# projects, the web build), kept between runs on the same machine under ~/.cache/spinfall-ci/KEY, where
# KEY names the toolchain and Cargo.lock. The cache only holds what the cold path builds: a run that
# finds no usable entry builds everything from nothing, the same commands either way.
#
#   ci_cache_open     sets CARGO_TARGET_DIR (the cache entry, or ./target when there is none to use)
#   ci_cache_close    marks the entry whole again once the run is over (called on exit)
#
# SPINFALL_CI_CACHE=0 turns the cache off; SPINFALL_CI_CACHE_DIR moves it. An entry that a run did not
# close (killed, or still running elsewhere), one from another toolchain or lock file, one over the size
# cap, and any entry at all on a nearly full disk is set aside with one line saying so.

CI_CACHE_ENTRY=""
CI_CACHE_KEY=""
# "warm" when a whole entry is reused, "cold" when the run builds from nothing: the budget it is held to.
CI_CACHE_STATE=cold
# Free disk a cold run needs for its build folder (about 12 GB) with room to spare.
CI_CACHE_MIN_FREE_GB=${CI_CACHE_MIN_FREE_GB:-25}
# An entry larger than this has grown past what one run builds: it starts again.
CI_CACHE_MAX_GB=${CI_CACHE_MAX_GB:-20}

# A fresh clone's files are all newer than the cached builds: .ci/file_times.py gives the unchanged
# ones the times they had in the run that last used the entry, so cargo rebuilds only what changed.
ci_file_times() {
  if command -v python3 >/dev/null 2>&1 && command -v git >/dev/null 2>&1 && [ -e .git ]; then
    # A record that may not match the last run's checkout is worse than none.
    python3 .ci/file_times.py "$1" "$2" || { echo "cache: file times not carried ($1 failed)"; rm -f "$2"; }
  else
    echo "cache: no python3, git or checkout to carry file times by: the workspace crates compile again"
    rm -f "$2"
  fi
}

ci_free_gb() { df -BG --output=avail "$1" | tail -n 1 | tr -dc '0-9'; }

ci_cache_open() {
  local root="${SPINFALL_CI_CACHE_DIR:-$HOME/.cache/spinfall-ci}"
  export CARGO_TARGET_DIR="$PWD/target"
  if [ "${SPINFALL_CI_CACHE:-1}" = 0 ]; then
    echo "cache: off (SPINFALL_CI_CACHE=0): building from nothing in ./target"
    return 0
  fi
  if ! command -v rustc >/dev/null 2>&1 || ! command -v cargo >/dev/null 2>&1; then
    echo "cache: no Rust toolchain yet to key the cache by: building from nothing in ./target"
    return 0
  fi
  if ! mkdir -p "$root" 2>/dev/null; then
    echo "cache: cannot create $root: building from nothing in ./target"
    return 0
  fi
  # One run at a time uses the cache; a second one at the same moment builds on its own.
  exec 8>"$root/.lock"
  if ! flock -n 8; then
    echo "cache: another run holds $root: building from nothing in ./target"
    return 0
  fi
  CI_CACHE_KEY=$({ rustc -vV; cargo -V; cat Cargo.lock; } | sha256sum | cut -c1-16)
  local entry="$root/$CI_CACHE_KEY" other
  for other in "$root"/*; do
    [ -e "$other" ] && [ "$other" != "$entry" ] || continue
    echo "cache: setting aside $other (another toolchain or Cargo.lock)"
    rm -rf "$other"
  done
  local free
  free=$(ci_free_gb "$root")
  if [ "$free" -lt "$CI_CACHE_MIN_FREE_GB" ]; then
    echo "cache: only ${free} GB free (a run needs ${CI_CACHE_MIN_FREE_GB}): setting the cache aside, building in ./target"
    rm -rf "$entry"
    return 0
  fi
  if [ -d "$entry" ] && [ "$(cat "$entry/complete" 2>/dev/null)" != "$CI_CACHE_KEY" ]; then
    echo "cache: $entry was not closed by the run that used it (damaged or interrupted): setting it aside"
    rm -rf "$entry"
  fi
  if [ -d "$entry" ]; then
    local size
    size=$(du -s -BG "$entry" | cut -f1 | tr -dc '0-9')
    if [ "$size" -gt "$CI_CACHE_MAX_GB" ]; then
      echo "cache: $entry holds ${size} GB, over its cap of ${CI_CACHE_MAX_GB}: setting it aside"
      rm -rf "$entry"
    fi
  fi
  if [ -d "$entry" ]; then
    echo "cache: reusing $entry"
    CI_CACHE_STATE=warm
    ci_file_times restore "$entry/file-times"
  else
    echo "cache: empty: building from nothing into $entry"
  fi
  mkdir -p "$entry/target"
  rm -f "$entry/complete"
  # Binaries and libraries copied up from deps/ are what tests run; without them, a run whose steps no
  # longer build something fails as a fresh clone would, instead of running last run's copy.
  find "$entry/target" -mindepth 2 -maxdepth 6 -type f \
    \( -path '*/debug/*' -o -path '*/release/*' \) ! -path '*/deps/*' ! -path '*/build/*' \
    ! -path '*/.fingerprint/*' ! -path '*/incremental/*' -delete 2>/dev/null || true
  CI_CACHE_ENTRY="$entry"
  export CARGO_TARGET_DIR="$entry/target"
}

ci_cache_close() {
  [ -n "$CI_CACHE_ENTRY" ] || return 0
  if [ "$(ci_free_gb "$CI_CACHE_ENTRY")" -lt 2 ]; then
    echo "cache: the disk filled during the run: setting $CI_CACHE_ENTRY aside"
    rm -rf "$CI_CACHE_ENTRY"
    return 0
  fi
  ci_file_times save "$CI_CACHE_ENTRY/file-times"
  echo "$CI_CACHE_KEY" >"$CI_CACHE_ENTRY/complete"
}
