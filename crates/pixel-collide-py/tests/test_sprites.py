"""Turned, scaled, flipped and sheared sprites against a brute-force sample of the documented
placement: texel point ``t`` lands at ``position + R(angle) S(scale) (t - origin)``, with
``R(a)(x, y) = (x cos a + y sin a, -x sin a + y cos a)`` and ``a`` in degrees."""

import math

import pygame
import pytest

import pixel_collide as pc
from conftest import (
    Placement,
    blob_mask_pair,
    random_mask_pair,
    random_placement,
)

# How far (in texels) a sample point must lie from every texel edge to be called inside or
# outside: the sprites keep their placement in single precision.
EPS = 1e-3


def random_sprite_mask(rng):
    if rng.random() < 0.5:
        return blob_mask_pair(rng, rng.randint(1, 40), rng.randint(1, 40), rng.randint(1, 4))
    w = rng.choice((1, 2, 3, 5, 8, 13, 21, 34, 64, 65, 70))
    return random_mask_pair(rng, w, rng.randint(1, 30), rng.choice((0.05, 0.3, 0.6, 0.9, 1.0)))


def intersection(b1, b2):
    x0, y0 = max(b1[0], b2[0]), max(b1[1], b2[1])
    x1, y1 = min(b1[2], b2[2]), min(b1[3], b2[3])
    return (x0, y0, x1, y1) if x0 < x1 and y0 < y1 else None


def sample_points(rng, box, count):
    x0, y0, x1, y1 = box
    return [(rng.uniform(x0, x1), rng.uniform(y0, y1)) for _ in range(count)]


def random_pair(rng, spread=12.0):
    ma, mb = random_sprite_mask(rng), random_sprite_mask(rng)
    pa = random_placement(rng, ma.size, spread)
    pb = random_placement(rng, mb.size, spread)
    return ma, pa, mb, pb


def test_sprites_overlap_wherever_a_sample_point_is_inside_solid_texels_of_both(rng):
    witnessed = 0
    for _ in range(160):
        ma, pa, mb, pb = random_pair(rng)
        a, b = pa.sprite(ma.ours), pb.sprite(mb.ours)
        box = intersection(pa.world_bounds(), pb.world_bounds())
        inside_both = None
        if box is not None:
            for p in sample_points(rng, box, 300):
                if pa.texel_at(p, ma.texels, EPS) and pb.texel_at(p, mb.texels, EPS):
                    inside_both = p
                    break
        hit = pc.overlaps(a, b)
        assert hit == pc.overlaps(b, a)
        assert hit == (pc.collide(a, b) is not None) == (pc.collide(b, a) is not None)
        if inside_both is not None:
            assert hit, (ma, pa.__dict__, mb, pb.__dict__, inside_both)
            witnessed += 1
        if box is None:
            assert not hit
    assert witnessed > 40


def contact_tolerance(placement):
    """1e-3 world units, in the sprite's texels."""
    return 1e-3 / min(abs(placement.scale[0]), abs(placement.scale[1])) + 1e-4


def test_contact_point_lies_in_a_solid_texel_of_both_sprites(rng):
    contacts = 0
    for _ in range(200):
        ma, pa, mb, pb = random_pair(rng, spread=8.0)
        a, b = pa.sprite(ma.ours), pb.sprite(mb.ours)
        for first, second, m1, m2, p1, p2 in ((a, b, ma, mb, pa, pb), (b, a, mb, ma, pb, pa)):
            c = pc.collide(first, second)
            if c is None:
                continue
            contacts += 1
            assert p1.near_solid(c.point, m1.texels, contact_tolerance(p1)), (c, m1, p1.__dict__)
            assert p2.near_solid(c.point, m2.texels, contact_tolerance(p2)), (c, m2, p2.__dict__)
            assert math.hypot(*c.normal) == pytest.approx(1.0, abs=1e-5)
            assert c.depth >= 0.0
    assert contacts > 100


def test_overlap_is_the_contact_point_alone_in_either_order(rng):
    touching = 0
    for _ in range(200):
        ma, pa, mb, pb = random_pair(rng, spread=8.0)
        a, b = pa.sprite(ma.ours), pb.sprite(mb.ours)
        c = pc.collide(a, b)
        point = pc.overlap(a, b)
        assert point == pc.overlap(b, a)
        assert point == (None if c is None else c.point)
        assert (point is not None) == pc.overlaps(a, b)
        touching += point is not None
    assert touching > 50


