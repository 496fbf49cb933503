#!/usr/bin/env python3
"""Runs the collision report's timed parts and names every case group more than 10% slower than its
baseline in crates/pixel-collide/perf/ (one file per part, with the machine and load it was taken on).

A group's figure is a ratio, the crate's time over its peer's timed in the same process, round after
round (the per-pixel loop for the rotated tables, plain bit-packed loops and binary_raster for the
aligned one, pygame's C for the pygame one, every pair of sprites tested for the broad phase's), so a machine that runs slower or faster as a whole moves
both sides. The npm package's part (`js`, the browser bench of `scripts/js.sh --bench`, which needs
the package built) gives each way of asking about a turned pair (either adapter's `overlap`, the
`World`'s frame) over the `Sprite`'s call in the same page, and the `Sprite`'s over the canvas way's. Each part runs --runs times (5 by default), parts in turn, and a figure counts as slower
only when its best run is more than 10% slower than the baseline's best, or than the baseline's own
spread between its best and worst run where that is wider (large scans that share the memory bus with
the other core wander by more than 10% on a shared machine): one noisy run names nothing.

    python3 crates/pixel-collide/scripts/perf_guard.py             check every part against its baseline
    python3 crates/pixel-collide/scripts/perf_guard.py rotated     one part (rotated, aligned, pygame, many, js)
    python3 crates/pixel-collide/scripts/perf_guard.py --update    write the baselines from this run

Run it before stopping whenever the crate changed; a change that makes a group faster moves its
baseline (--update) in the same commit. Not a test: shared machines are too noisy for a timed test.
The pygame part fetches pygame's source from PyPI (PYGAME_FETCH=1). Exits 1 when a group is slower.
"""
import argparse
import datetime
import os
import platform
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
BASELINES = ROOT / "crates/pixel-collide/perf"
# Slower than this times its baseline ratio is a regression.
TOLERANCE = 1.10

# Each table the guard reads: the start of its heading, then the figures it keeps, as
# (name, index of the crate's column, index of the peer's column) among the row's numbers (ratios,
# which end in "x", left out).
TABLES = {
    "rotated": [
        ("== rotated solid sprites", [("collide", 2, 1), ("collide with contact", 3, 1)]),
        ("== rotated noisy families", [("collide", 2, 1)]),
    ],
    "aligned": [
        ("== translation only: overlaps", [("overlaps / plain", 0, 1), ("overlaps / binary_raster", 0, 2),
                                         ("overlap_area / plain", 3, 4)]),
    ],
    "pygame": [
        ("== translation only: against pygame", [("overlaps (sprites) / pygame -O2", 0, 2),
                                                 ("Mask::overlaps_at / pygame -O2", 1, 2),
                                                 ("overlap_area (sprites) / pygame -O3 native", 3, 6),
                                                 ("Mask::overlap_area_at / pygame -O2", 4, 5)]),
    ],
    "many": [
        ("== many sprites: one frame", [("sweep / every pair", 1, 2)]),
    ],
}
# The browser bench's line (`js/pixel-collide/test/browser/run.py`): each figure's label, then its
# number, in microseconds or, for the World, milliseconds.
JS_FIGURES = {
    "sprite": r"Sprite ([\d.]+) us",
    "phaser": r"Phaser overlap ([\d.]+) us",
    "phaser round": r"with roundPixels ([\d.]+) us",
    "pixi": r"PixiJS overlap ([\d.]+) us",
    "canvas": r"the canvas way \([^)]*\) ([\d.]+) us",
    "world": r"([\d.]+) ms a frame",
}
# The js part's figures: (name, numerator, denominator) among those.
JS_RATIOS = [
    ("Sprite / the canvas way", "sprite", "canvas"),
    ("Phaser overlap / Sprite", "phaser", "sprite"),
    ("Phaser overlap with roundPixels / Sprite", "phaser round", "sprite"),
    ("PixiJS overlap / Sprite", "pixi", "sprite"),
    ("World frame (ms) / Sprite (us)", "world", "sprite"),
]
JS_TABLE = "npm package in chromium"
JS_GROUP = "a turned 64 px pair; 10,000 sprites"
ROW = re.compile(r"^(?P<group>\S.*?)\s+(?P<numbers>[\d.]+x?(?:\s+\|?\s*[\d.]+x?)*)\s*$")


def parse_js(text):
    """{(table, group, figure): ratio} from one run of the browser bench."""
    line = next((l for l in text.splitlines() if l.startswith("js bench")), None)
    found = {k: re.search(p, line) for k, p in JS_FIGURES.items()} if line else {}
    if not line or not all(found.values()):
        sys.exit("perf_guard: the browser bench's line could not be read; has its format moved?")
    value = {k: float(m.group(1)) for k, m in found.items()}
    return {(JS_TABLE, JS_GROUP, name): value[top] / value[bottom]
            for name, top, bottom in JS_RATIOS if value[bottom] > 0}


