"""``Group``: every touching pair and every sprite a probe touches, equal to asking ``overlaps``
of each pair; bulk moves from sequences and NumPy arrays, checked before anything moves."""

import math

import pytest

import pixel_collide as pc
from conftest import blob_mask_pair, random_mask_pair, random_placement

np = pytest.importorskip("numpy")


def random_masks(rng, count):
    out = []
    for _ in range(count):
        if rng.random() < 0.5:
            out.append(blob_mask_pair(rng, rng.randint(1, 24), rng.randint(1, 24), 2).ours)
        else:
            out.append(random_mask_pair(rng, rng.randint(1, 70), rng.randint(1, 16),
                                        rng.choice((0.1, 0.5, 1.0))).ours)
    return out


def random_sprites(rng, count, masks, spread=120.0):
    sprites = []
    for _ in range(count):
        m = rng.choice(masks)
        sprites.append(random_placement(rng, m.get_size(), spread).sprite(m))
    return sprites


def brute_pairs(sprites):
    return [
        (i, j)
        for i in range(len(sprites))
        for j in range(i + 1, len(sprites))
        if pc.overlaps(sprites[i], sprites[j])
    ]


def same_placement(s, t):
    return (
        s.mask is t.mask
        and s.position == t.position
        and s.angle == t.angle
        and s.scale == t.scale
        and s.origin == t.origin
    )


def test_pairs_equal_every_overlapping_pair(rng):
    masks = random_masks(rng, 12)
    sprites = random_sprites(rng, 300, masks)
    g = pc.Group(sprites)
    assert len(g) == 300
    expected = brute_pairs(sprites)
    assert 30 < len(expected) < 3000
    assert g.pairs() == expected


def test_touching_equals_every_sprite_the_probe_overlaps(rng):
    masks = random_masks(rng, 8)
    sprites = random_sprites(rng, 250, masks)
    g = pc.Group(sprites)
    found = 0
    for probe in random_sprites(rng, 40, random_masks(rng, 5)):
        expected = [i for i, s in enumerate(sprites) if pc.overlaps(s, probe)]
        assert g.touching(probe) == expected
        found += len(expected)
    assert found > 10


def test_add_returns_indices_in_order_and_sprite_gives_the_placement_back(rng):
    masks = random_masks(rng, 5)
    sprites = random_sprites(rng, 60, masks)
    g = pc.Group()
    assert len(g) == 0 and g.pairs() == []
    for i, s in enumerate(sprites):
        assert g.add(s) == i
    assert len(g) == 60
    for i, s in enumerate(sprites):
        assert same_placement(g.sprite(i), s)
        assert same_placement(g.sprite(i - 60), s)  # negative indices count from the end
    with pytest.raises(IndexError, match="sprite 60"):
        g.sprite(60)
    with pytest.raises(IndexError, match="sprite -61"):
        g.sprite(-61)


def test_group_keeps_copies_of_the_placements(rng):
    masks = random_masks(rng, 3)
    sprites = random_sprites(rng, 20, masks)
    g = pc.Group(sprites)
    before = g.pairs()
    positions = [s.position for s in sprites]
    for s in sprites:
        s.position = (0.0, 0.0)
        s.angle = 10.0
    assert g.pairs() == before
    assert [g.sprite(i).position for i in range(len(sprites))] == positions
    assert all(g.sprite(i).angle != 10.0 for i in range(len(sprites)))


def positions_after(g):
    return [g.sprite(i).position for i in range(len(g))]


@pytest.mark.parametrize(
    "form",
    ["list of tuples", "list of lists", "tuple of tuples", "flat list", "flat tuple",
     "float64 array", "float32 array", "int32 array", "int64 array", "flat float64 array",
     "generator of pairs", "array.array"],
)
def test_update_positions_from_every_form(rng, form):
    import array

    masks = random_masks(rng, 4)
    sprites = random_sprites(rng, 150, masks)
    g = pc.Group(sprites)
    ints = form in ("int32 array", "int64 array")
    new = [
        (float(rng.randint(-100, 100)), float(rng.randint(-100, 100))) if ints
        else (rng.uniform(-100, 100), rng.uniform(-100, 100))
        for _ in sprites
    ]
    flat = [v for p in new for v in p]
    given = {
        "list of tuples": new,
        "list of lists": [list(p) for p in new],
        "tuple of tuples": tuple(new),
        "flat list": flat,
        "flat tuple": tuple(flat),
        "float64 array": np.array(new, dtype=np.float64),
        "float32 array": np.array(new, dtype=np.float32),
        "int32 array": np.array(new, dtype=np.int32),
        "int64 array": np.array(new, dtype=np.int64),
        "flat float64 array": np.array(flat, dtype=np.float64),
        "generator of pairs": (p for p in new),
        "array.array": array.array("d", flat),
    }[form]
    g.update(given)
    expected = [(float(np.float32(x)), float(np.float32(y))) for x, y in new]
    assert positions_after(g) == expected
    moved = [
        pc.Sprite(s.mask, p, s.angle, s.scale, s.origin) for s, p in zip(sprites, expected)
    ]
    for i, s in enumerate(moved):
        assert same_placement(g.sprite(i), s)
    assert g.pairs() == brute_pairs(moved)


