"""Masks made from pygame surfaces, from pygame masks, from RGBA bytes and from PNG files, equal to
what pygame-ce makes of the same pixels."""

import array
import math
import pathlib

import pygame
import pytest

import pixel_collide as pc
from conftest import as_pg_key, ours_key, random_mask_pair, texels_of

# Widths on both sides of the 64-texel strips (and 32-bit half strips).
SURFACE_SIZES = [(1, 1), (7, 5), (63, 4), (64, 3), (65, 6), (127, 2), (128, 5), (129, 4), (150, 9)]


def random_alpha_surface(rng, size):
    s = pygame.Surface(size, pygame.SRCALPHA, 32)
    alphas = (0, 1, 126, 127, 128, 253, 254, 255)
    for y in range(size[1]):
        for x in range(size[0]):
            a = rng.choice(alphas) if rng.random() < 0.7 else rng.randrange(256)
            s.set_at((x, y), (rng.randrange(256), rng.randrange(256), rng.randrange(256), a))
    return s


def paint(rng, surface, colours):
    w, h = surface.get_size()
    for y in range(h):
        for x in range(w):
            surface.set_at((x, y), rng.choice(colours))


KEY = (255, 0, 255)
# The key, colours near it (the same raw value once a 16-bit or palette surface maps them), and
# others.
KEYED_COLOURS = [KEY, KEY, (254, 0, 255), (255, 0, 250), (0, 0, 0), (10, 20, 30), (255, 255, 255)]


@pytest.mark.parametrize("size", SURFACE_SIZES)
@pytest.mark.parametrize("threshold", [0, 127, 254, 255])
def test_from_surface_with_alpha_equals_pygames(rng, size, threshold):
    s = random_alpha_surface(rng, size)
    ours = pc.Mask.from_surface(s, threshold)
    assert ours_key(ours) == as_pg_key(pygame.mask.from_surface(s, threshold))
    assert ours == pc.Mask.from_surface(s, threshold=threshold)


@pytest.mark.parametrize("size", SURFACE_SIZES)
def test_from_surface_default_threshold_is_pygames_127(rng, size):
    s = random_alpha_surface(rng, size)
    assert ours_key(pc.Mask.from_surface(s)) == as_pg_key(pygame.mask.from_surface(s))
    assert pc.Mask.from_surface(s) == pc.Mask.from_surface(s, 127)


@pytest.mark.parametrize("depth", [32, 24, 16, 8])
@pytest.mark.parametrize("size", SURFACE_SIZES)
def test_from_surface_with_colour_key_equals_pygames(rng, depth, size):
    s = pygame.Surface(size, 0, depth)
    assert s.get_bytesize() == depth // 8
    paint(rng, s, KEYED_COLOURS)
    s.set_colorkey(KEY)
    theirs = pygame.mask.from_surface(s)
    assert ours_key(pc.Mask.from_surface(s)) == as_pg_key(theirs)
    # With a key the threshold plays no part, in either.
    assert ours_key(pc.Mask.from_surface(s, 255)) == as_pg_key(theirs)


@pytest.mark.parametrize("depth", [32, 24, 16, 8])
def test_from_surface_of_a_keyed_subsurface_equals_pygames(rng, depth):
    # A subsurface's rows lie further apart than its width: the pitch is the parent's.
    parent = pygame.Surface((200, 40), 0, depth)
    paint(rng, parent, KEYED_COLOURS)
    parent.set_colorkey(KEY)
    sub = parent.subsurface((3, 5, 131, 9))
    assert sub.get_pitch() > sub.get_width() * sub.get_bytesize()
    assert ours_key(pc.Mask.from_surface(sub)) == as_pg_key(pygame.mask.from_surface(sub))


@pytest.mark.parametrize("depth", [32, 24, 16, 8])
@pytest.mark.parametrize("size", [(1, 1), (65, 3), (150, 9)])
def test_from_surface_without_alpha_or_key_is_all_solid(rng, depth, size):
    s = pygame.Surface(size, 0, depth)
    paint(rng, s, KEYED_COLOURS)
    theirs = pygame.mask.from_surface(s)
    assert theirs.count() == size[0] * size[1]
    ours = pc.Mask.from_surface(s)
    assert ours_key(ours) == as_pg_key(theirs)
    assert ours == pc.Mask(size[0], size[1], True)
    # Every pixel reads as alpha 255, which is not above a threshold of 255 (pygame's rule too).
    theirs_255 = pygame.mask.from_surface(s, 255)
    assert theirs_255.count() == 0
    assert ours_key(pc.Mask.from_surface(s, 255)) == as_pg_key(theirs_255)


