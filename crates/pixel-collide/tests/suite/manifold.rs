//! The contact manifold against brute force, over masks turned, scaled, flipped and sheared: the
//! normal reversed with the order, the depth a way out no longer than a push along a face normal or
//! a world axis, the points on both sprites' solid texels, the same answers from a tree built for
//! contacts, an exact circle and capsule against the nearest solid point, flat contacts with two level
//! points, and the contract kept on masks up to 96 texels a side.

use crate::support;

use glam::{Affine2, Mat2, Vec2};
use pixel_collide::{
    Circle, Mask, Sprite, capsule_manifold, circle_manifold, contact_manifold, distance, overlaps,
    push_out, push_out_along,
};
use proptest::prelude::*;

/// Whether moving `a` back along `normal` by `depth`, or `b` on along it, frees the pair, allowing
/// for the rounding of rebuilding the moved translation in `f32`: a hair longer (a few millionths
/// of the depth), or two steps of `f32` at the size of the translations, which is all a translation
/// far from the origin can move by.
fn frees(ma: &Mask, pa: Affine2, mb: &Mask, pb: Affine2, normal: Vec2, depth: f32) -> bool {
    let size = pa.translation.abs().max(pb.translation.abs()).max_element();
    let rounding = 2.0 * f32::EPSILON * size;
    [1.0, 1.0 + 1e-6, 1.0 + 1e-5, 1.0 + 1e-4]
        .map(|k| depth * k)
        .into_iter()
        .chain([depth + rounding])
        .any(|d| {
            let step = normal * d;
            let a_out = Sprite::new(ma, Affine2::from_translation(-step) * pa);
            let b_out = Sprite::new(mb, Affine2::from_translation(step) * pb);
            !overlaps(a_out, Sprite::new(mb, pb)) || !overlaps(Sprite::new(ma, pa), b_out)
        })
}

/// A pair 0.00058 deep on a mirrored, sheared grid some 18 units from the origin (found by a
/// property-test campaign, seed 6531509068678418603): the manifold's depth is the exact first free
/// distance, which frees the pair moved near the origin, while at 18 units an `f32` translation steps
/// by 1.9e-6 and the first free one lies 6e-7 past it. The same pair gives the same depth wherever it
/// is, and it is a way out to within the rounding of the translation.
#[test]
fn a_shallow_depth_far_from_the_origin_is_a_way_out_to_within_the_rounding_of_the_translation() {
    let column = Mask::from_fn(2, 15, |_, _| true).unwrap();
    let rows: [u32; 8] = [3, 0, 4, 4, 1, 0, 2, 0];
    let specks = Mask::from_fn(3, 8, |x, y| rows[y as usize] >> x & 1 != 0).unwrap();
    let at = |x: [f32; 2], y: [f32; 2], t: Vec2| {
        Affine2::from_mat2_translation(Mat2::from_cols(Vec2::from(x), Vec2::from(y)), t)
    };
    let pa = |c: Vec2| {
        at(
            [1.4813756, -1.2151471],
            [-0.73924303, -0.9012049],
            Vec2::new(-18.556173, 2.451493) - c,
        )
    };
    let pb = |c: Vec2| {
        at(
            [1.1878014, -0.8273043],
            [1.251682, 1.084242],
            Vec2::new(-16.083895, 0.42277703) - c,
        )
    };
    let manifold = |c: Vec2| {
        contact_manifold(
            Sprite::new(&column, pa(c)),
            Sprite::new(&specks, pb(c)),
            1.0,
        )
        .expect("overlapping sprites have a manifold")
    };
    // 16 units nearer the origin, each coordinate moved exactly (both lie within a factor of two of 16).
    let (far, near) = (manifold(Vec2::ZERO), manifold(Vec2::new(-16.0, 0.0)));
    assert_eq!((far.normal, far.depth), (near.normal, near.depth));
    let (n, d) = (far.normal, far.depth);
    let step = |k: f32, c: Vec2| {
        let a_out = Sprite::new(&column, Affine2::from_translation(-n * d * k) * pa(c));
        !overlaps(a_out, Sprite::new(&specks, pb(c)))
    };
    assert!(
        step(1.0001, Vec2::new(-16.0, 0.0)),
        "near the origin the depth is a way out"
    );
    assert!(
        !step(1.0001, Vec2::ZERO),
        "far out the first free translation lies past it"
    );
    assert!(frees(
        &column,
        pa(Vec2::ZERO),
        &specks,
        pb(Vec2::ZERO),
        n,
        d
    ));
    assert!(!frees(
        &column,
        pa(Vec2::ZERO),
        &specks,
        pb(Vec2::ZERO),
        n,
        0.5 * d
    ));
}

