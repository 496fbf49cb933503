//! At the extremes of placement (far from the origin, where `f32` bounds collapse, and sprites tiny
//! or sheared nearly flat, whose frames magnify rounding, steps of astronomical length): the broad
//! phase agrees with the pair test, and the time of impact with the exact test.

use crate::support;

use glam::{Affine2, DVec2, Mat2, Vec2};
use pixel_collide::{
    Mask, Motion, Pose, Sprite, SweepAndPrune, collide, contact_manifold, overlap_area,
    overlap_point, overlaps, time_of_impact,
};
use proptest::prelude::*;

#[test]
fn touching_pairs_keeps_sprites_far_out_whose_f32_bounds_collapse() {
    let m = Mask::from_fn(8, 8, |_, _| true).unwrap();
    let at = |x: f32, y: f32| Sprite::new(&m, Affine2::from_translation(Vec2::new(x, y)));
    let sprites = [at(1e10, 1e10), at(1e10, 1e10), at(0.0, 0.0)];
    assert!(collide(sprites[0], sprites[1]).is_some());
    let sweep = SweepAndPrune::new(&sprites);
    assert_eq!(sweep.touching_pairs(), [(0, 1)]);
    assert_eq!(sweep.touching(at(1e10, 1e10)), [0, 1]);
}

/// A sprite so far out (1e20) that even `f64` bounds collapse to a point (found by the
/// `broad_phase` fuzz target): the sweep still pairs it with what it overlaps, and `touching` finds it.
#[test]
fn touching_pairs_keeps_sprites_whose_f64_bounds_collapse() {
    let m = Mask::from_fn(8, 8, |_, _| true).unwrap();
    let at = |x: f32, y: f32| Sprite::new(&m, Affine2::from_translation(Vec2::new(x, y)));
    for far in [-1e20f32, 1e20, 3e30] {
        let sprites = [at(far, 0.0), at(0.0, 0.0), at(far, 0.0), at(0.0, far)];
        assert!(overlaps(sprites[0], sprites[2]));
        let sweep = SweepAndPrune::new(&sprites);
        assert_eq!(sweep.touching_pairs(), [(0, 2)], "at {far}");
        assert_eq!(sweep.touching(sprites[0]), [0, 2], "at {far}");
        assert_eq!(sweep.touching(sprites[3]), [3], "at {far}");
    }
}

/// A unit square at the origin and a 1 x 1 sprite some 1e-15 across, sheared nearly flat (the sine
/// between its columns about 5e-6) and wholly below and left of the square (found by the
/// `broad_phase` fuzz target): tested in the flat sprite's frame, whose inverse is some 1e20 across,
/// the pair overlapped by rounding; in the square's it is apart, as the sweep says.
#[test]
fn a_tiny_sprite_sheared_flat_beside_a_square_does_not_overlap_it() {
    let m = Mask::from_fn(1, 1, |_, _| true).unwrap();
    let square = Sprite::new(&m, Affine2::IDENTITY);
    let flat = Sprite::new(
        &m,
        Affine2::from_mat2_translation(
            Mat2::from_cols(
                Vec2::new(-1.156_373_4e-15, -1.156_362_5e-15),
                Vec2::new(-1.156_373_4e-15, -1.156_373_4e-15),
            ),
            Vec2::new(-1.156_373_4e-15, -1.156_373_4e-15),
        ),
    );
    assert!(flat.bounds().max.x < 0.0 && flat.bounds().max.y < 0.0);
    for (a, b) in [(square, flat), (flat, square)] {
        assert!(!overlaps(a, b));
        assert!(collide(a, b).is_none());
        assert_eq!(overlap_point(a, b), None);
        assert_eq!(overlap_area(a, b), 0.0);
    }
    assert_eq!(SweepAndPrune::new(&[square, flat]).touching_pairs(), []);
}

