//! Swept continuous collision for pixel bodies: `SweptCcd` on a pixel body stops it at a thin pixel
//! wall at any speed, and leaves resting and sliding bodies to their contacts.

use super::*;

/// A 2 px wide, 200 px tall wall whose left face is at x = 100, in a world without gravity.
fn thin_wall(app: &mut App) -> Entity {
    app.insert_resource(Gravity(Vec2::ZERO));
    app.world_mut()
        .spawn((
            RigidBody::Static,
            PixelShape::from_mask(solid(2, 200), Vec2::ONE),
            Transform::from_xyz(101.0, 0.0, 0.0),
        ))
        .id()
}

fn shot(app: &mut App, speed: f32, ccd: Option<SweptCcd>) -> Entity {
    let mut e = app.world_mut().spawn((
        RigidBody::Dynamic,
        PixelShape::from_mask(solid(6, 6), Vec2::ONE),
        Transform::from_xyz(0.0, 0.0, 0.0),
        LinearVelocity(Vec2::new(speed, 0.0)),
    ));
    if let Some(ccd) = ccd {
        e.insert(ccd);
    }
    e.id()
}

#[test]
fn a_swept_pixel_body_never_passes_a_thin_pixel_wall() {
    for speed in [3_000.0, 6_000.0, 60_000.0, 600_000.0] {
        for ccd in [SweptCcd::LINEAR, SweptCcd::NON_LINEAR] {
            let mut app = app();
            thin_wall(&mut app);
            let box_ = shot(&mut app, speed, Some(ccd));
            let mut farthest = f32::NEG_INFINITY;
            for step in 0..60 {
                app.update();
                let x = position(&app, box_).x;
                // The box's right face (x + 3) never goes past the wall's right face (102).
                assert!(
                    x + 3.0 <= 102.0,
                    "{speed} px/s, {ccd:?}: at x = {x} on step {step}"
                );
                farthest = farthest.max(x);
            }
            // It got to the wall (its right face within a pixel of the wall's left face at 100).
            assert!(
                farthest + 3.0 > 99.0,
                "{speed} px/s, {ccd:?}: got only to {farthest}"
            );
        }
    }
}

#[test]
fn a_swept_body_at_rest_stays_at_rest_and_slides_as_an_unswept_one() {
    let mut app = app();
    flat_ground(&mut app, 400, 20);
    let swept = body(
        &mut app,
        PixelShape::from_mask(solid(10, 10), Vec2::ONE),
        Vec2::new(-50.0, 5.2),
    );
    let plain = body(
        &mut app,
        PixelShape::from_mask(solid(10, 10), Vec2::ONE),
        Vec2::new(50.0, 5.2),
    );
    app.world_mut()
        .entity_mut(swept)
        .insert(SweptCcd::default());
    run(&mut app, 2.0);
    assert!(
        (position(&app, swept).y - 5.0).abs() < 0.3,
        "{}",
        position(&app, swept)
    );
    assert!((position(&app, swept).y - position(&app, plain).y).abs() < 0.05);
    // Both shoved along the ground at 200 px/s: they slide alike.
    for e in [swept, plain] {
        app.world_mut().get_mut::<LinearVelocity>(e).unwrap().0 = Vec2::new(200.0, 0.0);
    }
    run(&mut app, 0.5);
    let (a, b) = (position(&app, swept), position(&app, plain));
    assert!(
        (a.x + 50.0 - (b.x - 50.0)).abs() < 1.0,
        "swept {a}, plain {b}"
    );
    assert!(a.x > -40.0, "the swept body slid: {a}");
}

#[test]
fn a_swept_mask_placed_turned_in_its_body_stops_at_the_wall_too() {
    // Texels turned a quarter and flipped in the body's space: the sweep places them as drawn.
    let mut app = app();
    thin_wall(&mut app);
    let placed = Affine2::from_angle(std::f32::consts::FRAC_PI_2)
        * Affine2::from_scale(Vec2::new(1.0, -1.0))
        * Affine2::from_translation(Vec2::splat(-3.0));
    let box_ = app
        .world_mut()
        .spawn((
            RigidBody::Dynamic,
            PixelShape::from_mask_placed(solid(6, 6), placed),
            LinearVelocity(Vec2::new(60_000.0, 0.0)),
            SweptCcd::default(),
        ))
        .id();
    let mut farthest = f32::NEG_INFINITY;
    for _ in 0..30 {
        app.update();
        let x = position(&app, box_).x;
        assert!(x + 3.0 <= 102.0, "passed the wall: {x}");
        farthest = farthest.max(x);
    }
    assert!(farthest + 3.0 > 99.0, "got only to {farthest}");
}
