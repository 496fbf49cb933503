#!/usr/bin/env bash
# Installs what a fresh Debian/Ubuntu machine lacks to build and run Spinfall: the system libraries
# (sound, gamepads, OpenGL, X11) and, when no cargo is found, Rust through rustup.
set -euo pipefail

bash "$(dirname "$0")/apt-missing.sh" build-essential pkg-config curl ca-certificates libasound2-dev \
  libudev-dev libx11-6 libxi6 libxcursor1 libxrandr2 libgl1 libegl1 libgl1-mesa-dri

if ! command -v cargo >/dev/null 2>&1 && [ ! -x "$HOME/.cargo/bin/cargo" ]; then
  echo "setup: installing Rust (stable) with rustup"
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal -c clippy,rustfmt
fi
