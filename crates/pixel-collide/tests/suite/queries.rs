//! Point, rectangle, circle, segment and ray queries and overlap masks of placed sprites, against
//! brute force over every solid texel.

use crate::support;

use glam::{Affine2, DVec2, Mat2, Vec2};
use pixel_collide::{Circle, Mask, Rect, Sprite};
use proptest::prelude::*;
use support::geometry::{distance_to_polygon, quad, sat_gap, solid_quads};
use support::strategies::mask as sized_mask;

/// A random mask up to 24 texels a side.
/// A circle of infinite radius reaches every solid texel, as `Mask::fill_circle`'s does (found by
/// the `sprite_queries` fuzz target: it touched nothing), and one of NaN or no radius nothing.
#[test]
fn a_circle_of_infinite_radius_touches_any_sprite_with_a_solid_texel() {
    let dot = Mask::from_fn(3, 3, |x, y| x == 1 && y == 1).unwrap();
    let empty = Mask::from_fn(3, 3, |_, _| false).unwrap();
    let at = Affine2::from_translation(Vec2::new(-6.5, 0.0));
    for center in [Vec2::ZERO, Vec2::new(3.76, 3.76), Vec2::splat(1e30)] {
        assert!(
            Sprite::new(&dot, at).touches_circle(Circle::new(center, f32::INFINITY)),
            "{center}"
        );
        assert!(
            !Sprite::new(&empty, at).touches_circle(Circle::new(center, f32::INFINITY)),
            "{center}"
        );
        assert!(
            !Sprite::new(&dot, at).touches_circle(Circle::new(center, f32::NAN)),
            "{center}"
        );
        assert!(
            !Sprite::new(&dot, at).touches_circle(Circle::new(center, 0.0)),
            "{center}"
        );
    }
    assert!(!Sprite::new(&dot, at).touches_circle(Circle::new(Vec2::NAN, f32::INFINITY)));
}

fn mask() -> impl Strategy<Value = Mask> {
    sized_mask(24)
}

/// Rotation, scale from 1/4 to 4 with flips, shear and translation.
fn placement() -> impl Strategy<Value = Affine2> {
    support::strategies::placement(4.0, 20.0)
}

fn point() -> impl Strategy<Value = Vec2> {
    (-60.0f32..60.0, -60.0f32..60.0).prop_map(|(x, y)| Vec2::new(x, y))
}

/// Asserts `hit` agrees with `measure`, the least separation over all solid texels (negative: an
/// overlap that deep), wherever it is clear of the boundary by a thousandth of a unit.
fn agrees(hit: bool, measure: f64) -> Result<(), TestCaseError> {
    if measure < -1e-3 {
        prop_assert!(hit, "overlapping by {} but no hit", -measure);
    } else if measure > 1e-3 {
        prop_assert!(!hit, "apart by {} but a hit", measure);
    }
    Ok(())
}

proptest! {
    #![proptest_config(support::cases(1000))]

    #[test]
    fn point_query_agrees_with_the_texel_under_the_point(m in mask(), t in placement(), p in point()) {
        let local = t.inverse().transform_point2(p).as_dvec2();
        let frac = local - local.floor();
        // Points within rounding of a texel edge may fall either way.
        prop_assume!(frac.min_element() > 1e-4 && frac.max_element() < 1.0 - 1e-4);
        let expected = m.is_solid(local.x.floor() as i64, local.y.floor() as i64);
        prop_assert_eq!(Sprite::new(&m, t).contains_point(p), expected);
    }

    #[test]
    fn rectangle_query_agrees_with_brute_force(m in mask(), t in placement(), p in point(), (w, h) in (0.1f32..30.0, 0.1f32..30.0)) {
        let r = Rect::from_xywh(p.x, p.y, w, h);
        let rq = quad(Affine2::IDENTITY, r.min.x.into(), r.min.y.into(), r.max.x.into(), r.max.y.into());
        let measure = solid_quads(&m, t).iter().map(|q| sat_gap(q, &rq)).fold(f64::INFINITY, f64::min);
        agrees(Sprite::new(&m, t).touches_rect(r), measure)?;
    }

    #[test]
    fn circle_query_agrees_with_brute_force(m in mask(), t in placement(), c in point(), r in 0.05f32..25.0) {
        let measure = solid_quads(&m, t)
            .iter()
            .map(|q| distance_to_polygon(c.as_dvec2(), q) - f64::from(r))
            .fold(f64::INFINITY, f64::min);
        agrees(Sprite::new(&m, t).touches_circle(Circle::new(c, r)), measure)?;
    }

    #[test]
    fn segment_query_agrees_with_brute_force(m in mask(), t in placement(), a in point(), b in point()) {
        let segment = [a.as_dvec2(), b.as_dvec2()];
        let measure = solid_quads(&m, t).iter().map(|q| sat_gap(q, &segment)).fold(f64::INFINITY, f64::min);
        agrees(Sprite::new(&m, t).touches_segment(a, b), measure)?;
    }
}

