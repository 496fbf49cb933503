//! Bad input: broken transforms, empty masks, no size, a body deep in the ground.

use super::*;

#[test]
fn bad_input_is_skipped_without_panics_or_flying_bodies() {
    let mut app = app();
    flat_ground(&mut app, 256, 16);
    let empty = body(
        &mut app,
        PixelShape::from_mask(Mask::from_fn(8, 8, |_, _| false).unwrap(), Vec2::ONE),
        Vec2::new(-60.0, 20.0),
    );
    let flat = body(
        &mut app,
        PixelShape::from_mask(solid(8, 8), Vec2::ZERO),
        Vec2::new(-30.0, 20.0),
    );
    let nan = body(
        &mut app,
        PixelShape::from_mask(solid(8, 8), Vec2::ONE),
        Vec2::new(f32::NAN, 20.0),
    );
    let inf = body(
        &mut app,
        PixelShape::circle(4.0),
        Vec2::new(30.0, f32::INFINITY),
    );
    // Spawned 12 px deep in the ground.
    let deep = body(
        &mut app,
        PixelShape::from_mask(solid(8, 8), Vec2::ONE),
        Vec2::new(60.0, -8.0),
    );
    let fine = body(
        &mut app,
        PixelShape::from_mask(solid(8, 8), Vec2::ONE),
        Vec2::new(90.0, 5.0),
    );
    // An image without CPU-side texels gives no mask.
    let mut unreadable = common::opaque_where(8, 8, |_, _| true);
    unreadable.data = None;
    let unreadable = app
        .world_mut()
        .resource_mut::<Assets<Image>>()
        .add(unreadable);
    let no_mask = app
        .world_mut()
        .spawn((
            RigidBody::Dynamic,
            Sprite::from_image(unreadable),
            PixelShape::from_sprite(),
            Transform::from_xyz(120.0, 20.0, 0.0),
        ))
        .id();
    // An image wider than the longest side pixel-collide accepts (2^23 texels) gives no mask either.
    let wide = common::opaque_where(Mask::MAX_SIDE + 1, 1, |_, _| true);
    let wide = app.world_mut().resource_mut::<Assets<Image>>().add(wide);
    let too_wide = app
        .world_mut()
        .spawn((
            RigidBody::Dynamic,
            Sprite::from_image(wide),
            PixelShape::from_sprite(),
            Transform::from_xyz(150.0, 20.0, 0.0),
        ))
        .id();
    let mut fastest = 0f32;
    for _ in 0..240 {
        app.update();
        fastest = fastest.max(speed(&app, deep)).max(speed(&app, fine));
    }
    assert!(fastest < 200.0, "{fastest}");
    assert!(
        (position(&app, deep).y - 4.0).abs() < 0.5,
        "{}",
        position(&app, deep)
    );
    assert!((position(&app, fine).y - 4.0).abs() < 0.2);
    for e in [empty, flat, nan, inf, no_mask, too_wide] {
        let shape = app.world().get::<PixelShape>(e).unwrap();
        assert!(shape.skipped().is_some(), "{e} is said to be skipped");
    }
}