def test_contains_point_agrees_with_the_inverse_mapped_texel(rng):
    decided = 0
    for _ in range(80):
        m = random_sprite_mask(rng)
        place = random_placement(rng, m.size)
        sprite = place.sprite(m.ours)
        x0, y0, x1, y1 = place.world_bounds()
        box = (x0 - 1, y0 - 1, x1 + 1, y1 + 1)
        for p in sample_points(rng, box, 150):
            expected = place.texel_at(p, m.texels, EPS)
            if expected is None:
                continue
            assert sprite.contains_point(p) == expected, (m, place.__dict__, p)
            decided += 1
    assert decided > 8000


def test_bounds_are_the_placed_corners_bounds(rng):
    for _ in range(60):
        m = random_sprite_mask(rng)
        place = random_placement(rng, m.size)
        x, y, w, h = place.sprite(m.ours).bounds
        x0, y0, x1, y1 = place.world_bounds()
        tol = 1e-4 * (1 + max(abs(x0), abs(x1), abs(y0), abs(y1)))
        assert (x, y, x + w, y + h) == pytest.approx((x0, y0, x1, y1), abs=tol)


def test_overlap_area_of_aligned_integer_placements_equals_pygames(rng):
    for _ in range(120):
        ma, mb = random_mask_pair(rng, max_height=40), random_mask_pair(rng, max_height=40)
        p1 = (rng.randint(-50, 50), rng.randint(-50, 50))
        off = (rng.randint(-mb.width, ma.width), rng.randint(-mb.height, ma.height))
        p2 = (p1[0] + off[0], p1[1] + off[1])
        a = pc.Sprite(ma.ours, p1, origin=(0, 0))
        b = pc.Sprite(mb.ours, p2, origin=(0, 0))
        expected = ma.pg.overlap_area(mb.pg, off)
        assert pc.overlap_area(a, b) == expected
        assert pc.overlap_area(b, a) == expected
        assert pc.overlaps(a, b) == (expected > 0)
        # A whole-number scale k about the same corner scales the area by k * k.
        k = rng.choice((2, 3))
        a = pc.Sprite(ma.ours, (k * p1[0], k * p1[1]), scale=k, origin=(0, 0))
        b = pc.Sprite(mb.ours, (k * p2[0], k * p2[1]), scale=k, origin=(0, 0))
        assert pc.overlap_area(a, b) == expected * k * k


def grid_area(pa, ma, pb, mb, box, n):
    """The shared solid area estimated on an ``n`` x ``n`` grid of cell centres over ``box``."""
    x0, y0, x1, y1 = box
    dx, dy = (x1 - x0) / n, (y1 - y0) / n
    hits = 0
    for i in range(n):
        for j in range(n):
            p = (x0 + (i + 0.5) * dx, y0 + (j + 0.5) * dy)
            ta = pa.to_texel(p)
            if (math.floor(ta[0]), math.floor(ta[1])) not in ma.texels:
                continue
            tb = pb.to_texel(p)
            if (math.floor(tb[0]), math.floor(tb[1])) in mb.texels:
                hits += 1
    return hits * dx * dy, dx * dy


def test_overlap_area_of_turned_sprites_matches_a_grid_estimate(rng):
    compared = 0
    for _ in range(40):
        ma, pa, mb, pb = random_pair(rng, spread=6.0)
        a, b = pa.sprite(ma.ours), pb.sprite(mb.ours)
        area = pc.overlap_area(a, b)
        assert area == pytest.approx(pc.overlap_area(b, a), rel=1e-3, abs=1e-3)
        box = intersection(pa.world_bounds(), pb.world_bounds())
        if box is None:
            assert area == 0.0
            continue
        estimate, cell = grid_area(pa, ma, pb, mb, box, 120)
        box_area = (box[2] - box[0]) * (box[3] - box[1])
        assert area == pytest.approx(estimate, abs=0.03 * box_area + 40 * cell), (ma, mb)
        assert (area > 0) == pc.overlaps(a, b) or area < 1e-3
        compared += 1
    assert compared > 20


def mask_from_alpha_surface(texels, size):
    s = pygame.Surface(size, pygame.SRCALPHA, 32)
    for t in texels:
        s.set_at(t, (255, 255, 255, 255))
    return s


