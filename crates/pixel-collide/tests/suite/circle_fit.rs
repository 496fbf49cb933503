//! `Mask::fitted_circle`: the rasters of circles, however drawn, are found with their centre and
//! radius; squares, ellipses, rings, bitten or holed discs and discs too small are not; and whatever
//! it finds holds its contract over every texel (brute force).

use crate::support;

use glam::Vec2;
use pixel_collide::{Circle, Mask};
use proptest::prelude::*;

/// A mask of the circle about `center` of `radius`, its texels solid where `inside` says so of the
/// texel's centre offset and the radius.
fn raster(center: Vec2, radius: f32, inside: impl Fn(Vec2, f32) -> bool) -> Mask {
    let side = (center.max_element() + radius + 2.0).ceil() as u32;
    Mask::from_fn(side, side, |x, y| {
        inside(Vec2::new(x as f32 + 0.5, y as f32 + 0.5) - center, radius)
    })
    .unwrap()
}

/// Solid where the texel's centre lies within the circle.
fn centre_sampled(offset: Vec2, radius: f32) -> bool {
    offset.length() <= radius
}

/// Solid where the texel covers any of the circle: its square comes within the radius.
fn any_coverage(offset: Vec2, radius: f32) -> bool {
    let nearest = offset - offset.clamp(Vec2::splat(-0.5), Vec2::splat(0.5));
    nearest.length() < radius
}

