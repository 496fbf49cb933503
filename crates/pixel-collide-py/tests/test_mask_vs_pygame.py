"""``pixel_collide.Mask`` against ``pygame.mask.Mask`` (pygame-ce) on random masks and offsets:
every query pygame answers, answered alike, and checked against a brute-force reference too where
the docs say how ours differs (the texel ``overlap`` names, the order of components) or where
pygame-ce 2.5.8 itself goes wrong (its labelling of many small components)."""

import math
from collections import Counter

import pygame
import pytest

import pixel_collide as pc
from conftest import (
    MaskPair,
    as_pg_key,
    blob_mask_pair,
    bounding_rect,
    components_of,
    masks_from_texels,
    ours_key,
    pygame_labelling_is_safe,
    random_mask_pair,
    random_size,
    random_texels,
    texels_of,
)


def offsets_for(rng, a, b, count):
    """Offsets of ``b`` on ``a``: overlapping ones, edge-to-edge ones (sharing only an edge or a
    corner, or one row or column), negative ones and far-away ones (within C ``int``, so that
    pygame reads them as they are)."""
    w1, h1 = a.size
    w2, h2 = b.size
    out = []
    for _ in range(count):
        kind = rng.random()
        if kind < 0.55:
            off = (rng.randint(-w2 + 1, w1 - 1), rng.randint(-h2 + 1, h1 - 1))
        elif kind < 0.8:
            # Edge to edge: just apart (x = w1 or -w2), or one column / row shared.
            x = rng.choice((w1, -w2, w1 - 1, -w2 + 1, rng.randint(-w2, w1)))
            y = rng.choice((h1, -h2, h1 - 1, -h2 + 1, rng.randint(-h2, h1)))
            off = (x, y)
        elif kind < 0.9:
            off = (rng.randint(-3 * w2 - 5, -w2), rng.randint(-3 * h2 - 5, 3 * h1 + 5))
        else:
            far = rng.choice((10**4, 10**6, 2**23 - 1, 2**23, 2**23 + 1, 2**31 - 1))
            off = (rng.choice((-far, far, 0)), rng.choice((-far, far, 0, 1)))
        out.append(off)
    return out


def mask_pairs(rng, count, max_height=70):
    for _ in range(count):
        yield random_mask_pair(rng, max_height=max_height), random_mask_pair(
            rng, max_height=max_height
        )


# --- overlap, overlap_area, overlap_mask --------------------------------------------------------


def test_overlap_hits_exactly_when_pygame_does_and_the_texel_is_solid_in_both(rng):
    checked = hits = 0
    for a, b in mask_pairs(rng, 220):
        for off in offsets_for(rng, a, b, 6):
            ours = a.ours.overlap(b.ours, off)
            theirs = a.pg.overlap(b.pg, off)
            assert (ours is None) == (theirs is None), (a, b, off, ours, theirs)
            if ours is not None:
                x, y = ours
                assert isinstance(x, int) and isinstance(y, int)
                assert a.pg.get_at((x, y)) == 1, (a, b, off, ours)
                assert b.pg.get_at((x - off[0], y - off[1])) == 1, (a, b, off, ours)
                hits += 1
            checked += 1
    assert hits > 200 and checked - hits > 200  # both outcomes were exercised


def test_overlap_gives_the_first_shared_texel_in_row_order(rng):
    for _ in range(150):
        a = random_mask_pair(rng, max_height=30)
        b = random_mask_pair(rng, max_height=30)
        for off in offsets_for(rng, a, b, 3):
            shared = [(x, y) for (x, y) in a.texels if (x - off[0], y - off[1]) in b.texels]
            expected = min(shared, key=lambda t: (t[1], t[0])) if shared else None
            assert a.ours.overlap(b.ours, off) == expected, (a, b, off)