/// A sprite squashed to 1e-30 of a texel across (not degenerate: its columns stay perpendicular),
/// whose column lengths underflow an `f32` when squared, lying across a texel (found by the
/// `pair_queries` fuzz target): it overlaps, so it has a manifold.
#[test]
fn a_sprite_thinner_than_an_f32_square_can_hold_still_has_its_manifold() {
    let (wide, dot) = (
        Mask::from_fn(6, 1, |_, _| true).unwrap(),
        Mask::from_fn(1, 1, |_, _| true).unwrap(),
    );
    let squashed = Mat2::from_cols(Vec2::new(2.9766533, 0.0), Vec2::new(0.0, -1e-30));
    let a = Sprite::new(
        &wide,
        Affine2::from_mat2_translation(squashed, Vec2::new(0.0, 0.080568865)),
    );
    let b = Sprite::new(&dot, Affine2::IDENTITY);
    assert!(overlaps(a, b));
    for (first, second) in [(a, b), (b, a)] {
        let m = contact_manifold(first, second, 1.0).expect("overlapping sprites have a manifold");
        assert!(
            m.normal.is_finite() && (m.depth - 0.080568865).abs() < 1e-6,
            "{m:?}"
        );
    }
}

/// A random mask up to 24 texels a side, from sparse to dense.
fn mask() -> impl Strategy<Value = Mask> {
    (1u32..=24, 1u32..=24, 3u32..=10).prop_flat_map(|(w, h, density)| {
        proptest::collection::vec(0u32..10, (w * h) as usize).prop_map(move |cells| {
            Mask::from_fn(w, h, |x, y| cells[(y * w + x) as usize] < density).unwrap()
        })
    })
}

/// A placement: a position near the origin, any turn, a scale from half to twice along each axis,
/// either axis flipped or not, and sheared by up to half a texel per texel.
fn placement() -> impl Strategy<Value = Affine2> {
    (
        (
            -20.0f32..20.0,
            -20.0f32..20.0,
            0.0f32..std::f32::consts::TAU,
        ),
        (0.5f32..2.0, 0.5f32..2.0, any::<bool>(), any::<bool>()),
        prop_oneof![Just(0.0f32), -0.5f32..0.5],
    )
        .prop_map(|((x, y, turn), (sx, sy, fx, fy), shear)| {
            let flip = Vec2::new(if fx { -sx } else { sx }, if fy { -sy } else { sy });
            Affine2::from_scale_angle_translation(flip, turn, Vec2::new(x, y))
                * Affine2::from_cols_array(&[1.0, 0.0, shear, 1.0, 0.0, 0.0])
        })
}

/// The world distance from `p` to the nearest solid texel (a closed parallelogram) of `s`, by
/// sampling each texel's square finely: brute force.
fn distance_to_solid(s: &Sprite<'_>, p: Vec2) -> f32 {
    let inverse = s.transform.inverse();
    let local = inverse.transform_point2(p);
    let mut best = f32::INFINITY;
    for y in 0..s.mask.height() {
        for x in 0..s.mask.width() {
            if !s.mask.is_solid(x, y) {
                continue;
            }
            let nearest = local.clamp(
                Vec2::new(x as f32, y as f32),
                Vec2::new(x as f32 + 1.0, y as f32 + 1.0),
            );
            // The nearest point in texel space maps to a point of the texel; its world distance
            // bounds the true one from above, within the texel's skew.
            best = best.min(s.transform.transform_point2(nearest).distance(p));
        }
    }
    best
}

fn texel(s: &Sprite<'_>) -> f32 {
    s.transform
        .matrix2
        .x_axis
        .length()
        .max(s.transform.matrix2.y_axis.length())
}

