"""Contact normals, push-outs, time of impact and rays: the normal reversed exactly when the
arguments are swapped, push-outs that part the sprites, impacts bracketing the first touch."""

import math

import pytest

import pixel_collide as pc
from conftest import blob_mask_pair, f32, random_mask_pair, random_placement

STEP = pc.IMPACT_RESOLUTION


def negated(v):
    return (-v[0], -v[1])


def overlapping_pairs(rng, count, angles=True, scales=True):
    """``count`` random overlapping sprite pairs ``(ma, pa, mb, pb, a, b)``."""
    out = []
    while len(out) < count:
        ma = blob_mask_pair(rng, rng.randint(1, 30), rng.randint(1, 30), rng.randint(1, 3))
        mb = random_mask_pair(rng, rng.randint(1, 70), rng.randint(1, 20),
                              rng.choice((0.3, 0.7, 1.0)))
        pa = random_placement(rng, ma.size, 6.0, scales=scales, angles=angles)
        pb = random_placement(rng, mb.size, 6.0, scales=scales, angles=angles)
        a, b = pa.sprite(ma.ours), pb.sprite(mb.ours)
        if pc.overlaps(a, b):
            out.append((ma, pa, mb, pb, a, b))
    return out


def unit(v):
    return math.hypot(*v) == pytest.approx(1.0, abs=1e-5)


def test_swapping_the_sprites_reverses_the_contact_normal_exactly(rng):
    for ma, pa, mb, pb, a, b in overlapping_pairs(rng, 150):
        ab, ba = pc.collide(a, b), pc.collide(b, a)
        assert ab is not None and ba is not None
        # Exactly, component by component (-0.0 == 0.0).
        assert ab.normal == negated(ba.normal), (ab, ba)
        assert unit(ab.normal) and unit(ba.normal)
        assert ab.depth == pytest.approx(ba.depth, rel=1e-5, abs=1e-6)


def test_contact_normal_of_aligned_boxes_points_from_the_first_towards_the_second():
    block = pc.Mask(10, 10, True)
    floor = pc.Sprite(pc.Mask(100, 10, True), (0, 0), origin=(0, 0))
    # Sunk 2 texels into the floor from above (y down): the normal points down, into the floor.
    c = pc.collide(pc.Sprite(block, (40, -8), origin=(0, 0)), floor)
    assert c.normal == (0.0, 1.0)
    assert c.depth == pytest.approx(2.0)
    # From the left.
    wall = pc.Sprite(pc.Mask(10, 100, True), (0, 0), origin=(0, 0))
    c = pc.collide(pc.Sprite(block, (-7, 40), origin=(0, 0)), wall)
    assert c.normal == (1.0, 0.0)
    assert c.depth == pytest.approx(3.0)


def moved(sprite, offset):
    x, y = sprite.position
    return pc.Sprite(sprite.mask, (x + offset[0], y + offset[1]), sprite.angle, sprite.scale,
                     sprite.origin)


def test_push_out_reverses_its_normal_when_the_sprites_are_swapped(rng):
    budget_ran_out = 0
    for ma, pa, mb, pb, a, b in overlapping_pairs(rng, 70):
        ab, ba = pc.push_out(a, b), pc.push_out(b, a)
        assert ab is not None and ba is not None
        assert ab.normal == negated(ba.normal), (ab, ba)
        assert unit(ab.normal) and unit(ba.normal)
        budget_ran_out += ab.budget_ran_out + ba.budget_ran_out
    assert budget_ran_out < 20


def test_push_out_by_position_plus_offset_leaves_no_overlap(rng):
    # As documented: a Sprite at a.position + offset touches b at most along edges.
    for ma, pa, mb, pb, a, b in overlapping_pairs(rng, 100):
        for first, second in ((a, b), (b, a)):
            push = pc.push_out(first, second)
            assert not pc.overlaps(moved(first, push.offset), second), (push, first, second)


def test_push_out_by_place_leaves_no_overlap(rng):
    for ma, pa, mb, pb, a, b in overlapping_pairs(rng, 40):
        push = pc.push_out(a, b)
        x, y = a.position
        a.place((x + push.offset[0], y + push.offset[1]))
        assert not pc.overlaps(a, b), (push, a, b)