@pytest.mark.parametrize("turn", [90, -90, 180, 270, 450])
def test_quarter_turns_match_pygame_transform_rotate(rng, turn):
    for _ in range(12):
        m = random_sprite_mask(rng)
        turned = pygame.transform.rotate(mask_from_alpha_surface(m.texels, m.size), turn)
        reference = pc.Mask.from_surface(turned)
        assert reference.count() == len(m.texels)
        position = (rng.randint(-20, 20) + rng.choice((0, 0.5)), rng.randint(-20, 20))
        ours = pc.Sprite(m.ours, position, turn)
        theirs = pc.Sprite(reference, position)
        x, y, w, h = theirs.bounds
        assert tuple(ours.bounds) == pytest.approx((x, y, w, h), abs=1e-4)
        # Probe every texel centre of the reference with a point and with a small square sprite.
        probe = pc.Mask(1, 1, True)
        for i in range(reference.width):
            for j in range(reference.height):
                c = (x + i + 0.5, y + j + 0.5)
                solid = bool(reference.get_at((i, j)))
                assert ours.contains_point(c) == solid, (m, turn, (i, j))
                assert pc.overlaps(ours, pc.Sprite(probe, c, scale=0.5)) == solid


@pytest.mark.parametrize("flip", [(-1, 1), (1, -1), (-1, -1)])
def test_negative_scales_flip_like_pygame_transform_flip(rng, flip):
    for _ in range(12):
        m = random_sprite_mask(rng)
        flipped = pygame.transform.flip(
            mask_from_alpha_surface(m.texels, m.size), flip[0] < 0, flip[1] < 0
        )
        reference = pc.Mask.from_surface(flipped)
        position = (rng.uniform(-20, 20), rng.uniform(-20, 20))
        ours = pc.Sprite(m.ours, position, scale=flip)
        theirs = pc.Sprite(reference, position)
        x, y, _, _ = theirs.bounds
        for i in range(reference.width):
            for j in range(reference.height):
                c = (x + i + 0.5, y + j + 0.5)
                assert ours.contains_point(c) == bool(reference.get_at((i, j)))
        if flip == (-1, -1):
            half_turn = pc.Sprite(m.ours, position, 180)
            for i in range(reference.width):
                for j in range(reference.height):
                    c = (x + i + 0.5, y + j + 0.5)
                    assert half_turn.contains_point(c) == ours.contains_point(c)


@pytest.mark.parametrize("k", [2, 3])
def test_whole_number_scales_match_pygame_mask_scale(rng, k):
    for _ in range(10):
        m = random_sprite_mask(rng)
        reference = pc.Mask.from_pygame(m.pg.scale((m.width * k, m.height * k)))
        assert reference.count() == len(m.texels) * k * k
        position = (rng.randint(-20, 20), rng.randint(-20, 20))
        ours = pc.Sprite(m.ours, position, scale=k)
        theirs = pc.Sprite(reference, position)
        x, y, _, _ = theirs.bounds
        for i in range(reference.width):
            for j in range(reference.height):
                c = (x + i + 0.5, y + j + 0.5)
                assert ours.contains_point(c) == bool(reference.get_at((i, j)))
        assert pc.overlap_area(ours, theirs) == pytest.approx(reference.count(), abs=1e-3)


def test_a_positive_quarter_turn_stands_a_horizontal_bar_up():
    bar = pc.Mask(20, 2, True)
    s = pc.Sprite(bar, (100, 50), 90)
    x, y, w, h = s.bounds
    assert (w, h) == pytest.approx((2, 20), abs=1e-4)
    assert s.contains_point((100, 50 - 8))  # above the centre (smaller y)
    assert s.contains_point((100, 50 + 8))
    assert not s.contains_point((100 + 8, 50))
    assert not s.contains_point((100 - 8, 50))


def test_a_positive_turn_is_counterclockwise_on_screen():
    # The bar's right end (texel x 19) goes up (smaller y) when turned by +45 degrees.
    bar = pc.Mask(20, 2)
    for y in range(2):
        bar.set_at((19, y))
    s = pc.Sprite(bar, (0, 0), 45)
    end = 9.5 / math.sqrt(2)
    assert s.contains_point((end, -end))
    assert not s.contains_point((end, end))
    assert not s.contains_point((-end, end))
    # And turned by -45 it goes down.
    s = pc.Sprite(bar, (0, 0), -45)
    assert s.contains_point((end, end))
    assert not s.contains_point((end, -end))


