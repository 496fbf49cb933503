//! The contact manifold of sprites that share a placement or a texel grid (debris spawned on one
//! spot, tiles of one sheared layer): the reversal exact whenever the two differ, a depth that is a
//! real way out for every overlap, and an infinite reach that means any distance.

use crate::support;

use glam::{Affine2, Vec2};
use pixel_collide::{Mask, Sprite, contact_manifold, distance, overlap_area, push_out};
use proptest::prelude::*;

/// A random mask of the given size, from sparse to dense.
fn mask_of(w: u32, h: u32) -> impl Strategy<Value = Mask> {
    (3u32..=10).prop_flat_map(move |density| {
        proptest::collection::vec(0u32..10, (w * h) as usize).prop_map(move |cells| {
            Mask::from_fn(w, h, |x, y| cells[(y * w + x) as usize] < density).unwrap()
        })
    })
}

/// Two random masks of one random size up to 16 texels a side.
fn two_masks() -> impl Strategy<Value = (Mask, Mask)> {
    (1u32..=16, 1u32..=16).prop_flat_map(|(w, h)| (mask_of(w, h), mask_of(w, h)))
}

/// A linear part: any turn, a scale from half to twice along each axis, either axis flipped, and
/// sheared by up to half a texel per texel.
fn linear() -> impl Strategy<Value = Affine2> {
    (
        0.0f32..std::f32::consts::TAU,
        (0.5f32..2.0, 0.5f32..2.0, any::<bool>(), any::<bool>()),
        prop_oneof![Just(0.0f32), -0.5f32..0.5],
    )
        .prop_map(|(turn, (sx, sy, fx, fy), shear)| {
            let flip = Vec2::new(if fx { -sx } else { sx }, if fy { -sy } else { sy });
            Affine2::from_scale_angle_translation(flip, turn, Vec2::ZERO)
                * Affine2::from_cols_array(&[1.0, 0.0, shear, 1.0, 0.0, 0.0])
        })
}

/// Whether moving `a` back or `b` on by `depth` along `normal` leaves the two apart: the step taken
/// as given, or a hair longer for the rounding of rebuilding it. On a shared grid the way out ends
/// with faces lying on each other, and the `f32` placements round either side of the seams: rows
/// that lie edge to edge can share a sliver of a millionth of a texel's area, which counts as apart.
fn frees(a: Sprite<'_>, b: Sprite<'_>, normal: Vec2, depth: f32) -> bool {
    let sliver = 1e-6 * a.transform.matrix2.determinant().abs();
    let apart = |x: Sprite<'_>, y: Sprite<'_>| overlap_area(x, y) <= sliver;
    [1.0, 1.0 + 1e-6, 1.0 + 1e-5, 1.0 + 1e-4].iter().any(|k| {
        let step = normal * (depth * k);
        let a_out = Sprite::new(a.mask, Affine2::from_translation(-step) * a.transform);
        let b_out = Sprite::new(b.mask, Affine2::from_translation(step) * b.transform);
        apart(a_out, b) || apart(a, b_out)
    })
}