def test_push_out_of_sprites_apart_is_none(rng):
    for _ in range(40):
        ma = random_mask_pair(rng, rng.randint(1, 20), rng.randint(1, 20), 0.5)
        pa = random_placement(rng, ma.size, 40.0)
        pb = random_placement(rng, ma.size, 40.0)
        a, b = pa.sprite(ma.ours), pb.sprite(ma.ours)
        if not pc.overlaps(a, b):
            assert pc.push_out(a, b) is None and pc.push_out(b, a) is None
            assert pc.collide(a, b) is None


def shortest_whole_texel_push(ma, mb, off):
    """The length of the shortest whole-texel move ``v`` of ``a`` after which ``b`` at ``off``
    on it shares no texel (pygame's ``overlap`` is the judge)."""
    best = None
    reach = max(ma.width, ma.height, mb.width, mb.height) + 1
    for dx in range(-reach, reach + 1):
        for dy in range(-reach, reach + 1):
            n = math.hypot(dx, dy)
            if best is not None and n >= best:
                continue
            if ma.pg.overlap(mb.pg, (off[0] - dx, off[1] - dy)) is None:
                best = n
    return best


def test_push_out_of_aligned_sprites_is_the_shortest_whole_texel_move(rng):
    checked = 0
    while checked < 40:
        ma = random_mask_pair(rng, rng.randint(1, 9), rng.randint(1, 9), rng.choice((0.4, 1.0)))
        mb = random_mask_pair(rng, rng.randint(1, 9), rng.randint(1, 9), rng.choice((0.4, 1.0)))
        off = (rng.randint(-mb.width + 1, ma.width - 1), rng.randint(-mb.height + 1, ma.height - 1))
        if ma.pg.overlap(mb.pg, off) is None:
            continue
        p = (rng.randint(-30, 30), rng.randint(-30, 30))
        a = pc.Sprite(ma.ours, p, origin=(0, 0))
        b = pc.Sprite(mb.ours, (p[0] + off[0], p[1] + off[1]), origin=(0, 0))
        push = pc.push_out(a, b)
        assert push is not None and not push.budget_ran_out
        assert not pc.overlaps(moved(a, push.offset), b)
        assert push.offset[0] == int(push.offset[0]) and push.offset[1] == int(push.offset[1])
        assert math.hypot(*push.offset) == pytest.approx(shortest_whole_texel_push(ma, mb, off))
        checked += 1


def test_push_out_of_a_block_sunk_into_a_floor_lifts_it():
    floor = pc.Sprite(pc.Mask(16, 4, True), (0, 0), origin=(0, 0))
    body = pc.Sprite(pc.Mask(4, 4, True), (6, -3), origin=(0, 0))
    p = pc.push_out(body, floor)
    assert p.offset == (0.0, -1.0)
    # The pair's normal points into the floor; the push lifts the body against it.
    assert p.normal == (0.0, 1.0)
    assert not p.budget_ran_out


# --- time of impact ------------------------------------------------------------------------------


def lerp(a, b, t):
    """The crate's ``Pose::lerp`` of one part, in single precision: ``a`` itself when the ends
    are equal, else ``a * (1 - t) + b * t`` rounded at every step."""
    if a == b:
        return a
    return f32(f32(a * f32(1.0 - t)) + f32(b * t))


def pose_at(start, end, t):
    """The sprite ``start`` and ``end`` place a fraction ``t`` of the way, each part interpolated
    as the crate interpolates it (the turn in its own radians, clockwise on screen)."""
    r0, r1 = f32(-math.radians(start.angle)), f32(-math.radians(end.angle))
    return pc.Sprite(
        start.mask,
        (lerp(start.position[0], end.position[0], t), lerp(start.position[1], end.position[1], t)),
        -math.degrees(lerp(r0, r1, t)),
        (lerp(start.scale[0], end.scale[0], t), lerp(start.scale[1], end.scale[1], t)),
        start.origin,
    )