/// Every texel of `m` obeys the fit's contract: solid within the radius less the tolerance, empty
/// beyond it plus the tolerance.
fn obeys_contract(m: &Mask, c: Circle) -> Result<(), String> {
    let tol = Mask::CIRCLE_FIT_TOLERANCE;
    for y in 0..m.height() {
        for x in 0..m.width() {
            let d = (Vec2::new(x as f32 + 0.5, y as f32 + 0.5) - c.center).length();
            let solid = m.is_solid(x, y);
            if d < c.radius - tol - 1e-4 && !solid {
                return Err(format!(
                    "empty texel ({x}, {y}) {d} from the centre, inside {c:?}"
                ));
            }
            if d > c.radius + tol + 1e-4 && solid {
                return Err(format!(
                    "solid texel ({x}, {y}) {d} from the centre, outside {c:?}"
                ));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(support::cases(300))]

    #[test]
    fn circles_sampled_at_texel_centres_are_found(
        cx in 0.0f32..1.0, cy in 0.0f32..1.0, radius in 6.2f32..60.0,
    ) {
        let center = Vec2::new(cx, cy) + radius + 1.0;
        let c = raster(center, radius, centre_sampled).fitted_circle();
        let c = c.ok_or_else(|| TestCaseError::fail("not found"))?;
        // The centroid of a small circle's raster wanders by up to about a fifth of a texel.
        prop_assert!(c.center.distance(center) < 0.3, "{c:?} about {center}");
        prop_assert!((c.radius - radius).abs() < 0.3, "{c:?} of radius {radius}");
    }

    #[test]
    fn circles_marked_wherever_they_cover_a_texel_are_found(
        cx in 0.0f32..1.0, cy in 0.0f32..1.0, radius in 6.2f32..60.0,
    ) {
        let center = Vec2::new(cx, cy) + radius + 1.0;
        let c = raster(center, radius, any_coverage).fitted_circle()
            .ok_or_else(|| TestCaseError::fail("not found"))?;
        prop_assert!(c.center.distance(center) < 0.3, "{c:?} about {center}");
        // Such a raster is the circle grown by a texel's square: its area is that of a circle
        // 2 / pi texels larger.
        let grown = radius + std::f32::consts::FRAC_2_PI;
        prop_assert!((c.radius - grown).abs() < 0.3, "{c:?} of radius {radius}");
    }

    #[test]
    fn a_found_circle_keeps_its_contract_on_every_texel(
        cx in 0.0f32..1.0, cy in 0.0f32..1.0, radius in 5.0f32..20.0,
        flips in proptest::collection::vec((0u32..48, 0u32..48), 0..4),
    ) {
        let center = Vec2::new(cx, cy) + radius + 1.0;
        let disc = raster(center, radius, centre_sampled);
        let m = Mask::from_fn(disc.width(), disc.height(), |x, y| {
            disc.is_solid(x, y) != flips.contains(&(x, y))
        })
        .unwrap();
        match m.fitted_circle() {
            Some(c) => {
                prop_assert!(c.radius >= Mask::MIN_FITTED_RADIUS);
                obeys_contract(&m, c).map_err(TestCaseError::fail)?;
            }
            None => prop_assert!(!flips.is_empty() || radius < 6.2, "the unflipped disc"),
        }
    }
}

#[test]
fn squares_ellipses_and_small_discs_are_no_circles() {
    for side in [12u32, 16, 33, 64] {
        let square = Mask::from_fn(side, side, |_, _| true).unwrap();
        assert_eq!(square.fitted_circle(), None, "a {side} x {side} square");
    }
    for (rx, ry) in [(20.0f32, 17.0f32), (10.0, 8.5), (40.0, 36.0)] {
        let ellipse = Mask::from_fn(90, 90, |x, y| {
            let p = Vec2::new(x as f32 + 0.5 - 45.0, y as f32 + 0.5 - 45.0);
            (p.x / rx).powi(2) + (p.y / ry).powi(2) <= 1.0
        })
        .unwrap();
        assert_eq!(ellipse.fitted_circle(), None, "an ellipse of {rx} by {ry}");
    }
    // Axes a texel apart lie within the tolerance of the circle between them: that is a circle.
    let near_round = Mask::from_fn(90, 90, |x, y| {
        let p = Vec2::new(x as f32 + 0.5 - 45.0, y as f32 + 0.5 - 45.0);
        (p.x / 20.0).powi(2) + (p.y / 19.0).powi(2) <= 1.0
    })
    .unwrap();
    let c = near_round.fitted_circle().expect("an ellipse of 20 by 19");
    assert!((c.radius - 19.5).abs() < 0.1, "{c:?}");
    let small = raster(Vec2::splat(8.0), 5.5, centre_sampled);
    assert_eq!(small.fitted_circle(), None, "a disc of radius 5.5");
    let empty = Mask::from_fn(8, 8, |_, _| false).unwrap();
    assert_eq!(empty.fitted_circle(), None);
}

#[test]
fn rings_holes_bites_and_pairs_of_discs_are_no_circles() {
    let center = Vec2::splat(21.0);
    let disc = raster(center, 20.0, centre_sampled);
    assert!(disc.fitted_circle().is_some());
    let minus = |cut: &dyn Fn(Vec2) -> bool| {
        Mask::from_fn(disc.width(), disc.height(), |x, y| {
            disc.is_solid(x, y) && !cut(Vec2::new(x as f32 + 0.5, y as f32 + 0.5) - center)
        })
        .unwrap()
    };
    let ring = minus(&|p| p.length() < 16.0);
    assert_eq!(ring.fitted_circle(), None, "a ring");
    let holed = minus(&|p| (p - Vec2::new(5.0, 0.0)).length() < 1.5);
    assert_eq!(holed.fitted_circle(), None, "a disc with a hole");
    let bitten = minus(&|p| p.x > 17.0 && p.y.abs() < 3.0);
    assert_eq!(
        bitten.fitted_circle(),
        None,
        "a disc with a bite out of its rim"
    );
    // A side cut flat two rows deep, on each side in turn: the cut rows lie outside the solid
    // texels' bounds, where the rows are checked too.
    for side in [Vec2::NEG_Y, Vec2::Y, Vec2::NEG_X, Vec2::X] {
        let cut = minus(&|p| p.dot(side) > 18.0);
        assert_eq!(cut.fitted_circle(), None, "a disc cut flat towards {side}");
    }
    let two = Mask::from_fn(60, 60, |x, y| {
        let p = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
        p.distance(Vec2::splat(15.0)) < 12.0 || p.distance(Vec2::splat(45.0)) < 12.0
    })
    .unwrap();
    assert_eq!(two.fitted_circle(), None, "two discs");
}

#[test]
fn a_circle_is_found_wherever_it_lies_in_its_mask() {
    let disc = raster(Vec2::new(50.3, 20.6), 9.0, centre_sampled);
    let c = disc.fitted_circle().expect("a circle");
    assert!(c.center.distance(Vec2::new(50.3, 20.6)) < 0.1, "{c:?}");
}
