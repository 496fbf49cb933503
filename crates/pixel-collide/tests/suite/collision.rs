//! Hand-made cases of the collision test (corners, thin features, flips, pivots, degenerate and huge
//! transforms) and the rectangle rules; masks from images are tested in `masks_from_images.rs`.

use crate::support;

use glam::{Affine2, Vec2};
use image::{Rgba, RgbaImage};
use pixel_collide::{Mask, Rect, Sprite, collide, overlap_area, sprite_transform};
use support::reference::{RefImage, intersect_pixels};

fn full(w: u32, h: u32) -> Mask {
    Mask::from_fn(w, h, |_, _| true).unwrap()
}

fn at(x: f32, y: f32) -> Affine2 {
    Affine2::from_translation(Vec2::new(x, y))
}

fn hits(a: &Mask, ta: Affine2, b: &Mask, tb: Affine2) -> bool {
    let one = collide(Sprite::new(a, ta), Sprite::new(b, tb));
    let other = collide(Sprite::new(b, tb), Sprite::new(a, ta));
    assert!(
        support::mirrored(one, other),
        "collide must not depend on argument order: {one:?} {other:?}"
    );
    one.is_some()
}

/// A plus sign in an `n` x `n` mask with bars `bar` texels wide.
fn plus(n: u32, bar: u32) -> Mask {
    let lo = (n - bar) / 2;
    Mask::from_fn(n, n, |x, y| {
        (lo..lo + bar).contains(&x) || (lo..lo + bar).contains(&y)
    })
    .unwrap()
}

#[test]
fn corners_that_just_touch_do_not_collide() {
    let a = full(4, 4);
    assert!(!hits(&a, at(0.0, 0.0), &a, at(4.0, 4.0)));
    assert!(
        !hits(&a, at(0.0, 0.0), &a, at(4.0, 0.0)),
        "shared edge only"
    );
}

#[test]
fn corners_that_just_overlap_collide_at_the_overlap() {
    let a = full(4, 4);
    let c = collide(Sprite::new(&a, at(0.0, 0.0)), Sprite::new(&a, at(3.9, 3.9))).unwrap();
    assert!(Rect::new(Vec2::splat(3.9), Vec2::splat(4.0)).contains(c.point));
    let area = overlap_area(Sprite::new(&a, at(0.0, 0.0)), Sprite::new(&a, at(3.9, 3.9)));
    assert!((area - 0.01).abs() < 1e-4, "area {area}");
}

#[test]
fn corners_that_just_miss_do_not_collide() {
    let a = full(4, 4);
    assert!(!hits(&a, at(0.0, 0.0), &a, at(4.01, 3.0)));
    let diamond = sprite_transform(
        Vec2::new(6.5, 6.5),
        std::f32::consts::FRAC_PI_4,
        Vec2::ONE,
        Vec2::splat(2.0),
    );
    // The diamond's left corner sits at x = 6.5 - 2.83, clear of the square's corner at (4, 4).
    assert!(!hits(&a, at(0.0, 0.0), &a, diamond));
}

#[test]
fn one_texel_overlap_has_area_one_and_its_centre_as_contact() {
    let a = full(3, 3);
    let (sa, sb) = (Sprite::new(&a, at(0.0, 0.0)), Sprite::new(&a, at(2.0, 2.0)));
    assert_eq!(collide(sa, sb).unwrap().point, Vec2::splat(2.5));
    assert!((overlap_area(sa, sb) - 1.0).abs() < 1e-6);
}

#[test]
fn one_texel_lines_crossing_at_45_degrees_collide() {
    let line = full(1, 20);
    let origin = Vec2::new(0.5, 10.0);
    let quarter = std::f32::consts::FRAC_PI_4;
    let a = sprite_transform(Vec2::new(50.0, 50.0), quarter, Vec2::ONE, origin);
    let b = sprite_transform(Vec2::new(50.0, 50.0), -quarter, Vec2::ONE, origin);
    assert!(hits(&line, a, &line, b));
    let b_apart = sprite_transform(Vec2::new(50.0, 80.0), -quarter, Vec2::ONE, origin);
    assert!(!hits(&line, a, &line, b_apart));
}

