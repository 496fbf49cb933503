#!/usr/bin/env bash
# The C# binding under Mono (called by tests/run.sh with PREFIX WORK; `--bench` for the speed table):
# compiled with every warning an error, then its test: the boundary's errors as exceptions, agreement
# with an exact reference on random turned and scaled sprites, and the XNA tutorial's loop counted.
set -euo pipefail
prefix="$1"
work="$2"
bench="${3:-}"
here="$(cd "$(dirname "$0")" && pwd)"
export LD_LIBRARY_PATH="$prefix/lib"
mkdir -p "$work/csharp"
mcs -optimize+ -warnaserror -nologo -out:"$work/csharp/BindingTest.exe" \
  "$here/PixelCollide.cs" "$here/tests/XnaTutorial.cs" "$here/tests/BindingTest.cs"
if [ "$bench" = "--bench" ]; then
  assets="$(cd "$here/../../../assets" && pwd)"
  uptime
  # Mono's default thread suspension (hybrid) makes every foreign call a GC transition; the
  # preemptive mode, which Mono also offers, does not.
  mono "$work/csharp/BindingTest.exe" --bench "$assets"
  MONO_THREADS_SUSPEND=preemptive mono "$work/csharp/BindingTest.exe" --bench "$assets"
else
  mono "$work/csharp/BindingTest.exe"
fi
