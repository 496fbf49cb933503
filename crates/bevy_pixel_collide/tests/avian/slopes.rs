//! The 30 degree pixel slope: round masks and circles rolling down it, boxes sliding or holding by
//! friction.

use super::*;

/// A 30 degree slope rising to the right, its surface through the origin, as 1 px texels.
fn slope(app: &mut App, friction: f32) -> Entity {
    let (w, h) = (600u32, 360u32);
    let tan = 30f32.to_radians().tan();
    let mask = Mask::from_fn(w, h, |x, y| {
        let up = (h - 1 - y) as f32 + 0.5;
        up < (x as f32 + 0.5) * tan
    })
    .unwrap();
    // Texel column 300 at x = 0, its surface (300 tan 30 above the bottom row) at y = 0.
    let placed = Affine2::from_translation(Vec2::new(-300.0, h as f32 - 300.0 * tan))
        * Affine2::from_scale(Vec2::new(1.0, -1.0));
    app.world_mut()
        .spawn((
            RigidBody::Static,
            PixelShape::from_mask_placed(mask, placed),
            Friction::new(friction),
            Transform::IDENTITY,
        ))
        .id()
}

/// A 32 px round `shape` set on the 30 degree pixel slope (friction 0.5 on both), after 1 s: its
/// velocity, its spin, and the speed a solid disc on a smooth slope has then, (2/3) g sin 30 degrees.
fn roll_down_the_slope(shape: PixelShape) -> (Vec2, f32, f32) {
    let mut app = app();
    slope(&mut app, 0.5);
    let tan = 30f32.to_radians().tan();
    let x0 = 200.0;
    let wheel = body(
        &mut app,
        shape,
        Vec2::new(x0, x0 * tan + 16.0 / 30f32.to_radians().cos() + 1.0),
    );
    app.world_mut().entity_mut(wheel).insert(Friction::new(0.5));
    run(&mut app, 1.0);
    let v = app.world().get::<LinearVelocity>(wheel).unwrap().0;
    let w = app.world().get::<AngularVelocity>(wheel).unwrap().0;
    (v, w, 2.0 / 3.0 * GRAVITY * 0.5)
}

/// Rolls `shape` down the slope and checks that it rolls without slipping, at a speed between
/// `slowest` and 1.02 of a smooth disc's on a smooth slope.
fn assert_rolls_down_the_slope(shape: PixelShape, slowest: f32) {
    let (v, w, smooth) = roll_down_the_slope(shape);
    assert!(v.x < -50.0, "rolls downhill: {v}");
    // Rolling without slipping: the spin matches the speed over the radius.
    let rolling = v.length() / 16.0;
    assert!(
        (w - rolling).abs() < 0.2 * rolling,
        "spin {w} against {rolling}"
    );
    assert!(
        v.length() > slowest * smooth && v.length() < 1.02 * smooth,
        "{} against {smooth}",
        v.length()
    );
}

#[test]
fn a_round_mask_rolls_down_a_pixel_slope_as_a_smooth_wheel_does() {
    // The disc is a circle's raster: it meets the staircase as that circle, touching the stairs'
    // corners, within a tenth of a smooth disc on a smooth slope.
    let wheel = PixelShape::from_mask(disc(32), Vec2::ONE);
    let Circle { center, radius } = wheel.fitted_circle().expect("a disc is a circle's raster");
    assert!(center.length() < 1e-3 && (radius - 16.0).abs() < 0.1);
    assert_rolls_down_the_slope(wheel, 0.9);
}

#[test]
fn a_round_mask_on_its_texels_rolls_as_the_polygon_of_their_corners() {
    // Each corner of the outline is a small inelastic knock on the 1 px staircase (the report
    // measures this against avian's own polygon of the same outline): slower, but not by much.
    let wheel = PixelShape::from_mask(disc(32), Vec2::ONE).with_texel_contacts();
    assert_eq!(wheel.fitted_circle(), None);
    assert_rolls_down_the_slope(wheel, 0.7);
}

#[test]
fn a_circle_rolls_down_a_pixel_slope_as_a_smooth_wheel_does() {
    assert_rolls_down_the_slope(PixelShape::circle(16.0), 0.9);
}

#[test]
fn a_box_slides_down_a_slippery_slope_and_holds_on_a_rough_one() {
    for (friction, slides) in [(0.1, true), (1.0, false)] {
        let mut app = app();
        slope(&mut app, friction);
        let tan = 30f32.to_radians().tan();
        let x0 = 150.0;
        let b = body(
            &mut app,
            PixelShape::from_mask(solid(16, 16), Vec2::ONE),
            Vec2::new(x0, x0 * tan + 16.0),
        );
        let (sin, cos) = 30f32.to_radians().sin_cos();
        app.world_mut().entity_mut(b).insert((
            Friction::new(friction),
            Transform::from_xyz(x0, x0 * tan + 8.0 / cos + 0.5, 0.0)
                .with_rotation(Quat::from_rotation_z(30f32.to_radians())),
        ));
        run(&mut app, 0.3);
        let start = position(&app, b);
        run(&mut app, 1.0);
        let moved = position(&app, b).distance(start);
        if slides {
            // a = g (sin - mu cos), from rest: at least half of what an exact slide covers.
            let a = GRAVITY * (sin - friction * cos);
            assert!(moved > 0.25 * a, "friction {friction}: moved {moved}");
        } else {
            assert!(moved < 2.0, "friction {friction}: moved {moved}");
        }
    }
}
