# Sourced by .ci/run: `step NAME COMMAND...` runs one step under a heading and records its wall time;
# `ci_steps_report STATUS` prints the table at the end of the run, passed or failed: each step's time,
# the total against the budget (a cold run 25 minutes, one that reuses the cache 8), the disk the build
# folders use and the load average at the start and the end. Beside each step's wall time, the CPU
# time the whole machine spent in it (background work included) and how many cores that kept busy:
# a step well under the machine's cores is waiting (a link, a test run, a window), and work beside it
# would cost nothing.
#
# `background NAME COMMAND...` starts a step's work at once at the lowest priority, so that it takes
# only the CPU the steps in front leave idle (downloads, test runs, waits for windows); `beside NAME
# COMMAND...` starts work that mostly waits (a browser driven through pages) at normal priority, so
# that the steps beside it never starve it; `await NAME` (run as a step) waits for either, printing its
# output, and fails as it failed.

CI_STEP_NAMES=()
CI_STEP_SECONDS=()
CI_STEP_CPU=()
CI_STEP_CURRENT=""
# Minutes a whole run may take on the project's two-core machine, from nothing and with the cache.
CI_BUDGET_COLD_MIN=25
CI_BUDGET_WARM_MIN=8

# The machine's busy CPU time so far, in hundredths of a second: user, nice, system, irq, softirq and
# steal from /proc/stat, in clock ticks.
ci_busy() {
  awk -v hz="$(getconf CLK_TCK)" '/^cpu /{printf "%d\n", ($2 + $3 + $4 + $7 + $8 + $9) * 100 / hz}' /proc/stat
}

ci_steps_begin() {
  CI_STARTED=$(date +%s)
  CI_BUSY_START=$(ci_busy)
  CI_LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)
}

step() {
  local name="$1" started busy
  shift
  echo "== $name"
  CI_STEP_CURRENT="$name"
  started=$(date +%s)
  busy=$(ci_busy)
  "$@"
  CI_STEP_NAMES+=("$name")
  CI_STEP_SECONDS+=("$(($(date +%s) - started))")
  CI_STEP_CPU+=("$((($(ci_busy) - busy) / 100))")
  CI_STEP_CURRENT=""
}

declare -A CI_BG_PID=() CI_BG_LOG=()

background() {
  ci_start_aside "$1" 19 "${@:2}"
}

beside() {
  ci_start_aside "$1" 0 "${@:2}"
}

# Starts COMMAND as job NAME at niceness NICE.
ci_start_aside() {
  local name="$1" niceness="$2"
  shift 2
  CI_BG_LOG[$name]="$TMPDIR/background-$name.log"
  # A session of its own, so that a run that fails early can end it with everything it started.
  setsid nice -n "$niceness" "$@" >"${CI_BG_LOG[$name]}" 2>&1 &
  CI_BG_PID[$name]=$!
  echo "background: $name started (pid ${CI_BG_PID[$name]}, log ${CI_BG_LOG[$name]})"
}

await() {
  local name="$1" status=0
  wait "${CI_BG_PID[$name]}" || status=$?
  unset "CI_BG_PID[$name]"
  cat "${CI_BG_LOG[$name]}"
  [ "$status" = 0 ] || echo "background: $name failed with status $status"
  return "$status"
}

# Ends what is still running in the background (a run that failed early).
ci_background_stop() {
  local pid
  for pid in "${CI_BG_PID[@]}"; do kill -- "-$pid" 2>/dev/null || true; done
}

ci_mmss() { printf '%d:%02d' $(($1 / 60)) $(($1 % 60)); }

# CPU seconds over wall seconds, to one decimal: the cores a step kept busy.
ci_cores() { [ "$2" -gt 0 ] && awk -v c="$1" -v w="$2" 'BEGIN { printf "%.1f", c / w }' || echo "-"; }

ci_steps_report() {
  local status="$1" i total=$(($(date +%s) - CI_STARTED)) folder
  echo
  echo "== CI timing ($( [ "$status" = 0 ] && echo passed || echo "FAILED, status $status"))"
  printf '%-46s %8s %8s %6s\n' "step" "wall" "cpu" "cores"
  for i in "${!CI_STEP_NAMES[@]}"; do
    printf '%-46s %8s %8s %6s\n' "${CI_STEP_NAMES[$i]}" "$(ci_mmss "${CI_STEP_SECONDS[$i]}")" \
      "$(ci_mmss "${CI_STEP_CPU[$i]}")" "$(ci_cores "${CI_STEP_CPU[$i]}" "${CI_STEP_SECONDS[$i]}")"
  done
  [ -z "$CI_STEP_CURRENT" ] || printf '%-46s %8s\n' "$CI_STEP_CURRENT (failed)" "-"
  local cpu=$((($(ci_busy) - CI_BUSY_START) / 100))
  printf '%-46s %8s %8s %6s\n' "total" "$(ci_mmss "$total")" "$(ci_mmss "$cpu")" "$(ci_cores "$cpu" "$total")"
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
