//! Convex shapes (circles, capsules, polygons, rounded polygons) cast against turned, scaled and
//! sheared sprites, against a brute force that steps the shape along the motion and measures the
//! exact distance from it to every solid texel's parallelogram.

use glam::{Affine2, DVec2, Vec2};
use pixel_collide::{Circle, Convex, ConvexError, Mask, Rect, Sprite};
use proptest::prelude::*;

use crate::support;
use crate::support::geometry::{sat_gap, solid_quads};

/// The distance from `p` to the segment `a`-`b`.
fn to_segment(p: DVec2, a: DVec2, b: DVec2) -> f64 {
    let e = b - a;
    let k = if e.length_squared() > 0.0 {
        ((p - a).dot(e) / e.length_squared()).clamp(0.0, 1.0)
    } else {
        0.0
    };
    p.distance(a + e * k)
}

/// The distance from `p` to the convex polygon (or segment, or point) `poly`: 0 inside.
fn to_convex(p: DVec2, poly: &[DVec2]) -> f64 {
    let n = poly.len();
    if n >= 3 {
        let side = |i: usize| (poly[(i + 1) % n] - poly[i]).perp_dot(p - poly[i]);
        if (0..n).all(|i| side(i) >= 0.0) || (0..n).all(|i| side(i) <= 0.0) {
            return 0.0;
        }
    }
    (0..n)
        .map(|i| to_segment(p, poly[i], poly[(i + 1) % n]))
        .fold(f64::INFINITY, f64::min)
}

/// How far the shape's core `p` grown by `r` is from sharing area with the parallelogram `q`:
/// negative when it does (for a core with area and no radius, the separating-axis overlap).
fn apart(p: &[DVec2], r: f64, q: &[DVec2; 4]) -> f64 {
    let gap = sat_gap(p, q);
    if r == 0.0 {
        return gap;
    }
    let d = if gap <= 0.0 {
        0.0
    } else {
        let one = p
            .iter()
            .map(|&v| to_convex(v, q))
            .fold(f64::INFINITY, f64::min);
        let other = q
            .iter()
            .map(|&v| to_convex(v, p))
            .fold(f64::INFINITY, f64::min);
        one.min(other)
    };
    d - r
}

/// The shape's core moved by `by`, in f64.
fn core(shape: &Convex, by: DVec2) -> Vec<DVec2> {
    shape.corners().iter().map(|c| c.as_dvec2() + by).collect()
}

/// The least of [`apart`] over every texel for the shape moved by `by`.
fn nearest(shape: &Convex, by: DVec2, quads: &[[DVec2; 4]]) -> f64 {
    let p = core(shape, by);
    let r = f64::from(shape.radius());
    quads
        .iter()
        .map(|q| apart(&p, r, q))
        .fold(f64::INFINITY, f64::min)
}

/// A shape of one of four kinds about the origin, a few world units across.
fn shape() -> impl Strategy<Value = Convex> {
    let point = || (-3.0f32..3.0, -3.0f32..3.0).prop_map(|(x, y)| Vec2::new(x, y));
    (
        0..4u8,
        proptest::collection::vec(point(), 3..8),
        0.1f32..3.0,
    )
        .prop_filter_map(
            "a polygon of no area",
            |(kind, points, radius)| match kind {
                0 => Convex::circle(Circle::new(points[0], radius * 2.0)).ok(),
                1 => Convex::capsule(points[0], points[1], radius).ok(),
                2 => Convex::polygon(&points).ok(),
                _ => Convex::rounded(&points, radius * 0.5).ok(),
            },
        )
}

