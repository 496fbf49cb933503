"""Random call sequences against the package's argument handling: every class and function called
with arguments drawn from every kind a caller might pass (numbers at the edges, NaN and infinities,
huge integers, sequences of the wrong length, strings, bytes, None, pygame's objects), in random
order on shared objects. Each call returns or raises one of the exceptions the README names, with a
one-line message; none panics or crashes the interpreter. A call that never returns is caught by
the hang guard in ``conftest.py``: a wall-clock bound per call would measure the machine's load, not
the call.

Seeded from the test's id (`conftest.rng`); `PIXEL_COLLIDE_TEST_SALT` draws other sequences."""

import math

import pygame
import pytest

import pixel_collide as pc
from pixel_collide import mask as pcmask

# What a call may raise on bad input; anything else (PanicException above all) is a failure.
EXPECTED = (TypeError, ValueError, IndexError, OverflowError, MemoryError, BufferError, OSError)
CALLS = 4000


def value(rng, depth=0):
    """An argument of any kind."""
    kind = rng.randrange(14 if depth < 2 else 10)
    if kind == 0:
        return rng.randint(-3, 70)
    if kind == 1:
        return rng.choice((0, -1, 2**31, 2**63, -(2**63) - 1, 2**70, 2**23, 2**24 + 1))
    if kind == 2:
        return rng.uniform(-100, 100)
    if kind == 3:
        return rng.choice((math.nan, math.inf, -math.inf, 1e308, -0.0, 5e-324, 1e38, 3.5e38))
    if kind == 4:
        return rng.choice((None, True, "", "12", b"", b"\xff" * 16, object()))
    if kind == 5:
        return bytes(rng.randrange(256) for _ in range(rng.choice((0, 3, 16, 64, 400))))
    if kind == 6:
        return pcmask.Mask((rng.randint(0, 70), rng.randint(0, 9)), rng.random() < 0.5)
    if kind == 7:
        return pygame.mask.Mask((rng.randint(0, 70), rng.randint(0, 9)), rng.random() < 0.5)
    if kind == 8:
        return pygame.Surface((rng.randint(0, 9), rng.randint(0, 9)), pygame.SRCALPHA)
    if kind == 9:
        return pygame.Rect(rng.randint(-5, 5), rng.randint(-5, 5), rng.randint(-2, 9), 3)
    # Sequences: pairs as positions and offsets take them, and of other lengths.
    return tuple(value(rng, depth + 1) for _ in range(rng.choice((0, 1, 2, 2, 2, 3, 4))))


def arguments(rng):
    return [value(rng) for _ in range(rng.choice((0, 1, 2, 2, 3, 4, 5)))]


def call(fn, args):
    try:
        fn(*args)
    except EXPECTED as err:
        message = str(err)
        assert "\n" not in message, (fn, args, message)
    # pyo3_runtime.PanicException derives from BaseException: it falls through and fails the test.


def test_random_calls_on_masks_raise_only_the_documented_exceptions(rng):
    masks = [pcmask.Mask((rng.randint(1, 70), rng.randint(1, 9)), True) for _ in range(3)]
    methods = [n for n in dir(pcmask.Mask) if not n.startswith("_") and callable(getattr(pcmask.Mask, n))]
    for _ in range(CALLS):
        mask = rng.choice(masks)
        name = rng.choice(methods + ["__init__", "__copy__", "__eq__"])
        call(getattr(mask, name), arguments(rng))
    for fn in (pcmask.Mask, pc.Mask.from_rgba, pcmask.from_surface, pcmask.from_threshold):
        for _ in range(300):
            call(fn, arguments(rng))


def test_random_calls_on_sprites_pairs_and_groups_raise_only_the_documented_exceptions(rng):
    mask = pc.Mask(9, 7, True)
    sprites = [pc.Sprite(mask, (rng.uniform(0, 20), rng.uniform(0, 20)), rng.uniform(0, 360)) for _ in range(3)]
    group = pc.Group()
    members = [n for n in dir(pc.Sprite) if not n.startswith("_") and callable(getattr(pc.Sprite, n))]
    pairs = [pc.collide, pc.overlap, pc.overlaps, pc.overlap_area, pc.distance, pc.push_out,
             pc.time_of_impact]
    group_methods = [n for n in dir(pc.Group) if not n.startswith("_") and callable(getattr(pc.Group, n))]
    for _ in range(CALLS):
        kind = rng.randrange(5)
        if kind == 0:
            call(pc.Sprite, [rng.choice((mask, value(rng)))] + arguments(rng))
        elif kind == 1:
            call(getattr(rng.choice(sprites), rng.choice(members)), arguments(rng))
        elif kind == 2:
            picked = [rng.choice(sprites + [value(rng)]) for _ in range(rng.choice((1, 2, 2, 3, 4)))]
            call(rng.choice(pairs), picked)
        elif kind == 3:
            call(getattr(group, rng.choice(group_methods)), [rng.choice(sprites)] if rng.random() < 0.5 else arguments(rng))
        else:
            sprite = rng.choice(sprites)
            name = rng.choice(("position", "angle", "scale", "origin", "mask"))
            call(setattr, [sprite, name, value(rng)])
    # The objects still answer after all that.
    assert isinstance(pc.overlaps(sprites[0], sprites[0]), bool) or pytest.fail("sprites broken")