#[test]
fn plus_signs_interlock_without_touching() {
    let p = plus(21, 3);
    let a = at(0.0, 0.0);
    let quarter = std::f32::consts::FRAC_PI_4;
    let place = |d: f32| sprite_transform(Vec2::splat(d), quarter, Vec2::ONE, Vec2::splat(10.5));
    // Slide the diagonal plus towards the upright one's lower-right notch until they touch.
    let mut d = 40.0;
    while !hits(&p, a, &p, place(d)) {
        d -= 0.05;
    }
    let apart = place(d + 0.1);
    assert!(!hits(&p, a, &p, apart));
    // Interlocked: one arm of the diagonal plus reaches deep into the upright one's bounds.
    let shared = Sprite::new(&p, a)
        .bounds()
        .intersection(&Sprite::new(&p, apart).bounds())
        .unwrap();
    assert!(
        shared.size().x > 6.0 && shared.size().y > 6.0,
        "shared bounds {shared:?}"
    );
    assert!(
        d < 22.0,
        "the arm tip must pass the upright plus's corner, d = {d}"
    );
}

#[test]
fn thin_sprite_scaled_by_a_quarter_is_not_missed() {
    // A 1 x 16 line drawn at a quarter size is a 0.25 x 4 sliver; a 4 x 4 square drawn 4x is 16 x 16.
    let line = full(1, 16);
    let square = full(4, 4);
    let big = Affine2::from_scale(Vec2::splat(4.0));
    let small = |x: f32| {
        Affine2::from_translation(Vec2::new(x, 6.0)) * Affine2::from_scale(Vec2::splat(0.25))
    };
    assert!(hits(&line, small(10.1), &square, big));
    assert!(hits(&line, small(15.8), &square, big));
    assert!(!hits(&line, small(16.0), &square, big));
    // The tutorial's loop, walking the big square, steps over the sliver between its samples.
    let img = |w, h| RefImage::from_rgba(&RgbaImage::from_pixel(w, h, Rgba([255, 255, 255, 255])));
    assert!(!intersect_pixels(big, &img(4, 4), small(10.1), &img(1, 16)));
}

#[test]
fn sprite_scaled_by_four_matches_its_texel_grid() {
    // Texel (1, 0) of a 2 x 1 checker drawn 4x covers x in [4, 8).
    let checker = Mask::from_fn(2, 1, |x, _| x == 1).unwrap();
    let dot = full(1, 1);
    let big = Affine2::from_scale(Vec2::splat(4.0));
    assert!(!hits(&checker, big, &dot, at(2.5, 1.0)));
    assert!(hits(&checker, big, &dot, at(3.5, 1.0)));
    assert!(hits(&checker, big, &dot, at(6.9, 3.0)));
    assert!(!hits(&checker, big, &dot, at(8.0, 3.0)));
}

#[test]
fn horizontal_flip_mirrors_the_mask() {
    // An L: a left column and a bottom row.
    let l = Mask::from_fn(4, 4, |x, y| x == 0 || y == 3).unwrap();
    let dot = full(1, 1);
    let flipped = sprite_transform(
        Vec2::new(10.0, 10.0),
        0.0,
        Vec2::new(-1.0, 1.0),
        Vec2::splat(2.0),
    );
    // Unflipped, the column is at world x 8..9; flipped it is at 11..12.
    assert!(hits(&l, flipped, &dot, at(11.0, 8.0)));
    assert!(!hits(&l, flipped, &dot, at(8.0, 8.0)));
    let upright = sprite_transform(Vec2::new(10.0, 10.0), 0.0, Vec2::ONE, Vec2::splat(2.0));
    assert!(hits(&l, upright, &dot, at(8.0, 8.0)));
}

#[test]
fn vertical_flip_and_rotation_by_pi_agree_with_a_point_mirror() {
    let l = Mask::from_fn(4, 4, |x, y| x == 0 || y == 3).unwrap();
    let dot = full(1, 1);
    let both_flips = sprite_transform(Vec2::ZERO, 0.0, Vec2::new(-1.0, -1.0), Vec2::splat(2.0));
    let half_turn = sprite_transform(
        Vec2::ZERO,
        std::f32::consts::PI,
        Vec2::ONE,
        Vec2::splat(2.0),
    );
    for (x, y) in [
        (-2.0, -2.0),
        (1.0, -2.0),
        (1.0, 1.0),
        (-2.0, 1.0),
        (-0.5, -0.5),
    ] {
        assert_eq!(
            hits(&l, both_flips, &dot, at(x, y)),
            hits(&l, half_turn, &dot, at(x, y))
        );
    }
}