def test_update_angles_and_scales(rng):
    masks = random_masks(rng, 4)
    sprites = random_sprites(rng, 120, masks, spread=60.0)
    g = pc.Group(sprites)
    angles = [rng.uniform(-400, 400) for _ in sprites]
    scales = [rng.uniform(0.3, 3) for _ in sprites]
    g.update(angles=np.array(angles), scales=scales)
    moved = [pc.Sprite(s.mask, s.position, a, k, s.origin)
             for s, a, k in zip(sprites, angles, scales)]
    for i, s in enumerate(moved):
        assert same_placement(g.sprite(i), s)
    assert g.pairs() == brute_pairs(moved)
    # Scales as (sx, sy) pairs, a NumPy N x 2 array of them, and a flat list.
    pairs = [(rng.uniform(-2, 2), rng.uniform(0.3, 2)) for _ in sprites]
    for given in (pairs, np.array(pairs), [v for p in pairs for v in p]):
        g.update(scales=given)
        for i, (sx, sy) in enumerate(pairs):
            assert g.sprite(i).scale == (float(np.float32(sx)), float(np.float32(sy)))
    moved = [pc.Sprite(s.mask, s.position, a, k, s.origin)
             for s, a, k in zip(sprites, angles, pairs)]
    assert g.pairs() == brute_pairs(moved)


def test_set_moves_one_sprite(rng):
    masks = random_masks(rng, 4)
    sprites = random_sprites(rng, 80, masks, spread=60.0)
    g = pc.Group(sprites)
    for _ in range(20):
        i = rng.randrange(len(sprites))
        s = sprites[i]
        position = (rng.uniform(-60, 60), rng.uniform(-60, 60))
        angle = rng.uniform(-180, 180)
        scale = rng.choice((rng.uniform(0.5, 2), (rng.uniform(-2, 2), rng.uniform(0.5, 2))))
        which = rng.randrange(4)
        if which == 0:
            g.set(i, position, angle, scale)
            sprites[i] = pc.Sprite(s.mask, position, angle, scale, s.origin)
        elif which == 1:
            g.set(i, position=position)
            sprites[i] = pc.Sprite(s.mask, position, s.angle, s.scale, s.origin)
        elif which == 2:
            g.set(i - len(sprites), angle=angle)
            sprites[i] = pc.Sprite(s.mask, s.position, angle, s.scale, s.origin)
        else:
            g.set(i, scale=scale)
            sprites[i] = pc.Sprite(s.mask, s.position, s.angle, scale, s.origin)
        assert same_placement(g.sprite(i), sprites[i])
    assert g.pairs() == brute_pairs(sprites)
    with pytest.raises(IndexError, match="sprite 80"):
        g.set(80, (0, 0))


@pytest.mark.parametrize(
    "kwargs, name",
    [
        ({"positions": [(0, 0)] * 9}, "positions"),
        ({"positions": [0.0] * 21}, "positions"),
        ({"positions": np.zeros((11, 2))}, "positions"),
        ({"positions": np.zeros((10, 3))}, "positions"),
        ({"angles": [0.0] * 9}, "angles"),
        ({"angles": np.zeros(11)}, "angles"),
        ({"scales": [1.0] * 7}, "scales"),
        ({"scales": [(1.0, 1.0)] * 11}, "scales"),
        # A good part does not move anything when another part is wrong.
        ({"positions": [(5, 5)] * 10, "angles": [0.0] * 3}, "angles"),
        ({"positions": [(5, 5)] * 10, "scales": [1.0] * 3}, "scales"),
    ],
)
def test_update_with_a_wrong_count_raises_and_moves_nothing(rng, kwargs, name):
    masks = random_masks(rng, 2)
    sprites = random_sprites(rng, 10, masks)
    g = pc.Group(sprites)
    before = [g.sprite(i) for i in range(10)]
    with pytest.raises(ValueError, match=name):
        g.update(**kwargs)
    for i in range(10):
        assert same_placement(g.sprite(i), before[i])


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf, 1e39])
@pytest.mark.parametrize("part", ["positions", "angles", "scales"])
def test_update_with_a_number_that_is_not_finite_raises_and_moves_nothing(rng, bad, part):
    masks = random_masks(rng, 2)
    sprites = random_sprites(rng, 10, masks)
    g = pc.Group(sprites)
    before = [g.sprite(i) for i in range(10)]
    n = 20 if part == "positions" else 10
    values = [1.0] * n
    values[rng.randrange(n)] = bad
    with pytest.raises(ValueError, match=part):
        g.update(**{part: values})
    with pytest.raises(ValueError, match=part):
        g.update(**{part: np.array(values)})
    for i in range(10):
        assert same_placement(g.sprite(i), before[i])


def test_update_with_values_that_are_not_numbers_raises_type_error(rng):
    g = pc.Group(random_sprites(rng, 3, random_masks(rng, 1)))
    with pytest.raises(TypeError, match="positions"):
        g.update("abcdef")
    with pytest.raises(TypeError, match="positions"):
        g.update(42)
    with pytest.raises(TypeError, match="positions"):
        g.update(np.array(["a"] * 6))
    with pytest.raises(TypeError, match="angles"):
        g.update(angles=["a", "b", "c"])


def test_set_with_a_placement_that_is_not_finite_raises_and_moves_nothing(rng):
    g = pc.Group(random_sprites(rng, 3, random_masks(rng, 1)))
    before = g.sprite(1)
    with pytest.raises(ValueError, match="position"):
        g.set(1, (math.nan, 0))
    with pytest.raises(ValueError, match="angle"):
        g.set(1, (0, 0), math.inf)
    with pytest.raises(ValueError, match="scale"):
        g.set(1, (0, 0), 0.0, (1, math.nan))
    assert same_placement(g.sprite(1), before)


def test_group_of_no_sprites_answers_empty(rng):
    g = pc.Group()
    assert len(g) == 0
    assert g.pairs() == []
    g.update([])
    assert g.touching(random_sprites(rng, 1, random_masks(rng, 1))[0]) == []
    with pytest.raises(IndexError):
        g.sprite(0)