def test_time_of_impact_of_a_bar_moving_into_a_wall():
    bar = pc.Mask(10, 2, True)
    wall = pc.Sprite(pc.Mask(4, 40, True), (30, 0))  # its left face at x = 28
    start, end = pc.Sprite(bar, (0, 0)), pc.Sprite(bar, (60, 0))
    hit = pc.time_of_impact(start, end, wall)
    assert hit is not None
    # The bar's right end, at 5 + 60 t, reaches 28 at t = 23 / 60.
    assert 0.0 <= hit.time <= 23 / 60 <= hit.contact_time <= 1.0
    assert hit.contact_time - hit.time <= STEP * 1.01
    assert not pc.overlaps(pose_at(start, end, hit.time), wall)
    assert pc.overlaps(pose_at(start, end, hit.contact_time), wall)
    assert hit.point[0] == pytest.approx(28.0, abs=0.01)
    assert -1.0 <= hit.point[1] <= 1.0
    # The wall moving instead, and both moving: the same meeting.
    still = pc.Sprite(bar, (0, 0))
    hit2 = pc.time_of_impact(still, still, wall, pc.Sprite(wall.mask, (-30, 0)))
    assert hit2.time <= 23 / 60 <= hit2.contact_time
    hit3 = pc.time_of_impact(start, pc.Sprite(bar, (30, 0)), wall, pc.Sprite(wall.mask, (0, 0)))
    assert hit3.time <= 23 / 60 <= hit3.contact_time


def test_time_of_impact_of_sprites_that_never_meet_is_none():
    bar = pc.Mask(10, 2, True)
    wall = pc.Sprite(pc.Mask(4, 40, True), (30, 0))
    # Moving parallel to the wall, and stopping short of it.
    assert pc.time_of_impact(pc.Sprite(bar, (0, -30)), pc.Sprite(bar, (60, -30)), wall) is None
    assert pc.time_of_impact(pc.Sprite(bar, (0, 0)), pc.Sprite(bar, (20, 0)), wall) is None


def test_time_of_impact_of_a_turning_bar_hits_a_block_above_it():
    bar = pc.Mask(30, 2, True)
    block = pc.Sprite(pc.Mask(4, 4, True), (0, -12))  # straight above the bar's centre
    start, end = pc.Sprite(bar, (0, 0), 0), pc.Sprite(bar, (0, 0), 180)
    hit = pc.time_of_impact(start, end, block)
    assert hit is not None and 0.0 < hit.time <= hit.contact_time < 0.5
    assert not pc.overlaps(pose_at(start, end, hit.time), block)
    assert pc.overlaps(pose_at(start, end, hit.contact_time), block)


def test_time_of_impact_brackets_the_first_touch_of_random_motions(rng):
    impacts = misses = 0
    for _ in range(50):
        ma = blob_mask_pair(rng, rng.randint(2, 20), rng.randint(2, 20), 2)
        mb = blob_mask_pair(rng, rng.randint(2, 20), rng.randint(2, 20), 2)
        if not ma.texels or not mb.texels:
            continue
        p0 = random_placement(rng, ma.size, 25.0)
        p1 = random_placement(rng, ma.size, 25.0)
        a0 = p0.sprite(ma.ours)
        a1 = pc.Sprite(ma.ours, p1.position, p1.angle, p1.scale, a0.origin)
        b = random_placement(rng, mb.size, 10.0).sprite(mb.ours)
        hit = pc.time_of_impact(a0, a1, b)
        samples = [k / 400 for k in range(401)]
        if hit is None:
            misses += 1
            assert not any(pc.overlaps(pose_at(a0, a1, t), b) for t in samples)
            continue
        impacts += 1
        assert 0.0 <= hit.time <= hit.contact_time <= 1.0
        assert hit.contact_time - hit.time <= STEP * 1.01
        if pc.overlaps(a0, b):
            assert hit.time == 0.0
            continue
        assert not pc.overlaps(pose_at(a0, a1, hit.time), b)
        assert pc.overlaps(pose_at(a0, a1, hit.contact_time), b)
        # No sampled earlier moment touches.
        assert not any(pc.overlaps(pose_at(a0, a1, t), b) for t in samples if t < hit.time)
    assert impacts > 10 and misses > 10


