#!/usr/bin/env bash
# The collision crate's property tests with fresh random seeds, round after round: each round runs
# every property test at its own case count from a new seed, so ROUNDS rounds draw ROUNDS times the
# cases CI draws (CI keeps one fixed seed: see scripts/test.sh). A failure is saved where proptest
# replays it first on every later run (tests/suite/NAME.proptest-regressions) and printed with its seed.
#
#   bash scripts/proptest-campaign.sh [ROUNDS] [cargo test filter...]     (ROUNDS: 20)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-20}"
shift || true
failed=0
for round in $(seq 1 "$rounds"); do
  seed=$(od -An -N8 -tu8 /dev/urandom | tr -d ' ')
  log="target/proptest-campaign-$seed.log"
  mkdir -p target
  if PROPTEST_RNG_SEED="$seed" bash scripts/cargo.sh test -q -p pixel-collide --tests "$@" >"$log" 2>&1; then
    echo "proptest campaign: round $round, seed $seed: passed"
  else
    failed=1
    echo "proptest campaign: round $round, seed $seed: FAILED (log $log)"
    grep -E "^test .* FAILED|minimal failing input|panicked" "$log" | head -10
  fi
done
exit "$failed"