def test_turning_by_a_whole_turn_changes_nothing(rng):
    for _ in range(20):
        m = random_sprite_mask(rng)
        place = random_placement(rng, m.size)
        base = place.sprite(m.ours)
        turned = pc.Sprite(m.ours, place.position, place.angle + 360, place.scale, place.origin)
        for p in sample_points(rng, (-30, -30, 30, 30), 100):
            if place.texel_at(p, m.texels, EPS) is not None:
                assert base.contains_point(p) == turned.contains_point(p)


def test_origin_is_the_pivot_that_lands_on_position(rng):
    for _ in range(30):
        m = random_sprite_mask(rng)
        place = random_placement(rng, m.size)
        s = place.sprite(m.ours)
        assert s.origin == pytest.approx(place.origin)
        assert s.position == pytest.approx(place.position)
        assert s.scale == pytest.approx(place.scale)
        assert s.angle == place.angle
        wx, wy = place.to_world(place.origin)
        assert (wx, wy) == pytest.approx(place.position, abs=1e-9)
    s = pc.Sprite(pc.Mask(7, 4), (1, 2))
    assert s.origin == (3.5, 2.0) and s.scale == (1.0, 1.0) and s.angle == 0.0


def test_setters_move_the_sprite_as_a_new_one_would_be_placed(rng):
    for _ in range(20):
        m = random_sprite_mask(rng)
        p1 = random_placement(rng, m.size)
        p2 = random_placement(rng, m.size)
        moved = p1.sprite(m.ours)
        moved.position = p2.position
        moved.angle = p2.angle
        moved.scale = p2.scale
        moved.origin = p2.origin
        for p in sample_points(rng, (-40, -40, 40, 40), 150):
            expected = p2.texel_at(p, m.texels, EPS)
            if expected is not None:
                assert moved.contains_point(p) == expected


def test_place_moves_the_sprite_as_a_new_one_would_be_placed(rng):
    for _ in range(20):
        m = random_sprite_mask(rng)
        p1 = random_placement(rng, m.size)
        p2 = random_placement(rng, m.size)
        s = p1.sprite(m.ours)
        which = rng.randrange(3)
        if which == 0:
            s.place(p2.position, p2.angle, p2.scale)
            expected = Placement(m.size, p2.position, p2.angle, p2.scale, p1.origin)
        elif which == 1:
            s.place(p2.position, angle=p2.angle)  # the scale stays
            expected = Placement(m.size, p2.position, p2.angle, p1.scale, p1.origin)
        else:
            s.place(list(p2.position))  # the angle and scale stay
            expected = Placement(m.size, p2.position, p1.angle, p1.scale, p1.origin)
        assert s.position == pytest.approx(expected.position)
        assert s.angle == expected.angle and s.origin == pytest.approx(expected.origin)
        for p in sample_points(rng, (-40, -40, 40, 40), 150):
            want = expected.texel_at(p, m.texels, EPS)
            if want is not None:
                assert s.contains_point(p) == want


def test_edits_to_the_mask_show_in_the_sprite():
    m = pc.Mask(4, 4)
    s = pc.Sprite(m, (0, 0), origin=(0, 0))
    assert not s.contains_point((1.5, 1.5))
    m.set_at((1, 1))
    assert s.contains_point((1.5, 1.5))
    assert s.mask is m