proptest! {
    #![proptest_config(support::cases(200))]

    #[test]
    fn the_normal_is_reversed_exactly_when_the_pair_is_swapped(
        ma in mask(), mb in mask(), pa in placement(), pb in placement(), reach in 0.0f32..4.0,
    ) {
        let (a, b) = (Sprite::new(&ma, pa), Sprite::new(&mb, pb));
        let ab = contact_manifold(a, b, reach);
        let ba = contact_manifold(b, a, reach);
        prop_assert_eq!(ab.map(|m| m.reversed()), ba);
        if let Some(m) = ab {
            prop_assert!((m.normal.length() - 1.0).abs() < 1e-4);
            prop_assert!(!m.points().is_empty() && m.points().len() <= 2);
        }
    }

    #[test]
    fn the_depth_of_an_overlap_is_a_way_out_no_longer_than_any_face_or_axis_push(
        ma in mask(), mb in mask(), pa in placement(), pb in placement(),
    ) {
        let (a, b) = (Sprite::new(&ma, pa), Sprite::new(&mb, pb));
        let m = contact_manifold(a, b, 1.0);
        match push_out(a, b) {
            Some(push) => {
                let m = m.expect("overlapping sprites have a manifold");
                // The depth is the exact first free distance, which the f32 step may just miss.
                prop_assert!(frees(&ma, pa, &mb, pb, m.normal, m.depth), "not a way out: {:?}", m);
                // Never longer than the push along a world axis or a face normal of either mask's
                // texels, which are all tried.
                let faces = |t: Affine2| {
                    [t.matrix2.x_axis.perp(), t.matrix2.y_axis.perp()]
                        .map(|n| n.normalize())
                };
                let mut directions = vec![Vec2::X, Vec2::Y];
                directions.extend(faces(pa));
                directions.extend(faces(pb));
                for axis in directions.iter().flat_map(|&d| [d, -d]) {
                    for along in [push_out_along(a, b, axis), push_out_along(b, a, axis)].into_iter().flatten() {
                        if !along.budget_ran_out {
                            let l = along.offset.length();
                            prop_assert!(m.depth <= l * (1.0 + 1e-3) + 1e-4, "{} > {} along {}", m.depth, l, axis);
                        }
                    }
                }
                // And, as a search of more directions, no longer than push-out's own where that is
                // along a world axis (a face normal's push is shorter than push-out's now and then).
                let depth = push.offset.length();
                let axis_aligned = push.offset.x == 0.0 || push.offset.y == 0.0;
                if axis_aligned {
                    prop_assert!(m.depth <= depth * (1.0 + 1e-3) + 1e-4, "depth {} against push-out {}", m.depth, depth);
                }
                let deepest = m.points().iter().map(|p| p.depth).fold(f32::MIN, f32::max);
                prop_assert!(deepest <= m.depth + 1e-4);
            }
            None => {
                if let Some(m) = m {
                    let d = distance(a, b).unwrap().distance;
                    prop_assert!((m.depth + d).abs() <= 1e-4 * d.max(1.0));
                    prop_assert!(d <= 1.0 + 1e-4);
                }
            }
        }
    }

    #[test]
    fn points_lie_within_the_larger_texel_of_both_shapes_solid_texels(
        ma in mask(), mb in mask(), pa in placement(), pb in placement(), reach in 0.0f32..3.0,
    ) {
        let (a, b) = (Sprite::new(&ma, pa), Sprite::new(&mb, pb));
        if let Some(m) = contact_manifold(a, b, reach) {
            for p in m.points() {
                let slack = 0.5 * p.depth.abs() + 1e-3;
                let da = distance_to_solid(&a, p.point);
                let db = distance_to_solid(&b, p.point);
                // A point stands on a texel of the mask with fewer texels, whose texels may be the
                // larger: within the larger texel of both.
                let reach = texel(&a).max(texel(&b)) + slack;
                prop_assert!(da <= reach, "{} from a, texels {} and {}", da, texel(&a), texel(&b));
                prop_assert!(db <= reach, "{} from b, texels {} and {}", db, texel(&a), texel(&b));
                prop_assert!(ma.is_solid(p.texel_a.0, p.texel_a.1));
                prop_assert!(mb.is_solid(p.texel_b.0, p.texel_b.1) || db > 1.0);
            }
        }
    }

    #[test]
    fn a_circles_depth_and_normal_are_those_of_the_nearest_solid_point(
        m in mask(), (x, y, turn, scale) in (-20.0f32..20.0, -20.0f32..20.0, 0.0f32..std::f32::consts::TAU, 0.5f32..2.0),
        (cx, cy, radius, reach) in (-30.0f32..30.0, -30.0f32..30.0, 0.5f32..12.0, 0.0f32..3.0),
    ) {
        // Turned and scaled alike on both axes, so that the brute force's nearest point is exact.
        let place = Affine2::from_scale_angle_translation(Vec2::splat(scale), turn, Vec2::new(x, y));
        let s = Sprite::new(&m, place);
        let center = Vec2::new(cx, cy);
        let nearest = distance_to_solid(&s, center);
        match circle_manifold(Circle::new(center, radius), s, reach) {
            Some(c) => {
                let apart = radius - c.depth;
                prop_assert!((apart - nearest).abs() <= 1e-3 * nearest.max(1.0), "{} against {}", apart, nearest);
                prop_assert!(-c.depth <= reach + 1e-4);
                prop_assert!((c.normal.length() - 1.0).abs() < 1e-4);
                // The normal points from the centre to the nearest point, which lies `apart` away.
                let p = center + c.normal * apart;
                prop_assert!(distance_to_solid(&s, p) <= 1e-3 * nearest.max(1.0), "{:?}", c);
                prop_assert!(m.is_solid(c.points()[0].texel_b.0, c.points()[0].texel_b.1));
            }
            None => prop_assert!(
                s.contains_point(center) || nearest > radius + reach - 1e-3 * nearest.max(1.0),
                "{} within {} + {}", nearest, radius, reach
            ),
        }
    }

    #[test]
    fn a_capsules_depth_is_that_of_the_nearest_solid_point_to_its_segment(
        m in mask(), (x, y, turn, scale) in (-20.0f32..20.0, -20.0f32..20.0, 0.0f32..std::f32::consts::TAU, 0.5f32..2.0),
        (ax, ay, bx, by) in (-30.0f32..30.0, -30.0f32..30.0, -30.0f32..30.0, -30.0f32..30.0),
        (radius, reach) in (0.5f32..8.0, 0.0f32..3.0),
    ) {
        let place = Affine2::from_scale_angle_translation(Vec2::splat(scale), turn, Vec2::new(x, y));
        let s = Sprite::new(&m, place);
        let (a, b) = (Vec2::new(ax, ay), Vec2::new(bx, by));
        // Brute force: the segment sampled finely, each sample's nearest solid point.
        let samples = 400;
        let nearest = (0..=samples)
            .map(|k| distance_to_solid(&s, a.lerp(b, k as f32 / samples as f32)))
            .fold(f32::INFINITY, f32::min);
        let slack = a.distance(b) / samples as f32 + 1e-3 * nearest.max(1.0);
        if let Some(c) = capsule_manifold(a, b, radius, s, reach) {
            let apart = radius - c.depth;
            prop_assert!(apart <= nearest + 1e-3 * nearest.max(1.0) && apart >= nearest - slack, "{} against {}", apart, nearest);
            prop_assert!(-c.depth <= reach + 1e-4);
            prop_assert!((c.normal.length() - 1.0).abs() < 1e-4);
            for p in c.points() {
                prop_assert!(m.is_solid(p.texel_b.0, p.texel_b.1));
            }
        } else {
            prop_assert!(nearest > radius + reach - slack || nearest <= slack, "{} within {} + {}", nearest, radius, reach);
        }
    }

    #[test]
    fn a_tree_built_for_contacts_gives_the_same_answers(
        ma in mask(), mb in mask(), pa in placement(), pb in placement(), reach in 0.0f32..3.0,
    ) {
        let (ca, cb) = (ma.clone(), mb.clone());
        ca.build_tree_for_contacts();
        cb.build_tree_for_contacts();
        let (a, b) = (Sprite::new(&ma, pa), Sprite::new(&mb, pb));
        let (ta, tb) = (Sprite::new(&ca, pa), Sprite::new(&cb, pb));
        prop_assert_eq!(overlaps(a, b), overlaps(ta, tb));
        let (m, t) = (contact_manifold(a, b, reach), contact_manifold(ta, tb, reach));
        prop_assert_eq!(m.is_some(), t.is_some());
        if let (Some(m), Some(t)) = (m, t) {
            // Boxes split differently round differently, by a few units in the last place.
            prop_assert!((m.depth - t.depth).abs() <= 1e-4 * m.depth.abs().max(1.0), "{:?} {:?}", m, t);
            prop_assert!(m.normal.dot(t.normal) > 1.0 - 1e-5, "{:?} {:?}", m, t);
        }
    }
}

