"""Times building a mask from RGBA pixels: this crate's `Mask::from_rgba` (its bits; the tree waits
for the first query that needs it) beside pygame's `pygame.mask.from_surface` (threshold 127) on the
same images, rounds taken in turn, medians printed as a table.

    cargo build --release -p pixel-collide --example collision_report
    python3 -m venv /tmp/pg && /tmp/pg/bin/pip install pygame==2.6.1
    /tmp/pg/bin/python crates/pixel-collide/scripts/rgba_vs_pygame.py target/release/examples/collision_report

pygame is called from Python, so its times include the call; the table gives that cost too, measured
as a call of `Surface.get_width` on the same surface.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import timeit

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

ROUNDS = 5


def ours(report, folder):
    out = subprocess.run([report, "rgba", folder], check=True, capture_output=True, text=True).stdout
    times = {}
    for line in out.splitlines():
        _, family, size, ns = line.split()
        times[(family, int(size))] = float(ns)
    return times


def theirs(folder, cases):
    times, calls = {}, {}
    for family, n in cases:
        data = open(os.path.join(folder, f"{family}-{n}.rgba"), "rb").read()
        surface = pygame.image.frombuffer(data, (n, n), "RGBA")
        assert pygame.mask.from_surface(surface, 127).count() == sum(data[3::4][i] > 127 for i in range(n * n))
        for table, call in ((times, lambda: pygame.mask.from_surface(surface, 127)), (calls, surface.get_width)):
            number = max(1, int(200_000 / (n * n)))
            best = statistics.median(timeit.repeat(call, number=number, repeat=9))
            table[(family, n)] = best / number * 1e9
    return times, calls


def main(report):
    with tempfile.TemporaryDirectory() as folder:
        rounds = []
        for _ in range(ROUNDS):
            mine = ours(report, folder)
            pg, call = theirs(folder, list(mine))
            rounds.append((mine, pg, call))
    print("| mask | `Mask::from_rgba` | pygame `from_surface` | ratio | of which Python's call |")
    print("|---|---|---|---|---|")
    for case in rounds[0][0]:
        m, p, c = (statistics.median(r[i][case] for r in rounds) for i in range(3))
        print(f"| {case[0]} {case[1]} px | {m:.0f} ns | {p:.0f} ns | {m / p:.2f}x | {c:.0f} ns |")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: rgba_vs_pygame.py PATH/TO/collision_report")
    main(sys.argv[1])
