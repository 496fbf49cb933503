//! The overlap test of sprites made of solid rectangles screens its pairs of boxes in `f32`; every
//! answer must be the exact `f64` walk's (which `collide_traced` always takes), contact and all.

use crate::support;

use glam::{Affine2, Vec2};
use pixel_collide::debug::collide_traced;
use pixel_collide::{Mask, Sprite, collide, overlap_point, overlaps};
use proptest::prelude::*;
use support::mirrored;
use support::strategies::placement;

/// A mask of up to `side` texels a side that is the union of one to six rectangles: a shape the
/// tree covers with solid rectangles, as it does the game's sprites.
fn rectangles(side: u32) -> impl Strategy<Value = Mask> {
    (
        2u32..=side,
        2u32..=side,
        proptest::collection::vec((0.0f32..1.0, 0.0f32..1.0, 0.0f32..1.0, 0.0f32..1.0), 1..6),
    )
        .prop_map(|(w, h, rects)| {
            let rects: Vec<[u32; 4]> = rects
                .iter()
                .map(|&(x0, y0, x1, y1)| {
                    let at = |f: f32, n: u32| ((f * n as f32) as u32).min(n - 1);
                    let (x0, x1) = (at(x0.min(x1), w), at(x0.max(x1), w));
                    let (y0, y1) = (at(y0.min(y1), h), at(y0.max(y1), h));
                    [x0, y0, x1, y1]
                })
                .collect();
            Mask::from_fn(w, h, |x, y| {
                rects
                    .iter()
                    .any(|r| (r[0]..=r[2]).contains(&x) && (r[1]..=r[3]).contains(&y))
            })
            .unwrap()
        })
}

/// Both argument orders of `collide`, `overlap_point` and `overlaps` against the `f64` walk.
fn agrees_with_the_exact_walk(
    a: &Mask,
    ta: Affine2,
    b: &Mask,
    tb: Affine2,
) -> Result<(), TestCaseError> {
    let (sa, sb) = (Sprite::new(a, ta), Sprite::new(b, tb));
    let exact = collide_traced(sa, sb, |_| {});
    prop_assert_eq!(collide(sa, sb), exact);
    prop_assert!(mirrored(exact, collide(sb, sa)));
    prop_assert_eq!(overlap_point(sa, sb), exact.map(|c| c.point));
    prop_assert_eq!(overlaps(sa, sb), exact.is_some());
    prop_assert_eq!(overlaps(sb, sa), exact.is_some());
    Ok(())
}

proptest! {
    #![proptest_config(support::cases(2000))]

    #[test]
    fn turned_sprites_of_rectangles_answer_as_the_exact_walk(
        a in rectangles(48),
        b in rectangles(48),
        ta in placement(8.0, 60.0),
        tb in placement(8.0, 60.0),
        far in prop_oneof![Just(0.0f32), Just(1e4), Just(1e6)],
    ) {
        let out = Affine2::from_translation(Vec2::new(far, -far));
        agrees_with_the_exact_walk(&a, out * ta, &b, out * tb)?;
    }

    #[test]
    fn a_translated_sprite_against_a_turned_one_answers_as_the_exact_walk(
        a in rectangles(48),
        b in rectangles(48),
        (tx, ty) in (-60.0f32..60.0, -60.0f32..60.0),
        tb in placement(8.0, 60.0),
    ) {
        // The game's case: its figure is only ever moved, the blocks turn.
        agrees_with_the_exact_walk(&a, Affine2::from_translation(Vec2::new(tx, ty)), &b, tb)?;
    }

    #[test]
    fn at_the_last_place_they_touch_the_answer_is_the_exact_walks(
        a in rectangles(48),
        b in rectangles(48),
        ta in placement(8.0, 20.0),
        tb in placement(8.0, 20.0),
        angle in 0.0f32..std::f32::consts::TAU,
    ) {
        // Start with a solid texel of each centred on the same point, then slide the second sprite
        // away until the exact walk last sees a touch, to within a float of the travel: there the
        // overlap is thinner than any rounding of the screen's margin.
        let centre = |m: &Mask| {
            let r = m.cover()[0];
            Vec2::new(r.x as f32 + 0.5, r.y as f32 + 0.5)
        };
        let meet = ta.transform_point2(centre(&a)) - tb.transform_point2(centre(&b));
        let tb = Affine2::from_translation(meet) * tb;
        let away = Vec2::from_angle(angle) * 2000.0;
        let at = |s: f32| Affine2::from_translation(away * s) * tb;
        let touches = |s: f32| {
            collide_traced(Sprite::new(&a, ta), Sprite::new(&b, at(s)), |_| {}).is_some()
        };
        prop_assert!(touches(0.0));
        let (mut inside, mut outside) = (0.0f32, 1.0f32);
        for _ in 0..40 {
            let mid = (inside + outside) / 2.0;
            if mid == inside || mid == outside {
                break;
            }
            if touches(mid) { inside = mid } else { outside = mid }
        }
        agrees_with_the_exact_walk(&a, ta, &b, at(inside))?;
        agrees_with_the_exact_walk(&a, ta, &b, at(outside))?;
    }
}

