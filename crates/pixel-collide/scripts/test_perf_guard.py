"""The guard's own tests: it reads every table it guards in the report's format, and it names a figure
that got slower than its baseline and its spread, and no other.

    python3 -m unittest discover -s crates/pixel-collide/scripts -p 'test_*.py'
"""
import tempfile
import unittest
from pathlib import Path
from unittest import mock

import perf_guard


def pygame_row(group, sprite, at, pg, area, area_at, pg_area, pg_native):
    """A row of the pygame table, laid out as the report prints it."""
    return (f"{group:<26} {sprite:>8.1f} {at:>8.1f} {pg:>8.1f} {sprite / pg:>6.2f}x {at / pg:>6.2f}x | "
            f"{area:>8.1f} {area_at:>8.1f} {pg_area:>8.1f} {pg_native:>8.1f} {area_at / pg_area:>6.2f}x "
            f"{area_at / pg_native:>6.2f}x")


def many_row(case, pairs, sweep, every):
    """A row of the many-sprites table, laid out as the report prints it."""
    return f"{case:<36} {pairs:>9} {sweep:>10.3f} {every:>10.3f} {sweep / every:>7.3f}x"


class Parse(unittest.TestCase):
    def test_the_pygame_table_gives_each_groups_four_ratios(self):
        rows = {"blobs 128 middle": (12.0, 9.0, 20.0, 40.0, 36.0, 300.0, 60.0),
                "noise 150x200/200x150 seam": (7.5, 5.0, 6.0, 80.0, 70.0, 900.0, 150.0)}
        text = "\n".join([
            "== translation only: against pygame 2.6.1's bitmask.c (answers and areas checked equal)",
            "1344 cases: 4 families x 3 seeds, 8 sizes, 7 kinds of first shared texel, 2 offsets each",
            "case                         sprite  mask_at    pg-O2     /pg   at/pg |     area  area_at",
            *(pygame_row(g, *t) for g, t in rows.items()),
            "overlaps (sprites) / pygame -O2: median group 0.60x, worst group 1.25x; worst case 1.40x: "
            "blobs seed 2: 128 x 128 at (3, 4) on 128 x 128",
        ])
        figures = perf_guard.parse("pygame", text)
        table = "translation only: against pygame"
        self.assertEqual(len(figures), 4 * len(rows))
        for group, (sprite, at, pg, area, area_at, pg_area, pg_native) in rows.items():
            # The printed times have one decimal, as the ratios the guard takes from them.
            self.assertAlmostEqual(figures[(table, group, "overlaps (sprites) / pygame -O2")], sprite / pg)
            self.assertAlmostEqual(figures[(table, group, "Mask::overlaps_at / pygame -O2")], at / pg)
            self.assertAlmostEqual(figures[(table, group, "overlap_area (sprites) / pygame -O3 native")],
                                   area / pg_native)
            self.assertAlmostEqual(figures[(table, group, "Mask::overlap_area_at / pygame -O2")],
                                   area_at / pg_area)

    def test_the_many_sprites_table_gives_the_sweep_over_every_pair(self):
        rows = {"10,000 scattered 16 x 16 rings": (182, 1.25, 80.5),
                "3,000 checkerboards stacked": (4497739, 162.75, 120.125)}
        text = "\n".join([
            "== many sprites: one frame of sweep and prune against every pair tested (the same pairs, checked)",
            "case                                     pairs   sweep ms     all ms    ratio",
            *(many_row(c, *t) for c, t in rows.items()),
        ])
        figures = perf_guard.parse("many", text)
        self.assertEqual(set(figures), {("many sprites: one frame", c, "sweep / every pair") for c in rows})
        for case, (_, sweep, every) in rows.items():
            self.assertAlmostEqual(figures[("many sprites: one frame", case, "sweep / every pair")],
                                   sweep / every)

    def test_the_browser_bench_gives_each_way_over_the_sprite_and_the_sprite_over_the_canvas(self):
        line = ("js bench (chromium, load average 1.37): a turned pair of 64 px sprites, 300 pairs (172 "
                "touching; agreeing with the canvas on the 291 clear of the texel edges): Sprite 0.40 us, "
                "Phaser overlap 0.60 us, with roundPixels 0.90 us, PixiJS overlap 0.70 us; the canvas way "
                "(the rectangles' overlap drawn and read) 96.0 us, 240x the Sprite's; a World of 10,000 "
                "turned sprites: 6.40 ms a frame (update 0.10, pairs 5.90, the rest the page's own "
                "matrices), 9410 pairs")
        figures = perf_guard.parse("js", "js.sh: built\n" + line + "\n")
        key = lambda name: (perf_guard.JS_TABLE, perf_guard.JS_GROUP, name)
        self.assertEqual(len(figures), len(perf_guard.JS_RATIOS))
        self.assertAlmostEqual(figures[key("Sprite / the canvas way")], 0.40 / 96.0)
        self.assertAlmostEqual(figures[key("Phaser overlap / Sprite")], 0.60 / 0.40)
        self.assertAlmostEqual(figures[key("Phaser overlap with roundPixels / Sprite")], 0.90 / 0.40)
        self.assertAlmostEqual(figures[key("PixiJS overlap / Sprite")], 0.70 / 0.40)
        self.assertAlmostEqual(figures[key("World frame (ms) / Sprite (us)")], 6.40 / 0.40)

    def test_a_bench_without_its_line_stops_the_guard(self):
        with self.assertRaises(SystemExit):
            perf_guard.parse("js", "js bench (chromium): Sprite 0.40 us\n")

    def test_a_report_without_the_table_stops_the_guard(self):
        with self.assertRaises(SystemExit):
            perf_guard.parse("many", "== something else\nrow 1.0 2.0 3.0\n")


class Compare(unittest.TestCase):
    key = ("many sprites: one frame", "3,000 checkerboards stacked", "sweep / every pair")

    def test_a_figure_past_its_tolerance_is_named_and_one_within_it_is_not(self):
        base = {self.key: (1.0, 1.02)}
        self.assertEqual(perf_guard.compare({self.key: 1.0 * perf_guard.TOLERANCE * 0.99}, base), [])
        slower = perf_guard.compare({self.key: 1.0 * perf_guard.TOLERANCE * 1.01}, base)
        self.assertEqual(len(slower), 1)
        self.assertIn("3,000 checkerboards stacked", slower[0])

    def test_a_wide_baseline_spread_widens_the_tolerance(self):
        base = {self.key: (1.0, 1.5)}
        self.assertEqual(perf_guard.compare({self.key: 1.45}, base), [])
        self.assertEqual(len(perf_guard.compare({self.key: 1.55}, base)), 1)

    def test_a_figure_without_a_baseline_is_not_a_regression(self):
        self.assertEqual(perf_guard.compare({self.key: 100.0}, {}), [])

    def test_a_baseline_written_reads_back_as_it_was(self):
        # Four significant digits are kept, so these come back whole.
        figures = {self.key: 1.236, ("t", "g", "f"): 0.001234}
        worst = {self.key: 1.3, ("t", "g", "f"): 0.0015}
        with tempfile.TemporaryDirectory() as folder, mock.patch.object(perf_guard, "BASELINES", Path(folder)):
            perf_guard.write_baseline("many", figures, worst, "1.0 at the start, 1.0 at the end", 5)
            self.assertEqual(perf_guard.read_baseline("many"),
                             {k: (figures[k], worst[k]) for k in figures})


if __name__ == "__main__":
    unittest.main()