/// A mask of 24 to 96 texels a side: blobs (a few discs) over sparse noise, so that its tree holds
/// both solid rectangles and bit blocks.
fn large_mask() -> impl Strategy<Value = Mask> {
    (
        24u32..=96,
        24u32..=96,
        proptest::collection::vec((0.0f32..1.0, 0.0f32..1.0, 3.0f32..20.0), 1..5),
        any::<u64>(),
    )
        .prop_map(|(w, h, blobs, seed)| {
            Mask::from_fn(w, h, |x, y| {
                let p = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
                let noise = ((u64::from(x) * 0x9e37_79b9) ^ (u64::from(y) * 0x85eb_ca6b) ^ seed)
                    .wrapping_mul(0x2545_f491_4f6c_dd1d)
                    >> 61
                    == 0;
                noise
                    || blobs
                        .iter()
                        .any(|&(bx, by, r)| p.distance(Vec2::new(bx * w as f32, by * h as f32)) < r)
            })
            .unwrap()
        })
}

/// A placement of a large mask: as [`placement`], spread four times as far.
fn large_placement() -> impl Strategy<Value = Affine2> {
    placement().prop_map(|t| {
        Affine2::from_mat2_translation(t.matrix2, t.translation * 4.0 - Vec2::splat(40.0))
    })
}