#[test]
fn origin_away_from_the_centre_is_the_pivot() {
    let bar = full(4, 1);
    let dot = full(1, 1);
    let quarter = std::f32::consts::FRAC_PI_2;
    // Pivot on the bar's left end: a quarter turn clockwise (y down) points it down from (10, 10).
    let t = sprite_transform(
        Vec2::new(10.0, 10.0),
        quarter,
        Vec2::ONE,
        Vec2::new(0.0, 0.5),
    );
    assert!(hits(&bar, t, &dot, at(9.6, 12.0)));
    assert!(!hits(&bar, t, &dot, at(12.0, 9.6)));
    assert!(!hits(&bar, t, &dot, at(9.6, 6.5)));
}

#[test]
fn zero_scale_touches_nothing() {
    let a = full(8, 8);
    let flat = sprite_transform(Vec2::splat(4.0), 0.0, Vec2::new(0.0, 1.0), Vec2::ZERO);
    assert!(!hits(&a, at(0.0, 0.0), &a, flat));
    let s = (Sprite::new(&a, at(0.0, 0.0)), Sprite::new(&a, flat));
    assert_eq!(overlap_area(s.0, s.1), 0.0);
    assert!(!hits(&a, Affine2::ZERO, &a, at(0.0, 0.0)));
}

#[test]
fn non_finite_transforms_touch_nothing() {
    let a = full(8, 8);
    for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
        assert!(!hits(&a, at(0.0, 0.0), &a, at(bad, 0.0)));
        let scaled = Affine2::from_scale(Vec2::new(bad, 1.0));
        assert!(!hits(&a, at(0.0, 0.0), &a, scaled));
        assert!(
            !Sprite::new(&a, scaled)
                .bounds()
                .intersects(&Sprite::new(&a, at(0.0, 0.0)).bounds())
        );
    }
}

#[test]
fn huge_coordinates_keep_texel_precision() {
    let a = full(4, 4);
    for base in [1.0e7f32, -1.0e7] {
        assert!(hits(&a, at(base, base), &a, at(base + 3.0, base)));
        assert!(!hits(&a, at(base, base), &a, at(base + 4.0, base)));
        let c = collide(
            Sprite::new(&a, at(base, base)),
            Sprite::new(&a, at(base + 3.0, base)),
        )
        .unwrap();
        // The shared part is x in base + 3..4, y in base + 0..4; an f32 near 1e7 is good to 1.
        assert!((c.point.x - (base + 3.5)).abs() <= 1.5, "{c:?}");
        assert!((c.point.y - (base + 2.0)).abs() <= 3.0, "{c:?}");
    }
    assert!(!hits(&a, at(1.0e7, 1.0e7), &a, at(-1.0e7, -1.0e7)));
}

#[test]
fn huge_scale_and_large_masks_finish() {
    let a = plus(255, 85);
    let b = Mask::from_fn(200, 200, |x, y| (x * 7 + y * 13) % 5 == 0).unwrap();
    let huge = sprite_transform(Vec2::ZERO, 0.3, Vec2::splat(1.0e7), Vec2::splat(127.5));
    assert!(hits(&a, huge, &b, at(0.0, 0.0)));
    let tiny = sprite_transform(Vec2::ZERO, 0.3, Vec2::splat(1.0e-7), Vec2::ZERO);
    assert!(
        !hits(&a, at(0.0, 0.0), &b, tiny),
        "a speck at the plus's empty corner"
    );
}

#[test]
fn empty_mask_touches_nothing() {
    let empty = Mask::from_fn(5, 5, |_, _| false).unwrap();
    let a = full(5, 5);
    assert!(!hits(&empty, at(0.0, 0.0), &a, at(0.0, 0.0)));
    assert_eq!(empty.solid_bounds(), None);
    assert_eq!(empty.solid_count(), 0);
}

// ---- Masks -----------------------------------------------------------------------------------

