#!/usr/bin/env bash
# Installs what a fresh Debian/Ubuntu machine lacks to build and run Spinfall: the system libraries
# (sound, gamepads, OpenGL, X11) and, when no cargo is found, Rust through rustup.
set -euo pipefail

packages=(build-essential pkg-config curl ca-certificates libasound2-dev libudev-dev
  libx11-6 libxi6 libxcursor1 libxrandr2 libgl1 libegl1 libgl1-mesa-dri)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi

if ! command -v cargo >/dev/null 2>&1 && [ ! -x "$HOME/.cargo/bin/cargo" ]; then
  echo "setup: installing Rust (stable) with rustup"
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal -c clippy,rustfmt
fi