#[test]
fn degenerate_placements_and_shapes_touch_nothing() {
    let m = Mask::from_fn(4, 4, |_, _| true).unwrap();
    let flat = Sprite::new(&m, Affine2::from_scale(Vec2::new(1.0, 0.0)));
    assert!(!flat.contains_point(Vec2::new(1.0, 0.0)));
    assert!(!flat.touches_circle(Circle::new(Vec2::ZERO, 5.0)));
    assert!(!flat.touches_segment(Vec2::new(-1.0, 0.0), Vec2::new(5.0, 0.0)));
    let s = Sprite::new(&m, Affine2::IDENTITY);
    assert!(!s.touches_circle(Circle::new(Vec2::new(2.0, 2.0), 0.0)));
    assert!(!s.touches_circle(Circle::new(Vec2::new(2.0, 2.0), f32::NAN)));
    assert!(!s.touches_rect(Rect::from_xywh(1.0, 1.0, 0.0, 2.0)));
    assert!(!s.contains_point(Vec2::NAN));
    assert!(
        s.touches_segment(Vec2::new(2.0, 2.0), Vec2::new(2.0, 2.0)),
        "a point inside"
    );
}

/// The world-distance interval during which the ray is inside texel (x, y)'s open square, by slabs in
/// the mask's local space, or `None` when it never is.
fn texel_interval(p: DVec2, d: DVec2, len: f64, x: f64, y: f64) -> Option<(f64, f64)> {
    let (lo, hi) = (DVec2::new(x, y), DVec2::new(x + 1.0, y + 1.0));
    let (mut t0, mut t1) = (0.0f64, f64::INFINITY);
    for k in 0..2 {
        if d[k] == 0.0 {
            if !(lo[k] <= p[k] && p[k] <= hi[k]) {
                return None;
            }
            continue;
        }
        let (a, b) = ((lo[k] - p[k]) / d[k], (hi[k] - p[k]) / d[k]);
        t0 = t0.max(a.min(b));
        t1 = t1.min(a.max(b));
    }
    (t0 <= t1).then_some((t0 * len, t1 * len))
}

