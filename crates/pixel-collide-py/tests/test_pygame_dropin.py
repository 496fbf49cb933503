"""``pixel_collide.mask`` as a drop-in for ``pygame.mask``: every method pygame-ce 2.5's ``Mask``
has, called the way pygame's is (positional and keyword arguments, zero-size masks, offsets past
the mask), gives what pygame-ce gives, on random masks."""

import subprocess
import sys

import pygame
import pytest

import pixel_collide as pc
from pixel_collide import mask as pcmask
from conftest import as_pg_key, ours_key, random_mask_pair, texels_of

ZERO_SIZES = [(0, 0), (0, 5), (5, 0), (0, 70), (130, 0)]


def both(size, fill=False):
    """An empty (or full) mask of ``size`` made both ways, through each module's constructor."""
    return pcmask.Mask(size, fill), pygame.mask.Mask(size, fill)


def same(ours, theirs, *why):
    """Equal masks. A pygame mask with a zero side has no words, and its buffer reads whatever
    memory lies there, so those compare by size (and count) alone."""
    if 0 in theirs.get_size():
        assert (ours.get_size(), ours.count()) == (theirs.get_size(), theirs.count()), why
        return
    assert ours_key(ours) == as_pg_key(theirs), why


def test_the_module_has_every_public_name_pygames_has():
    for name in dir(pygame.mask):
        if not name.startswith("_"):
            assert hasattr(pcmask, name), name
    for name in dir(pygame.mask.Mask):
        if not name.startswith("_"):
            assert hasattr(pcmask.Mask, name), name
    assert pcmask.Mask is pc.Mask


@pytest.mark.parametrize("size", ZERO_SIZES + [(1, 1), (64, 3), (65, 2)])
@pytest.mark.parametrize("fill", [False, True])
def test_constructor_forms_and_keywords_match_pygames(size, fill):
    theirs = pygame.mask.Mask(size, fill)
    for ours in (
        pcmask.Mask(size, fill),
        pcmask.Mask(size=size, fill=fill),
        pcmask.Mask(list(size), fill=fill),
        pcmask.Mask(pygame.Vector2(size), fill),
    ):
        assert ours.get_size() == theirs.get_size() == size
        same(ours, theirs, size, fill)
        assert ours.count() == theirs.count()


def test_a_negative_size_raises_value_error_as_in_pygame():
    for size in [(-1, 3), (3, -1)]:
        with pytest.raises(ValueError):
            pygame.mask.Mask(size)
        with pytest.raises(ValueError, match="negative"):
            pcmask.Mask(size)


def test_fill_clear_and_invert_match_pygames(rng):
    for _ in range(60):
        m = random_mask_pair(rng)
        for op in ("fill", "clear", "invert"):
            ours, theirs = m.ours.copy(), m.pg.copy()
            assert getattr(ours, op)() is None and getattr(theirs, op)() is None
            same(ours, theirs, op, m)
    for size in ZERO_SIZES:
        ours, theirs = both(size)
        for op in ("fill", "invert", "clear", "invert"):
            getattr(ours, op)()
            getattr(theirs, op)()
            same(ours, theirs, op, size)
            assert ours.count() == theirs.count() == 0


def test_scale_matches_pygames_nearest_texels(rng):
    for _ in range(80):
        m = random_mask_pair(rng, max_height=40)
        size = (rng.randint(0, 200), rng.randint(0, 90))
        if rng.random() < 0.2:
            size = (m.width * rng.randint(1, 3), m.height * rng.randint(1, 3))
        ours, theirs = m.ours.scale(size), m.pg.scale(size)
        assert ours.get_size() == theirs.get_size() == size
        same(ours, theirs, m, size)
        same(m.ours.scale(scale=size), theirs, "keyword")
    for size in ZERO_SIZES:
        ours, theirs = both(size)
        same(ours.scale((7, 3)), theirs.scale((7, 3)), size)


