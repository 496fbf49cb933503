#!/usr/bin/env bash
# The installed C library as its users meet it (called by `bash scripts/c.sh test PREFIX WORK`):
# an outside C project built through pkg-config, shared and static; the header as C99 and C++11 with
# every warning an error; the boundary test under valgrind (no invalid access, no leak); the LÖVE
# module against LÖVE's own drawing and its demo under Xvfb; the C# binding under Mono.
set -euo pipefail
prefix="$1"
work="$2"
crate="$(cd "$(dirname "$0")/.." && pwd)"
repo="$(cd "$crate/../.." && pwd)"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
export LD_LIBRARY_PATH="$prefix/lib"
strict=(-Wall -Wextra -Werror -pedantic)
mkdir -p "$work/outside"

echo "== an outside project through pkg-config"
cp "$crate/examples/hello.c" "$work/outside/"
(
  cd "$work/outside"
  # shellcheck disable=SC2046
  cc -std=c99 "${strict[@]}" hello.c $(pkg-config --cflags --libs pixel-collide) -o hello-shared
  # shellcheck disable=SC2046
  cc -std=c99 "${strict[@]}" hello.c $(pkg-config --cflags pixel-collide) \
    "$(pkg-config --variable=libdir pixel-collide)/libpixel_collide.a" \
    $(pkg-config --static --libs-only-l pixel-collide | sed 's/-lpixel_collide//') -o hello-static
  [ "$(./hello-shared)" = "overlap: yes" ]
  [ "$(env -u LD_LIBRARY_PATH ./hello-static)" = "overlap: yes" ]
)
echo "ok: shared and static, both print 'overlap: yes'"

echo "== the header as C99 and as C++11"
printf '#include <pixel_collide.h>\nint main(void) { return PC_OK; }\n' > "$work/header.c"
cc -std=c99 "${strict[@]}" -I"$prefix/include" -c "$work/header.c" -o "$work/header-c.o"
c++ -std=c++11 "${strict[@]}" -x c++ -I"$prefix/include" -c "$work/header.c" -o "$work/header-cpp.o"
echo "ok"

echo "== the boundary test under valgrind"
# shellcheck disable=SC2046
cc -std=c99 "${strict[@]}" -g "$crate/tests/c/boundary_test.c" $(pkg-config --cflags --libs pixel-collide) -lm \
  -o "$work/boundary_test"
valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect,possible --error-exitcode=3 \
  "$work/boundary_test" "$repo/assets/block.png"

echo "== the C# binding under Mono"
bash "$crate/csharp/run.sh" "$prefix" "$work"

echo "== the LÖVE module against LÖVE's drawing, and its demo, under Xvfb"
bash "$crate/love/run.sh" "$prefix" "$work"
