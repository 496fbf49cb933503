"""Bad input: wrong types raise ``TypeError``, impossible sizes, short buffers and placements that
are not finite ``ValueError`` (or a documented ``None``), sizes past the crate's limits raise before
anything is allocated, and nothing aborts the interpreter.

Each message must name the argument at fault: in the message itself, or in the note PyO3 adds
(``"while processing 'angle'"``, shown under the traceback).
"""

import math
import os
import subprocess
import sys
import textwrap

import pygame
import pytest

import pixel_collide as pc


def described(err):
    """The message and PyO3's notes of an exception: what a traceback shows of it."""
    return " ".join([str(err)] + list(getattr(err, "__notes__", ())))


def raises_naming(exc, name, fn, *args, **kwargs):
    """Calls ``fn``, expecting ``exc`` (exactly that class or a subclass) whose message or notes
    name ``name``."""
    with pytest.raises(exc) as info:
        fn(*args, **kwargs)
    # PyO3 names a wrongly typed argument in an exception note, which Python has from 3.11: before,
    # such a TypeError carries Python's own message alone (the README says so).
    if not (sys.version_info < (3, 11) and exc is TypeError and name not in str(info.value)):
        assert name in described(info.value), described(info.value)
    return info.value


@pytest.fixture
def mask():
    return pc.Mask(5, 4, True)


@pytest.fixture
def sprite(mask):
    return pc.Sprite(mask, (0, 0))


# --- sizes -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, name",
    [
        ((-1, 3), "negative"),
        ((3, -1), "negative"),
        ((-(2**40), 3), "negative"),
        (((-1, 3),), "negative"),
    ],
)
def test_impossible_mask_sizes_raise_value_error(args, name):
    raises_naming(ValueError, name, pc.Mask, *args)


@pytest.mark.parametrize(
    "args",
    [
        (2**23 + 1, 1),
        (1, 2**23 + 1),
        ((2**23 + 1, 1),),
        (70000, 70000),
        ((70000, 70000),),
        (2**23, 513),  # 2**32 + 2**23 texels
        (2**31, 2**31),
        (2**32 + 1, 1),  # past u32
        ((2**64, 1),),  # past i64, in the pair form
    ],
)
def test_sizes_past_the_limits_raise_value_error_at_once(args):
    # "mask size" is the size check's message: an allocation that failed would say otherwise.
    raises_naming(ValueError, "mask size", pc.Mask, *args)


def test_from_rgba_past_the_limits_raises_before_reading_the_data():
    # Empty data past the limits: the size is refused, not the data's length, so it came first.
    raises_naming(ValueError, "mask size", pc.Mask.from_rgba, b"", 70000, 70000)
    raises_naming(ValueError, "mask size", pc.Mask.from_rgba, b"", 2**23 + 1, 1)


def test_the_limits_are_the_crates():
    assert pc.MAX_SIDE == 2**23
    assert pc.MAX_TEXELS == 2**32
    # The largest side itself is allowed (a thin mask of it is small).
    assert pc.Mask(pc.MAX_SIDE, 1).get_size() == (2**23, 1)
    assert pc.Mask(1, pc.MAX_SIDE).count() == 0


# Runs ``EXPR`` with the address space limited to what the interpreter already uses plus 256 MiB:
# anything that allocates a mask of hundreds of MiB fails its allocation there.
LIMITED = textwrap.dedent(
    """
    import resource, sys
    import pixel_collide as pc

    def vm_size():
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024

    limit = vm_size() + (256 << 20)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    try:
        eval(sys.argv[1])
    except ValueError as e:
        print("ValueError:", e)
    except MemoryError as e:
        print("MemoryError:", e)
    else:
        print("no error")
    """
)


def run_limited(expr):
    if not os.path.exists("/proc/self/status"):
        pytest.skip("needs /proc to measure the address space")
    env = dict(os.environ, RUST_BACKTRACE="0")
    return subprocess.run(
        [sys.executable, "-c", LIMITED, expr], capture_output=True, text=True, timeout=60, env=env
    )