def test_scale_to_a_negative_size_raises_value_error_as_in_pygame():
    with pytest.raises(ValueError):
        pygame.mask.Mask((3, 3)).scale((-1, 2))
    with pytest.raises(ValueError, match="scale"):
        pcmask.Mask((3, 3)).scale((-1, 2))


@pytest.mark.parametrize("op", ["draw", "erase", "overlap_mask"])
def test_draw_erase_and_overlap_mask_match_pygames_at_any_offset(rng, op):
    for _ in range(120):
        a = random_mask_pair(rng, max_height=40)
        b = random_mask_pair(rng, max_height=40)
        reach_x, reach_y = a.width + b.width + 5, a.height + b.height + 5
        offset = (rng.randint(-reach_x, reach_x), rng.randint(-reach_y, reach_y))
        if rng.random() < 0.1:
            offset = (rng.choice((-1, 1)) * 10**9, rng.randint(-3, 3))
        ours, theirs = a.ours.copy(), a.pg.copy()
        got = getattr(ours, op)(b.ours, offset)
        want = getattr(theirs, op)(b.pg, offset)
        if op == "overlap_mask":
            same(got, want, op, a, b, offset)
        else:
            assert got is None and want is None
            same(ours, theirs, op, a, b, offset)
        kw = a.ours.copy()
        kw_got = getattr(kw, op)(other=b.ours, offset=offset)
        same(kw_got if op == "overlap_mask" else kw, want if op == "overlap_mask" else theirs)


def test_a_mask_drawn_on_itself_draws_itself_as_it_was_before_the_call(rng):
    # pygame-ce reads texels it has already changed when a mask is drawn on (or erased from)
    # itself, which smears it (for about two offsets in five); this package draws the mask as it
    # was, which is what pygame gives for a copy of it.
    for _ in range(20):
        m = random_mask_pair(rng, max_height=20)
        offset = (rng.randint(-5, 5), rng.randint(-5, 5))
        for op in ("draw", "erase"):
            ours, theirs = m.ours.copy(), m.pg.copy()
            getattr(ours, op)(ours, offset)
            getattr(theirs, op)(m.pg.copy(), offset)
            same(ours, theirs, op, m, offset)


def test_zero_size_masks_answer_every_pair_query_as_pygame_does(rng):
    m = random_mask_pair(rng, 20, 10, 0.5)
    for size in ZERO_SIZES:
        z, zp = both(size)
        for a, b, ap, bp in ((z, m.ours, zp, m.pg), (m.ours, z, m.pg, zp)):
            for offset in ((0, 0), (-3, 2), (5, 5)):
                assert a.overlap(b, offset) == ap.overlap(bp, offset)
                assert a.overlap_area(b, offset) == ap.overlap_area(bp, offset)
                same(a.overlap_mask(b, offset), ap.overlap_mask(bp, offset), size, offset)
                a2, ap2 = a.copy(), ap.copy()
                a2.draw(b, offset)
                ap2.draw(bp, offset)
                same(a2, ap2, size, offset)
        assert z.centroid() == zp.centroid()
        assert z.angle() == zp.angle()
        assert z.outline() == zp.outline()
        assert z.get_bounding_rects() == zp.get_bounding_rects() == []
        assert z.connected_components() == [] == zp.connected_components()
        same(z.connected_component(), zp.connected_component(), size)
        same(z.copy(), zp.copy(), size)
        assert z.get_rect() == zp.get_rect()
        with pytest.raises(IndexError):
            z.get_at((0, 0))
        with pytest.raises(IndexError):
            zp.get_at((0, 0))


def test_a_sprite_refuses_a_mask_without_texels():
    with pytest.raises(ValueError, match="texels"):
        pc.Sprite(pcmask.Mask((0, 4)), (0, 0))
    sprite = pc.Sprite(pcmask.Mask((2, 2), True), (0, 0))
    with pytest.raises(ValueError, match="texels"):
        sprite.mask = pcmask.Mask((3, 0))