def test_from_surface_of_a_keyed_surface_whose_key_is_then_cleared_reads_alpha(rng):
    s = pygame.Surface((70, 4), 0, 32)
    paint(rng, s, KEYED_COLOURS)
    s.set_colorkey(KEY)
    s.set_colorkey(None)
    assert ours_key(pc.Mask.from_surface(s)) == as_pg_key(pygame.mask.from_surface(s))


@pytest.mark.parametrize("size", [(5, 1), (70, 5)])
def test_from_surface_with_alpha_and_colour_key_equals_pygames(size):
    # The key's raw value has its top bit set (alpha 255): pygame-ce hands it back negative.
    s = pygame.Surface(size, pygame.SRCALPHA, 32)
    colours = [(255, 0, 255, 255), (255, 0, 255, 0), (255, 0, 255, 128), (1, 2, 3, 255),
               (1, 2, 3, 0)]
    for i in range(size[0] * size[1]):
        s.set_at((i % size[0], i // size[0]), colours[(i * 7 + i // 5) % len(colours)])
    s.set_colorkey(KEY)
    theirs = pygame.mask.from_surface(s)
    assert theirs.get_at((0, 0)) == 0 and 0 < theirs.count() < size[0] * size[1]
    assert ours_key(pc.Mask.from_surface(s)) == as_pg_key(theirs)


# --- pygame masks -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "size", [(1, 1), (31, 2), (32, 3), (33, 4), (63, 5), (64, 6), (65, 7), (128, 3), (129, 8),
             (150, 11), (200, 1)]
)
def test_from_pygame_copies_a_pygame_mask(rng, size):
    for density in (0.0, 0.3, 0.9, 1.0):
        m = random_mask_pair(rng, size[0], size[1], density)
        copy = pc.Mask.from_pygame(m.pg)
        assert copy == m.ours
        assert texels_of(copy) == m.texels
        # A copy: later changes to pygame's mask do not show.
        m.pg.invert()
        assert copy == m.ours


@pytest.mark.parametrize(
    "size", [(1, 1), (31, 2), (32, 3), (33, 4), (63, 5), (64, 6), (65, 7), (128, 3), (129, 8),
             (150, 11), (200, 1)]
)
def test_to_pygame_round_trips(rng, size):
    for density in (0.0, 0.3, 0.9, 1.0):
        m = random_mask_pair(rng, size[0], size[1], density)
        theirs = m.ours.to_pygame()
        assert isinstance(theirs, pygame.mask.Mask)
        assert theirs.get_size() == size
        assert texels_of(theirs) == m.texels
        assert theirs.count() == len(m.texels)
        assert as_pg_key(theirs) == as_pg_key(m.pg)
        assert pc.Mask.from_pygame(theirs) == m.ours
        # pygame's own queries work on it (no stray bits past the width).
        probe = pygame.mask.Mask(size, fill=True)
        assert theirs.overlap_area(probe, (0, 0)) == len(m.texels)
        # A new mask: changing it leaves ours as it was.
        theirs.clear()
        assert m.ours.count() == len(m.texels)


# --- RGBA bytes ----------------------------------------------------------------------------------


def random_rgba(rng, width, height):
    edge_alphas = (0, 1, 127, 128, 255)
    return bytes(
        rng.choice(edge_alphas) if i % 4 == 3 and rng.random() < 0.6 else rng.randrange(256)
        for i in range(width * height * 4)
    )