#[test]
fn rectangles_follow_the_tutorial_rule() {
    let a = Rect::from_xywh(0.0, 0.0, 10.0, 10.0);
    assert!(a.intersects(&Rect::from_xywh(9.0, 9.0, 5.0, 5.0)));
    assert!(
        !a.intersects(&Rect::from_xywh(10.0, 0.0, 5.0, 5.0)),
        "touching edges"
    );
    assert_eq!(
        a.intersection(&Rect::from_xywh(5.0, -5.0, 10.0, 10.0)),
        Some(Rect::from_xywh(5.0, 0.0, 5.0, 5.0))
    );
    assert_eq!(a.intersection(&Rect::from_xywh(20.0, 0.0, 1.0, 1.0)), None);
}

#[test]
fn transformed_bounds_hold_the_rotated_corners() {
    let t = sprite_transform(
        Vec2::new(100.0, 50.0),
        std::f32::consts::FRAC_PI_4,
        Vec2::ONE,
        Vec2::splat(32.0),
    );
    let r = Rect::transformed(&t, Vec2::splat(64.0));
    let half_diagonal = 32.0 * std::f32::consts::SQRT_2;
    assert!((r.min - Vec2::new(100.0 - half_diagonal, 50.0 - half_diagonal)).length() < 1e-3);
    assert!((r.max - Vec2::new(100.0 + half_diagonal, 50.0 + half_diagonal)).length() < 1e-3);
}

#[test]
fn min_translation_tie_goes_to_the_y_axis() {
    let a = Rect::new(Vec2::ZERO, Vec2::splat(64.0));
    let b = Rect::new(Vec2::splat(32.0), Vec2::splat(96.0));
    assert_eq!(a.min_translation(&b), Some(Vec2::new(0.0, -32.0)));
    assert_eq!(b.min_translation(&a), Some(Vec2::new(0.0, 32.0)));
    let moved = Rect::new(a.min - Vec2::new(0.0, 32.0), a.max - Vec2::new(0.0, 32.0));
    assert_eq!(
        moved.min_translation(&b),
        None,
        "moved out, the boxes only touch"
    );
}

#[test]
fn min_translation_takes_the_smallest_side() {
    let a = Rect::new(Vec2::ZERO, Vec2::new(10.0, 10.0));
    let b = Rect::new(Vec2::new(8.0, -20.0), Vec2::new(30.0, 30.0));
    assert_eq!(a.min_translation(&b), Some(Vec2::new(-2.0, 0.0)));
    let c = Rect::new(Vec2::new(-20.0, 7.0), Vec2::new(30.0, 30.0));
    assert_eq!(a.min_translation(&c), Some(Vec2::new(0.0, -3.0)));
}

#[test]
fn centred_tie_on_one_axis_goes_to_the_negative_direction() {
    let a = Rect::new(Vec2::new(4.0, -10.0), Vec2::new(6.0, 100.0));
    let b = Rect::new(Vec2::new(0.0, -50.0), Vec2::new(10.0, 150.0));
    assert_eq!(a.min_translation(&b), Some(Vec2::new(-6.0, 0.0)));
}

#[test]
fn trace_starts_at_the_solid_bounds_and_agrees_with_collide() {
    use pixel_collide::debug::collide_traced;
    let p = plus(21, 3);
    let bar = Mask::from_fn(6, 2, |x, _| x > 0).unwrap();
    let tp = sprite_transform(Vec2::splat(10.0), 0.4, Vec2::ONE, Vec2::splat(10.5));
    for (x, expect_hit) in [(9.0, true), (30.0, false), (17.5, false)] {
        let tb = at(x, 2.0);
        let mut pairs = Vec::new();
        let traced = collide_traced(Sprite::new(&p, tp), Sprite::new(&bar, tb), |t| {
            pairs.push(t)
        });
        assert_eq!(traced, collide(Sprite::new(&p, tp), Sprite::new(&bar, tb)));
        assert_eq!(traced.is_some(), expect_hit, "bar at x = {x}");
        assert_eq!(pairs[0].a, p.solid_bounds().unwrap());
        assert_eq!(pairs[0].b, bar.solid_bounds().unwrap());
        let mut swapped = Vec::new();
        collide_traced(Sprite::new(&bar, tb), Sprite::new(&p, tp), |t| {
            swapped.push(t)
        });
        assert_eq!(swapped.len(), pairs.len());
        assert!(
            swapped
                .iter()
                .zip(&pairs)
                .all(|(s, t)| s.a == t.b && s.b == t.a)
        );
    }
}