def test_overlap_accepts_lists_and_numpy_integers_as_offsets(rng):
    np = pytest.importorskip("numpy")
    a = random_mask_pair(rng, 70, 20, 0.5)
    b = random_mask_pair(rng, 20, 9, 0.5)
    for off in offsets_for(rng, a, b, 20):
        expected = a.ours.overlap(b.ours, off)
        assert a.ours.overlap(b.ours, list(off)) == expected
        assert a.ours.overlap(b.ours, (np.int64(off[0]), np.int32(off[1]))) == expected
        assert a.ours.overlap(b.ours, offset=off) == expected
        assert a.ours.overlap_area(b.ours, list(off)) == a.pg.overlap_area(b.pg, off)


def test_overlap_area_equals_pygames(rng):
    nonzero = 0
    for a, b in mask_pairs(rng, 220):
        for off in offsets_for(rng, a, b, 6):
            ours = a.ours.overlap_area(b.ours, off)
            assert ours == a.pg.overlap_area(b.pg, off), (a, b, off)
            nonzero += ours > 0
    assert nonzero > 200


def test_overlap_mask_equals_pygames(rng):
    for a, b in mask_pairs(rng, 160):
        for off in offsets_for(rng, a, b, 4):
            ours = a.ours.overlap_mask(b.ours, off)
            assert ours.get_size() == a.size
            assert ours_key(ours) == as_pg_key(a.pg.overlap_mask(b.pg, off)), (a, b, off)


def test_overlap_mask_texels_are_the_shared_texels(rng):
    for _ in range(60):
        a = random_mask_pair(rng, max_height=25)
        b = random_mask_pair(rng, max_height=25)
        for off in offsets_for(rng, a, b, 2):
            shared = {(x, y) for (x, y) in a.texels if (x - off[0], y - off[1]) in b.texels}
            assert texels_of(a.ours.overlap_mask(b.ours, off)) == shared, (a, b, off)


# --- the single-mask queries --------------------------------------------------------------------


def test_count_size_and_get_at_agree_with_pygame(rng):
    for _ in range(60):
        m = random_mask_pair(rng)
        assert m.ours.get_size() == m.pg.get_size() == m.size
        assert (m.ours.width, m.ours.height) == m.size
        assert m.ours.count() == m.pg.count() == len(m.texels)
        for _ in range(30):
            p = (rng.randrange(m.width), rng.randrange(m.height))
            assert m.ours.get_at(p) == m.pg.get_at(p)
            assert type(m.ours.get_at(p)) is int


def test_set_at_sets_and_clears_like_pygame(rng):
    for _ in range(40):
        m = random_mask_pair(rng)
        for _ in range(60):
            p = (rng.randrange(m.width), rng.randrange(m.height))
            value = rng.choice((None, 0, 1, True, False, 2))
            if value is None:
                assert m.ours.set_at(p) is None
                m.pg.set_at(p)
            else:
                m.ours.set_at(p, value)
                m.pg.set_at(p, int(value))
            assert m.ours.get_at(p) == m.pg.get_at(p)
        assert m.ours.count() == m.pg.count()
        assert ours_key(m.ours) == as_pg_key(m.pg)


def test_fill_constructor_forms_match_pygames(rng):
    for _ in range(20):
        w, h = random_size(rng)
        full = pygame.mask.Mask((w, h), fill=True)
        empty = pygame.mask.Mask((w, h))
        assert ours_key(pc.Mask(w, h, True)) == as_pg_key(full)
        assert ours_key(pc.Mask((w, h), True)) == as_pg_key(full)
        assert ours_key(pc.Mask(w, h, fill=True)) == as_pg_key(full)
        assert ours_key(pc.Mask((w, h), fill=True)) == as_pg_key(full)
        assert ours_key(pc.Mask(w, h)) == as_pg_key(empty)
        assert ours_key(pc.Mask((w, h))) == as_pg_key(empty)
        assert pc.Mask([w, h], False).get_size() == (w, h)


def test_centroid_equals_pygames(rng):
    for _ in range(120):
        m = random_mask_pair(rng)
        assert m.ours.centroid() == m.pg.centroid(), m
    for _ in range(30):
        m = blob_mask_pair(rng, rng.choice((40, 64, 65, 150)), rng.randint(5, 60), 3)
        assert m.ours.centroid() == m.pg.centroid(), m