proptest! {
    #![proptest_config(support::cases(40))]

    #[test]
    fn large_masks_keep_the_contract_reversed_and_on_their_texels(
        ma in large_mask(), mb in large_mask(), pa in large_placement(), pb in large_placement(),
        reach in 0.0f32..4.0,
    ) {
        let (a, b) = (Sprite::new(&ma, pa), Sprite::new(&mb, pb));
        let ab = contact_manifold(a, b, reach);
        prop_assert_eq!(ab.map(|m| m.reversed()), contact_manifold(b, a, reach));
        let Some(m) = ab else { return Ok(()) };
        prop_assert!((m.normal.length() - 1.0).abs() < 1e-4);
        let deepest = m.points().iter().map(|p| p.depth).fold(f32::MIN, f32::max);
        prop_assert!(deepest <= m.depth + 1e-4, "{:?}", m);
        for p in m.points() {
            let reach = texel(&a).max(texel(&b)) + 0.5 * p.depth.abs() + 1e-3;
            let (da, db) = (distance_to_solid(&a, p.point), distance_to_solid(&b, p.point));
            prop_assert!(da <= reach && db <= reach, "{} and {} from a and b: {:?}", da, db, m);
        }
    }
}

#[test]
fn a_box_resting_flat_gets_two_level_points_at_its_bottom_corners() {
    let ground = Mask::from_fn(64, 8, |_, _| true).unwrap();
    let body = Mask::from_fn(10, 6, |_, _| true).unwrap();
    let g = Sprite::new(&ground, Affine2::IDENTITY);
    for sunk in [0.0, 0.01, 0.3, 0.99] {
        let b = Sprite::new(
            &body,
            Affine2::from_translation(Vec2::new(20.25, 8.0 - sunk)),
        );
        let m = contact_manifold(b, g, 0.5).unwrap();
        assert_eq!(m.normal, Vec2::NEG_Y, "sunk {sunk}");
        assert!((m.depth - sunk).abs() < 1e-5, "sunk {sunk}: {}", m.depth);
        let p = m.points();
        assert_eq!(p.len(), 2);
        assert_eq!(p[0].depth, p[1].depth);
        assert_eq!([p[0].texel_a, p[1].texel_a], [(0, 0), (9, 0)]);
        assert_eq!([p[0].point.x, p[1].point.x], [20.75, 29.75]);
    }
}

#[test]
fn a_body_hovering_within_reach_gets_a_speculative_contact() {
    let ground = Mask::from_fn(64, 8, |_, _| true).unwrap();
    let body = Mask::from_fn(10, 6, |_, _| true).unwrap();
    let g = Sprite::new(&ground, Affine2::IDENTITY);
    let b = Sprite::new(&body, Affine2::from_translation(Vec2::new(20.0, 9.5)));
    let m = contact_manifold(b, g, 2.0).unwrap();
    assert_eq!((m.normal, m.depth), (Vec2::NEG_Y, -1.5));
    assert!(
        m.points()
            .iter()
            .all(|p| p.depth == -1.5 && p.point.y == 8.75)
    );
    assert!(contact_manifold(b, g, 1.0).is_none());
}

#[test]
fn contact_ids_stay_the_same_while_the_contact_does() {
    let ground = Mask::from_fn(64, 8, |_, _| true).unwrap();
    let body = Mask::from_fn(10, 6, |_, _| true).unwrap();
    let g = Sprite::new(&ground, Affine2::IDENTITY);
    let ids = |y: f32| {
        let b = Sprite::new(&body, Affine2::from_translation(Vec2::new(20.3, y)));
        let m = contact_manifold(b, g, 1.0).unwrap();
        m.points()
            .iter()
            .map(|p| (p.texel_a, p.texel_b))
            .collect::<Vec<_>>()
    };
    assert_eq!(ids(7.9), ids(8.05));
    assert_eq!(ids(7.9), ids(7.6));
}

