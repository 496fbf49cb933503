//! `near_rects` against brute force: every pair it gives is a pair of solid rectangles that come
//! within reach, every pair of solid texels within reach lies in one of its pairs, and the other
//! argument order gives the same pairs reversed, under any affine placement.

use crate::support;

use glam::{Affine2, DVec2, Vec2};
use pixel_collide::{Mask, NearRects, PixelRect, Sprite, near_rects};
use proptest::prelude::*;
use support::geometry::{quad, quads_apart, sat_gap};
use support::strategies::{mask, placement};

/// The world quad of texel rectangle `r` of a sprite placed by `t`.
fn rect_quad(t: Affine2, r: PixelRect) -> [DVec2; 4] {
    let (x, y) = (f64::from(r.x), f64::from(r.y));
    quad(t, x, y, x + f64::from(r.w), y + f64::from(r.h))
}

/// The solid texels of a mask as unit rectangles.
fn texels(m: &Mask) -> Vec<PixelRect> {
    (0..m.height())
        .flat_map(|y| (0..m.width()).map(move |x| (x, y)))
        .filter(|&(x, y)| m.is_solid(x, y))
        .map(|(x, y)| PixelRect::new(x, y, 1, 1))
        .collect()
}

fn holds(r: PixelRect, t: PixelRect) -> bool {
    t.x >= r.x && t.y >= r.y && t.x < r.x + r.w && t.y < r.y + r.h
}