proptest! {
    #![proptest_config(support::cases(1000))]

    #[test]
    fn raycast_finds_the_nearest_texel_brute_force_finds(
        m in mask(), t in placement(), origin in point(), angle in 0.0f32..std::f32::consts::TAU,
        reach in 1.0f32..200.0,
    ) {
        let direction = Vec2::from_angle(angle) * 0.5;
        let inv = {
            let m2 = glam::DMat2::from_cols(t.matrix2.x_axis.as_dvec2(), t.matrix2.y_axis.as_dvec2()).inverse();
            (m2, t.translation.as_dvec2())
        };
        let p = inv.0 * (origin.as_dvec2() - inv.1);
        let d = inv.0 * direction.as_dvec2();
        let len = direction.as_dvec2().length();
        let (mut clear, mut unsure) = (f64::INFINITY, f64::INFINITY);
        for y in 0..m.height() {
            for x in 0..m.width() {
                if !m.is_solid(x, y) {
                    continue;
                }
                if let Some((t0, t1)) = texel_interval(p, d, len, x.into(), y.into()) {
                    if t1 - t0 > 1e-3 { clear = clear.min(t0) } else { unsure = unsure.min(t0) }
                }
            }
        }
        let reach64 = f64::from(reach);
        // Grazes, and hits within rounding of the reach, may fall either way.
        prop_assume!(unsure > clear.min(reach64) + 1e-3 || unsure.is_infinite());
        prop_assume!((clear - reach64).abs() > 1e-3);
        let hit = Sprite::new(&m, t).raycast(origin, direction, reach);
        if clear <= reach64 {
            let hit = hit.expect("a texel is entered within reach");
            prop_assert!((f64::from(hit.distance) - clear).abs() <= 1e-3 * (1.0 + clear), "{} against {}", hit.distance, clear);
            prop_assert!((hit.normal.length() - 1.0).abs() < 1e-3);
            prop_assert!(hit.normal.dot(direction) <= 1e-6, "normal {:?} faces along the ray", hit.normal);
            let expected_point = origin + direction.normalize() * hit.distance;
            prop_assert!(hit.point.distance(expected_point) <= 1e-2 * (1.0 + hit.distance), "{:?}", hit.point);
        } else {
            prop_assert!(hit.is_none(), "{:?} beyond reach {}", hit, reach);
        }
    }
}

#[test]
fn raycast_from_inside_hits_at_once_facing_back() {
    let m = Mask::from_fn(4, 4, |_, _| true).unwrap();
    let s = Sprite::new(&m, Affine2::from_scale(Vec2::splat(2.0)));
    let hit = s
        .raycast(Vec2::new(3.0, 3.0), Vec2::new(0.0, 5.0), 10.0)
        .unwrap();
    assert_eq!(
        (hit.distance, hit.normal, hit.point),
        (0.0, Vec2::NEG_Y, Vec2::new(3.0, 3.0))
    );
    assert!(
        s.raycast(Vec2::new(-1.0, 0.0), Vec2::X, 10.0).is_none(),
        "along the top edge"
    );
    assert!(
        s.raycast(Vec2::new(-1.0, 1.0), Vec2::ZERO, 10.0).is_none(),
        "no direction"
    );
}

/// An exact grid placement: a symmetry of the square, a power-of-two scale, a quarter-texel offset.
fn grid_placement() -> impl Strategy<Value = Affine2> {
    (0u8..8, -1i32..2, (-80i32..80, -80i32..80)).prop_map(|(k, scale, (x, y))| {
        let turn = Mat2::from_cols(Vec2::new(0.0, 1.0), Vec2::new(-1.0, 0.0));
        let mut m = Mat2::IDENTITY;
        for _ in 0..k % 4 {
            m = turn * m;
        }
        if k >= 4 {
            m = Mat2::from_cols(Vec2::new(-1.0, 0.0), Vec2::Y) * m;
        }
        Affine2::from_mat2_translation(m * 2f32.powi(scale), Vec2::new(x as f32, y as f32) * 0.25)
    })
}

