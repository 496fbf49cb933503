# Sourced by the real-window checks. `start_xvfb WxH` starts an Xvfb server on a display number the
# server picks itself (a fixed number fails when a stale lock file or another server holds it), waits
# until it answers, sets XVFB_DISPLAY to ":N" and adds its pid to XVFB_PIDS; `stop_xvfb` ends them all
# and waits until they are gone.
XVFB_PIDS=()
start_xvfb() {
  local file
  file=$(mktemp)
  # -noreset: by default the server resets when its last client leaves, and a client that connects
  # during that reset (the game, right after the `xdpyinfo` below) is refused: "XOpenDisplay() failed".
  Xvfb -noreset -displayfd 3 -screen 0 "$1x24" 3>"$file" >/dev/null 2>&1 &
  XVFB_PIDS+=("$!")
  for _ in $(seq 100); do [ -s "$file" ] && break; sleep 0.1; done
  XVFB_DISPLAY=":$(head -n 1 "$file")"
  rm -f "$file"
  if [ "$XVFB_DISPLAY" = ":" ]; then
    echo "xvfb: Xvfb did not start within 10 s"
    exit 1
  fi
  for _ in $(seq 50); do DISPLAY="$XVFB_DISPLAY" xdpyinfo >/dev/null 2>&1 && return 0; sleep 0.1; done
  echo "xvfb: display $XVFB_DISPLAY does not answer"
  exit 1
}
# Waits for each server to be gone: one still shutting down deletes the socket file of the same display
# number as a new server reuses it, and the next check's game then cannot connect.
stop_xvfb() {
  local pid
  for pid in "${XVFB_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${XVFB_PIDS[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  XVFB_PIDS=()
}
# `poll SECONDS CHECK ARGS...` runs CHECK every half second until it succeeds, for at most SECONDS, so
# that a window check waits for what it expects to see rather than sleeping for the slowest machine's
# time. CHECK prints one line when what it sees is wrong and returns 1 to be asked again, 2 when
# asking again cannot help (the program exited); its last line is printed when it never succeeds, the
# success's own output when it does.
poll() {
  local seconds="$1" said status started=$SECONDS
  shift
  said=$(mktemp)
  while :; do
    # Called in this shell, not a subshell, so that what CHECK notes (a position to compare with the
    # next screenshot's) stays for the next call and for the caller.
    status=0
    "$@" >"$said" 2>&1 || status=$?
    [ "$status" -ne 0 ] && [ "$status" -ne 2 ] && [ $((SECONDS - started)) -lt "$seconds" ] || break
    sleep 0.5
  done
  cat "$said"
  rm -f "$said"
  return $((status != 0))
}
