//! Masks that are a circle's raster: which meet the world as circles, and how they meet circles and
//! capsules.

use super::*;

#[test]
fn only_a_circles_raster_placed_evenly_meets_others_as_a_circle() {
    assert_eq!(
        PixelShape::from_mask(solid(32, 32), Vec2::ONE).fitted_circle(),
        None
    );
    assert_eq!(
        PixelShape::from_mask(disc(32), Vec2::new(1.0, 2.0)).fitted_circle(),
        None
    );
    assert_eq!(
        PixelShape::circle(16.0).fitted_circle(),
        None,
        "a primitive is its own circle"
    );
    let sizeless = PixelShape::from_mask(disc(32), Vec2::ZERO);
    assert_eq!(sizeless.fitted_circle(), None, "no size");
    let Circle { center, radius } = PixelShape::from_mask(disc(32), Vec2::splat(0.5))
        .fitted_circle()
        .unwrap();
    assert!(center.length() < 1e-3 && (radius - 8.0).abs() < 0.05);
    // Resting on flat ground, a wheel's centre lies its radius above it.
    let mut app = app();
    flat_ground(&mut app, 256, 16);
    let wheel = body(
        &mut app,
        PixelShape::from_mask(disc(32), Vec2::ONE),
        Vec2::new(0.0, 20.0),
    );
    run(&mut app, 3.0);
    let y = position(&app, wheel).y;
    assert!((y - 16.0).abs() < 0.1, "rests at {y}");
}

#[test]
fn round_masks_meet_circles_and_capsules_as_their_circles() {
    let wheel = PixelShape::from_mask(disc(20), Vec2::ONE);
    // The disc's area makes its radius a little over 10.
    let radius = wheel.fitted_circle().unwrap().radius;
    let (p1, r1) = (Vec2::ZERO, Rotation::radians(0.4));
    for (other, p2, gap, normal) in [
        // Another wheel 19 px to the right, along x.
        (
            PixelShape::from_mask(disc(20), Vec2::ONE),
            Vec2::new(19.0, 0.0),
            19.0 - radius,
            Vec2::X,
        ),
        // A circle of 5 below, 15.5 px away.
        (
            PixelShape::circle(5.0),
            Vec2::new(0.0, -15.5),
            10.5,
            Vec2::NEG_Y,
        ),
        // An upright capsule of radius 4 (segment y from -5 to 5) beside, 13 px off.
        (
            PixelShape::capsule(4.0, 10.0),
            Vec2::new(-13.0, 3.0),
            9.0,
            Vec2::NEG_X,
        ),
    ] {
        let mut found = Vec::new();
        wheel.contact_manifolds(&other, p1, r1, p2, Rotation::IDENTITY, 1.0, &mut found);
        let [m] = found.as_slice() else {
            panic!("one manifold with {p2}: {found:?}");
        };
        assert!(m.normal.distance(normal) < 1e-4, "{} at {p2}", m.normal);
        let [p] = m.points.as_slice() else {
            panic!("one point: {:?}", m.points);
        };
        let depth = radius - gap;
        assert!(
            (p.penetration - depth).abs() < 1e-4,
            "{} at {p2}",
            p.penetration
        );
        // Midway between the surfaces.
        let expected = p1 + normal * (radius - depth / 2.0);
        assert!(p.point.distance(expected) < 1e-4, "{} at {p2}", p.point);
    }
    // Two wheels on one centre have no normal between their circles: their texels meet instead.
    let mut found = Vec::new();
    let other = PixelShape::from_mask(disc(20), Vec2::ONE);
    wheel.contact_manifolds(&other, p1, r1, p1, Rotation::IDENTITY, 1.0, &mut found);
    assert!(
        found
            .iter()
            .any(|m| m.points.iter().any(|p| p.penetration > 5.0)),
        "{found:?}"
    );
}