proptest! {
    #![proptest_config(support::cases(400))]

    /// The cast's distance is where stepping the shape along the motion (0.05 units at a time, then
    /// halving between the last free step and the first overlapping one) first finds it sharing
    /// area with a solid texel, to within 0.01 world units (the exact cast is expected to do far
    /// better: it is held to 1e-3); no step before it overlaps, a shape that never overlaps has no
    /// hit, and the hit's normal faces the motion and its point lies on both outlines.
    #[test]
    fn a_cast_shape_stops_where_stepping_it_first_overlaps_a_solid_texel(
        mask in support::strategies::mask(9),
        t in support::strategies::placement(3.0, 12.0),
        shape in shape(),
        (angle, away, aim) in (0.0f32..std::f32::consts::TAU, 0.0f32..30.0, -0.7f32..0.7),
        max in 0.0f32..50.0,
    ) {
        let sprite = Sprite::new(&mask, t);
        let quads = solid_quads(&mask, t);
        // From `away` out from the sprite's middle, aimed back at it within `aim` radians.
        let middle = t.transform_point2(Vec2::new(mask.width() as f32, mask.height() as f32) / 2.0);
        let shape = shape.translated(middle + Vec2::from_angle(angle) * away);
        let dir = Vec2::from_angle(angle + std::f32::consts::PI + aim);
        let unit = dir.as_dvec2();
        let hit = sprite.cast_shape(&shape, dir, max);
        let overlaps = |s: f64| nearest(&shape, unit * s, &quads) < 0.0;
        let step = 0.05;
        let steps = (f64::from(max) / step).floor() as usize;
        let first = (0..=steps).map(|k| k as f64 * step).find(|&s| overlaps(s));
        // The first overlap by halving between the last free step and the first overlapping one.
        let entry = first.map(|f| {
            let (mut lo, mut hi) = ((f - step).max(0.0), f);
            if overlaps(lo) {
                return lo;
            }
            for _ in 0..40 {
                let mid = (lo + hi) / 2.0;
                if overlaps(mid) { hi = mid } else { lo = mid }
            }
            hi
        });
        match (hit, entry) {
            (None, None) => {}
            (None, Some(e)) => prop_assert!(false, "no hit, but the shape overlaps from {e}"),
            (Some(h), entry) => {
                let d = f64::from(h.distance);
                prop_assert!(d <= f64::from(max) + 1e-3, "hit at {d} past the cast's {max}");
                match entry {
                    Some(e) => prop_assert!((d - e).abs() < 1e-3, "hit at {d}, stepping finds {e}"),
                    // An overlap too short for the steps: the shape at the hit is within rounding
                    // of the texels, and overlaps them a hair further on.
                    None => prop_assert!(
                        nearest(&shape, unit * d, &quads).abs() < 1e-3
                            && nearest(&shape, unit * (d + 1e-4), &quads) < 1e-6,
                        "hit at {d}, but no step overlaps"
                    ),
                }
                prop_assert!((h.normal.length() - 1.0).abs() < 1e-4, "{:?}", h.normal);
                if d > 0.0 {
                    prop_assert!(h.normal.dot(dir) <= 1e-4, "normal {:?} along the motion {dir:?}", h.normal);
                    let p = h.point.as_dvec2();
                    let on_texels = quads.iter().map(|q| to_convex(p, q)).fold(f64::INFINITY, f64::min);
                    let on_shape = (to_convex(p, &core(&shape, unit * d)) - f64::from(shape.radius())).abs();
                    prop_assert!(on_texels < 1e-3 && on_shape < 1e-3,
                        "point {p:?}: {on_texels} from the texels, {on_shape} from the shape's outline");
                }
            }
        }
    }
}

/// A box resting exactly on a floor slides along it, and a ball rolling along it, touching at one
/// point, is not stopped either; into it, both stop at once.
#[test]
fn a_shape_resting_on_texels_slides_along_them_and_stops_into_them() {
    let floor = Mask::from_fn(40, 4, |_, _| true).unwrap();
    let s = Sprite::new(&floor, Affine2::from_translation(Vec2::new(0.0, 10.0)));
    let crate_ = Convex::rect(Rect::new(Vec2::new(5.0, 6.0), Vec2::new(9.0, 10.0))).unwrap();
    let ball = Convex::circle(Circle::new(Vec2::new(20.0, 8.0), 2.0)).unwrap();
    for shape in [crate_, ball] {
        assert_eq!(s.cast_shape(&shape, Vec2::X, 30.0), None);
        assert_eq!(s.cast_shape(&shape, Vec2::NEG_X, 3.0), None);
        let down = s.cast_shape(&shape, Vec2::Y, 5.0).unwrap();
        assert_eq!((down.distance, down.normal), (0.0, Vec2::NEG_Y));
    }
}