/// Two 9 x 9 masks walked as bits, both at (1e20, 1e20), one turned and scaled, one sheared, apart
/// (as they are at the origin), found by the `broad_phase` fuzz target: their solid discs' world
/// centres rounded to the same point, some 16,000 units across, and the sweep paired them.
#[test]
fn sprites_far_out_are_not_paired_by_discs_their_rounding_merged() {
    let m = Mask::from_strip_words(9, 9, vec![29, 424, 376, 473, 507, 157, 509, 259, 510]).unwrap();
    let placed = |y_axis: Vec2, at: f32| {
        let linear = Mat2::from_cols(Vec2::new(-2.704_727_4, 0.083_467_62), y_axis);
        Sprite::new(&m, Affine2::from_mat2_translation(linear, Vec2::splat(at)))
    };
    for at in [0.0, 1e20] {
        let sheared = placed(Vec2::new(0.027_144_767, 0.879_613), at);
        let turned = placed(Vec2::new(-0.083_467_62, -2.704_727_4), at);
        assert!(!overlaps(sheared, turned), "at {at}");
        let sweep = SweepAndPrune::new(&[sheared, turned]);
        assert_eq!(sweep.touching_pairs(), [], "at {at}");
        assert_eq!(sweep.touching(turned), [1], "at {at}");
    }
}

/// A 9 x 9 sprite stretched 25,443 times and sheared by 9e-5, and a speck 1e-4 across inside the
/// corner of its first texel (found by the `broad_phase` fuzz target): the circle the sweep put
/// around the large sprite's texels was 3.5e-9 of its radius short (the stretch's textbook formula
/// cancels nearly all its digits for a map so close to a turn), left that corner out, and the sweep
/// called the pair apart where `overlaps` finds it.
#[test]
fn a_speck_in_the_corner_of_a_vast_sprite_near_a_turn_is_paired_by_the_sweep() {
    let big = Mask::from_strip_words(9, 9, vec![379, 31, 0, 384, 270, 30, 8, 0, 0]).unwrap();
    let dot = Mask::from_fn(1, 1, |_, _| true).unwrap();
    let vast = Sprite::new(
        &big,
        Affine2::from_mat2_translation(
            Mat2::from_cols(
                Vec2::new(-25_443.387, -9.155_553e-5),
                Vec2::new(-9.155_553e-5, -25_443.387),
            ),
            Vec2::new(2.007_129_3e-26, 0.0),
        ),
    );
    let speck = Sprite::new(
        &dot,
        Affine2::from_mat2_translation(
            Mat2::from_cols(
                Vec2::new(-7.252_509_4e-5, 5.587_956e-5),
                Vec2::new(-5.587_956e-5, -7.252_509_4e-5),
            ),
            Vec2::new(0.0, -0.000_366_222_1),
        ),
    );
    assert!(overlaps(vast, speck) && overlaps(speck, vast));
    let sweep = SweepAndPrune::new(&[vast, speck]);
    assert_eq!(sweep.touching_pairs(), [(0, 1)]);
    assert_eq!(sweep.touching(speck), [0, 1]);
}

/// A point query whose local point lies past `i64`'s reach (a sprite at 1e20, the point at the
/// origin, or the reverse) answers `false` instead of overflowing the texel index below it.
#[test]
fn a_step_that_travels_past_the_clearing_tests_digits_still_finds_its_touch() {
    // Found by the motion_queries fuzz target: one sprite steps 1e20 across and 1.7e38 down, the
    // other turns and flattens, and the two touch at the start; the clearing test's sums of the
    // 1e38 sweep held no texel's digits and cleared the whole step. Travels of 1e16 to 1e20 that end
    // in a touch must be found too.
    let m = Mask::from_fn(4, 4, |_, _| true).unwrap();
    let shot = Motion::new(
        &m,
        Pose::at(Vec2::ZERO),
        Pose::at(Vec2::new(1e20, 1.681_478_2e38)),
        Vec2::splat(2.0),
    );
    let flattening = Motion::new(
        &m,
        Pose::new(Vec2::ZERO, 2.575_091, Vec2::ONE),
        Pose::new(Vec2::new(0.0, -4.172_734_7), 0.0, Vec2::new(0.0, -9.5)),
        Vec2::splat(2.0),
    );
    assert!(collide(shot.sprite_at(0.0), flattening.sprite_at(0.0)).is_some());
    let hit = time_of_impact(&shot, &flattening).expect("touching at the start");
    assert_eq!(hit.time, 0.0);
    let wall = Motion::still(&m, Pose::at(Vec2::new(2.0, 0.0)), Vec2::ZERO);
    for travel in [1e16f32, 1e18, 1e20] {
        let from = Motion::new(
            &m,
            Pose::at(Vec2::new(-travel, 0.0)),
            Pose::at(Vec2::ZERO),
            Vec2::ZERO,
        );
        assert!(
            time_of_impact(&from, &wall).is_some(),
            "a step of {travel} ending in a touch"
        );
    }
}

