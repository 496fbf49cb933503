"""Shared helpers for the pixel_collide tests: random masks made twice (as a ``pixel_collide.Mask``
and as an equal ``pygame.mask.Mask``), brute-force references, and the sprite placement written
out in plain Python.

Everything random comes from a ``random.Random`` seeded from the test's own id, so each test sees
the same data on every run and no test depends on another's draws.
"""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import faulthandler  # noqa: E402
import math  # noqa: E402
import random  # noqa: E402
import struct  # noqa: E402
import zlib  # noqa: E402
from collections import deque  # noqa: E402

import pygame  # noqa: E402
import pygame.mask  # noqa: E402
import pytest  # noqa: E402

import pixel_collide as pc  # noqa: E402

# Widths that cross the 64-texel strips both layouts keep (and the 32-bit half strips), with the
# exact 64 and 128 edges, and narrow ones.
WIDTHS = (1, 2, 3, 7, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 150)
DENSITIES = (0.0, 0.02, 0.1, 0.3, 0.5, 0.8, 0.97, 1.0)


# A test that has not ended after this many seconds (the slowest takes about 2 here) ends the run with
# every thread's traceback: the tests' guard against a call that never returns.
HANG_SECONDS = 300


@pytest.fixture(autouse=True)
def hang_guard():
    faulthandler.dump_traceback_later(HANG_SECONDS, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


@pytest.fixture
def rng(request):
    """A generator seeded from the test's id: reproducible, and different for each test.

    Setting ``PIXEL_COLLIDE_TEST_SALT`` to any text draws other data (to look for rare failures
    without changing the tests); unset, every run draws the same."""
    salt = os.environ.get("PIXEL_COLLIDE_TEST_SALT", "")
    return random.Random(zlib.crc32((request.node.nodeid + salt).encode()))


# --- random masks -----------------------------------------------------------------------------


def random_texels(rng, width, height, density):
    """A set of ``(x, y)`` texels of a ``width`` x ``height`` mask, each solid with ``density``."""
    if density <= 0.0:
        return set()
    if density >= 1.0:
        return {(x, y) for y in range(height) for x in range(width)}
    return {(x, y) for y in range(height) for x in range(width) if rng.random() < density}


def masks_from_texels(width, height, texels):
    """``(ours, pygame's)``, both of that size with exactly ``texels`` solid, built by ``set_at``
    (a full mask through each constructor's ``fill`` instead)."""
    if len(texels) == width * height:
        return pc.Mask(width, height, True), pygame.mask.Mask((width, height), fill=True)
    ours = pc.Mask(width, height)
    theirs = pygame.mask.Mask((width, height))
    for t in texels:
        ours.set_at(t)
        theirs.set_at(t)
    return ours, theirs


class MaskPair:
    """One random mask three ways: ``ours``, ``pg`` (pygame's) and ``texels`` (a set)."""

    def __init__(self, width, height, texels):
        self.width, self.height, self.texels = width, height, texels
        self.ours, self.pg = masks_from_texels(width, height, texels)

    @property
    def size(self):
        return (self.width, self.height)

    def __repr__(self):
        return "MaskPair(%d x %d, %d solid)" % (self.width, self.height, len(self.texels))


def random_size(rng, max_height=70):
    """A width from ``WIDTHS`` (sometimes any width up to 150) and a height up to ``max_height``."""
    width = rng.choice(WIDTHS) if rng.random() < 0.8 else rng.randint(1, 150)
    height = rng.choice((1, 2, rng.randint(1, max_height), rng.randint(1, max_height)))
    return width, height


def random_mask_pair(rng, width=None, height=None, density=None, max_height=70):
    """A ``MaskPair`` of a random (or the given) size and density."""
    if width is None or height is None:
        width, height = random_size(rng, max_height)
    if density is None:
        density = rng.choice(DENSITIES)
    return MaskPair(width, height, random_texels(rng, width, height, density))


def blob_mask_pair(rng, width, height, blobs):
    """A ``MaskPair`` of a few random filled rectangles and discs: several components of
    various sizes, the shapes sprites have."""
    texels = set()
    for _ in range(blobs):
        cx, cy = rng.randrange(width), rng.randrange(height)
        rx, ry = rng.randint(0, max(1, width // 4)), rng.randint(0, max(1, height // 4))
        disc = rng.random() < 0.5
        for y in range(max(0, cy - ry), min(height, cy + ry + 1)):
            for x in range(max(0, cx - rx), min(width, cx + rx + 1)):
                if not disc or ((x - cx) / (rx + 0.5)) ** 2 + ((y - cy) / (ry + 0.5)) ** 2 <= 1:
                    texels.add((x, y))
    return MaskPair(width, height, texels)


def pg_bytes(pg_mask):
    """The words of a pygame mask as bytes: equal bytes and sizes mean equal masks."""
    return memoryview(pg_mask).tobytes()


def as_pg_key(pg_mask):
    return (pg_mask.get_size(), pg_bytes(pg_mask))


def ours_key(mask):
    return as_pg_key(mask.to_pygame())


def texels_of(mask):
    """The solid texels of any mask with ``get_size`` and ``get_at`` (ours or pygame's)."""
    w, h = mask.get_size()
    return {(x, y) for y in range(h) for x in range(w) if mask.get_at((x, y))}


# --- brute-force references -------------------------------------------------------------------


def components_of(texels):
    """The 8-connected components of a set of texels, as a list of sets."""
    left = set(texels)
    out = []
    while left:
        start = left.pop()
        comp = {start}
        queue = deque([start])
        while queue:
            x, y = queue.popleft()
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    n = (x + dx, y + dy)
                    if n in left:
                        left.remove(n)
                        comp.add(n)
                        queue.append(n)
        out.append(comp)
    return out


def bounding_rect(texels):
    xs = [x for x, _ in texels]
    ys = [y for _, y in texels]
    return (min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def pygame_labelling_is_safe(pg_mask):
    """Whether pygame-ce's connected-component labelling (``connected_components``,
    ``connected_component`` and ``get_bounding_rects``) can run on ``pg_mask`` without corrupting
    memory.

    pygame-ce 2.5.8 sizes its union-find table ``(w // 2 + 1) * (h // 2 + 1)`` entries, but a raster
    scan can make more provisional labels than that (any texel with its left, up-left, up and
    up-right neighbours empty starts one), and a 1-texel-wide mask reads an unset label; either way
    the interpreter dies (segfault or ``free(): invalid pointer``). Those masks are checked against
    the brute-force reference instead."""
    w, h = pg_mask.get_size()
    if w < 2:
        return False
    solid = texels_of(pg_mask)
    labels = sum(
        1
        for (x, y) in solid
        if (x - 1, y) not in solid
        and (x - 1, y - 1) not in solid
        and (x, y - 1) not in solid
        and (x + 1, y - 1) not in solid
    )
    return labels + 1 <= (w // 2 + 1) * (h // 2 + 1)


# --- the sprite placement, written out ----------------------------------------------------------


class Placement:
    """The documented placement of a sprite in plain Python (``float`` is double precision):
    texel point ``t`` lands at ``position + R(angle) S(scale) (t - origin)`` with
    ``R(a)(x, y) = (x cos a + y sin a, -x sin a + y cos a)``, ``a`` in degrees."""

    def __init__(self, mask_size, position, angle=0.0, scale=(1.0, 1.0), origin=None):
        self.width, self.height = mask_size
        self.position = position
        self.angle = angle
        if not isinstance(scale, tuple):
            scale = (scale, scale)
        self.scale = scale
        self.origin = origin if origin is not None else (self.width / 2, self.height / 2)
        a = math.radians(angle)
        self.cos, self.sin = math.cos(a), math.sin(a)

    def sprite(self, mask):
        return pc.Sprite(mask, self.position, self.angle, self.scale, self.origin)

    def to_world(self, t):
        x = (t[0] - self.origin[0]) * self.scale[0]
        y = (t[1] - self.origin[1]) * self.scale[1]
        return (
            self.position[0] + x * self.cos + y * self.sin,
            self.position[1] - x * self.sin + y * self.cos,
        )

    def to_texel(self, p):
        """The inverse: the texel-space point that lands on world point ``p``."""
        x, y = p[0] - self.position[0], p[1] - self.position[1]
        rx, ry = x * self.cos - y * self.sin, x * self.sin + y * self.cos
        return (rx / self.scale[0] + self.origin[0], ry / self.scale[1] + self.origin[1])

    def texel_at(self, p, texels, eps):
        """``True`` when ``p`` lies inside a solid texel at least ``eps`` texels from its edges,
        ``False`` when it lies in an empty texel (or outside) that far from every edge, ``None``
        when it is within ``eps`` of a texel edge (too close to call)."""
        tx, ty = self.to_texel(p)
        fx, fy = tx - math.floor(tx), ty - math.floor(ty)
        if min(fx, 1 - fx, fy, 1 - fy) < eps:
            return None
        return (math.floor(tx), math.floor(ty)) in texels

    def near_solid(self, p, texels, tol):
        """Whether ``p`` lies inside, or within ``tol`` texels of, a solid texel."""
        tx, ty = self.to_texel(p)
        for x in range(math.floor(tx - tol), math.floor(tx + tol) + 1):
            for y in range(math.floor(ty - tol), math.floor(ty + tol) + 1):
                if (x, y) in texels:
                    dx = max(x - tx, 0.0, tx - (x + 1))
                    dy = max(y - ty, 0.0, ty - (y + 1))
                    if math.hypot(dx, dy) <= tol:
                        return True
        return False

    def world_bounds(self):
        corners = [self.to_world(c) for c in ((0, 0), (self.width, 0), (0, self.height),
                                              (self.width, self.height))]
        xs = [c[0] for c in corners]
        ys = [c[1] for c in corners]
        return min(xs), min(ys), max(xs), max(ys)


def random_placement(rng, size, spread=20.0, scales=True, angles=True):
    """A random placement of a mask of ``size`` near the world origin: any angle, scales from
    0.3 to 3 (sometimes negative, flipping; sometimes different per axis, a shear once turned)."""
    angle = rng.uniform(-360, 360) if angles and rng.random() < 0.85 else 0.0
    if scales and rng.random() < 0.7:
        sx = rng.uniform(0.3, 3.0) * rng.choice((1, 1, -1))
        sy = sx if rng.random() < 0.4 else rng.uniform(0.3, 3.0) * rng.choice((1, 1, -1))
        scale = (sx, sy)
    else:
        scale = (1.0, 1.0)
    origin = None
    if rng.random() < 0.4:
        origin = (f32(rng.uniform(0, size[0])), f32(rng.uniform(0, size[1])))
    position = (f32(rng.uniform(-spread, spread)), f32(rng.uniform(-spread, spread)))
    return Placement(size, position, angle, (f32(scale[0]), f32(scale[1])), origin)


def f32(x):
    """``x`` rounded to single precision, as the sprites keep their parts."""
    return struct.unpack("f", struct.pack("f", x))[0]