def parse(part, text):
    """{(table, group, figure): ratio} from one run of the report's part."""
    if part == "js":
        return parse_js(text)
    figures, specs, heading = {}, None, None
    for line in text.splitlines():
        if line.startswith("=="):
            found = next(((h, s) for h, s in TABLES[part] if line.startswith(h)), None)
            heading, specs = (found[0][3:], found[1]) if found else (None, None)
            continue
        m = ROW.match(line)
        if not (specs and m) or line.startswith("case"):
            continue
        numbers = [float(n) for n in re.findall(r"[\d.]+x?", m.group("numbers")) if not n.endswith("x")]
        for name, ours, peer in specs:
            if max(ours, peer) < len(numbers) and numbers[peer] > 0:
                figures[(heading, m.group("group"), name)] = numbers[ours] / numbers[peer]
    if not figures:
        sys.exit(f"perf_guard: no table of the {part} part could be read; has the report's format moved?")
    return figures


def compare(best, base):
    """One line for each figure of `best` ({key: ratio}) slower than its baseline (`base`, {key: (best,
    worst)}): more than TOLERANCE times the baseline's best, or than its own spread where wider."""
    lines = []
    for key, ratio in sorted(best.items()):
        if key not in base:
            continue
        base_best, base_worst = base[key]
        if ratio > base_best * max(TOLERANCE, base_worst / base_best):
            lines.append(f"{key[0]}: {key[1]}: {key[2]} {ratio:.4g}, baseline {base_best:.4g} "
                         f"to {base_worst:.4g} ({ratio / base_best:.2f}x its best)")
    return lines


def machine():
    model = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")),
                 platform.processor() or platform.machine())
    return f"{model}, {os.cpu_count()} logical cores"


def load():
    return open("/proc/loadavg").read().split()[0]


def read_baseline(part):
    path = BASELINES / f"{part}.tsv"
    if not path.exists():
        return None
    figures = {}
    for line in path.read_text().splitlines():
        if line and not line.startswith("#"):
            table, group, name, ratio, worst = line.split("\t")
            figures[(table, group, name)] = (float(ratio), float(worst))
    return figures


def source(part):
    """What a part's figures are printed by."""
    return "scripts/js.sh --bench" if part == "js" else f"collision_report -- {part}"


def write_baseline(part, figures, worst, loads, runs):
    BASELINES.mkdir(exist_ok=True)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    lines = [
        f"# {source(part)}: per case group, the crate's time over its peer's in the same run,",
        f"# the best and the worst of {runs} runs. Taken {datetime.date.today()} on {machine()},",
        f"# load average {loads},",
        f"# on top of commit {commit}. Written by scripts/perf_guard.py --update; read by it too.",
    ]
    # Four significant digits, not four decimals: the rotated stripes and checkerboards run at a
    # thousandth of the per-pixel loop's time, where four decimals left one digit and a rounding
    # step of 12%.
    lines += ["\t".join([*key, f"{ratio:.4g}", f"{worst[key]:.4g}"]) for key, ratio in sorted(figures.items())]
    (BASELINES / f"{part}.tsv").write_text("\n".join(lines) + "\n")


def main():
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("parts", nargs="*", metavar="PART",
                      help="rotated, aligned, pygame, many or js (all by default)")
    args.add_argument("--runs", type=int, default=5)
    args.add_argument("--update", action="store_true")
    opts = args.parse_args()
    known = [*TABLES, "js"]
    parts = opts.parts or known
    for part in parts:
        if part not in known:
            args.error(f"unknown part {part!r}: one of {', '.join(known)}")
    env = dict(os.environ, PYGAME_FETCH="1")
    if any(part != "js" for part in parts):
        subprocess.run(["cargo", "build", "--quiet", "--release", "-p", "pixel-collide", "--example",
                        "collision_report"], cwd=ROOT, env=env, check=True)
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    report = target / "release/examples/collision_report"
    loads = [load()]
    best = {part: {} for part in parts}
    worst = {part: {} for part in parts}
    for run in range(opts.runs):
        for part in parts:
            print(f"perf_guard: run {run + 1} of {opts.runs}: {source(part)}", flush=True)
            command = ["bash", "scripts/js.sh", "--bench"] if part == "js" else [str(report), part]
            out = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                                 check=True).stdout
            if part == "pygame" and "pygame columns left out" in out:
                sys.exit("perf_guard: " + out.strip().splitlines()[-1])
            for key, ratio in parse(part, out).items():
                best[part][key] = min(ratio, best[part].get(key, ratio))
                worst[part][key] = max(ratio, worst[part].get(key, ratio))
    loads.append(load())
    load_text = f"{loads[0]} at the start, {loads[1]} at the end"
    if opts.update:
        for part in parts:
            write_baseline(part, best[part], worst[part], load_text, opts.runs)
            print(f"perf_guard: wrote {BASELINES / (part + '.tsv')} ({len(best[part])} figures)")
        return 0
    slower, compared = [], 0
    for part in parts:
        base = read_baseline(part)
        if base is None:
            sys.exit(f"perf_guard: no baseline for {part}; make one with --update")
        for key in sorted(set(best[part]) - set(base)):
            print(f"perf_guard: {part}: {' / '.join(key)} is new (no baseline)")
        compared += len(set(best[part]) & set(base))
        slower += [f"  {part}: {line}" for line in compare(best[part], base)]
    print(f"perf_guard: {compared} figures compared (load average {load_text}; {machine()})")
    if slower:
        print(f"perf_guard: {len(slower)} slower than the baseline by more than {TOLERANCE - 1:.0%} and its spread:")
        print("\n".join(slower))
        return 1
    print("perf_guard: none slower than its baseline by more than 10% and its spread")
    return 0


if __name__ == "__main__":
    sys.exit(main())
