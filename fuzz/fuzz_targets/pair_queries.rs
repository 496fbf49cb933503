//! Every pair query on two small random masks under any affine placement, checked against brute
//! force (each pair of solid texels as placed quads, their separating-axis gap in f64) wherever the
//! placement is one the oracle can judge, and against each other and the other argument order
//! everywhere: overlaps, collide, overlap_point, overlap_area, distance, push_out and the contact
//! manifold. Answers within the oracle's margin of a seam are left to rounding either way.
#![no_main]

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use pixel_collide::glam::Affine2;
use pixel_collide::{
    collide, contact_manifold, distance, overlap_area, overlap_point, overlaps, push_out, Sprite,
    PUSH_TOLERANCE,
};
use spinfall_fuzz::{
    geometry, judged, near_solid, overlap_oracle, placement, small_mask, solid_quads,
};

/// How near a seam the oracle leaves the answer to rounding, in world units.
const MARGIN: f64 = 1e-3;

fn run(u: &mut Unstructured<'_>) -> Result<()> {
    let (ma, mb) = (small_mask(u)?, small_mask(u)?);
    let (ta, tb) = (placement(u)?, placement(u)?);
    let (a, b) = (Sprite::new(&ma, ta), Sprite::new(&mb, tb));
    let hit = overlaps(a, b);
    assert_eq!(hit, overlaps(b, a), "overlaps in either order");
    let (ab, ba) = (collide(a, b), collide(b, a));
    assert_eq!(ab.is_some(), hit, "collide agrees with overlaps");
    // Two sprites alike in mask and placement have no order to swap: their normal cannot reverse.
    let alike =
        ma == mb && ta.to_cols_array().map(f32::to_bits) == tb.to_cols_array().map(f32::to_bits);
    if let (Some(x), Some(y)) = (ab, ba) {
        let mirrored = x.normal.x.to_bits() == (-y.normal.x).to_bits()
            && x.normal.y.to_bits() == (-y.normal.y).to_bits();
        assert!(
            x.point == y.point && x.depth.to_bits() == y.depth.to_bits(),
            "{x:?} {y:?}"
        );
        assert!(
            mirrored || alike,
            "the normal reverses with the order: {x:?} {y:?}"
        );
        assert!(
            x.normal.is_finite() && x.depth.is_finite() && x.depth >= 0.0,
            "{x:?}"
        );
    }
    let point = overlap_point(a, b);
    assert_eq!(
        point,
        ab.map(|c| c.point),
        "overlap_point is collide's point"
    );
    assert_eq!(point, overlap_point(b, a), "overlap_point in either order");
    let area = overlap_area(a, b);
    // Past f32::MAX (texels 1e20 across) the area rounds to infinity, as any f32 sum would.
    assert!(
        area >= 0.0,
        "area {area}: {ma:?} at {ta:?}, {mb:?} at {tb:?}"
    );
    assert!(hit || area == 0.0, "an area {area} without an overlap");
    let apart = distance(a, b);
    if let Some(d) = apart {
        assert!(d.distance >= 0.0 && d.lower_bound <= d.distance, "{d:?}");
        // Overlapping sprites are 0 apart; so are sprites that only share an edge or a corner.
        assert!(!hit || d.distance == 0.0, "{d:?} while overlapping");
    }
    let push = push_out(a, b);
    assert_eq!(push.is_some(), hit, "push_out exactly when they overlap");
    let manifold = contact_manifold(a, b, 1.0);
    // Past 1e18 world units a squared length overflows f32, and a manifold's depth and normal
    // with it (docs/collision.md): there a manifold may be missing where the sprites overlap.
    let within = |s: &Sprite<'_>| {
        let r = s.bounds();
        r.min.abs().max_element() < 1e15 && r.max.abs().max_element() < 1e15
    };
    if hit && within(&a) && within(&b) {
        let m = manifold.unwrap_or_else(|| {
            panic!("overlapping sprites have a manifold: {ma:?} at {ta:?}, {mb:?} at {tb:?}")
        });
        assert!(!m.points().is_empty() && m.points().len() <= 2, "{m:?}");
        assert!(m.normal.is_finite() && m.depth.is_finite(), "{m:?}");
    }
    if !(judged(ta) && judged(tb)) {
        return Ok(());
    }
    assert!(area.is_finite(), "area {area}");
    let (qa, qb) = (solid_quads(&ma, ta), solid_quads(&mb, tb));
    if let Some(expected) = overlap_oracle(&qa, &qb, MARGIN) {
        assert_eq!(hit, expected, "overlaps against brute force");
    }
    if let Some(p) = point {
        assert!(
            near_solid(&ma, ta, p, MARGIN) && near_solid(&mb, tb, p, MARGIN),
            "point {p}"
        );
    }
    if let (Some(d), false) = (apart, hit) {
        let truth = qa
            .iter()
            .flat_map(|p| qb.iter().map(move |q| geometry::quads_apart(p, q)))
            .fold(f64::INFINITY, f64::min);
        let tol = MARGIN * (1.0 + truth);
        assert!(
            f64::from(d.lower_bound) <= truth + tol,
            "{d:?} against {truth}"
        );
        if d.lower_bound == d.distance {
            assert!(
                (f64::from(d.distance) - truth).abs() <= tol,
                "{d:?} against {truth}"
            );
        }
    }
    if let Some(m) = manifold.filter(|_| hit) {
        // The depth along the normal is a way out: either sprite moved by it overlaps the other
        // by no more than the oracle's margin (an exact fit, where moving any farther overlaps
        // again, rounds to a sliver either side).
        let step = m.normal * m.depth;
        let a_out = solid_quads(&ma, Affine2::from_translation(-step) * ta);
        let b_out = solid_quads(&mb, Affine2::from_translation(step) * tb);
        let margin = MARGIN * (1.0 + f64::from(m.depth));
        let free = overlap_oracle(&a_out, &qb, margin) != Some(true)
            || overlap_oracle(&qa, &b_out, margin) != Some(true);
        assert!(
            free,
            "not a way out: {m:?}, {ma:?} at {ta:?}, {mb:?} at {tb:?}"
        );
    }
    if let Some(p) = push {
        assert!(p.offset.is_finite() && p.normal.is_finite(), "{p:?}");
        // Moved by the offset, the first sprite leaves the second (up to the push's tolerance).
        let moved = solid_quads(&ma, Affine2::from_translation(p.offset) * ta);
        let margin = MARGIN.max(f64::from(PUSH_TOLERANCE) * (1.0 + f64::from(p.offset.length())));
        assert_ne!(
            overlap_oracle(&moved, &qb, margin),
            Some(true),
            "{p:?} is not a way out"
        );
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
