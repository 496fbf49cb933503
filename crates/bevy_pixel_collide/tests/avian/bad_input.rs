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

#[test]
fn from_sprite_keeps_the_alpha_threshold_the_user_set_on_the_collider() {
    let mut app = app();
    // Alpha 200 on the left half, 100 on the right: a threshold of 150 keeps the left half alone.
    let handle = app
        .world_mut()
        .resource_mut::<Assets<Image>>()
        .add(common::image(16, 8, |x, _| if x < 8 { 200 } else { 100 }));
    let own = app
        .world_mut()
        .spawn((
            RigidBody::Static,
            Sprite::from_image(handle.clone()),
            PixelCollider::with_alpha_threshold(150),
            PixelShape::from_sprite(),
        ))
        .id();
    let set = app
        .world_mut()
        .spawn((
            RigidBody::Static,
            Sprite::from_image(handle),
            PixelCollider::with_alpha_threshold(150),
            PixelShape::from_sprite_with_alpha_threshold(50),
        ))
        .id();
    run(&mut app, 0.1);
    let solid = |e: Entity| {
        let shape = app.world().get::<PixelShape>(e).unwrap();
        let threshold = app.world().get::<PixelCollider>(e).unwrap().alpha_threshold;
        (threshold, shape.mask().map(|m| m.solid_count()))
    };
    assert_eq!(solid(own), (150, Some(64)), "the collider's own threshold");
    assert_eq!(
        solid(set),
        (50, Some(128)),
        "the shape's threshold, set on the collider"
    );
}

#[test]
fn a_mask_filled_again_is_no_longer_skipped() {
    let mut app = app();
    let e = body(
        &mut app,
        PixelShape::from_mask(Mask::from_fn(8, 8, |_, _| false).unwrap(), Vec2::ONE),
        Vec2::new(0.0, 20.0),
    );
    run(&mut app, 0.1);
    let skipped = |app: &App| app.world().get::<PixelShape>(e).unwrap().skipped();
    assert!(skipped(&app).is_some(), "an empty mask is skipped");
    let filled = app
        .world_mut()
        .get_mut::<PixelShape>(e)
        .unwrap()
        .edit_mask(None, |m| *m = solid(8, 8));
    assert!(filled);
    run(&mut app, 0.1);
    assert_eq!(skipped(&app), None, "a filled mask collides again");
}
