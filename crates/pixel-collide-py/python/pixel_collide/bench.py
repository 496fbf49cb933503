"""Side-by-side timings of pixel_collide and pygame's own masks, in one Python process.

Run ``python -m pixel_collide.bench`` (``--quick`` for a short check run). Each comparison first
checks that both sides give the same answers, then times them in interleaved rounds (one side,
then the other, in alternating order) and reports the median time per call. It prints the load
average, since every figure depends on what else the machine is doing.

Measured:

* ``Mask.overlap``, ``overlap_area`` and ``overlap_mask`` at whole-texel offsets on two 64 px
  round masks, hits and misses, against ``pygame.mask.Mask``'s;
* a frame of two turned 64 px round sprites: pygame's way (``pygame.transform.rotate`` both
  images, ``pygame.mask.from_surface`` both, ``overlap`` at the rectangles' offset) against two
  ``Sprite``s built and ``collide``-d, and two kept ``Sprite``s placed and asked ``collide``, for
  the point alone (``overlap``, what pygame's answers) or whether they touch;
* a ``Group`` of 10,000 sprites moved in bulk from NumPy arrays and asked for every touching pair;
* what a Python call itself costs: an empty Python function, ``Mask.count``, and ``overlaps`` of
  two sprites far apart (answered from their bounds).
"""

import argparse
import math
import os
import random
import statistics
import sys
import time

import pixel_collide as pc

SIDE = 64


def _pygame():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    return pygame


