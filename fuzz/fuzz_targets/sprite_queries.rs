//! The one-sprite questions on a small random mask under any placement, against brute force: a
//! point, a rectangle, a circle, a segment and a ray, with the nearest points, and a circle cast
//! along the segment (`cast_shape`), never a panic.
#![no_main]

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use pixel_collide::glam::{DVec2, Vec2};
use pixel_collide::{Circle, Convex, Rect, Sprite};
use spinfall_fuzz::{geometry, judged, number, placement, small_mask, solid_quads};

const MARGIN: f64 = 1e-3;

fn point(u: &mut Unstructured<'_>) -> Result<Vec2> {
    Ok(Vec2::new(number(u, 16.0)?, number(u, 16.0)?))
}

/// The least distance from `p` to any solid quad.
fn reach(quads: &[[DVec2; 4]], p: DVec2) -> f64 {
    quads
        .iter()
        .map(|q| geometry::distance_to_polygon(p, q))
        .fold(f64::INFINITY, f64::min)
}

/// Whether `p` lies inside some quad by more than `margin` (not merely on its edge).
fn deep_inside(quads: &[[DVec2; 4]], p: DVec2, margin: f64) -> bool {
    quads.iter().any(|q| geometry::sat_gap(q, &[p]) < -margin)
}

fn run(u: &mut Unstructured<'_>) -> Result<()> {
    let mask = small_mask(u)?;
    let t = placement(u)?;
    let s = Sprite::new(&mask, t);
    let (p, q) = (point(u)?, point(u)?);
    let radius = number(u, 6.0)?;
    let inside = s.contains_point(p);
    let rect = Rect::new(p.min(q), p.max(q));
    let touches_rect = s.touches_rect(rect);
    let touches_circle = s.touches_circle(Circle::new(p, radius));
    let touches_segment = s.touches_segment(p, q);
    let ray = s.raycast(p, q - p, (q - p).length());
    let nearest = s.nearest_point(p);
    // The circle about `p` cast towards `q`, as far as `q`.
    let ball = Convex::circle(Circle::new(p, radius)).ok();
    let cast = ball.and_then(|b| s.cast_shape(&b, q - p, (q - p).length()));
    if let Some(hit) = cast {
        assert!(
            hit.distance.is_finite() && hit.distance >= 0.0 && hit.distance <= (q - p).length(),
            "{hit:?} of a cast {} long",
            (q - p).length()
        );
    }
    // A texel 1e20 wide holds no f64 distance to a point near its corner: this cross-check, like
    // the oracle's, is for placements of sizes that keep their digits.
    // And a circle thinner than the trees' inset (about 1e-12 of a mask's size, under which an
    // overlap counts as touching only) may stop short of a point on a texel's edge.
    if inside && judged(t) && f64::from(radius) > MARGIN {
        assert!(
            touches_circle,
            "{p} inside, a circle of {radius} about it apart: {mask:?} at {t:?}"
        );
    }
    if let Some(hit) = ray {
        assert!(hit.distance.is_finite() && hit.distance >= 0.0, "{hit:?}");
    }
    // The oracle's own f64 sums lose their digits with points far out: it judges points near.
    let near = |v: Vec2| v.is_finite() && v.abs().max_element() < 1e4;
    if !judged(t) || !near(p) || !near(q) {
        return Ok(());
    }
    let quads = solid_quads(&mask, t);
    let (pd, qd) = (p.as_dvec2(), q.as_dvec2());
    let gap = reach(&quads, pd);
    if deep_inside(&quads, pd, MARGIN) {
        assert!(inside, "{p} is inside a solid texel");
    }
    if gap > MARGIN {
        assert!(!inside, "{p} is {gap} from every solid texel");
    }
    let corners = [
        pd.min(qd),
        DVec2::new(pd.max(qd).x, pd.min(qd).y),
        pd.max(qd),
        DVec2::new(pd.min(qd).x, pd.max(qd).y),
    ];
    let rect_gap = quads
        .iter()
        .map(|q| geometry::sat_gap(q, &corners))
        .fold(f64::INFINITY, f64::min);
    // A rectangle of no area touches nothing, as the crate states.
    if pd.x == qd.x || pd.y == qd.y {
        assert!(!touches_rect, "{rect:?} has no area");
    } else if rect_gap < -MARGIN {
        assert!(
            touches_rect,
            "{rect:?} overlaps a solid texel by {}",
            -rect_gap
        );
    } else if rect_gap > MARGIN {
        assert!(
            !touches_rect,
            "{rect:?} is {rect_gap} from every solid texel"
        );
    }
    let segment_gap = quads
        .iter()
        .map(|q| geometry::sat_gap(q, &[pd, qd]))
        .fold(f64::INFINITY, f64::min);
    if segment_gap < -MARGIN {
        assert!(
            touches_segment,
            "segment {p:?} {q:?} crosses a solid texel: {mask:?} at {t:?}"
        );
        if pd != qd {
            assert!(ray.is_some(), "the ray {p} to {q} crosses a solid texel");
        }
    } else if segment_gap > MARGIN {
        assert!(
            !touches_segment && ray.is_none(),
            "segment {p} {q} is {segment_gap} away"
        );
    }
    if radius.is_finite() && radius > 0.0 && f64::from(radius) < 1e4 {
        let r = f64::from(radius);
        if gap < r - MARGIN {
            assert!(
                touches_circle,
                "circle {p} r {radius} reaches a solid texel"
            );
        } else if gap > r + MARGIN {
            assert!(
                !touches_circle,
                "circle {p} r {radius} is {gap} from every solid texel"
            );
        }
    }
    // The cast stops where the circle moved along the segment first comes within its radius of a
    // solid texel: no nearer, and a hair further on it reaches one.
    let r = f64::from(radius);
    if ball.is_some() && r > MARGIN && r < 1e4 && pd != qd {
        let dir = (qd - pd).normalize();
        let apart = |d: f64| reach(&quads, pd + dir * d) - r;
        let length = (qd - pd).length();
        match cast {
            Some(hit) => {
                let d = f64::from(hit.distance);
                assert!(
                    apart(d).abs() < MARGIN || (d == 0.0 && apart(0.0) < MARGIN),
                    "cast circle {p} r {radius} stops at {d}, {} from the texels",
                    apart(d)
                );
                for k in (0..64).filter(|_| d > 0.0) {
                    let e = d * f64::from(k) / 64.0;
                    assert!(
                        apart(e) > -MARGIN,
                        "the cast circle overlaps at {e}, before its stop {d}"
                    );
                }
            }
            None => {
                for k in 0..=64 {
                    let e = length * f64::from(k) / 64.0;
                    assert!(
                        apart(e) > -MARGIN,
                        "the cast circle overlaps at {e} of {length}, no hit"
                    );
                }
            }
        }
    }
    match nearest {
        Some(n) => {
            let found = f64::from(n.distance(p));
            assert!(
                (found - gap).abs() <= MARGIN * (1.0 + gap),
                "nearest {n} at {found}, truth {gap}"
            );
        }
        None => assert!(
            quads.is_empty(),
            "no nearest point of a mask with solid texels"
        ),
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