#[test]
fn a_tilted_box_touches_on_its_lower_corner() {
    let ground = Mask::from_fn(64, 8, |_, _| true).unwrap();
    let body = Mask::from_fn(10, 10, |_, _| true).unwrap();
    let g = Sprite::new(&ground, Affine2::IDENTITY);
    let placed = Affine2::from_translation(Vec2::new(30.0, 12.0))
        * Affine2::from_angle(0.3)
        * Affine2::from_translation(Vec2::splat(-5.0));
    let b = Sprite::new(&body, placed);
    let m = contact_manifold(b, g, 1.0).unwrap();
    assert!(m.normal.y < -0.9);
    // The deepest point is within a texel of the box's lowest corner.
    let corner = placed.transform_point2(Vec2::ZERO);
    let deepest = m
        .points()
        .iter()
        .max_by(|p, q| p.depth.total_cmp(&q.depth))
        .unwrap();
    assert!(deepest.point.distance(corner) < 1.5, "{deepest:?} {corner}");
}

#[test]
fn a_tipped_box_gets_a_speculative_point_at_the_far_end_of_its_lower_face() {
    // y up: ground to y = 8; a 10 x 10 box turned 0.2 rad with its lowest corner on the ground.
    let ground = Mask::from_fn(64, 8, |_, _| true).unwrap();
    let body = Mask::from_fn(10, 10, |_, _| true).unwrap();
    let g = Sprite::new(&ground, Affine2::IDENTITY);
    let turn = 0.2f32;
    let lowest = 5.0 * turn.sin() + 5.0 * turn.cos();
    let placed = Affine2::from_translation(Vec2::new(30.0, 8.0 + lowest))
        * Affine2::from_angle(turn)
        * Affine2::from_translation(Vec2::splat(-5.0));
    let b = Sprite::new(&body, placed);
    // Within a reach of 3 the lower face's far texel, its lowest corner 1.79 px up, is a point,
    // so that a body turning onto that face meets it before it sinks in.
    let m = contact_manifold(b, g, 3.0).unwrap();
    let far = placed.transform_point2(Vec2::new(9.0, 0.0)).y - 8.0;
    assert!((far - 1.788).abs() < 1e-3, "{far}");
    let points = m.points();
    assert_eq!(points.len(), 2, "{m:?}");
    assert!(
        points
            .iter()
            .any(|p| p.texel_a == (0, 0) && p.depth.abs() < 1e-3),
        "{m:?}"
    );
    let p = points
        .iter()
        .find(|p| p.texel_a == (9, 0))
        .expect("the far texel");
    assert!((p.depth + far).abs() < 1e-3, "{} against {far}", p.depth);
    // Within a reach of a texel only the corner and the lower face's first texel: no far point.
    let near = contact_manifold(b, g, 0.1).unwrap();
    assert!(near.points().iter().all(|p| p.depth > -0.5), "{near:?}");
    // The pair reversed gives the same points, their texels swapped.
    let back = contact_manifold(g, b, 3.0).unwrap();
    assert_eq!((back.normal, back.depth), (-m.normal, m.depth));
    assert_eq!(back.points().len(), points.len());
    for (p, q) in back.points().iter().zip(points) {
        assert_eq!((p.point, p.depth), (q.point, q.depth));
        assert_eq!((p.texel_a, p.texel_b), (q.texel_b, q.texel_a));
    }
}

#[test]
fn apart_or_not_finite_gives_none() {
    let square = Mask::from_fn(4, 4, |_, _| true).unwrap();
    let a = Sprite::new(&square, Affine2::IDENTITY);
    let far = Sprite::new(&square, Affine2::from_translation(Vec2::new(10.0, 0.0)));
    assert!(contact_manifold(a, far, 5.0).is_none());
    assert!(contact_manifold(a, far, 6.5).is_some());
    let nan = Sprite::new(&square, Affine2::from_translation(Vec2::new(f32::NAN, 0.0)));
    assert!(contact_manifold(a, nan, 5.0).is_none());
    let flat = Sprite::new(&square, Affine2::from_scale(Vec2::new(0.0, 1.0)));
    assert!(contact_manifold(a, flat, 5.0).is_none());
    let empty = Mask::from_fn(4, 4, |_, _| false).unwrap();
    assert!(contact_manifold(a, Sprite::new(&empty, Affine2::IDENTITY), 5.0).is_none());
}