#[test]
fn a_point_past_i64_in_the_masks_texels_is_outside_without_overflow() {
    let m = Mask::from_fn(8, 8, |_, _| true).unwrap();
    for at in [1e20f32, -1e20, 1e30, -1e30, f32::MAX, f32::MIN] {
        for (x, y) in [(at, at), (at, 0.0), (0.0, at)] {
            let s = Sprite::new(&m, Affine2::from_translation(Vec2::new(x, y)));
            assert!(!s.contains_point(Vec2::ZERO), "at ({x}, {y})");
            let far = Sprite::new(&m, Affine2::IDENTITY);
            assert!(!far.contains_point(Vec2::new(x, y)), "point ({x}, {y})");
            assert!(
                !far.touches_segment(Vec2::new(x, y), Vec2::new(x, y)),
                "segment ({x}, {y})"
            );
        }
    }
}

/// A segment or ray running along a texel edge line past `i64`'s reach in the mask's texels (found
/// by the `sprite_queries` fuzz target) touches nothing, without overflowing the line below it.
#[test]
fn a_segment_along_a_texel_line_past_i64_is_outside_without_overflow() {
    let m = Mask::from_fn(8, 8, |_, _| true).unwrap();
    let s = Sprite::new(&m, Affine2::IDENTITY);
    for far in [-1e20f32, 1e20, f32::MIN, f32::MAX] {
        for (a, b) in [
            (Vec2::new(0.0, far), Vec2::new(5.0, far)),
            (Vec2::new(far, 0.0), Vec2::new(far, 5.0)),
        ] {
            assert!(!s.touches_segment(a, b), "{a} {b}");
            assert!(s.raycast(a, b - a, 10.0).is_none(), "{a} {b}");
        }
    }
}

/// Two sprites overlapping far out, where `f32` bounds collapse to a point (a 2 x 1 and a 1 x 1
/// mask at x = -1e20, found by the `pair_queries` fuzz target): the manifold is there whenever
/// `overlaps` is, as near the origin.
#[test]
fn overlapping_sprites_far_out_have_a_manifold_though_their_bounds_collapse() {
    let (wide, dot) = (
        Mask::from_fn(2, 1, |_, _| true).unwrap(),
        Mask::from_fn(1, 1, |_, _| true).unwrap(),
    );
    for x in [-1e20f32, 1e20, -1e12, 3e9] {
        let at = Affine2::from_translation(Vec2::new(x, 0.0));
        let (a, b) = (Sprite::new(&wide, at), Sprite::new(&dot, at));
        assert!(overlaps(a, b));
        for (first, second) in [(a, b), (b, a)] {
            let m = contact_manifold(first, second, 1.0).unwrap_or_else(|| panic!("none at {x}"));
            assert!(
                !m.points().is_empty() && m.normal.is_finite() && m.depth.is_finite(),
                "{m:?}"
            );
        }
    }
}