fn check(a: &Mask, ta: Affine2, b: &Mask, tb: Affine2, reach: f32) -> Result<(), TestCaseError> {
    let (sa, sb) = (Sprite::new(a, ta), Sprite::new(b, tb));
    let (mut ab, mut ba) = (Vec::new(), Vec::new());
    let listed = near_rects(sa, sb, reach, &mut ab);
    prop_assert_eq!(listed, near_rects(sb, sa, reach, &mut ba));
    prop_assume!(listed.is_complete());
    let reversed: Vec<_> = ba.iter().map(|&(rb, ra)| (ra, rb)).collect();
    prop_assert_eq!(
        &ab,
        &reversed,
        "the other order gives the same pairs, reversed"
    );
    for &(ra, rb) in &ab {
        for (m, r) in [(a, ra), (b, rb)] {
            prop_assert!(r.w > 0 && r.h > 0 && r.x + r.w <= m.width() && r.y + r.h <= m.height());
            for y in r.y..r.y + r.h {
                for x in r.x..r.x + r.w {
                    prop_assert!(m.is_solid(x, y), "{:?} holds air at ({}, {})", r, x, y);
                }
            }
        }
        // Grown on the separating-axis test's axes, a pair may lie past the reach: for turns and
        // even scales at most twice it (the axes of each box at right angles), for uneven scales
        // and shears, whose texels are slivers, further.
        let even = |t: &Affine2| {
            let m = t.matrix2;
            let (sq, det) = (
                m.x_axis.length_squared() + m.y_axis.length_squared(),
                m.determinant(),
            );
            // The singular values' ratio squared, from their sum of squares and product.
            let root = (sq * sq - 4.0 * det * det).max(0.0).sqrt();
            (sq + root) / (sq - root).max(f32::MIN_POSITIVE) < 1.1 * 1.1
        };
        if even(&ta) && even(&tb) {
            let apart = quads_apart(&rect_quad(ta, ra), &rect_quad(tb, rb));
            prop_assert!(
                apart <= 2.0 * 1.1 * f64::from(reach) + 1e-3,
                "{:?} and {:?} lie {} apart, past twice the reach {}",
                ra,
                rb,
                apart,
                reach
            );
        }
    }
    for p in texels(a) {
        let qp = rect_quad(ta, p);
        for q in texels(b) {
            let qq = rect_quad(tb, q);
            // Clear of rounding: overlapping by more than a hair, or apart by less than the reach.
            let within =
                sat_gap(&qp, &qq) < -1e-4 || quads_apart(&qp, &qq) < f64::from(reach) - 1e-4;
            if within {
                prop_assert!(
                    ab.iter().any(|&(ra, rb)| holds(ra, p) && holds(rb, q)),
                    "texels {:?} and {:?} come within {} but no pair holds them",
                    p,
                    q,
                    reach
                );
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(support::cases(256))]

    #[test]
    fn near_rects_are_solid_within_reach_and_miss_no_texel_pair(
        a in mask(10),
        ta in placement(3.0, 12.0),
        b in mask(10),
        tb in placement(3.0, 12.0),
        reach in prop_oneof![Just(0.0f32), 0.0f32..4.0],
    ) {
        check(&a, ta, &b, tb, reach)?;
    }

    #[test]
    fn near_rects_of_turned_evenly_scaled_sprites_lie_within_twice_the_reach(
        a in mask(10),
        b in mask(10),
        (turn_a, turn_b) in (0.0f32..std::f32::consts::TAU, 0.0f32..std::f32::consts::TAU),
        (scale_a, scale_b) in (0.5f32..3.0, 0.5f32..3.0),
        at in (-12.0f32..12.0, -12.0f32..12.0),
        reach in 0.0f32..4.0,
    ) {
        let ta = Affine2::from_scale_angle_translation(Vec2::splat(scale_a), turn_a, Vec2::ZERO);
        let tb = Affine2::from_scale_angle_translation(Vec2::splat(scale_b), turn_b, Vec2::new(at.0, at.1));
        check(&a, ta, &b, tb, reach)?;
    }

    #[test]
    fn near_rects_of_masks_kept_for_contacts_and_edited_masks_agree_with_brute_force(
        a in mask(12),
        ta in placement(2.0, 10.0),
        b in mask(12),
        tb in placement(2.0, 10.0),
        reach in 0.0f32..3.0,
        carve in (0u32..12, 0u32..12),
    ) {
        a.build_tree_for_contacts();
        let mut b = b;
        let (x, y) = (carve.0.min(b.width() - 1), carve.1.min(b.height() - 1));
        b.set(x, y, !b.is_solid(x, y));
        check(&a, ta, &b, tb, reach)?;
    }
}

#[test]
fn a_floor_and_a_box_resting_on_it_give_the_box_and_the_floor() {
    let floor = Mask::from_fn(40, 4, |_, _| true).unwrap();
    let cross = Mask::from_fn(9, 9, |x, y| (3..6).contains(&x) || (3..6).contains(&y)).unwrap();
    let f = Sprite::new(&floor, Affine2::IDENTITY);
    // Turned a quarter, resting its lower arm 0.25 above the floor's top at y = 0 (y down).
    let c = Sprite::new(
        &cross,
        Affine2::from_angle_translation(std::f32::consts::FRAC_PI_2, Vec2::new(20.0, -9.25)),
    );
    let mut pairs = Vec::new();
    assert!(near_rects(c, f, 0.5, &mut pairs).is_complete());
    assert!(!pairs.is_empty());
    assert!(
        pairs
            .iter()
            .all(|&(_, rf)| rf == PixelRect::new(0, 0, 40, 4))
    );
    assert!(near_rects(c, f, 0.1, &mut pairs).is_complete());
    assert!(
        pairs.is_empty(),
        "0.25 apart is out of a reach of 0.1: {pairs:?}"
    );
}

#[test]
fn any_distance_lists_every_pair_and_a_negative_or_nan_one_only_overlaps() {
    let bar = Mask::from_fn(6, 2, |_, _| true).unwrap();
    let dot = Mask::from_fn(1, 1, |_, _| true).unwrap();
    let b = Sprite::new(&bar, Affine2::IDENTITY);
    let far = Sprite::new(&dot, Affine2::from_translation(Vec2::new(500.0, -300.0)));
    let mut pairs = Vec::new();
    assert!(near_rects(far, b, f32::INFINITY, &mut pairs).is_complete());
    assert_eq!(
        pairs,
        vec![(PixelRect::new(0, 0, 1, 1), PixelRect::new(0, 0, 6, 2))]
    );
    let inside = Sprite::new(&dot, Affine2::from_translation(Vec2::new(2.0, 0.5)));
    for reach in [-1.0, f32::NAN, f32::NEG_INFINITY] {
        assert!(near_rects(far, b, reach, &mut pairs).is_complete());
        assert!(pairs.is_empty(), "{reach}");
        assert!(near_rects(inside, b, reach, &mut pairs).is_complete());
        assert_eq!(pairs.len(), 1, "{reach}");
    }
}

#[test]
fn edge_to_edge_is_not_within_no_reach_but_is_within_any() {
    // Sprites sharing an edge only touch, as `overlaps` says; a reach past zero finds the pair.
    let block = Mask::from_fn(4, 4, |_, _| true).unwrap();
    let a = Sprite::new(&block, Affine2::IDENTITY);
    let b = Sprite::new(&block, Affine2::from_translation(Vec2::new(4.0, 0.0)));
    let mut pairs = Vec::new();
    assert!(near_rects(a, b, 0.0, &mut pairs).is_complete());
    assert!(pairs.is_empty(), "{pairs:?}");
    assert!(near_rects(a, b, 1e-3, &mut pairs).is_complete());
    assert_eq!(
        pairs,
        vec![(PixelRect::new(0, 0, 4, 4), PixelRect::new(0, 0, 4, 4))]
    );
}

#[test]
fn large_ragged_masks_deep_in_each_other_stop_past_the_bound() {
    // Two 2,048 px noise masks laid over each other, turned: far more than 4,096 texel pairs come
    // within reach, so the answer is "ask contact_manifold", with nothing listed; two solid masks of
    // the largest side the test can afford keep one rectangle each.
    let noise = |seed: u64| {
        Mask::from_fn(2048, 2048, |x, y| {
            let v = (u64::from(x) << 32 | u64::from(y)) ^ seed;
            v.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 63 == 1
        })
        .unwrap()
    };
    let (m, n) = (noise(1), noise(2));
    let turned = Affine2::from_angle_translation(0.3, Vec2::new(100.0, -200.0));
    let mut pairs = vec![(PixelRect::new(0, 0, 1, 1), PixelRect::new(0, 0, 1, 1))];
    let listed = near_rects(
        Sprite::new(&m, Affine2::IDENTITY),
        Sprite::new(&n, turned),
        1.0,
        &mut pairs,
    );
    assert!(listed == NearRects::BudgetRanOut && pairs.is_empty());
    let solid = Mask::from_fn(8192, 8192, |_, _| true).unwrap();
    let far = Affine2::from_angle_translation(1.0, Vec2::new(4000.0, 4000.0));
    assert!(
        near_rects(
            Sprite::new(&solid, Affine2::IDENTITY),
            Sprite::new(&solid, far),
            1.0,
            &mut pairs
        )
        .is_complete()
    );
    assert_eq!(pairs.len(), 1);
}

#[test]
fn an_empty_mask_lists_nothing_and_is_complete_and_an_unplaced_sprite_is_not_placed() {
    let block = Mask::from_fn(4, 4, |_, _| true).unwrap();
    let empty = Mask::filled(4, 4, false).unwrap();
    let b = Sprite::new(&block, Affine2::IDENTITY);
    let mut pairs = vec![(PixelRect::new(0, 0, 1, 1), PixelRect::new(0, 0, 1, 1))];
    let e = Sprite::new(&empty, Affine2::IDENTITY);
    assert_eq!(near_rects(e, b, 1.0, &mut pairs), NearRects::Complete);
    assert!(pairs.is_empty());
    for t in [
        Affine2::from_scale(Vec2::new(0.0, 1.0)),
        Affine2::from_translation(Vec2::new(f32::NAN, 0.0)),
    ] {
        let unplaced = Sprite::new(&block, t);
        assert_eq!(
            near_rects(unplaced, b, 1.0, &mut pairs),
            NearRects::NotPlaced
        );
        assert_eq!(
            near_rects(b, unplaced, 1.0, &mut pairs),
            NearRects::NotPlaced
        );
        assert!(pairs.is_empty());
    }
}