/// A circle cast at a sprite scaled 3 x 1 and turned a quarter: the texels are 3 units tall and 1
/// wide in the world, and the circle meets them exactly where the world shape says, not where a
/// raster of the circle in the mask's texels would.
#[test]
fn a_circle_meets_a_scaled_turned_sprite_where_its_world_shape_is() {
    let m = Mask::from_fn(2, 2, |_, _| true).unwrap();
    let t = pixel_collide::sprite_transform(
        Vec2::new(10.0, 0.0),
        std::f32::consts::FRAC_PI_2,
        Vec2::new(3.0, 1.0),
        Vec2::ZERO,
    );
    // Columns (0, 3) and (-1, 0): the sprite covers x in [8, 10], y in [0, 6].
    let s = Sprite::new(&m, t);
    let ball = Convex::circle(Circle::new(Vec2::new(0.0, 3.0), 1.5)).unwrap();
    let hit = s.cast_shape(&ball, Vec2::X, 20.0).unwrap();
    assert!((hit.distance - 6.5).abs() < 1e-5, "{hit:?}");
    assert!(hit.point.distance(Vec2::new(8.0, 3.0)) < 1e-5, "{hit:?}");
    // Aimed at its corner (8, 6) from below left at 45 degrees: the circle touches the corner.
    let low = Convex::circle(Circle::new(Vec2::new(0.0, -2.0), 1.0)).unwrap();
    let hit = s.cast_shape(&low, Vec2::ONE.normalize(), 30.0).unwrap();
    let centre = Vec2::new(0.0, -2.0) + Vec2::ONE.normalize() * hit.distance;
    assert!((centre.distance(hit.point) - 1.0).abs() < 1e-4, "{hit:?}");
}

/// Bad shapes are typed errors with one line each, never a panic.
#[test]
fn a_convex_shape_from_bad_numbers_is_an_error_of_one_line() {
    let cases = [
        (
            Convex::circle(Circle::new(Vec2::NAN, 1.0)),
            ConvexError::NotFinite,
        ),
        (
            Convex::circle(Circle::new(Vec2::ZERO, -1.0)),
            ConvexError::NegativeRadius(-1.0),
        ),
        (Convex::polygon(&[]), ConvexError::NoCorners),
        (
            Convex::polygon(&[Vec2::ZERO, Vec2::X, Vec2::new(2.0, 0.0)]),
            ConvexError::NoArea,
        ),
    ];
    for (got, want) in cases {
        assert_eq!(got, Err(want));
        assert!(!want.to_string().contains('\n'));
    }
    let many: Vec<Vec2> = (0..12).map(|i| Vec2::from_angle(i as f32 * 0.5)).collect();
    assert_eq!(Convex::polygon(&many), Err(ConvexError::TooManyCorners(12)));
    let ball = Convex::circle(Circle::new(Vec2::ZERO, 1.0)).unwrap();
    let m = Mask::from_fn(2, 2, |_, _| true).unwrap();
    let s = Sprite::new(&m, Affine2::IDENTITY);
    for (dir, max) in [
        (Vec2::ZERO, 5.0),
        (Vec2::NAN, 5.0),
        (Vec2::X, f32::NAN),
        (Vec2::X, -1.0),
    ] {
        assert_eq!(s.cast_shape(&ball, dir, max), None);
    }
    assert!(
        s.cast_shape(&ball, Vec2::X, f32::INFINITY).is_some(),
        "starts overlapping"
    );
}
