#!/usr/bin/env bash
# The boundary's speed (called by `bash scripts/c.sh bench`): the C functions against the crate
# called from Rust, the C# binding against the XNA tutorial's loop, LuaJIT's FFI against a Lua loop.
set -euo pipefail
prefix="$1"
work="$2"
crate="$(cd "$(dirname "$0")/.." && pwd)"
uptime
bash "$crate/../../scripts/cargo.sh" run --release --locked -q -p pixel-collide-c --example boundary_report
bash "$crate/csharp/run.sh" "$prefix" "$work" --bench
if [ -f "$crate/love/run.sh" ]; then
  bash "$crate/love/run.sh" "$prefix" "$work" --bench
fi