@pytest.mark.parametrize(
    "expr",
    [
        "pc.Mask(70000, 70000)",
        "pc.Mask((70000, 70000), True)",
        "pc.Mask(2**23 + 1, 1)",
        "pc.Mask(2**23, 513)",
        "pc.Mask.from_rgba(b'', 70000, 70000)",
        "pc.Mask(2**23, 1).convolve(pc.Mask(2, 1))",
        "pc.Mask(1, 2**23).convolve(pc.Mask(1, 2))",
        "pc.Mask(65536, 1).convolve(pc.Mask(1, 65537))",
    ],
)
def test_sizes_past_the_limits_raise_before_allocating(expr):
    done = run_limited(expr)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("ValueError:"), done.stdout


def test_the_address_space_limit_does_catch_a_large_allocation():
    # The control for the test above: a 2**32-texel mask (512 MiB), allowed by the limits,
    # does not fit under it.
    done = run_limited("pc.Mask(65536, 65536)")
    assert done.returncode != 0 or done.stdout.startswith("MemoryError"), done.stdout


def test_a_failed_allocation_raises_memory_error_instead_of_aborting():
    done = run_limited("pc.Mask(65536, 65536)")
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stdout.startswith("MemoryError"), done.stdout


# Builds a 2**30-texel mask (128 MiB) first, then limits the address space to what is in use plus
# 64 MiB: every call that needs another mask of that size must raise MemoryError, not abort.
LIMITED_AFTER_BUILDING = textwrap.dedent(
    """
    import resource, sys
    import pixel_collide as pc

    big = pc.Mask(65536, 16384, True)

    def vm_size():
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024

    limit = vm_size() + (64 << 20)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    for call in sys.argv[1:]:
        try:
            eval(call)
        except MemoryError:
            print("MemoryError")
        else:
            print("no error")
    """
)


