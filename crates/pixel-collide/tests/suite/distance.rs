//! `distance` against brute force: the nearest pair of solid texels of two placed masks, under any
//! affine placement, edited masks included, in both argument orders.

use crate::support;

use glam::Affine2;
use pixel_collide::{Mask, Sprite, distance, overlaps};
use proptest::prelude::*;
use support::geometry::{distance_to_polygon, quads_apart, solid_quads};
use support::strategies::{mask, placement};

/// The nearest pair of solid texels, texel by texel; `None` when either has none.
fn brute(a: &Mask, ta: Affine2, b: &Mask, tb: Affine2) -> Option<f64> {
    let (qa, qb) = (solid_quads(a, ta), solid_quads(b, tb));
    let mut best: Option<f64> = None;
    for p in &qa {
        for q in &qb {
            let d = quads_apart(p, q);
            best = Some(best.map_or(d, |b: f64| b.min(d)));
        }
    }
    best
}

/// How far `p` lies from every solid texel of the sprite: 0 on one.
fn off_the_texels(p: glam::Vec2, m: &Mask, t: Affine2) -> f64 {
    solid_quads(m, t)
        .iter()
        .map(|q| distance_to_polygon(p.as_dvec2(), q))
        .fold(f64::INFINITY, f64::min)
}

/// Checks `distance` on the pair against brute force, both orders.
fn check(a: &Mask, ta: Affine2, b: &Mask, tb: Affine2) -> Result<(), TestCaseError> {
    let (sa, sb) = (Sprite::new(a, ta), Sprite::new(b, tb));
    let got = distance(sa, sb);
    let want = brute(a, ta, b, tb);
    let (Some(got), Some(want)) = (got, want) else {
        prop_assert_eq!(
            got.is_some(),
            want.is_some(),
            "one says apart, the other empty"
        );
        return Ok(());
    };
    // The answer is found in f64 from the same f32 placements and given in f32.
    let scale = 1.0 + want + ta.translation.abs().max_element() as f64;
    let tol = 1e-6 * scale;
    prop_assert!(
        (f64::from(got.distance) - want).abs() <= tol,
        "{got:?} against {want}"
    );
    prop_assert_eq!(got.lower_bound, got.distance, "the search finished");
    prop_assert!(!got.budget_ran_out, "{got:?}");
    prop_assert!(off_the_texels(got.on_a, a, ta) <= tol, "{got:?}");
    prop_assert!(off_the_texels(got.on_b, b, tb) <= tol, "{got:?}");
    let between = f64::from(got.on_a.distance(got.on_b));
    prop_assert!((between - f64::from(got.distance)).abs() <= tol, "{got:?}");
    if overlaps(sa, sb) {
        prop_assert_eq!(got.distance, 0.0);
    }
    let back = distance(sb, sa).expect("the same pair");
    prop_assert_eq!(back.distance, got.distance);
    prop_assert_eq!((back.on_a, back.on_b), (got.on_b, got.on_a));
    Ok(())
}

proptest! {
    #![proptest_config(support::cases(300))]

    #[test]
    fn distance_is_the_nearest_pair_of_solid_texels(
        a in mask(7), b in mask(7), ta in placement(3.0, 25.0), tb in placement(3.0, 25.0),
    ) {
        check(&a, ta, &b, tb)?;
    }

    #[test]
    fn distance_of_edited_masks_is_the_nearest_pair_of_their_texels_now(
        a in mask(9), b in mask(9), ta in placement(2.0, 20.0), tb in placement(2.0, 20.0),
        edits in proptest::collection::vec((0u32..9, 0u32..9, any::<bool>()), 1..12),
    ) {
        let (mut a, b) = (a, b);
        // A query first, so the edits rewrite a tree the mask already has.
        let _ = distance(Sprite::new(&a, ta), Sprite::new(&b, tb));
        for (x, y, solid) in edits {
            a.set(x % a.width(), y % a.height(), solid);
        }
        check(&a, ta, &b, tb)?;
    }
}