/// Checks every texel of `a`'s overlap mask against the deepest overlap of that texel with `b`'s
/// solid texels.
fn check_overlap_mask(a: &Mask, ta: Affine2, b: &Mask, tb: Affine2) -> Result<(), TestCaseError> {
    let shared = pixel_collide::overlap_mask(Sprite::new(a, ta), Sprite::new(b, tb));
    prop_assert_eq!((shared.width(), shared.height()), (a.width(), a.height()));
    let others = solid_quads(b, tb);
    for y in 0..a.height() {
        for x in 0..a.width() {
            let bit = shared.is_solid(x, y);
            if !a.is_solid(x, y) {
                prop_assert!(!bit, "air texel ({}, {}) marked shared", x, y);
                continue;
            }
            let (fx, fy) = (f64::from(x), f64::from(y));
            let mine = quad(ta, fx, fy, fx + 1.0, fy + 1.0);
            let measure = others
                .iter()
                .map(|q| sat_gap(&mine, q))
                .fold(f64::INFINITY, f64::min);
            if measure < -1e-3 {
                prop_assert!(
                    bit,
                    "texel ({}, {}) overlaps by {} but is not marked",
                    x,
                    y,
                    -measure
                );
            } else if measure > 1e-3 {
                prop_assert!(!bit, "texel ({}, {}) apart by {} but marked", x, y, measure);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(support::cases(500))]

    #[test]
    fn overlap_mask_agrees_with_brute_force(a in mask(), b in mask(), ta in placement(), tb in placement()) {
        check_overlap_mask(&a, ta, &b, tb)?;
    }

    #[test]
    fn overlap_mask_of_grid_placements_is_exact(a in mask(), b in mask(), ta in grid_placement(), tb in grid_placement()) {
        check_overlap_mask(&a, ta, &b, tb)?;
        // Some texel is shared exactly when the two share area at all.
        let shared = pixel_collide::overlap_mask(Sprite::new(&a, ta), Sprite::new(&b, tb));
        let area = pixel_collide::overlap_area(Sprite::new(&a, ta), Sprite::new(&b, tb));
        prop_assert_eq!(shared.solid_count() > 0, area > 0.0);
    }
}

/// Every pair `i < j` of `sprites` that overlaps, asked one pair at a time.
fn pairwise(sprites: &[Sprite]) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for i in 0..sprites.len() {
        for j in i + 1..sprites.len() {
            if pixel_collide::overlaps(sprites[i], sprites[j]) {
                pairs.push((i, j));
            }
        }
    }
    pairs
}

#[test]
fn sweep_and_prune_sees_texels_an_edit_adds_far_from_the_first_ones() {
    // The sweep rules pairs out by a circle around each mask's solid texels; an edit that adds a
    // texel far from them must not leave that circle behind.
    let mut m = Mask::from_fn(64, 64, |x, y| x < 2 && y < 2).unwrap();
    let other = Mask::from_fn(4, 4, |_, _| true).unwrap();
    let turned = Affine2::from_angle_translation(0.3, Vec2::new(0.0, 0.0));
    // Over texel (52, 57), far from the first texels but inside the mask's bounding rectangle.
    let near_corner = Affine2::from_translation(
        turned.transform_point2(Vec2::new(52.5, 57.5)) - Vec2::splat(2.0),
    );
    let sweep_pairs = |m: &Mask| {
        let sprites = [Sprite::new(m, turned), Sprite::new(&other, near_corner)];
        let truth = pixel_collide::overlaps(sprites[0], sprites[1]);
        (
            pixel_collide::SweepAndPrune::new(&sprites).touching_pairs(),
            truth,
        )
    };
    assert_eq!(sweep_pairs(&m), (vec![], false));
    for y in 50..64 {
        for x in 40..64 {
            m.set(x, y, true);
        }
    }
    assert_eq!(sweep_pairs(&m), (vec![(0, 1)], true));
}

proptest! {
    #![proptest_config(support::cases(200))]

    #[test]
    fn sweep_and_prune_finds_exactly_the_touching_pairs(
        masks in proptest::collection::vec(mask(), 1..4),
        placed in proptest::collection::vec((0usize..4, placement()), 0..40),
        probe in (0usize..4, placement()),
    ) {
        let sprites: Vec<Sprite> = placed.iter().map(|&(m, t)| Sprite::new(&masks[m % masks.len()], t)).collect();
        let sweep = pixel_collide::SweepAndPrune::new(&sprites);
        let expected = pairwise(&sprites);
        prop_assert_eq!(sweep.touching_pairs(), expected);
        let p = Sprite::new(&masks[probe.0 % masks.len()], probe.1);
        let expected: Vec<usize> = (0..sprites.len()).filter(|&i| pixel_collide::overlaps(sprites[i], p)).collect();
        prop_assert_eq!(sweep.touching(p), expected);
    }

    #[test]
    fn sweep_and_prune_of_round_sprites_finds_exactly_the_touching_pairs(
        radii in proptest::collection::vec((2.0f32..14.0, 0.0f32..0.6), 1..4),
        placed in proptest::collection::vec(
            (0usize..4, 0.0f32..120.0, 0.0f32..120.0, 0.0f32..6.3, 0.3f32..3.0, 0.3f32..3.0, -0.8f32..0.8),
            2..60,
        ),
    ) {
        // Discs and rings, turned, stretched and sheared, crowded so that many are deep in each other
        // and many only graze: the sweep's solid discs and circles must decide as the pair test does.
        let masks: Vec<Mask> = radii
            .iter()
            .map(|&(r, hole)| {
                let side = (2.0 * r).ceil() as u32;
                Mask::from_fn(side, side, |x, y| {
                    let d = (x as f32 + 0.5 - r).hypot(y as f32 + 0.5 - r);
                    d <= r && d >= hole * r
                })
                .unwrap()
            })
            .collect();
        let sprites: Vec<Sprite> = placed
            .iter()
            .map(|&(m, x, y, turn, sx, sy, shear)| {
                let linear = Mat2::from_angle(turn)
                    * Mat2::from_cols(Vec2::new(sx, 0.0), Vec2::new(shear * sy, sy));
                Sprite::new(&masks[m % masks.len()], Affine2::from_mat2_translation(linear, Vec2::new(x, y)))
            })
            .collect();
        let expected = pairwise(&sprites);
        let sweep = pixel_collide::SweepAndPrune::new(&sprites);
        prop_assert_eq!(sweep.touching_pairs(), expected.clone());
        let with_first: Vec<usize> = expected.iter().filter(|p| p.0 == 0).map(|p| p.1).collect();
        let found: Vec<usize> = sweep.touching(sprites[0]).into_iter().filter(|&k| k != 0).collect();
        prop_assert_eq!(found, with_first);
    }

    #[test]
    fn sweep_and_prune_in_bands_finds_each_touching_pair_once(
        masks in proptest::collection::vec(mask(), 1..4),
        placed in proptest::collection::vec(
            (0usize..4, 0.0f32..400.0, 0.0f32..400.0, 0.0f32..6.3, 0.5f32..3.0, prop_oneof![Just(1.0f32), 1.0f32..60.0]),
            2..160,
        ),
    ) {
        // Many sprites over a field far taller than most of them, some stretched over many bands.
        let sprites: Vec<Sprite> = placed
            .iter()
            .map(|&(m, x, y, turn, scale, tall)| {
                let linear = Mat2::from_angle(turn) * Mat2::from_diagonal(Vec2::new(scale, scale * tall));
                Sprite::new(&masks[m % masks.len()], Affine2::from_mat2_translation(linear, Vec2::new(x, y)))
            })
            .collect();
        let expected = pairwise(&sprites);
        prop_assert_eq!(pixel_collide::SweepAndPrune::new(&sprites).touching_pairs(), expected);
    }

    #[test]
    fn sweep_and_prune_finds_every_touching_pair_of_flipped_and_sheared_sprites(
        masks in proptest::collection::vec(mask(), 1..4),
        placed in proptest::collection::vec((0usize..4, placement()), 2..40),
    ) {
        // Crowded: most pairs come close, so the circles, discs, probes and reaches all decide some,
        // under flips and shear that turn each mask's reach into another direction.
        let sprites: Vec<Sprite> = placed
            .iter()
            .map(|&(m, t)| Sprite::new(&masks[m % masks.len()], t))
            .collect();
        let expected = pairwise(&sprites);
        prop_assert_eq!(pixel_collide::SweepAndPrune::new(&sprites).touching_pairs(), expected);
    }
}