def test_get_rect_matches_pygames_with_keywords(rng):
    for _ in range(20):
        m = random_mask_pair(rng)
        assert m.ours.get_rect() == m.pg.get_rect()
        assert isinstance(m.ours.get_rect(), pygame.Rect)
        kw = {"center": (rng.randint(-50, 50), rng.randint(-50, 50)), "w": rng.randint(0, 9)}
        assert m.ours.get_rect(**kw) == m.pg.get_rect(**kw)
    with pytest.raises(TypeError):
        pygame.mask.Mask((2, 2)).get_rect(3)
    with pytest.raises(TypeError):
        pcmask.Mask((2, 2)).get_rect(3)


def surface_bytes(surface):
    return surface.get_size(), pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"setcolor": (200, 10, 10, 255), "unsetcolor": None},
        {"unsetcolor": (0, 0, 255, 128), "dest": (3, -2)},
        {"setcolor": "red"},
    ],
)
def test_to_surface_draws_what_pygames_draws(rng, kwargs):
    for _ in range(6):
        m = random_mask_pair(rng, max_height=30)
        assert surface_bytes(m.ours.to_surface(**kwargs)) == surface_bytes(m.pg.to_surface(**kwargs))
        target = pygame.Surface((40, 25), pygame.SRCALPHA)
        target.fill((9, 9, 9, 255))
        theirs_target = target.copy()
        got = m.ours.to_surface(target, **kwargs)
        want = m.pg.to_surface(theirs_target, **kwargs)
        assert got is target
        assert surface_bytes(got) == surface_bytes(want)


def test_from_surface_and_from_threshold_match_pygames(rng):
    for _ in range(10):
        w, h = rng.randint(1, 70), rng.randint(1, 30)
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        for y in range(h):
            for x in range(w):
                surface.set_at((x, y), (rng.choice((0, 40, 200)), 20, 90, rng.randrange(256)))
        for threshold in (0, 127, 254):
            same(pcmask.from_surface(surface, threshold), pygame.mask.from_surface(surface, threshold))
        same(pcmask.from_surface(surface), pygame.mask.from_surface(surface))
        color, near = (40, 20, 90, 255), (10, 10, 10, 255)
        same(
            pcmask.from_threshold(surface, color, near),
            pygame.mask.from_threshold(surface, color, near),
        )
        same(
            pcmask.from_threshold(surface, color=color, threshold=near, palette_colors=0),
            pygame.mask.from_threshold(surface, color=color, threshold=near, palette_colors=0),
        )
    empty = pygame.Surface((0, 3), pygame.SRCALPHA)
    same(pcmask.from_surface(empty), pygame.mask.from_surface(empty))


def test_keyword_names_are_pygames(rng):
    m = random_mask_pair(rng, 30, 20, 0.4)
    o = random_mask_pair(rng, 10, 10, 0.5)
    calls = [
        ("get_at", {"pos": (3, 4)}),
        ("overlap", {"other": None, "offset": (2, 3)}),
        ("overlap_area", {"other": None, "offset": (2, 3)}),
        ("outline", {"every": 2}),
        ("connected_components", {"minimum": 3}),
        ("connected_component", {"pos": (3, 4)}),
        ("convolve", {"other": None}),
    ]
    for name, kwargs in calls:
        ours_kw = {k: (o.ours if v is None else v) for k, v in kwargs.items()}
        theirs_kw = {k: (o.pg if v is None else v) for k, v in kwargs.items()}
        got = getattr(m.ours, name)(**ours_kw)
        want = getattr(m.pg, name)(**theirs_kw)
        if isinstance(want, pygame.mask.Mask):
            same(got, want, name)
        elif isinstance(want, list) and want and isinstance(want[0], pygame.mask.Mask):
            assert [ours_key(g) for g in got] == [as_pg_key(w) for w in want], name
        else:
            assert got == want, name
    ours, theirs = m.ours.copy(), m.pg.copy()
    ours.set_at(pos=(1, 1), value=0)
    theirs.set_at(pos=(1, 1), value=0)
    same(ours, theirs)


