"""Turns the collision report's pygame table into the README's: per mask size, the medians over the
four families (noise, blobs, stripes, checkerboards) of each column, and their ratios.

    PYGAME_FETCH=1 cargo run --release -p pixel-collide --example collision_report -- pygame > out.txt
    python3 crates/pixel-collide/scripts/pygame_table.py out.txt
"""
import re
import statistics
import sys

rows = {}
for line in open(sys.argv[1]):
    m = re.match(r"(\w+) (\S+) (hit|no-hit)\s+(.*)$", line)
    if not m or "|" not in line:
        continue
    _family, size, outcome, rest = m.groups()
    cols = re.findall(r"[\d.]+x?", rest)
    values = [float(c) for c in cols if not c.endswith("x")]
    rows.setdefault((size, outcome), []).append(values)

print("| masks (translation only) | outcome | `overlaps` (sprites) | `Mask::overlaps_at` | pygame -O2 "
      "| `overlap_area_at` | pygame -O2 | pygame -O3 native |")
print("|---|---|---|---|---|---|---|---|")
def ns(v):
    """Nanoseconds, with a tenth below 100, where a whole nanosecond is a large step."""
    return f"{v:.1f} ns" if v < 100 else f"{v:.0f} ns"


for (size, outcome), vals in rows.items():
    med = [statistics.median(v[i] for v in vals) for i in range(7)]
    sprite, at, pg, _area, area_at, pg_area, pg_area_n = med
    print(f"| {size} | {outcome} | {ns(sprite)} ({sprite / pg:.2f}x) | {ns(at)} ({at / pg:.2f}x) "
          f"| {ns(pg)} | {ns(area_at)} ({area_at / pg_area:.2f}x, {area_at / pg_area_n:.2f}x) "
          f"| {ns(pg_area)} | {ns(pg_area_n)} |")
