#!/usr/bin/env bash
# Coverage-guided fuzzing (cargo-fuzz, libFuzzer, AddressSanitizer) of every byte format the game
# and the collision crate read and of every query against brute force: the targets in fuzz/.
# Builds with the nightly beside stable (or stable with RUSTC_BOOTSTRAP=1 where there is none) and
# installs cargo-fuzz from crates.io when it is missing. See docs/fuzzing.md.
#
#   bash scripts/fuzz.sh --ci [SECONDS]         every target for SECONDS (10) on its committed corpus;
#                                               a crash fails the run and prints the input
#   bash scripts/fuzz.sh --campaign SECONDS [TARGET...]
#                                               each target (or those named) for SECONDS, then its
#                                               corpus minimized back into fuzz/corpus/TARGET
#   bash scripts/fuzz.sh --build                the targets only
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root/fuzz"
export PATH="$HOME/.cargo/bin:$PATH"
# Memory and time per input: an allocation past the crates' limits or a loop without a bound fails.
limits=(-rss_limit_mb=2048 -timeout=10 -malloc_limit_mb=1024)
cargo_fuzz_version=0.13.2

if rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
  toolchain=(+nightly)
else
  # Stable compiles the sanitizer's flags when told it may use unstable ones.
  toolchain=()
  export RUSTC_BOOTSTRAP=1
fi
if ! cargo fuzz --version 2>/dev/null | grep -q "$cargo_fuzz_version"; then
  # In a build folder of its own, not the targets' (CARGO_TARGET_DIR), which it would fill.
  env -u CARGO_TARGET_DIR cargo install --quiet --locked cargo-fuzz --version "$cargo_fuzz_version"
fi
# Release code with debug assertions and overflow checks, as a debug build a user runs would panic.
build=(-O -a)
targets=()
while IFS= read -r t; do targets+=("$t"); done < <(cargo "${toolchain[@]}" fuzz list)

cargo "${toolchain[@]}" fuzz build "${build[@]}" 2>&1 | grep -Ev '^\s+(Compiling|Finished)' || true
# `cargo fuzz build` exits 0 even when the output above shows a failure on some versions: check.
for t in "${targets[@]}"; do
  [ -x "${CARGO_TARGET_DIR:-target}/x86_64-unknown-linux-gnu/release/$t" ] ||
    { echo "fuzz: $t was not built"; exit 1; }
done
mode="${1:---ci}"
[ "$mode" != --build ] || exit 0

run_target() {
  local t="$1" seconds="$2" scratch="$3" seed="${4:-}"
  mkdir -p "$scratch" "corpus/$t"
  # New inputs go to the scratch folder first; the committed corpus is only read.
  local log="$scratch.log" status=0
  cargo "${toolchain[@]}" fuzz run "${build[@]}" "$t" "$scratch" "corpus/$t" -- \
    -max_total_time="$seconds" "${limits[@]}" ${seed:+-seed="$seed"} -print_final_stats=1 >"$log" 2>&1 || status=$?
  local runs cov
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo 0)
  printf 'fuzz: %-18s %8s inputs in %ss, coverage %s edges\n' "$t" "$runs" "$seconds" "$cov"
  if [ "$status" != 0 ]; then
    grep -E 'panicked|ERROR|SUMMARY|Test unit written|Base64' "$log" | head -20
    echo "fuzz: $t failed: reproduce with cargo +nightly fuzz run -O -a $t fuzz/artifacts/$t/<file>"
    return 1
  fi
}

work="$root/target/fuzz-work"
rm -rf "$work"
mkdir -p "$work"
case "$mode" in
  --ci)
    seconds="${2:-10}"
    failed=0
    # One fixed seed: the search is the same sequence of inputs every run, so that CI fails for what
    # the code does, not for a search that happened to go elsewhere (a campaign draws fresh seeds).
    for t in "${targets[@]}"; do run_target "$t" "$seconds" "$work/$t" 1 || failed=1; done
    exit "$failed"
    ;;
  --campaign)
    seconds="${2:?--campaign needs a number of seconds per target}"
    shift 2
    [ "$#" -eq 0 ] || targets=("$@")
    for t in "${targets[@]}"; do
      started=$(date +%s)
      run_target "$t" "$seconds" "$work/$t" || true
      # The corpus minimized to the inputs that keep the coverage reached, old and new together;
      # the fixed findings (`regression-HASH`) set aside first and kept by name, since minimizing
      # renames every input it keeps to its hash and drops those that add no coverage.
      cp -n "$work/$t"/* "corpus/$t/" 2>/dev/null || true
      kept="$work/$t.regressions"
      rm -rf "$kept" && mkdir -p "$kept"
      mv "corpus/$t"/regression-* "$kept/" 2>/dev/null || true
      cargo "${toolchain[@]}" fuzz cmin "${build[@]}" "$t" "corpus/$t" -- "${limits[@]}" \
        >"$work/$t.cmin.log" 2>&1 || { echo "fuzz: minimizing $t failed"; tail -5 "$work/$t.cmin.log"; }
      for r in "$kept"/regression-*; do
        [ -e "$r" ] || continue
        rm -f "corpus/$t/${r##*/regression-}"
        mv "$r" "corpus/$t/"
      done
      echo "fuzz: $t: $(ls "corpus/$t" | wc -l) inputs kept, $(($(date +%s) - started)) s of one core"
    done
    ;;
  *)
    echo "usage: bash scripts/fuzz.sh --ci [SECONDS] | --campaign SECONDS [TARGET...] | --build"
    exit 2
    ;;
esac