def test_rectangles_are_pygames_even_when_the_program_has_not_imported_pygame():
    code = (
        "import sys, pixel_collide as pc\n"
        "assert 'pygame' not in sys.modules\n"
        "m = pc.Mask(4, 3, True)\n"
        "r = m.get_bounding_rects()[0]\n"
        "print(type(r).__module__, type(r).__name__, tuple(r), type(m.get_rect()).__name__)\n"
        "print(type(pc.Sprite(m, (0, 0)).bounds).__name__)\n"
    )
    env = {"SDL_VIDEODRIVER": "dummy", "PATH": ""}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    ).stdout.split("\n")
    assert out[0] == "pygame.rect Rect (0, 0, 4, 3) Rect", out
    # pygame 2 has no FRect: a sprite's bounds, in fractions of a pixel, stay a tuple there.
    assert out[1] == ("FRect" if hasattr(pygame, "FRect") else "tuple"), out
    assert "pygame-ce" not in out, "no support prompt"


def test_connected_component_outside_the_mask_raises_index_error_as_in_pygame():
    with pytest.raises(IndexError):
        pygame.mask.Mask((3, 3)).connected_component((3, 0))
    with pytest.raises(IndexError):
        pcmask.Mask((3, 3)).connected_component((3, 0))
    assert texels_of(pcmask.Mask((3, 3)).connected_component((1, 1))) == set()


def test_a_pygame_mask_is_taken_wherever_a_mask_is_and_answers_alike(rng):
    for _ in range(40):
        a = random_mask_pair(rng, max_height=30)
        b = random_mask_pair(rng, max_height=30)
        offset = (rng.randint(-b.width - 2, a.width + 2), rng.randint(-b.height - 2, a.height + 2))
        assert a.ours.overlap_area(b.pg, offset) == a.ours.overlap_area(b.ours, offset)
        assert (a.ours.overlap(b.pg, offset) is None) == (a.pg.overlap(b.pg, offset) is None)
        assert a.ours.overlap(b.pg, offset) == a.ours.overlap(b.ours, offset)
        shared = a.ours.overlap_mask(b.pg, offset)
        assert isinstance(shared, pcmask.Mask)
        same(shared, a.pg.overlap_mask(b.pg, offset))
        for op in ("draw", "erase"):
            ours, theirs = a.ours.copy(), a.pg.copy()
            getattr(ours, op)(b.pg, offset)
            getattr(theirs, op)(b.pg, offset)
            same(ours, theirs, op)
        conv = a.ours.convolve(b.pg)
        assert isinstance(conv, pcmask.Mask)
        same(conv, a.pg.convolve(b.pg))
        # A pygame mask as the output is drawn on and returned, as pygame's convolve does.
        ours_out, theirs_out = pygame.mask.Mask((20, 15)), pygame.mask.Mask((20, 15))
        got = a.ours.convolve(b.ours, ours_out, (-3, 2))
        assert got is ours_out
        assert as_pg_key(got) == as_pg_key(a.pg.convolve(b.pg, theirs_out, (-3, 2)))


@pytest.mark.parametrize("depth, flags", [(32, pygame.SRCALPHA), (16, pygame.SRCALPHA), (32, 0),
                                          (24, 0), (16, 0), (8, 0)])
def test_from_surface_matches_pygames_at_every_depth_and_any_threshold(rng, depth, flags):
    w, h = rng.randint(1, 90), rng.randint(1, 20)
    surface = pygame.Surface((w, h), flags, depth)
    for y in range(h):
        for x in range(w):
            surface.set_at((x, y), (rng.randrange(256), 20, 90, rng.randrange(256)))
    for threshold in (-(2**31), -300, -1, 0, 1, 16, 17, 127, 128, 254, 255, 256, 2**31 - 1):
        same(pcmask.from_surface(surface, threshold),
             pygame.mask.from_surface(surface, threshold), depth, threshold)
    if not flags:
        surface.set_colorkey(surface.get_at((0, 0)))
        for threshold in (-1, 127, 256):
            same(pcmask.from_surface(surface, threshold),
                 pygame.mask.from_surface(surface, threshold), "key", depth, threshold)
