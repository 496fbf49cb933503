# Sourced by .ci/run: `step NAME COMMAND...` runs one step under a heading and records its wall time;
# `ci_steps_report STATUS` prints the table at the end of the run, passed or failed: each step's time,
# the total against the budget (a cold run 25 minutes, one that reuses the cache 8), the disk the build
# folders use and the load average at the start and the end.

CI_STEP_NAMES=()
CI_STEP_SECONDS=()
CI_STEP_CURRENT=""
# Minutes a whole run may take on the project's two-core machine, from nothing and with the cache.
CI_BUDGET_COLD_MIN=25
CI_BUDGET_WARM_MIN=8

ci_steps_begin() {
  CI_STARTED=$(date +%s)
  CI_LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)
}

step() {
  local name="$1" started
  shift
  echo "== $name"
  CI_STEP_CURRENT="$name"
  started=$(date +%s)
  "$@"
  CI_STEP_NAMES+=("$name")
  CI_STEP_SECONDS+=("$(($(date +%s) - started))")
  CI_STEP_CURRENT=""
}

ci_mmss() { printf '%d:%02d' $(($1 / 60)) $(($1 % 60)); }

ci_steps_report() {
  local status="$1" i total=$(($(date +%s) - CI_STARTED)) folder
  echo
  echo "== CI timing ($( [ "$status" = 0 ] && echo passed || echo "FAILED, status $status"))"
  printf '%-46s %8s\n' "step" "wall"
  for i in "${!CI_STEP_NAMES[@]}"; do
    printf '%-46s %8s\n' "${CI_STEP_NAMES[$i]}" "$(ci_mmss "${CI_STEP_SECONDS[$i]}")"
  done
  [ -z "$CI_STEP_CURRENT" ] || printf '%-46s %8s\n' "$CI_STEP_CURRENT (failed)" "-"
  printf '%-46s %8s\n' "total" "$(ci_mmss "$total")"
  local kind="${CI_CACHE_STATE:-cold}" budget
  budget=$([ "$kind" = warm ] && echo "$CI_BUDGET_WARM_MIN" || echo "$CI_BUDGET_COLD_MIN")
  if [ "$total" -gt $((budget * 60)) ]; then
    echo "over budget: $kind $budget min (this run took $(ci_mmss "$total"))"
  else
    echo "within budget: $kind $budget min ($(( (budget * 60 - total) / 60 )) min to spare)"
  fi
  for folder in $(printf "%s\n" "${CARGO_TARGET_DIR:-target}" "$PWD/target" | sort -u); do
    [ -d "$folder" ] && printf '%-46s %8s\n' "disk: $folder" "$(du -sh "$folder" 2>/dev/null | cut -f1)"
  done
  echo "load average: $CI_LOAD_START at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end ($(nproc) cores)"
  df -h . | tail -n 1 | sed 's/^/disk at exit: /'
}