# --- rays ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "wall",
    [
        pc.Sprite(pc.Mask(4, 40, True), (30, 0)),
        pc.Sprite(pc.Mask(40, 4, True), (30, 0), 90),
        pc.Sprite(pc.Mask(2, 20, True), (30, 0), scale=2),
        pc.Sprite(pc.Mask(4, 40, True), (30, 0), scale=(-1, 1)),
    ],
)
def test_raycast_hits_a_wall_at_the_right_distance(wall):
    # The wall spans x 28..32, y -20..20.
    hit = wall.raycast((0, 0), (1, 0))
    assert hit.distance == pytest.approx(28.0, abs=1e-4)
    assert hit.point == pytest.approx((28.0, 0.0), abs=1e-4)
    assert hit.normal == pytest.approx((-1.0, 0.0), abs=1e-5)
    # Not a unit direction, and slanted.
    hit = wall.raycast((0, -10), (5, 5))
    assert hit.distance == pytest.approx(28 * math.sqrt(2), abs=1e-3)
    assert hit.point == pytest.approx((28.0, 18.0), abs=1e-3)
    # From the far side.
    hit = wall.raycast((50, 3), (-1, 0))
    assert hit.distance == pytest.approx(18.0, abs=1e-4)
    assert hit.normal == pytest.approx((1.0, 0.0), abs=1e-5)
    # Too short, pointing away, passing beside.
    assert wall.raycast((0, 0), (1, 0), 27.9) is None
    assert wall.raycast((0, 0), (-1, 0)) is None
    assert wall.raycast((0, -25), (1, 0)) is None
    # Starting inside: distance 0.
    hit = wall.raycast((30, 0), (1, 0))
    assert hit.distance == 0.0
    assert hit.point == pytest.approx((30.0, 0.0), abs=1e-5)


def texel_squares(m, p):
    """The world squares of a mask's solid texels, placed as documented."""
    w, h = m.ours.get_size()
    return [
        [p.to_world(c) for c in ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1))]
        for y in range(h)
        for x in range(w)
        if m.ours.get_at((x, y))
    ]


def point_to_segment(q, a, b):
    ab, aq = (b[0] - a[0], b[1] - a[1]), (q[0] - a[0], q[1] - a[1])
    n = ab[0] ** 2 + ab[1] ** 2
    k = 0.0 if n == 0 else max(0.0, min(1.0, (aq[0] * ab[0] + aq[1] * ab[1]) / n))
    return math.dist(q, (a[0] + ab[0] * k, a[1] + ab[1] * k))


def squares_apart(p, q):
    """The distance between two convex quadrilaterals: 0 when no edge normal parts them, else
    the nearest corner of one to an edge of the other."""
    for poly in (p, q):
        for i in range(4):
            e = (poly[(i + 1) % 4][0] - poly[i][0], poly[(i + 1) % 4][1] - poly[i][1])
            n = (-e[1], e[0])
            sp = [v[0] * n[0] + v[1] * n[1] for v in p]
            sq = [v[0] * n[0] + v[1] * n[1] for v in q]
            if max(sp) < min(sq) or max(sq) < min(sp):
                break
        else:
            continue
        break
    else:
        return 0.0
    return min(
        min(point_to_segment(v, r[i], r[(i + 1) % 4]) for v in s for i in range(4))
        for s, r in ((p, q), (q, p))
    )


def test_distance_is_the_nearest_pair_of_solid_texels_both_ways(rng):
    """``distance`` against the nearest pair of solid texel squares, found square by square in
    plain Python from the documented placement; the points swap with the arguments."""
    checked = 0
    for _ in range(40):
        ma = random_mask_pair(rng, rng.randint(1, 6), rng.randint(1, 6), 0.6)
        mb = random_mask_pair(rng, rng.randint(1, 6), rng.randint(1, 6), 0.6)
        pa = random_placement(rng, ma.size, 20.0)
        pb = random_placement(rng, mb.size, 20.0)
        a, b = pa.sprite(ma.ours), pb.sprite(mb.ours)
        d = pc.distance(a, b)
        if ma.ours.count() == 0 or mb.ours.count() == 0:
            assert d is None
            continue
        want = min(
            squares_apart(p, q) for p in texel_squares(ma, pa) for q in texel_squares(mb, pb)
        )
        assert math.isclose(d.distance, want, rel_tol=1e-4, abs_tol=1e-3), (d, want)
        back = pc.distance(b, a)
        assert back.distance == d.distance and (back.on_a, back.on_b) == (d.on_b, d.on_a)
        assert d.lower_bound == d.distance and not d.budget_ran_out
        assert math.isclose(math.dist(d.on_a, d.on_b), d.distance, abs_tol=1e-3)
        if pc.overlaps(a, b):
            assert d.distance == 0.0
        checked += 1
    assert checked > 20
