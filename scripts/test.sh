#!/usr/bin/env bash
# Sets up a fresh Debian/Ubuntu machine if needed, then runs every test: unit, integration, property
# and documentation tests of the game and the collision library (the workspace's default members),
# then, when called without arguments, those of the Bevy plugin crate, which is not a default member
# so that building and testing the game never compiles Bevy. The plugin is tested with its `example`
# feature, the one Bevy feature set that its clippy, docs and window example also build, so Bevy is
# compiled once. With arguments it is `cargo test ARGS`.
#
# Property tests draw their cases from one fixed seed, so a run fails only for what the code does,
# never for the cases it happened to draw; `bash scripts/proptest-campaign.sh` draws fresh ones.
set -euo pipefail
here="$(dirname "$0")"
export PROPTEST_RNG_SEED="${PROPTEST_RNG_SEED:-20261202}"
bash "$here/setup.sh"
if [ "$#" -gt 0 ]; then
  exec bash "$here/cargo.sh" test "$@"
fi
bash "$here/cargo.sh" test
exec bash "$here/cargo.sh" test -p bevy_pixel_collide --features example