#[test]
fn scaled_texels_sharing_an_edge_do_not_collide() {
    // 1/49 is not a float: a reciprocal-then-multiply mapping used to shrink the gap below zero.
    let dot = full(1, 1);
    let scale = Affine2::from_scale(Vec2::splat(7.0));
    let left = Affine2::from_translation(Vec2::new(-7.0, 0.0)) * scale;
    assert!(!hits(&dot, scale, &dot, left));
    assert_eq!(
        overlap_area(Sprite::new(&dot, scale), Sprite::new(&dot, left)),
        0.0
    );
}

#[test]
fn flipped_and_turned_texels_sharing_a_corner_do_not_collide() {
    let a = Mask::from_fn(8, 4, |x, y| x == 2 && y == 3).unwrap();
    let b = Mask::from_fn(1, 3, |_, y| y == 2).unwrap();
    let ta = Affine2::from_cols(
        Vec2::new(1.5, 0.0),
        Vec2::new(0.0, -0.5),
        Vec2::new(-3.5, -4.0),
    );
    let tb = Affine2::from_cols(
        Vec2::new(0.0, 1.5),
        Vec2::new(-1.5, 0.0),
        Vec2::new(4.0, -5.5),
    );
    assert!(!hits(&a, ta, &b, tb));
}

#[test]
fn corner_resting_on_an_edge_is_no_contact() {
    // The second texel's corner lands on the first texel's bottom edge (1.5, 2): rounding once let the
    // pair through, and its empty shared part gave a "contact" at a sprite's origin.
    let a = Mask::from_fn(2, 2, |x, y| x == 1 && y == 1).unwrap();
    let tb = Affine2::from_cols(
        Vec2::new(0.194_359_66, 0.962_329_6),
        Vec2::new(-1.322_305_7, 0.267_063_26),
        Vec2::new(2.627_946, 0.770_607_1),
    );
    let (sa, sb) = (Sprite::new(&a, Affine2::IDENTITY), Sprite::new(&a, tb));
    assert_eq!(collide(sa, sb), None);
    assert_eq!(collide(sb, sa), None);
    assert_eq!(overlap_area(sa, sb), 0.0);
}

#[test]
fn quarter_turned_sprites_on_a_common_grid_do_not_collide() {
    use std::f32::consts::{FRAC_PI_2, PI};
    let dot = full(1, 1);
    for angle in [
        FRAC_PI_2,
        PI,
        3.0 * FRAC_PI_2,
        -FRAC_PI_2,
        2.0 * PI,
        5.0 * FRAC_PI_2,
    ] {
        let place =
            |x: f32, y: f32| sprite_transform(Vec2::new(x, y), angle, Vec2::ONE, Vec2::splat(0.5));
        assert!(
            !hits(&dot, place(0.5, 0.5), &dot, place(0.5, 1.5)),
            "{angle}"
        );
        assert!(
            !hits(&dot, place(0.5, 0.5), &dot, place(1.5, 0.5)),
            "{angle}"
        );
        assert!(
            hits(&dot, place(0.5, 0.5), &dot, place(0.5, 1.4)),
            "{angle}"
        );
    }
    let turned = sprite_transform(Vec2::ZERO, FRAC_PI_2, Vec2::new(2.0, 3.0), Vec2::ZERO);
    assert_eq!(turned.matrix2.to_cols_array(), [0.0, 2.0, -3.0, 0.0]);
}

#[test]
fn long_mask_stretched_across_keeps_a_visible_overlap() {
    // The rounding allowance follows each axis of the mask: a 4096-wide strip stretched a billion-fold
    // across its one row must still catch a dot three units inside it.
    let strip = full(4096, 1);
    let tall = Affine2::from_cols(
        Vec2::new(1.0, 0.0),
        Vec2::new(0.0, 1e9),
        Vec2::new(0.0, -1e9),
    );
    let dot = full(1, 1);
    assert!(hits(&strip, tall, &dot, at(0.0, -3.0)));
    assert!(!hits(&strip, tall, &dot, at(0.0, 0.0)), "edge to edge");
}