#[test]
fn rectangles_edge_to_edge_after_a_turn_do_not_touch_and_a_hair_over_do() {
    // Two 16 x 8 bars turned alike, the second moved along the first one's turned x axis by
    // exactly its width: they share an edge, which is not a touch; an overlap of 1e-3 is.
    let bar = Mask::from_fn(16, 8, |_, _| true).unwrap();
    for step in 0..72 {
        let turn = Affine2::from_angle((step as f32 * 5.0).to_radians());
        let along = turn.transform_vector2(Vec2::X);
        for (shift, touch) in [(16.0, false), (16.0 - 1e-3, true)] {
            let tb = Affine2::from_translation(along * shift) * turn;
            let (sa, sb) = (Sprite::new(&bar, turn), Sprite::new(&bar, tb));
            let exact = collide_traced(sa, sb, |_| {});
            assert_eq!(collide(sa, sb), exact, "turn {step}, shift {shift}");
            assert_eq!(
                overlaps(sa, sb),
                exact.is_some(),
                "turn {step}, shift {shift}"
            );
            if step % 18 == 0 {
                // A quarter turn maps texels onto texels: rounding cannot hide the edge there.
                assert_eq!(exact.is_some(), touch, "turn {step}, shift {shift}");
            }
        }
    }
}

#[test]
fn a_sprite_up_to_1e60_times_smaller_inside_another_still_touches_it() {
    // Mapped into the large sprite, the small one's columns are 1e-19 to 1e-60 texels long: the
    // normals' lanes of the screen fall below `f32`'s normal numbers, at the last to nothing,
    // which parted every pair until the screen stood aside there.
    let big = Mask::from_fn(16, 16, |_, _| true).unwrap();
    let small = Mask::from_fn(4, 4, |_, _| true).unwrap();
    for (sa, sb) in [
        (-1e9f32, 1e-10f32),
        (1e9, -1e-10),
        (-1e9, -1e-10),
        (-1e12, 1e-12),
        (-1e15, 3e-15),
        (-1e30, 1e-30),
    ] {
        for turn in [0.3f32, 1.1, 2.0] {
            let ta = Affine2::from_scale(Vec2::new(sa, sa.abs()));
            let tb = Affine2::from_translation(ta.transform_point2(Vec2::splat(8.0)))
                * Affine2::from_angle(turn)
                * Affine2::from_scale(Vec2::new(sb, sb.abs()));
            let (a, b) = (Sprite::new(&big, ta), Sprite::new(&small, tb));
            let exact = collide_traced(a, b, |_| {});
            assert!(exact.is_some(), "scales {sa} and {sb}, turn {turn}");
            assert_eq!(collide(a, b), exact, "scales {sa} and {sb}, turn {turn}");
            assert!(
                overlaps(a, b) && overlaps(b, a),
                "scales {sa} and {sb}, turn {turn}"
            );
        }
    }
}