proptest! {
    #![proptest_config(support::cases(500))]

    /// Sprites scattered a few texels apart around a point anywhere from 1e3 to 1e22 from the origin,
    /// some turned, of a 4 x 4 mask or a 9 x 9 one (walked as bits, so the sweep's quick answers from
    /// world coordinates are tried): the sweep's pairs are exactly the pairs `collide` finds.
    #[test]
    fn sweep_and_prune_agrees_with_collide_at_any_distance(
        exponent in 3i32..22,
        placed in proptest::collection::vec((-12.0f32..12.0, -12.0f32..12.0, prop_oneof![Just(0.0f32), -3.2f32..3.2]), 2..8),
        fill in proptest::collection::vec(any::<bool>(), 81),
        side in prop_oneof![Just(4u32), Just(9)],
    ) {
        let m = Mask::from_fn(side, side, |x, y| fill[(y * side + x) as usize] || x == y).unwrap();
        let base = 10f32.powi(exponent);
        let sprites: Vec<Sprite<'_>> = placed
            .iter()
            .map(|&(x, y, angle)| {
                Sprite::new(&m, Affine2::from_angle_translation(angle, Vec2::new(base + x, base + y)))
            })
            .collect();
        let mut expected = Vec::new();
        for i in 0..sprites.len() {
            for j in i + 1..sprites.len() {
                if collide(sprites[i], sprites[j]).is_some() {
                    expected.push((i, j));
                }
            }
        }
        let sweep = SweepAndPrune::new(&sprites);
        prop_assert_eq!(sweep.touching_pairs(), expected.clone());
        let probe = sprites[0];
        let near: Vec<usize> = (0..sprites.len()).filter(|&j| collide(sprites[j], probe).is_some()).collect();
        prop_assert_eq!(sweep.touching(probe), near);
    }

    /// Tiny sprites (1e-18 to 1e-1 across), sheared up to nearly flat, each within a few of its own
    /// sizes of a square's edge or corner: a pair that `overlaps` has world bounds that meet (each
    /// computed in `f64` from its four corners), and the sweep's pairs are exactly those `overlaps`
    /// finds.
    #[test]
    fn tiny_sprites_sheared_flat_overlap_only_what_their_bounds_meet(
        placed in proptest::collection::vec(
            (-60i32..-3, 1i32..22, -3.2f32..3.2, 0.0f32..=3.0, any::<bool>(), -3.0f32..3.0, -3.0f32..3.0),
            1..8,
        ),
        fill in proptest::collection::vec(any::<bool>(), 9),
    ) {
        let m = Mask::from_fn(3, 3, |x, y| fill[(y * 3 + x) as usize] || x == 1).unwrap();
        let mut sprites = vec![Sprite::new(&m, Affine2::IDENTITY)];
        for &(exponent, lean, angle, along, across, x, y) in &placed {
            let size = 2f32.powi(exponent);
            let x_axis = Vec2::from_angle(angle) * size;
            // The second column 2^-lean radians off the first, down to about 2.4e-7: nearly flat.
            let y_axis = Vec2::from_angle(angle + 2f32.powi(-lean)) * size;
            // A point on the square's edge (its top or left side, or a corner), then a few sizes off.
            let edge = if across { Vec2::new(along.round(), 0.0) } else { Vec2::new(0.0, along) };
            let at = edge + Vec2::new(x, y) * size;
            sprites.push(Sprite::new(&m, Affine2::from_mat2_translation(Mat2::from_cols(x_axis, y_axis), at)));
        }
        let corners = |s: &Sprite<'_>| {
            let t = s.transform;
            let (c0, c1, o) = (t.matrix2.x_axis.as_dvec2(), t.matrix2.y_axis.as_dvec2(), t.translation.as_dvec2());
            let (w, h) = (f64::from(s.mask.width()), f64::from(s.mask.height()));
            let points = [o, o + c0 * w, o + c1 * h, o + c0 * w + c1 * h];
            let lo = points.iter().fold(DVec2::INFINITY, |a, p| a.min(*p));
            let hi = points.iter().fold(DVec2::NEG_INFINITY, |a, p| a.max(*p));
            (lo, hi)
        };
        let mut expected = Vec::new();
        for i in 0..sprites.len() {
            for j in i + 1..sprites.len() {
                let hit = overlaps(sprites[i], sprites[j]);
                prop_assert_eq!(hit, overlaps(sprites[j], sprites[i]));
                if hit {
                    let ((la, ha), (lb, hb)) = (corners(&sprites[i]), corners(&sprites[j]));
                    prop_assert!(
                        la.cmple(hb).all() && lb.cmple(ha).all(),
                        "{i} and {j} overlap with bounds apart: {:?} {:?}", sprites[i].transform, sprites[j].transform
                    );
                    expected.push((i, j));
                }
            }
        }
        prop_assert_eq!(SweepAndPrune::new(&sprites).touching_pairs(), expected);
    }
}