def test_operations_that_copy_a_large_mask_raise_memory_error_when_it_does_not_fit():
    if not os.path.exists("/proc/self/status"):
        pytest.skip("needs /proc to measure the address space")
    calls = [
        "big.copy()",
        "big.overlap_mask(pc.Mask(1, 1, True), (0, 0))",
        "big.connected_components()",
        "big.convolve(pc.Mask(1, 1, True))",
        "pc.Mask(65536, 16384)",
    ]
    env = dict(os.environ, RUST_BACKTRACE="0")
    done = subprocess.run([sys.executable, "-c", LIMITED_AFTER_BUILDING, *calls],
                          capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["MemoryError"] * len(calls)


@pytest.mark.parametrize(
    "make",
    [
        lambda: pc.Mask(2**70, 1),
        lambda: pc.Mask(3, 2**64),
        lambda: pc.Mask(3, -(2**64)),
        lambda: pc.Mask.from_rgba(b"", 2**64, 1),
        lambda: pc.Mask.from_rgba(b"", 1, -(2**70)),
    ],
)
def test_sizes_past_a_c_long_raise_value_error(make):
    with pytest.raises(ValueError, match="mask size"):
        make()


@pytest.mark.parametrize(
    "args",
    [("a", 2), (2, "a"), (2.5, 3), (None, 3)],
)
def test_sizes_that_are_not_integers_raise_type_error(args):
    with pytest.raises(TypeError):
        pc.Mask(*args)


@pytest.mark.parametrize(
    "args, names",
    [
        ((2, "a"), ("height",)),
        ((2.5, 3), ("width",)),
        ((None, 3), ("width",)),
        ((3, None), ("height",)),
        # A first argument with a length is read as pygame's (width, height) size.
        (("a", 2), ("size", "width")),
    ],
)
def test_sizes_that_are_not_integers_name_the_argument(args, names):
    with pytest.raises(TypeError) as info:
        pc.Mask(*args)
    assert any(name in described(info.value) for name in names), described(info.value)


def test_from_rgba_sizes_that_are_not_integers_name_the_argument():
    raises_naming(TypeError, "width", pc.Mask.from_rgba, b"", "x", 1)
    raises_naming(TypeError, "height", pc.Mask.from_rgba, b"", 1, 1.5)


def test_a_width_without_a_height_raises_type_error():
    raises_naming(TypeError, "height", pc.Mask, 3)


@pytest.mark.parametrize("size", [3, "ab", (1, 2, 3), (1,), ("a", 2)])
def test_a_size_that_is_not_a_pair_of_numbers_raises_type_error(size):
    raises_naming(TypeError, "size", pc.Mask, size)


@pytest.mark.parametrize("size", [(1.5, 2), (3.9, 2.2), pygame.Vector2(3, 2)])
def test_a_size_of_floats_or_a_vector_is_cut_to_whole_texels_as_pygame_does(size):
    assert pc.Mask(size).get_size() == pygame.mask.Mask(size).get_size()


@pytest.mark.parametrize("size", [(float("nan"), 2), (2, float("inf"))])
def test_a_size_that_is_not_finite_raises_value_error(size):
    raises_naming(ValueError, "size", pc.Mask, size)


@pytest.mark.parametrize("fill", [1, "yes", 0, "", None])
def test_any_value_fills_by_its_truth_as_in_pygame(fill):
    want = pygame.mask.Mask((3, 3), fill=bool(fill)).count()
    assert pc.Mask(3, 3, fill=fill).count() == want
    assert pc.Mask((3, 3), fill=fill).count() == want
    assert pc.Mask((3, 3), fill).count() == want


@pytest.mark.parametrize("fill", [1, 0, True, False, 2])
def test_pygames_positional_fill_form_fills_like_pygame(fill):
    theirs = pygame.mask.Mask((70, 3), fill)
    assert pc.Mask((70, 3), fill).count() == theirs.count()
    assert pc.Mask([70, 3], fill) == pc.Mask.from_pygame(theirs)


# --- texel positions and offsets -----------------------------------------------------------


@pytest.mark.parametrize("pos", [(5, 0), (0, 4), (-1, 0), (0, -1), (2**40, 0), (-(2**70), 1)])
def test_get_at_and_set_at_outside_the_mask_raise_index_error(mask, pos):
    raises_naming(IndexError, "outside", mask.get_at, pos)
    raises_naming(IndexError, "outside", mask.set_at, pos)
    raises_naming(IndexError, "outside", mask.set_at, pos, 0)
    assert mask.count() == 20


@pytest.mark.parametrize("pos", [("a", 1), (1,), 1, "ab", None, (1, 2, 3)])
def test_get_at_and_set_at_with_a_position_that_is_not_two_numbers_raise_type_error(mask, pos):
    raises_naming(TypeError, "position", mask.get_at, pos)
    raises_naming(TypeError, "position", mask.set_at, pos)


@pytest.mark.parametrize("offset", [3, "ab", (1,), (1, 2, 3), None, ("a", 1)])
@pytest.mark.parametrize("method", ["overlap", "overlap_area", "overlap_mask"])
def test_an_offset_that_is_not_two_numbers_raises_type_error(mask, offset, method):
    raises_naming(TypeError, "offset", getattr(mask, method), mask, offset)


@pytest.mark.parametrize("offset", [(1.5, 2), (1, 2.0), (-1.7, 0.9), (2.99, -2.99),
                                    pygame.Vector2(1, 1), pygame.Vector2(-1.5, 1.5)])
@pytest.mark.parametrize("method", ["overlap", "overlap_area"])
def test_float_and_vector_offsets_are_cut_towards_zero_as_pygame_does(offset, method):
    ours = pc.Mask(5, 4, True)
    theirs = pygame.mask.Mask((5, 4), fill=True)
    assert getattr(ours, method)(ours, offset) == getattr(theirs, method)(theirs, offset)


@pytest.mark.parametrize("pos", [(1.5, 1), (0.2, 3.9), pygame.Vector2(4.5, 0)])
def test_float_positions_are_cut_towards_zero_as_pygame_does(mask, pos):
    theirs = pygame.mask.Mask(mask.get_size(), fill=True)
    assert mask.get_at(pos) == theirs.get_at(pos)


@pytest.mark.parametrize("offset", [(float("nan"), 0), (0, float("inf")), (-float("inf"), 1)])
@pytest.mark.parametrize("method", ["overlap", "overlap_area", "overlap_mask"])
def test_an_offset_that_is_not_finite_raises_value_error(mask, offset, method):
    raises_naming(ValueError, "offset", getattr(mask, method), mask, offset)


@pytest.mark.parametrize("offset", [(2**70, 0), (-(2**70), 0), (0, 2**64), (2**63 - 1, 2**63 - 1),
                                    (-(2**63), 0), (2**31, 0), (-(2**31) - 1, 0),
                                    (2**23 + 1, 0), (0, -(2**23) - 5)])
def test_an_offset_far_past_every_mask_shares_nothing(offset):
    a, b = pc.Mask(70, 5, True), pc.Mask(3, 3, True)
    assert a.overlap(b, offset) is None
    assert a.overlap_area(b, offset) == 0
    shared = a.overlap_mask(b, offset)
    assert shared.get_size() == (70, 5) and shared.count() == 0


@pytest.mark.parametrize("other", [42, None, "mask", pygame.Surface((5, 4))])
@pytest.mark.parametrize("method", ["overlap", "overlap_area", "overlap_mask"])
def test_overlap_with_something_other_than_a_mask_raises_type_error(mask, other, method):
    raises_naming(TypeError, "other", getattr(mask, method), other, (0, 0))


def test_convolve_with_something_other_than_a_mask_raises_type_error(mask):
    raises_naming(TypeError, "other", mask.convolve, pygame.Surface((2, 2)))
    raises_naming(TypeError, "output", mask.convolve, mask, 42)


@pytest.mark.parametrize(
    "a, b",
    [((2**23, 1), (2, 1)), ((1, 2**23), (1, 2)), ((65536, 1), (1, 65537)),
     ((2**22 + 1, 1), (2**22 + 1, 1))],
)
def test_convolve_past_the_limits_raises_value_error(a, b):
    raises_naming(ValueError, "convolving", pc.Mask(*a).convolve, pc.Mask(*b))


@pytest.mark.parametrize("every", [0, -1, -(2**40)])
def test_outline_every_below_one_raises_value_error(mask, every):
    raises_naming(ValueError, "every", mask.outline, every)


def test_outline_and_components_with_arguments_that_are_not_integers_raise_type_error(mask):
    raises_naming(TypeError, "every", mask.outline, "x")
    raises_naming(TypeError, "minimum", mask.connected_components, 1.5)


# --- building masks ------------------------------------------------------------------------


@pytest.mark.parametrize("length", [0, 35, 37, 72])
def test_from_rgba_with_a_byte_count_not_matching_the_size_raises_value_error(length):
    raises_naming(ValueError, "36", pc.Mask.from_rgba, bytes(length), 3, 3)
    raises_naming(ValueError, "RGBA bytes", pc.Mask.from_rgba, bytearray(length), 3, 3)


@pytest.mark.parametrize("data", [123, None, "abcd" * 9, [0] * 36, 1.5])
def test_from_rgba_with_data_that_is_not_bytes_like_raises_type_error(data):
    raises_naming(TypeError, "data", pc.Mask.from_rgba, data, 3, 3)


@pytest.mark.parametrize("threshold", [256, 300, -1, -300])
def test_thresholds_outside_0_to_255_raise_value_error_but_from_surface_takes_pygames(
    tmp_path, threshold
):
    raises_naming(ValueError, "threshold", pc.Mask.from_rgba, bytes(36), 3, 3, threshold)
    surface = pygame.Surface((3, 3), pygame.SRCALPHA, 32)
    # pygame's from_surface takes any C int: below 0 everything is solid, from 255 on nothing.
    assert pc.Mask.from_surface(surface, threshold).count() == (9 if threshold < 0 else 0)
    raises_naming(OverflowError, "threshold", pc.Mask.from_surface, surface, 2**31)
    path = tmp_path / "a.png"
    pygame.image.save(surface, str(path))
    raises_naming(ValueError, "threshold", pc.Mask.load, path, threshold)


@pytest.mark.parametrize("size", [(-1, 3), (0, 3), (3, 0)])
def test_from_rgba_with_an_impossible_size_raises_value_error(size):
    raises_naming(ValueError, "mask size", pc.Mask.from_rgba, b"", *size)


@pytest.mark.parametrize("surface", [42, None, "surface", pygame.mask.Mask((2, 2))])
def test_from_surface_of_something_other_than_a_surface_raises_type_error(surface):
    raises_naming(TypeError, "Surface", pc.Mask.from_surface, surface)


@pytest.mark.parametrize("m", [42, None, pc.Mask(2, 2), pygame.Surface((2, 2))])
def test_from_pygame_of_something_other_than_a_pygame_mask_raises_type_error(m):
    raises_naming(TypeError, "pygame.mask.Mask", pc.Mask.from_pygame, m)


def test_a_zero_sized_surface_or_pygame_mask_gives_a_mask_without_texels_as_in_pygame():
    for ours in (pc.Mask.from_surface(pygame.Surface((0, 5))), pc.Mask.from_pygame(pygame.mask.Mask((0, 5)))):
        assert (ours.get_size(), ours.count()) == ((0, 5), 0)
    raises_naming(ValueError, "texels", pc.Sprite, pc.Mask((0, 5)), (0, 0))


def test_load_of_a_missing_file_raises_os_error(tmp_path):
    raises_naming(OSError, "nonexistent.png", pc.Mask.load, "/nonexistent.png")
    err = raises_naming(OSError, "missing", pc.Mask.load, tmp_path / "missing" / "x.png")
    assert not isinstance(err, ValueError)
    raises_naming(OSError, str(tmp_path), pc.Mask.load, tmp_path)  # a folder


def test_load_of_a_file_that_is_not_an_image_raises_value_error(tmp_path):
    text = tmp_path / "notes.png"
    text.write_text("not an image at all\n")
    raises_naming(ValueError, "notes.png", pc.Mask.load, text)
    empty = tmp_path / "empty.png"
    empty.write_bytes(b"")
    raises_naming(ValueError, "empty.png", pc.Mask.load, empty)


def test_load_of_a_truncated_png_raises_value_error(tmp_path):
    surface = pygame.Surface((40, 30), pygame.SRCALPHA, 32)
    surface.fill((1, 2, 3, 200))
    path = tmp_path / "whole.png"
    pygame.image.save(surface, str(path))
    data = path.read_bytes()
    cut = tmp_path / "cut.png"
    cut.write_bytes(data[: len(data) // 2])
    raises_naming(ValueError, "cut.png", pc.Mask.load, cut)


def test_load_with_a_path_that_is_not_a_path_raises_type_error():
    raises_naming(TypeError, "path", pc.Mask.load, 42)


# --- placements ------------------------------------------------------------------------------

NOT_FINITE = [math.nan, math.inf, -math.inf, 1e39, -1e39]


@pytest.mark.parametrize("bad", NOT_FINITE)
def test_placements_that_are_not_finite_raise_value_error(mask, bad):
    raises_naming(ValueError, "position", pc.Sprite, mask, (bad, 0))
    raises_naming(ValueError, "position", pc.Sprite, mask, (0, bad))
    raises_naming(ValueError, "angle", pc.Sprite, mask, (0, 0), bad)
    raises_naming(ValueError, "scale", pc.Sprite, mask, (0, 0), 0, bad)
    raises_naming(ValueError, "scale", pc.Sprite, mask, (0, 0), 0, (1, bad))
    raises_naming(ValueError, "origin", pc.Sprite, mask, (0, 0), 0, 1, (bad, 0))


@pytest.mark.parametrize("bad", NOT_FINITE)
def test_setting_a_placement_that_is_not_finite_raises_value_error_and_keeps_the_old(sprite, bad):
    before = (sprite.position, sprite.angle, sprite.scale, sprite.origin)
    with pytest.raises(ValueError, match="position"):
        sprite.position = (bad, 1)
    with pytest.raises(ValueError, match="angle"):
        sprite.angle = bad
    with pytest.raises(ValueError, match="scale"):
        sprite.scale = bad
    with pytest.raises(ValueError, match="origin"):
        sprite.origin = (0, bad)
    assert (sprite.position, sprite.angle, sprite.scale, sprite.origin) == before
    assert sprite.contains_point((0, 0))


def test_placements_of_the_wrong_type_raise_type_error(mask):
    raises_naming(TypeError, "scale", pc.Sprite, mask, (0, 0), 0, "x")
    raises_naming(TypeError, "scale", pc.Sprite, mask, (0, 0), 0, (1, 2, 3))
    raises_naming(TypeError, "position", pc.Sprite, mask, "ab")
    raises_naming(TypeError, "position", pc.Sprite, mask, 3)
    raises_naming(TypeError, "position", pc.Sprite, mask, ("a", 1))
    raises_naming(TypeError, "angle", pc.Sprite, mask, (0, 0), "x")
    raises_naming(TypeError, "origin", pc.Sprite, mask, (0, 0), 0, 1, (1, 2, 3))
    raises_naming(TypeError, "mask", pc.Sprite, 42, (0, 0))
    raises_naming(TypeError, "mask", pc.Sprite, pygame.mask.Mask((2, 2)), (0, 0))


@pytest.mark.parametrize("bad", NOT_FINITE)
def test_queries_with_points_that_are_not_finite_raise_value_error(sprite, bad):
    raises_naming(ValueError, "point", sprite.contains_point, (bad, 0))
    raises_naming(ValueError, "center", sprite.touches_circle, (0, bad), 1)
    raises_naming(ValueError, "radius", sprite.touches_circle, (0, 0), bad)
    raises_naming(ValueError, "rect", sprite.touches_rect, (bad, 0, 1, 1))
    raises_naming(ValueError, "rect size", sprite.touches_rect, (0, 0, bad, 1))
    raises_naming(ValueError, "start", sprite.touches_segment, (bad, 0), (1, 1))
    raises_naming(ValueError, "end", sprite.touches_segment, (0, 0), (1, bad))
    raises_naming(ValueError, "origin", sprite.raycast, (bad, 0), (1, 0))
    raises_naming(ValueError, "direction", sprite.raycast, (0, 0), (bad, 0))


def test_queries_with_arguments_of_the_wrong_type_raise_type_error(sprite):
    raises_naming(TypeError, "point", sprite.contains_point, "ab")
    raises_naming(TypeError, "rect", sprite.touches_rect, "abcd")
    raises_naming(TypeError, "rect", sprite.touches_rect, (0, 0, 1))
    raises_naming(TypeError, "radius", sprite.touches_circle, (0, 0), "r")
    raises_naming(TypeError, "'b'", pc.collide, sprite, 3)
    raises_naming(TypeError, "'a'", pc.overlaps, "a", sprite)
    raises_naming(TypeError, "'b'", pc.push_out, sprite, pc.Mask(2, 2))
    raises_naming(TypeError, "'a_end'", pc.time_of_impact, sprite, None, sprite)


def test_raycast_with_no_direction_raises_value_error(sprite):
    raises_naming(ValueError, "direction", sprite.raycast, (0, 0), (0, 0))
    raises_naming(ValueError, "direction", sprite.raycast, (9, 9), (0.0, -0.0))


def test_raycast_with_a_max_distance_that_is_nan_raises_value_error(sprite):
    raises_naming(ValueError, "max_distance", sprite.raycast, (-10, 0), (1, 0), math.nan)
    # A negative or infinite one is a length: nothing is hit before 0, everything ahead by inf.
    assert sprite.raycast((-10, 0), (1, 0), -5) is None
    assert sprite.raycast((-10, 0), (1, 0), math.inf).distance == pytest.approx(7.5)


def test_time_of_impact_with_different_masks_or_origins_raises_value_error(mask):
    other = pc.Mask(5, 4, True)  # equal, but another mask
    a = pc.Sprite(mask, (0, 0))
    wall = pc.Sprite(pc.Mask(2, 10, True), (10, 0))
    raises_naming(ValueError, "a_end", pc.time_of_impact, a, pc.Sprite(other, (5, 0)), wall)
    raises_naming(ValueError, "a_end", pc.time_of_impact, a,
                  pc.Sprite(mask, (5, 0), origin=(0, 0)), wall)
    raises_naming(ValueError, "b_end", pc.time_of_impact, a, pc.Sprite(mask, (5, 0)), wall,
                  pc.Sprite(pc.Mask(2, 10, True), (10, 0)))
    # The same mask about the same origin is fine.
    assert pc.time_of_impact(a, pc.Sprite(mask, (20, 0)), wall) is not None


@pytest.mark.parametrize("scale", [0, 0.0, -0.0, (0, 0), (0, 1), (1, 0)])
def test_a_sprite_of_zero_scale_touches_nothing(mask, scale):
    flat = pc.Sprite(mask, (0, 0), 30, scale)
    solid = pc.Sprite(pc.Mask(10, 10, True), (0, 0))
    assert pc.collide(flat, solid) is None
    assert pc.collide(solid, flat) is None
    assert not pc.overlaps(flat, solid)
    assert pc.overlap_area(flat, solid) == 0.0
    assert pc.push_out(flat, solid) is None and pc.push_out(solid, flat) is None
    assert not flat.contains_point((0, 0))
    assert flat.raycast((-10, 0), (1, 0)) is None
    assert not flat.touches_circle((0, 0), 5)
    assert not flat.touches_rect((-5, -5, 10, 10))
    still = pc.Sprite(mask, (0, 0), 30, scale)
    assert pc.time_of_impact(flat, still, solid) is None
    g = pc.Group([flat, solid, flat])
    assert g.pairs() == []
    assert g.touching(solid) == [1]


OVERFLOWING = [
    {"scale": 3e38},
    {"scale": (1, 3e38), "angle": 30},
    {"position": (3e38, 0), "scale": 3e38},
    {"origin": (3e38, 0), "scale": 10},
]


@pytest.mark.parametrize("parts", OVERFLOWING)
def test_a_placement_whose_transform_overflows_raises_value_error(mask, parts):
    kwargs = {"position": (0, 0), **parts}
    raises_naming(ValueError, "overflows", pc.Sprite, mask, **kwargs)


@pytest.mark.parametrize(
    "move",
    [
        lambda s: setattr(s, "scale", 3e38),
        lambda s: setattr(s, "scale", (1, 3e38)),
        lambda s: setattr(s, "origin", (1e38, 0)),
        lambda s: s.place((0, 0), 30, (1, 3e38)),
        lambda s: s.place((5, 5), None, 3e38),
    ],
)
def test_moving_a_sprite_to_an_overflowing_placement_raises_and_keeps_the_old(mask, move):
    sprite = pc.Sprite(mask, (0, 0), 0, 10)
    before = (sprite.position, sprite.angle, sprite.scale, sprite.origin)
    with pytest.raises(ValueError, match="overflows"):
        move(sprite)
    assert (sprite.position, sprite.angle, sprite.scale, sprite.origin) == before
    assert sprite.contains_point((20, 15)) and not sprite.contains_point((30, 0))
    assert all(math.isfinite(v) for v in sprite.bounds)


def test_group_refuses_overflowing_placements_and_moves_nothing(mask):
    g = pc.Group([pc.Sprite(mask, (0, 0)), pc.Sprite(mask, (1, 0))])
    with pytest.raises(ValueError, match="sprite 1"):
        g.update(scales=[1.0, 3e38])
    with pytest.raises(ValueError, match="overflows"):
        g.set(0, scale=3e38)
    assert g.sprite(0).scale == g.sprite(1).scale == (1.0, 1.0)
    assert g.pairs() == [(0, 1)]


# --- nothing aborts the interpreter ------------------------------------------------------------


FUZZ = textwrap.dedent(
    """
    import math, random
    import pixel_collide as pc

    rng = random.Random(7)
    values = [0, 1, -1, 2**31, -(2**31) - 1, 2**63, -(2**64), 2**200, 0.0, -0.0, 0.5, 1e-45,
              1e38, 3.4e38, 1e39, math.inf, -math.inf, math.nan, "", "a", None, (), (1,),
              (1, 2), (1.5, 2.5), (math.nan, 0), (1e38, 1e38), (2**70, 0), [0, 0], (0, 0, 0),
              b"", bytearray(4), object()]
    masks = [pc.Mask(1, 1, True), pc.Mask(70, 3, True), pc.Mask(5, 5)]
    sprites = [pc.Sprite(masks[0], (0, 0)), pc.Sprite(masks[1], (1, 1), 45, (2, -1))]
    g = pc.Group(sprites)
    calls = [
        lambda v: pc.Mask(v, v), lambda v: pc.Mask(v), lambda v: pc.Mask(3, v),
        lambda v: masks[1].get_at(v), lambda v: masks[1].set_at(v, 0),
        lambda v: masks[1].overlap(masks[0], v), lambda v: masks[1].overlap_area(masks[2], v),
        lambda v: masks[1].overlap_mask(masks[0], v), lambda v: masks[1].outline(v),
        lambda v: masks[1].connected_components(v), lambda v: pc.Mask.from_rgba(v, 1, 1),
        lambda v: pc.Mask.from_rgba(b"abcd", v, 1), lambda v: pc.Mask.from_rgba(b"abcd", 1, 1, v),
        lambda v: pc.Sprite(masks[1], v), lambda v: pc.Sprite(masks[1], (0, 0), v),
        lambda v: pc.Sprite(masks[1], (0, 0), 0, v), lambda v: pc.Sprite(masks[1], (0, 0), 0, 1, v),
        lambda v: sprites[1].contains_point(v), lambda v: sprites[1].touches_rect(v),
        lambda v: sprites[1].touches_circle(v, 1), lambda v: sprites[1].touches_circle((0, 0), v),
        lambda v: sprites[1].touches_segment(v, (1, 1)), lambda v: sprites[1].raycast(v, (1, 0)),
        lambda v: sprites[1].raycast((0, 0), v), lambda v: sprites[1].raycast((0, 0), (1, 0), v),
        lambda v: setattr(sprites[0], "position", v), lambda v: setattr(sprites[0], "scale", v),
        lambda v: setattr(sprites[0], "angle", v), lambda v: setattr(sprites[0], "origin", v),
        lambda v: sprites[0].place(v), lambda v: sprites[0].place((0, 0), v),
        lambda v: sprites[0].place((0, 0), None, v),
        lambda v: g.update(v), lambda v: g.update(None, v), lambda v: g.update(None, None, v),
        lambda v: g.set(v), lambda v: g.set(0, v), lambda v: g.set(0, None, v),
        lambda v: g.set(0, None, None, v), lambda v: g.sprite(v), lambda v: pc.Group(v),
        lambda v: pc.collide(sprites[0], v), lambda v: pc.time_of_impact(sprites[0], v, v),
    ]
    for call in calls:
        for v in values:
            try:
                call(v)
            except (TypeError, ValueError, IndexError, OverflowError):
                pass
    # Every query on the sprites as the fuzz left them (placements kept or replaced whole).
    for a in sprites:
        for b in sprites:
            pc.collide(a, b), pc.overlaps(a, b), pc.overlap_area(a, b), pc.push_out(a, b)
    g.pairs()
    print("survived")
    """
)


def test_bad_input_never_aborts_the_interpreter_or_panics():
    """Every call above either works or raises one of the ordinary exceptions: a panic
    (``pyo3_runtime.PanicException``, a ``BaseException``) or an abort would end the child."""
    env = dict(os.environ, RUST_BACKTRACE="0")
    done = subprocess.run([sys.executable, "-c", FUZZ], capture_output=True, text=True,
                          timeout=120, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().endswith("survived")