/// The manifold's promises for one pair: the reversal bit for bit when the masks differ, a positive
/// depth that frees the pair when they overlap, and `distance`'s gap when they are apart.
fn check(a: Sprite<'_>, b: Sprite<'_>) -> Result<(), TestCaseError> {
    let ab = contact_manifold(a, b, 1.0);
    if a.mask != b.mask {
        prop_assert_eq!(ab.map(|m| m.reversed()), contact_manifold(b, a, 1.0));
    }
    if let Some(push) = push_out(a, b) {
        let m = ab.expect("overlapping sprites have a manifold");
        prop_assert!(m.depth > 0.0, "depth {} for an overlap", m.depth);
        prop_assert!(frees(a, b, m.normal, m.depth), "not a way out: {:?}", m);
        // Under a texel the depth is the shortest push along a face normal or a world axis, which
        // can be longer than push-out's search of more directions (a sliver of overlap left by
        // rounding); deeper, it is a search over directions as push-out's is, and the two land
        // within a texel of each other.
        let m2 = a.transform.matrix2;
        let texel = m2.x_axis.length().min(m2.y_axis.length());
        let push = push.offset.length();
        prop_assert!(
            m.depth <= push + texel * 1.001,
            "depth {} against push-out {}",
            m.depth,
            push
        );
    } else if let Some(m) = ab {
        let d = distance(a, b).unwrap().distance;
        prop_assert!(
            (m.depth + d).abs() <= 1e-4 * d.max(1.0),
            "{:?} against {}",
            m,
            d
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(support::cases(300))]

    #[test]
    fn two_masks_at_one_placement_keep_every_promise(
        (ma, mb) in two_masks(), t in linear(), x in -20.0f32..20.0, y in -20.0f32..20.0,
    ) {
        let t = Affine2::from_translation(Vec2::new(x, y)) * t;
        check(Sprite::new(&ma, t), Sprite::new(&mb, t))?;
    }

    #[test]
    fn masks_on_one_sheared_grid_keep_every_promise(
        (ma, mb) in two_masks(), t in linear(), dx in -6i32..=6, dy in -6i32..=6,
    ) {
        // Whole texels apart on a grid that both share: the aligned path.
        let tb = t * Affine2::from_translation(Vec2::new(dx as f32, dy as f32));
        check(Sprite::new(&ma, t), Sprite::new(&mb, tb))?;
    }

    #[test]
    fn an_infinite_reach_is_any_distance(
        (ma, mb) in two_masks(), t in linear(), x in -200.0f32..200.0, y in -200.0f32..200.0,
    ) {
        let (a, b) = (
            Sprite::new(&ma, t),
            Sprite::new(&mb, Affine2::from_translation(Vec2::new(x, y)) * t),
        );
        let any = contact_manifold(a, b, f32::INFINITY);
        let Some(d) = distance(a, b) else {
            prop_assert!(any.is_none());
            return Ok(());
        };
        // Overlaps are the other tests' part.
        prop_assume!(d.distance > 0.0);
        let m = any.expect("an infinite reach finds every pair with solid texels");
        prop_assert!((m.depth + d.distance).abs() <= 1e-4 * d.distance.max(1.0), "{:?} against {:?}", m, d);
        // The same contact as a finite reach just past the gap (the points' speculative ends
        // depend on the reach, and the closest points' rounding on how far the walk looks).
        let finite = contact_manifold(a, b, d.distance * 1.01 + 1.0).unwrap();
        prop_assert!(m.normal.distance(finite.normal) < 1e-5 && m.depth == finite.depth, "{:?} against {:?}", m, finite);
    }
}

/// An 8 x 8 L and an 8 x 8 bar overlapping where they share a placement.
fn l_and_bar() -> (Mask, Mask) {
    (
        Mask::from_fn(8, 8, |x, y| x < 3 || y > 4).unwrap(),
        Mask::from_fn(8, 8, |x, _| (2..6).contains(&x)).unwrap(),
    )
}

#[test]
fn two_masks_of_one_size_at_one_placement_reverse_bit_for_bit() {
    let (l, bar) = l_and_bar();
    for t in [
        Affine2::IDENTITY,
        Affine2::from_angle(0.4),
        Affine2::from_scale_angle_translation(Vec2::new(1.5, 0.75), -1.1, Vec2::ZERO),
    ] {
        let (a, b) = (Sprite::new(&l, t), Sprite::new(&bar, t));
        let ab = contact_manifold(a, b, 1.0).unwrap();
        assert_eq!(Some(ab.reversed()), contact_manifold(b, a, 1.0), "{t:?}");
    }
}

#[test]
fn a_stretched_turned_pair_on_one_spot_gets_the_depth_of_its_push_out() {
    let (l, bar) = l_and_bar();
    for (scale, turn) in [(Vec2::new(1.5, 0.75), -1.1), (Vec2::new(0.75, 1.5), 0.7)] {
        let t = Affine2::from_scale_angle_translation(scale, turn, Vec2::ZERO);
        let (a, b) = (Sprite::new(&l, t), Sprite::new(&bar, t));
        let m = contact_manifold(a, b, 1.0).unwrap();
        let push = push_out(a, b).unwrap().offset.length();
        assert!(
            m.depth > 0.0 && m.depth <= push * 1.001,
            "depth {} against push {push}",
            m.depth
        );
        assert!(frees(a, b, m.normal, m.depth), "{m:?}");
    }
}

#[test]
fn an_infinite_max_distance_reaches_a_sprite_far_away() {
    let (l, bar) = l_and_bar();
    let a = Sprite::new(&l, Affine2::IDENTITY);
    let b = Sprite::new(&bar, Affine2::from_translation(Vec2::new(100.0, 50.0)));
    let gap = distance(a, b).unwrap().distance;
    let m = contact_manifold(a, b, f32::INFINITY).unwrap();
    assert!(
        (m.depth + gap).abs() < 1e-3,
        "{} against a gap of {gap}",
        m.depth
    );
    assert_eq!(contact_manifold(a, b, f32::NEG_INFINITY), None);
    assert_eq!(contact_manifold(a, b, f32::NAN), None);
}

#[test]
fn a_rounding_sliver_on_a_sheared_grid_is_a_sliver_deep_whichever_way_the_boxes_are_found() {
    // Two 6 x 6 masks on one sheared grid, five rows and four columns apart: in `f32` their corner
    // texels share a sliver of about 3e-6 texels' area. Every face normal and world axis runs into
    // other texels for about two texels, so the way out is the search over directions, whose march
    // jumps to the sliver's exit: there the sliver's own pair was still counted, by a hair of
    // rounding, as covering the march when the manifold listed the pairs near (not when push-out
    // walked the trees), so the manifold said 1.93 deep where push-out said a millionth.
    let rows = |r: [u64; 6]| Mask::from_fn(6, 6, move |x, y| r[y as usize] >> x & 1 != 0).unwrap();
    let (ma, mb) = (
        rows([61, 63, 63, 63, 63, 36]),
        rows([30, 49, 15, 27, 31, 47]),
    );
    let t = Affine2::from_cols_array(&[0.021805355, -1.5029762, 1.9201741, 0.7013975, 0.0, 0.0]);
    let tb = t * Affine2::from_translation(Vec2::new(-4.0, -5.0));
    let (a, b) = (Sprite::new(&ma, t), Sprite::new(&mb, tb));
    let push = push_out(a, b).expect("the sliver overlaps").offset.length();
    let m = contact_manifold(a, b, 1.0).expect("and has a manifold");
    assert!(push < 1e-5, "push-out {push}");
    assert!(m.depth > 0.0 && m.depth < 1e-5, "{m:?}");
    assert_eq!(Some(m.reversed()), contact_manifold(b, a, 1.0));
    assert!(check(a, b).is_ok());
}

#[test]
fn a_deep_overlap_on_a_sheared_grid_is_no_deeper_than_its_push_out_when_a_face_push_leads_elsewhere()
 {
    // Two 16 x 13 masks two rows and a column apart on one turned, slightly sheared grid, 16 units
    // deep in each other: refined only around its best face push, the manifold's search settled on
    // a way out of 17.94 where push-out's own refinement finds 16.49.
    let a = Mask::from_row_words(
        16,
        13,
        vec![
            65535, 65535, 65535, 65535, 65535, 1597, 41925, 9925, 6668, 8482, 42162, 9304, 257,
        ],
    )
    .unwrap();
    let b = Mask::from_row_words(
        16,
        13,
        vec![
            52559, 63851, 58875, 40415, 63345, 55289, 28670, 52952, 30487, 55125, 51195, 56670,
            56701,
        ],
    )
    .unwrap();
    let t = Affine2::from_cols_array(&[-0.36419728, 1.2455257, -1.5568787, -0.48603553, 0.0, 0.0]);
    let (sa, sb) = (
        Sprite::new(&a, t),
        Sprite::new(&b, t * Affine2::from_translation(Vec2::new(1.0, 2.0))),
    );
    let push = push_out(sa, sb).unwrap().offset.length();
    let m = contact_manifold(sa, sb, 1.0).unwrap();
    assert!(
        m.depth <= push * 1.001,
        "depth {} against push-out {push}",
        m.depth
    );
    assert!(frees(sa, sb, m.normal, m.depth), "{m:?}");
}