def test_touches_rect_circle_and_segment_agree_with_samples(rng):
    for _ in range(60):
        m = random_sprite_mask(rng)
        place = random_placement(rng, m.size, spread=5.0)
        s = place.sprite(m.ours)
        x0, y0, x1, y1 = place.world_bounds()
        # A rectangle over part of the sprite: touching when a sample in it is solid.
        rx, ry = rng.uniform(x0 - 5, x1), rng.uniform(y0 - 5, y1)
        rw, rh = rng.uniform(0.5, 15), rng.uniform(0.5, 15)
        solid_inside = any(
            place.texel_at(p, m.texels, EPS)
            for p in sample_points(rng, (rx + EPS, ry + EPS, rx + rw - EPS, ry + rh - EPS), 200)
        )
        if solid_inside:
            assert s.touches_rect((rx, ry, rw, rh))
            if hasattr(pygame, "FRect"):  # pygame-ce's; pygame 2 has none
                assert s.touches_rect(pygame.FRect(rx, ry, rw, rh))
        if rx > x1 or ry > y1 or rx + rw < x0 or ry + rh < y0:
            assert not s.touches_rect((rx, ry, rw, rh))
        # A disc.
        c = (rng.uniform(x0, x1), rng.uniform(y0, y1))
        r = rng.uniform(0.2, 6)
        in_disc = [
            p for p in sample_points(rng, (c[0] - r, c[1] - r, c[0] + r, c[1] + r), 200)
            if math.dist(p, c) < r - EPS
        ]
        if any(place.texel_at(p, m.texels, EPS) for p in in_disc):
            assert s.touches_circle(c, r)
        # A segment.
        a = (rng.uniform(x0 - 3, x1 + 3), rng.uniform(y0 - 3, y1 + 3))
        b = (rng.uniform(x0 - 3, x1 + 3), rng.uniform(y0 - 3, y1 + 3))
        on_segment = [(a[0] + (b[0] - a[0]) * t / 400, a[1] + (b[1] - a[1]) * t / 400)
                      for t in range(401)]
        if any(place.texel_at(p, m.texels, EPS) for p in on_segment):
            assert s.touches_segment(a, b)


def test_raycast_enters_where_a_march_along_the_ray_first_meets_a_solid_texel(rng):
    hits = 0
    for _ in range(60):
        m = random_sprite_mask(rng)
        place = random_placement(rng, m.size, spread=5.0)
        s = place.sprite(m.ours)
        angle = rng.uniform(0, 2 * math.pi)
        d = (math.cos(angle), math.sin(angle))
        origin = (-d[0] * 60 + rng.uniform(-8, 8), -d[1] * 60 + rng.uniform(-8, 8))
        hit = s.raycast(origin, (d[0] * 3, d[1] * 3))  # the direction need not be a unit one
        # March the ray in steps of 1/50 world unit.
        first = None
        for k in range(120 * 50):
            p = (origin[0] + d[0] * k / 50, origin[1] + d[1] * k / 50)
            if place.texel_at(p, m.texels, EPS):
                first = k / 50
                break
        if hit is None:
            assert first is None, (m, place.__dict__, origin, d)
            continue
        hits += 1
        assert math.dist(hit.point, origin) == pytest.approx(hit.distance, abs=1e-3)
        if first is not None:
            # No sample known to be solid lies before the entry point.
            assert hit.distance <= first + 1e-3, (m, place.__dict__, origin, d)
        assert place.near_solid(hit.point, m.texels, contact_tolerance(place))
        assert math.hypot(*hit.normal) == pytest.approx(1.0, abs=1e-5)
        # The normal faces back along the ray.
        assert hit.normal[0] * d[0] + hit.normal[1] * d[1] <= 1e-6
        # Shortened to end before the hit, the ray misses.
        if hit.distance > 0.01:
            assert s.raycast(origin, d, hit.distance - 0.01) is None
    assert hits > 20


def test_the_placed_texels_equal_the_brute_force_placement_for_sheared_sprites(rng):
    # A different scale per axis, then turned: the texels become parallelograms (a shear).
    for _ in range(30):
        m = random_sprite_mask(rng)
        place = Placement(m.size, (rng.uniform(-5, 5), rng.uniform(-5, 5)),
                          rng.uniform(5, 85), (rng.uniform(0.3, 0.7), rng.uniform(1.5, 3.0)))
        s = place.sprite(m.ours)
        x0, y0, x1, y1 = place.world_bounds()
        for p in sample_points(rng, (x0, y0, x1, y1), 200):
            expected = place.texel_at(p, m.texels, EPS)
            if expected is not None:
                assert s.contains_point(p) == expected


@pytest.mark.parametrize("k", [1e3, 1e9, 1e16])
def test_touches_rect_of_a_large_rectangle_over_part_of_the_sprite(k):
    s = pc.Sprite(pc.Mask(10, 10, True), (0, 0))  # covers -5..5 on both axes
    # From -k up to 0 on x (and y): it covers the sprite's top-left quarter.
    assert s.touches_rect((-k, -k, k, k))
    assert s.touches_rect((-k, -1, k, 2))


@pytest.mark.parametrize("k", [1e18, 1e20, 1e30])
def test_touches_rect_of_a_huge_rectangle_over_part_of_the_sprite(k):
    s = pc.Sprite(pc.Mask(10, 10, True), (0, 0))
    assert s.touches_rect((-k, -1, k, 2))