def pygame_angle(texels):
    """pygame-ce 2.5.8's ``Mask.angle`` written out: the moments summed exactly, then each divided
    by the count in whole numbers (C ``long`` division, which truncates; every value here is
    non-negative), as its C code does."""
    n = len(texels)
    if n == 0:
        return 0.0
    m10 = sum(x for x, _ in texels)
    m01 = sum(y for _, y in texels)
    m20 = sum(x * x for x, _ in texels)
    m02 = sum(y * y for _, y in texels)
    m11 = sum(x * y for x, y in texels)
    xc, yc = m10 // n, m01 // n
    cross = 2 * (m11 // n - xc * yc)
    spread = (m20 // n - xc * xc) - (m02 // n - yc * yc)
    return -90.0 * math.atan2(cross, spread) / math.pi


def test_angle_equals_pygames_on_random_masks(rng):
    for _ in range(150):
        m = random_mask_pair(rng, max_height=40)
        theirs = m.pg.angle()
        assert pygame_angle(m.texels) == pytest.approx(theirs, abs=1e-9)  # the reference is right
        assert m.ours.angle() == pytest.approx(theirs, abs=1e-6), m
    for _ in range(30):
        m = blob_mask_pair(rng, rng.choice((40, 64, 65, 150)), rng.randint(5, 60), 2)
        assert m.ours.angle() == pytest.approx(m.pg.angle(), abs=1e-6), m


def test_angle_of_a_wide_mask_equals_pygames_arithmetic(rng):
    # Moments far past 2**24 (x up to 100000): still pygame's number.
    texels = {(rng.randrange(100000), rng.randrange(3)) for _ in range(50)}
    ours, _ = masks_from_texels(100000, 3, texels)
    assert ours.angle() == pytest.approx(pygame_angle(texels), abs=1e-6)


@pytest.mark.parametrize(
    "texels, geometric",
    [
        # pygame's whole-number moments are exact for these: the diagonal going down-right on
        # screen turns clockwise on screen (-45), the one going up-right +45, a lone texel 0.
        ({(i, i) for i in range(8)}, -45.0),
        ({(i, 7 - i) for i in range(8)}, 45.0),
        ({(2, 2)}, 0.0),
        # ... and not for these, where pygame's (and so ours) is off the true orientation: -4.73
        # for a horizontal bar, -45 for a square, 86.6 for a vertical bar.
        ({(x, 3) for x in range(10)}, None),
        ({(x, y) for x in range(4) for y in range(4)}, None),
        ({(3, y) for y in range(12)}, None),
    ],
)
def test_angle_of_hand_checkable_shapes_equals_pygames(texels, geometric):
    ours, theirs = masks_from_texels(16, 16, texels)
    assert ours.angle() == pytest.approx(theirs.angle(), abs=1e-9)
    assert ours.angle() == pytest.approx(pygame_angle(texels), abs=1e-9)
    if geometric is not None:
        assert ours.angle() == pytest.approx(geometric, abs=1e-9)


def test_angle_of_an_empty_mask_is_zero():
    assert pc.Mask(70, 3).angle() == 0.0 == pygame.mask.Mask((70, 3)).angle()


def test_convolve_equals_pygames(rng):
    for _ in range(45):
        a = random_mask_pair(rng, max_height=30)
        b = random_mask_pair(rng, max_height=30)
        if rng.random() < 0.3:
            w, h = rng.randint(1, 6), rng.randint(1, 6)
            b = MaskPair(w, h, random_texels(rng, w, h, 0.6))
        ours = a.ours.convolve(b.ours)
        assert ours.get_size() == (a.width + b.width - 1, a.height + b.height - 1)
        assert ours_key(ours) == as_pg_key(a.pg.convolve(b.pg)), (a, b)


def test_convolve_texels_are_the_overlapping_offsets(rng):
    for _ in range(15):
        a = random_mask_pair(rng, rng.randint(1, 20), rng.randint(1, 12), 0.3)
        b = random_mask_pair(rng, rng.randint(1, 12), rng.randint(1, 12), 0.3)
        conv = a.ours.convolve(b.ours)
        for x in range(conv.width):
            for y in range(conv.height):
                off = (x - b.width + 1, y - b.height + 1)
                assert conv.get_at((x, y)) == (a.ours.overlap(b.ours, off) is not None)


# --- components, bounding rects, outline -------------------------------------------------------


def labelled_cases(rng, count):
    """Random masks and blob masks of several components, sized as the issue asks."""
    for i in range(count):
        if i % 3 == 0:
            w = rng.choice((2, 5, 40, 63, 64, 65, 128, 129, 150))
            yield blob_mask_pair(rng, w, rng.randint(1, 60), rng.randint(1, 7))
        else:
            yield random_mask_pair(rng, max_height=50)


def scan_order(texels):
    """The components of ``texels`` in pygame's order: by each one's first texel in row order."""
    return sorted(components_of(texels), key=lambda c: min((y, x) for x, y in c))


def test_bounding_rects_equal_pygames_in_its_order(rng):
    compared = 0
    for m in labelled_cases(rng, 120):
        ours = [tuple(r) for r in m.ours.get_bounding_rects()]
        assert all(isinstance(r, pygame.Rect) for r in m.ours.get_bounding_rects())
        assert ours == [bounding_rect(c) for c in scan_order(m.texels)], m
        if pygame_labelling_is_safe(m.pg):
            assert ours == [tuple(r) for r in m.pg.get_bounding_rects()], m
            compared += 1
    assert compared > 60


@pytest.mark.parametrize("minimum", [0, 1, 2, 5, 30])
def test_connected_components_equal_pygames_in_its_order(rng, minimum):
    compared = 0
    for m in labelled_cases(rng, 45):
        ours = m.ours.connected_components(minimum)
        assert all(c.get_size() == m.size for c in ours)
        expected = [c for c in scan_order(m.texels) if len(c) >= minimum]
        assert [texels_of(c) for c in ours] == expected, m
        if pygame_labelling_is_safe(m.pg):
            # pygame-ce 2.5.8 miscounts components whose union-find chains are longer than one
            # step (it adds each label's count to its parent, not its root), so with a minimum
            # above 1 it drops components that are large enough: its components are compared,
            # filtered by their true counts.
            theirs = [
                as_pg_key(c) for c in m.pg.connected_components() if c.count() >= minimum
            ]
            assert [ours_key(c) for c in ours] == theirs, m
            compared += 1
    assert compared > 20


def test_connected_component_at_a_texel_and_the_largest_equal_pygames(rng):
    compared = 0
    for m in labelled_cases(rng, 60):
        parts = scan_order(m.texels)
        largest = max(parts, key=len) if parts else set()
        assert texels_of(m.ours.connected_component()) == largest, m
        assert m.ours.connected_component().get_size() == m.size
        for _ in range(5):
            pos = (rng.randrange(m.width), rng.randrange(m.height))
            holding = next((c for c in parts if pos in c), set())
            got = m.ours.connected_component(pos)
            assert got.get_size() == m.size and texels_of(got) == holding, (m, pos)
            if pygame_labelling_is_safe(m.pg):
                assert ours_key(got) == as_pg_key(m.pg.connected_component(pos)), (m, pos)
                compared += 1
        if pygame_labelling_is_safe(m.pg) and m.texels:
            # pygame-ce's counts can be wrong (above), so it can pick a smaller component or the
            # later of two equals: its choice is compared where it is a largest one and the
            # largest is unique.
            theirs = m.pg.connected_component()
            if theirs.count() == len(largest) and [len(c) for c in parts].count(len(largest)) == 1:
                assert ours_key(m.ours.connected_component()) == as_pg_key(theirs), m
    assert compared > 100


@pytest.mark.parametrize("every", [1, 2, 3, 7])
def test_outline_equals_pygames_outline(rng, every):
    traced = 0
    for m in labelled_cases(rng, 90):
        ours = m.ours.outline(every)
        assert ours == m.pg.outline(every), (m, ours[:8], m.pg.outline(every)[:8])
        assert all(isinstance(p, tuple) and m.pg.get_at(p) for p in ours)
        traced += len(ours) > 3
    assert traced > 30


def test_outline_of_two_texels_closes_the_ring_as_pygame_does():
    ours, theirs = masks_from_texels(2, 1, {(0, 0), (1, 0)})
    assert ours.outline() == theirs.outline() == [(0, 0), (1, 0), (0, 0)]
    assert ours.outline(2) == theirs.outline(2) == [(0, 0), (0, 0)]


def test_outline_of_an_empty_or_single_texel_mask_equals_pygames():
    ours, theirs = masks_from_texels(70, 3, set())
    assert ours.outline() == theirs.outline() == []
    ours, theirs = masks_from_texels(70, 3, {(66, 2)})
    assert ours.outline() == theirs.outline() == [(66, 2)]


# --- copies and equality ------------------------------------------------------------------------


def test_copy_is_equal_and_independent(rng):
    import copy

    for _ in range(20):
        m = random_mask_pair(rng)
        for dup in (m.ours.copy(), copy.copy(m.ours), copy.deepcopy(m.ours)):
            assert dup == m.ours and dup is not m.ours
            p = (rng.randrange(m.width), rng.randrange(m.height))
            dup.set_at(p, not dup.get_at(p))
            assert dup != m.ours
            assert m.ours.count() == len(m.texels)


def test_equality_compares_size_and_texels():
    assert pc.Mask(3, 2) == pc.Mask(3, 2)
    assert pc.Mask(3, 2) != pc.Mask(2, 3)
    assert pc.Mask(3, 2, True) != pc.Mask(3, 2)
    assert pc.Mask(3, 2) != "not a mask"
    assert pc.Mask(1, 1) != pygame.mask.Mask((1, 1))


def test_convolve_into_an_output_at_an_offset_equals_pygames(rng):
    # Offsets that put the answer inside the output, across its edges and wholly outside it.
    for _ in range(150):
        a = random_mask_pair(rng, max_height=24)
        b = random_mask_pair(rng, rng.randint(1, 12), rng.randint(1, 12), rng.choice((0.3, 0.7, 1.0)))
        out = random_mask_pair(rng, max_height=30, density=rng.choice((0.0, 0.0, 0.1)))
        cw, ch = a.width + b.width - 1, a.height + b.height - 1
        offset = (rng.randint(-cw - 3, out.width + 3), rng.randint(-ch - 3, out.height + 3))
        if rng.random() < 0.1:
            offset = (rng.choice((-1, 1)) * rng.choice((10**6, 2**31 - 1)), rng.randint(-3, 3))
        ours_out, theirs_out = out.ours.copy(), out.pg.copy()
        got = a.ours.convolve(b.ours, ours_out, offset)
        want = a.pg.convolve(b.pg, theirs_out, offset)
        assert got is ours_out and want is theirs_out
        assert ours_key(got) == as_pg_key(want), (a, b, out, offset)
        # Without an output, the offset moves the answer within the new mask alike.
        assert ours_key(a.ours.convolve(b.ours, None, offset)) == as_pg_key(
            a.pg.convolve(b.pg, None, offset)
        ), (a, b, offset)


def test_convolve_moves_its_answer_by_plus_the_offset_as_pygame_does():
    # A 12 x 12 answer drawn at (10, -13) lies above a 20 x 20 output: pygame sets no bit.
    a, b = pc.Mask(4, 10, True), pc.Mask(9, 3, True)
    out = a.convolve(b, pc.Mask(20, 20), (10, -13))
    assert out.count() == 0
    assert pygame.mask.Mask((4, 10), True).convolve(
        pygame.mask.Mask((9, 3), True), pygame.mask.Mask((20, 20)), (10, -13)
    ).count() == 0
    # At (10, -5) its bottom seven rows land in columns 10 to 19 (ten of its twelve).
    assert a.convolve(b, pc.Mask(20, 20), (10, -5)).count() == 7 * 10