def alpha_texels(data, width, threshold):
    return {
        (i % width, i // width) for i in range(len(data) // 4) if data[4 * i + 3] > threshold
    }


@pytest.mark.parametrize("size", [(1, 1), (5, 3), (64, 2), (65, 3), (130, 4)])
@pytest.mark.parametrize("threshold", [0, 127, 254, 255])
def test_from_rgba_reads_bytes_bytearray_memoryview_and_numpy(rng, size, threshold):
    np = pytest.importorskip("numpy")
    w, h = size
    data = random_rgba(rng, w, h)
    expected = alpha_texels(data, w, threshold)
    forms = [
        data,
        bytearray(data),
        memoryview(data),
        array.array("B", data),
        np.frombuffer(data, dtype=np.uint8).reshape(h, w, 4).copy(),
        np.frombuffer(data, dtype=np.uint8).reshape(h, w, 4).view(np.uint32),
    ]
    for form in forms:
        m = pc.Mask.from_rgba(form, w, h, threshold)
        assert m.get_size() == size
        assert texels_of(m) == expected, type(form)
    # The same as pygame's mask of the same pixels.
    surface = pygame.image.frombytes(data, size, "RGBA")
    theirs = pygame.mask.from_surface(surface, threshold)
    assert ours_key(pc.Mask.from_rgba(data, w, h, threshold)) == as_pg_key(theirs)


def test_from_rgba_reads_a_non_contiguous_numpy_array_in_row_order(rng):
    np = pytest.importorskip("numpy")
    wide = np.frombuffer(random_rgba(rng, 140, 6), dtype=np.uint8).reshape(6, 140, 4)
    part = wide[:, ::2, :]  # every other pixel of each row
    assert not part.flags["C_CONTIGUOUS"]
    expected = alpha_texels(part.tobytes(), 70, 0)
    assert texels_of(pc.Mask.from_rgba(part, 70, 6, 0)) == expected


def test_from_rgba_default_threshold_is_pygames_127(rng):
    data = bytes([9, 9, 9, 0, 9, 9, 9, 127, 9, 9, 9, 128, 9, 9, 9, 255])
    m = pc.Mask.from_rgba(data, 4, 1)
    assert [m.get_at((x, 0)) for x in range(4)] == [0, 0, 1, 1]


# --- PNG files -----------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1, 1), (20, 7), (64, 3), (65, 9), (150, 5)])
@pytest.mark.parametrize("threshold", [0, 127, 255])
def test_load_reads_a_png_as_pygame_reads_it(rng, tmp_path, size, threshold):
    s = random_alpha_surface(rng, size)
    path = tmp_path / "sprite.png"
    pygame.image.save(s, str(path))
    reloaded = pygame.image.load(str(path))
    theirs = pygame.mask.from_surface(reloaded, threshold)
    assert as_pg_key(theirs) == as_pg_key(pygame.mask.from_surface(s, threshold))
    ours = pc.Mask.load(path, threshold)
    assert ours_key(ours) == as_pg_key(theirs)
    assert pc.Mask.load(str(path), threshold) == ours
    assert pc.Mask.load(pathlib.Path(path), threshold=threshold) == ours


def test_load_default_threshold_is_pygames_127(rng, tmp_path):
    s = random_alpha_surface(rng, (66, 5))
    path = tmp_path / "a.png"
    pygame.image.save(s, str(path))
    assert ours_key(pc.Mask.load(path)) == as_pg_key(pygame.mask.from_surface(s))


def test_load_of_a_png_without_alpha_is_all_solid(rng, tmp_path):
    s = pygame.Surface((67, 4), 0, 24)
    paint(rng, s, KEYED_COLOURS)
    path = tmp_path / "opaque.png"
    pygame.image.save(s, str(path))
    assert pc.Mask.load(path) == pc.Mask(67, 4, True)


@pytest.mark.parametrize("radius", [7, 8, 11, 20, 37, 64])
def test_a_ball_drawn_by_pygame_is_found_as_its_circle_and_a_box_is_not(radius):
    size = 2 * radius + 6
    ball = pygame.Surface((size, size), pygame.SRCALPHA, 32)
    centre = (size // 2, size // 2)
    pygame.draw.circle(ball, (200, 40, 40, 255), centre, radius)
    (x, y), r = pc.Mask.from_surface(ball).fitted_circle()
    # pygame-ce draws the ball 2 * radius pixels across, centred on the top-left corner of pixel
    # `centre`.
    assert math.hypot(x - centre[0], y - centre[1]) < 0.3, (x, y)
    assert abs(r - radius) < 0.75, r
    box = pygame.Surface((size, size), pygame.SRCALPHA, 32)
    box.fill((0, 0, 0, 255))
    assert pc.Mask.from_surface(box).fitted_circle() is None