proptest! {
    #![proptest_config(support::cases(24))]

    #[test]
    fn distance_of_larger_round_masks_walked_as_bits_is_exact(
        seed in any::<u64>(), ta in placement(2.0, 60.0), tb in placement(2.0, 60.0),
    ) {
        // Discs with holes: masks whose trees are bit blocks, refined square by square.
        let disc = |s: u64| {
            Mask::from_fn(24, 24, move |x, y| {
                let (dx, dy) = (x as i64 - 12, y as i64 - 12);
                let hole = (u64::from(x) * 7 + u64::from(y) * 13 + s).is_multiple_of(11);
                dx * dx + dy * dy <= 121 && !hole
            })
            .unwrap()
        };
        check(&disc(seed), ta, &disc(seed >> 7), tb)?;
    }
}

#[test]
fn sprites_that_share_only_an_edge_are_zero_apart_and_the_budget_bounds_the_work() {
    let square = Mask::from_fn(4, 4, |_, _| true).unwrap();
    let a = Sprite::new(&square, Affine2::IDENTITY);
    let b = Sprite::new(
        &square,
        Affine2::from_translation(glam::Vec2::new(4.0, 1.0)),
    );
    assert!(!overlaps(a, b));
    assert_eq!(distance(a, b).unwrap().distance, 0.0);
    // Two large noise masks far apart: answered, with a lower bound no greater than the distance.
    let noise = support::xorshift_noise(512, 3);
    let far = Affine2::from_angle(0.4) * Affine2::from_translation(glam::Vec2::new(900.0, 0.0));
    let d = distance(
        Sprite::new(&noise, Affine2::IDENTITY),
        Sprite::new(&noise, far),
    )
    .unwrap();
    assert!(d.lower_bound <= d.distance && d.distance > 0.0, "{d:?}");
    assert!(d.budget_ran_out || d.lower_bound == d.distance, "{d:?}");
    // Empty masks and placements that cover no area are nowhere.
    let empty = Mask::from_fn(3, 3, |_, _| false).unwrap();
    assert!(distance(a, Sprite::new(&empty, Affine2::IDENTITY)).is_none());
    assert!(
        distance(
            a,
            Sprite::new(&square, Affine2::from_scale(glam::Vec2::ZERO))
        )
        .is_none()
    );
}

#[test]
fn a_search_out_of_budget_before_it_weighs_a_solid_pair_still_answers_with_a_real_pair() {
    // Two grids of lone texels three apart, one shifted half-way between the other's: every box
    // pair overlaps its neighbours', so the budget runs out high in the trees. The answer was
    // `None` there, as for an empty mask.
    let grid = Mask::from_fn(512, 512, |x, y| x % 3 == 0 && y % 3 == 0).unwrap();
    let (ta, tb) = (
        Affine2::IDENTITY,
        Affine2::from_translation(glam::Vec2::splat(1.5)),
    );
    let (a, b) = (Sprite::new(&grid, ta), Sprite::new(&grid, tb));
    let want = 0.5f64.hypot(0.5);
    let d = distance(a, b).expect("two grids of solid texels are some distance apart");
    assert!(d.budget_ran_out, "{d:?}");
    assert!(f64::from(d.lower_bound) <= want + 1e-6, "{d:?}");
    assert!(f64::from(d.distance) >= want - 1e-6, "{d:?}");
    assert!(off_the_texels(d.on_a, &grid, ta) <= 1e-6, "{d:?}");
    assert!(off_the_texels(d.on_b, &grid, tb) <= 1e-6, "{d:?}");
    assert!(
        (d.on_a.distance(d.on_b) - d.distance).abs() <= 1e-5,
        "{d:?}"
    );
    let back = distance(b, a).unwrap();
    assert_eq!(
        (back.distance, back.on_a, back.on_b),
        (d.distance, d.on_b, d.on_a)
    );
}