def _disc_surface(pygame, side, seed):
    """A round sprite with a few holes, drawn with per-pixel alpha."""
    rng = random.Random(seed)
    surface = pygame.Surface((side, side), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    pygame.draw.circle(surface, (200, 80, 40, 255), (side // 2, side // 2), side // 2 - 1)
    for _ in range(6):
        x, y = rng.randrange(side), rng.randrange(side)
        pygame.draw.circle(surface, (0, 0, 0, 0), (x, y), rng.randrange(2, 6))
    return surface


def _rounds(sides, rounds, per_round):
    """Median seconds per call of each side, timed in interleaved rounds.

    ``sides`` maps a name to a function that runs ``per_round`` calls.
    """
    times = {name: [] for name in sides}
    names = list(sides)
    for r in range(rounds):
        order = names if r % 2 == 0 else names[::-1]
        for name in order:
            start = time.perf_counter()
            sides[name]()
            times[name].append((time.perf_counter() - start) / per_round)
    return {name: statistics.median(t) for name, t in times.items()}


def _us(seconds):
    return "%.3f us" % (seconds * 1e6)


def bench_overlap(pygame, quick):
    """``overlap``, ``overlap_area`` and ``overlap_mask`` against pygame's at whole-texel offsets,
    half hits and half misses: the same answers first, then the times."""
    a_surface, b_surface = _disc_surface(pygame, SIDE, 1), _disc_surface(pygame, SIDE, 2)
    pa, pb = pygame.mask.from_surface(a_surface), pygame.mask.from_surface(b_surface)
    a, b = pc.Mask.from_pygame(pa), pc.Mask.from_pygame(pb)
    rng = random.Random(3)
    hits, misses = [], []
    while len(hits) < 500 or len(misses) < 500:
        offset = (rng.randrange(-SIDE, SIDE), rng.randrange(-SIDE, SIDE))
        (hits if pa.overlap(pb, offset) else misses).append(offset)
    offsets = hits[:500] + misses[:500]
    rng.shuffle(offsets)
    for offset in offsets:
        ours, theirs = a.overlap(b, offset), pa.overlap(pb, offset)
        if (ours is None) != (theirs is None):
            raise AssertionError("overlap disagrees with pygame at %r" % (offset,))
        if ours is not None:
            x, y = ours
            if not (a.get_at(ours) and b.get_at((x - offset[0], y - offset[1]))):
                raise AssertionError("overlap gave a texel not solid in both at %r" % (offset,))
        if a.overlap_area(b, offset) != pa.overlap_area(pb, offset):
            raise AssertionError("overlap_area disagrees with pygame at %r" % (offset,))
        if a.overlap_mask(b, offset).to_pygame().count() != pa.overlap_mask(pb, offset).count():
            raise AssertionError("overlap_mask disagrees with pygame at %r" % (offset,))
        if memoryview(a.overlap_mask(b, offset).to_pygame()).tobytes() != memoryview(
            pa.overlap_mask(pb, offset)
        ).tobytes():
            raise AssertionError("overlap_mask disagrees with pygame at %r" % (offset,))

    def run(mask, other, method):
        query = getattr(mask, method)

        def calls():
            for offset in offsets:
                query(other, offset)

        return calls

    rounds = 5 if quick else 41
    out = []
    for method in ("overlap", "overlap_area", "overlap_mask"):
        med = _rounds(
            {"pixel_collide": run(a, b, method), "pygame": run(pa, pb, method)},
            rounds,
            len(offsets),
        )
        out.append({
            "name": "Mask.%s, 64 px round masks, 500 hits and 500 misses" % method,
            "ours": med["pixel_collide"],
            "theirs": med["pygame"],
            "ratio": med["pixel_collide"] / med["pygame"],
        })
    return out


def bench_turned_frame(pygame, quick):
    """A frame of two turned sprites: pygame's rotate, from_surface and overlap, or ours."""
    a_surface, b_surface = _disc_surface(pygame, SIDE, 4), _disc_surface(pygame, SIDE, 5)
    a_mask, b_mask = pc.Mask.from_surface(a_surface), pc.Mask.from_surface(b_surface)
    rng = random.Random(6)
    frames = []
    for _ in range(200):
        a_at = (rng.uniform(100, 140), rng.uniform(100, 140))
        b_at = (rng.uniform(100, 140), rng.uniform(100, 140))
        frames.append((a_at, rng.uniform(0, 360), b_at, rng.uniform(0, 360)))

    def theirs(frame):
        a_at, a_angle, b_at, b_angle = frame
        a_image = pygame.transform.rotate(a_surface, a_angle)
        b_image = pygame.transform.rotate(b_surface, b_angle)
        a_rect = a_image.get_rect(center=a_at)
        b_rect = b_image.get_rect(center=b_at)
        a_bits = pygame.mask.from_surface(a_image)
        b_bits = pygame.mask.from_surface(b_image)
        return a_bits.overlap(b_bits, (b_rect.x - a_rect.x, b_rect.y - a_rect.y))

    def ours(frame):
        a_at, a_angle, b_at, b_angle = frame
        return pc.collide(pc.Sprite(a_mask, a_at, a_angle), pc.Sprite(b_mask, b_at, b_angle))

    # The same with the angle by its name, as the README's first example wrote it.
    def keywords(frame):
        a_at, a_angle, b_at, b_angle = frame
        return pc.collide(
            pc.Sprite(a_mask, a_at, angle=a_angle), pc.Sprite(b_mask, b_at, angle=b_angle)
        )

    # pygame answers for a re-rasterised image, so the two may differ where the sprites graze;
    # they must agree on every frame where the exact overlap is more than a sliver.
    disagree = 0
    for frame in frames:
        exact = pc.overlap_area(
            pc.Sprite(a_mask, frame[0], frame[1]), pc.Sprite(b_mask, frame[2], frame[3])
        )
        if (ours(frame) is None) != (theirs(frame) is None):
            disagree += 1
            if exact > 8.0:
                raise AssertionError("a frame sharing %.1f px disagrees with pygame" % exact)

    # A game that keeps its two Sprites and places them each frame.
    kept_a, kept_b = pc.Sprite(a_mask, (0, 0)), pc.Sprite(b_mask, (0, 0))

    def kept(frame):
        a_at, a_angle, b_at, b_angle = frame
        kept_a.place(a_at, a_angle)
        kept_b.place(b_at, b_angle)
        return pc.collide(kept_a, kept_b)

    # pygame's own question: a point where both are solid.
    def point(frame):
        a_at, a_angle, b_at, b_angle = frame
        kept_a.place(a_at, a_angle)
        kept_b.place(b_at, b_angle)
        return pc.overlap(kept_a, kept_b)

    # The question pygame.sprite's collision functions ask: whether they touch, not where.
    def touching(frame):
        a_at, a_angle, b_at, b_angle = frame
        kept_a.place(a_at, a_angle)
        kept_b.place(b_at, b_angle)
        return pc.overlaps(kept_a, kept_b)

    for frame in frames:
        if (kept(frame) is None) != (ours(frame) is None) or (
            (keywords(frame) is None) != (ours(frame) is None)
        ):
            raise AssertionError("placing kept sprites answers otherwise than building them")
        if point(frame) != (None if ours(frame) is None else ours(frame).point):
            raise AssertionError("overlap answers otherwise than collide's point")
        if touching(frame) != (ours(frame) is not None):
            raise AssertionError("overlaps answers otherwise than collide")

    def run(side):
        def calls():
            for frame in frames:
                side(frame)

        return calls

    rounds = 3 if quick else 21
    med = _rounds(
        {"pixel_collide": run(ours), "keywords": run(keywords), "kept": run(kept),
         "point": run(point), "touching": run(touching), "pygame": run(theirs)},
        rounds,
        len(frames),
    )
    return {
        "keywords": med["keywords"],
        "kept": med["kept"],
        "point": med["point"],
        "touching": med["touching"],
        "name": "a frame of two turned 64 px sprites (%d of %d frames graze, answered apart)"
        % (disagree, len(frames)),
        "ours": med["pixel_collide"],
        "theirs": med["pygame"],
        "ratio": med["pygame"] / med["pixel_collide"],
    }


def bench_group(quick):
    """10,000 sprites moved in bulk from NumPy arrays, then every touching pair found."""
    import numpy

    count, field = 10_000, 4096
    rng = numpy.random.default_rng(7)
    pygame = _pygame()
    masks = []
    for side in (16, 24, 32, 48):
        # Spinfall's spinner, a plus, drawn the way a pygame game draws its sprites.
        arm = side // 3
        surface = pygame.Surface((side, side), pygame.SRCALPHA)
        surface.fill((0, 0, 0, 0))
        surface.fill((90, 160, 220, 255), (arm, 0, side - 2 * arm, side))
        surface.fill((90, 160, 220, 255), (0, arm, side, side - 2 * arm))
        masks.append(pc.Mask.from_surface(surface))
    group = pc.Group(
        [pc.Sprite(masks[i % len(masks)], (0.0, 0.0)) for i in range(count)]
    )
    positions = rng.uniform(0, field, size=(count, 2))
    velocity = rng.uniform(-3, 3, size=(count, 2))
    angles = rng.uniform(0, 360, size=count)
    spin = rng.uniform(-4, 4, size=count)
    frames = 10 if quick else 100

    # The answer checked against one pair at a time on the first frame.
    group.update(positions, angles)
    pairs = group.pairs()
    sprites = [group.sprite(i) for i in range(count)]
    for i, j in pairs[:200]:
        if not pc.overlaps(sprites[i], sprites[j]):
            raise AssertionError("group pair (%d, %d) does not overlap" % (i, j))

    per_frame, found = [], 0
    for _ in range(frames):
        positions += velocity
        angles += spin
        start = time.perf_counter()
        group.update(positions, angles)
        found += len(group.pairs())
        per_frame.append(time.perf_counter() - start)
    return {
        "name": "Group of %d sprites (16 to 48 px) in a %d px field: update from NumPy and pairs()"
        % (count, field),
        "ours": statistics.median(per_frame),
        "pairs": found / frames,
    }


def bench_call_cost(quick):
    """What a call from Python costs, beside an empty Python function."""
    mask = pc.Mask(8, 8, True)
    a, b = pc.Sprite(mask, (0, 0)), pc.Sprite(mask, (1000, 0))
    count = mask.count
    overlaps = pc.overlaps
    n = 20_000

    def empty():
        pass

    def run_empty():
        for _ in range(n):
            empty()

    def run_count():
        for _ in range(n):
            count()

    def run_overlaps():
        for _ in range(n):
            overlaps(a, b)

    rounds = 3 if quick else 21
    return _rounds(
        {"empty Python function": run_empty, "Mask.count()": run_count,
         "overlaps(a, b), bounds apart": run_overlaps},
        rounds,
        n,
    )


def main(argv=None):
    """Runs every comparison and prints its figures."""
    parser = argparse.ArgumentParser(prog="python -m pixel_collide.bench", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="few rounds: a check that it runs")
    options = parser.parse_args(argv)
    pygame = _pygame()
    load = os.getloadavg()
    print("pixel_collide bench: Python %s, %s, load average %.2f %.2f %.2f%s" % (
        sys.version.split()[0], pygame.version.ver if hasattr(pygame.version, "ver") else "pygame",
        *load, ", quick" if options.quick else ""))
    for overlap in bench_overlap(pygame, options.quick):
        print("%s: %s per call, pygame %s: %.2fx pygame's time" % (
            overlap["name"], _us(overlap["ours"]), _us(overlap["theirs"]), overlap["ratio"]))
    frame = bench_turned_frame(pygame, options.quick)
    print("%s: %s per frame, pygame %s: %.1fx faster; built with angle= by name: %s, %.1fx;"
          " two kept Sprites placed each frame: %s, %.1fx;"
          " asked for the point alone (overlap): %s, %.1fx;"
          " and asked only whether they touch (overlaps): %s, %.1fx" % (
              frame["name"], _us(frame["ours"]), _us(frame["theirs"]), frame["ratio"],
              _us(frame["keywords"]), frame["theirs"] / frame["keywords"],
              _us(frame["kept"]), frame["theirs"] / frame["kept"], _us(frame["point"]),
              frame["theirs"] / frame["point"], _us(frame["touching"]),
              frame["theirs"] / frame["touching"]))
    try:
        import numpy  # noqa: F401
    except ImportError:
        print("Group: skipped, NumPy is not installed")
    else:
        group = bench_group(options.quick)
        print("%s: %.2f ms per frame, %.0f pairs a frame" % (
            group["name"], group["ours"] * 1e3, group["pairs"]))
    for name, seconds in bench_call_cost(options.quick).items():
        print("call cost, %s: %s" % (name, _us(seconds)))
    end = os.getloadavg()
    print("load average at the end: %.2f %.2f %.2f" % end)
    return 0


if __name__ == "__main__":
    sys.exit(main())
